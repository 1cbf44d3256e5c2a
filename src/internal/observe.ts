/**
 * What a call tells the outside: hooks, log lines, OpenTelemetry spans, trace context and
 * metrics. Built only when something listens; every fact is the SDK's own (operation, path
 * template, status), so none holds the key, a query value or a body. @module
 */
import { requestIdFrom } from '../core/errors/api.ts';
import type {
  ErrorEvent,
  Hooks,
  OpenTelemetryApi,
  RequestEvent,
  SpanAttributes,
  SuccessEvent,
  TelemetryCounter,
  TelemetryHistogram,
  TelemetrySpan,
  TelemetryTracer,
} from '../core/hooks.ts';
import type { Logger } from '../core/logger.ts';
import type { OperationRow } from '../operations.ts';
import { VERSION } from '../version.ts';

/** `SpanKind.INTERNAL`, `SpanKind.CLIENT` and `SpanStatusCode.ERROR`, stable in the API's 1.x. */
const INTERNAL = 0;
const CLIENT = 1 + 1;
const ERROR = 2;
const NAME = '@clinic-scheduling/sdk';
/** The HTTP client conventions' advised buckets for `http.client.request.duration`, in s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/** The API's members called with values the SDK got from it (its types say `never`). */
interface Loose {
  trace: { setSpan(c: unknown, s: unknown): unknown; isSpanContextValid?(sc: unknown): boolean };
  context: { active(): unknown };
  propagation?: {
    inject(
      c: unknown,
      carrier: unknown,
      setter: { set(c: unknown, k: string, v: string): void },
    ): void;
  };
}

/** A call's spans: the `INTERNAL` call span and the `CLIENT` span of its current attempt. */
/**
 * What the observer reads and marks of a call: `attempt.ts`'s `Call` hands itself over. Stated
 * here, structurally, so that the observer does not import the attempt that imports it.
 */
interface Call {
  readonly id: string;
  readonly first: OperationRow;
  readonly row: OperationRow;
  readonly template: string;
  readonly hooks: Hooks | undefined;
  readonly idempotencyKey: string | undefined;
  readonly spans: CallSpans | undefined;
  readonly sender: { readonly apiPath: string };
  readonly attempts: number;
  readonly sent: number;
  readonly url: string;
  readonly response: Response | undefined;
  readonly attemptStartedAt: number;
  readonly settledAt: number;
  attemptOpen: boolean;
}

export interface CallSpans {
  call: TelemetrySpan;
  /** The context active when the call started, holding the call span: its attempts' parent. */
  context: unknown;
  attempt?: TelemetrySpan | undefined;
}

interface Instruments {
  requests: TelemetryHistogram;
  calls: TelemetryHistogram;
  retries: TelemetryCounter;
  replays: TelemetryCounter;
  drift: TelemetryCounter;
}

/** What the observer needs from the client. */
export interface ObserverConfig {
  logger: Logger;
  /** Whether `info` (retry lines) and `debug` (attempt lines) are on. */
  info: boolean;
  debug: boolean;
  hooks: Hooks | undefined;
  otel: OpenTelemetryApi | undefined;
  /** Whether the registered propagator may send `baggage` (the application's own data). */
  baggage: boolean;
  /** Removes the API key from a text others wrote (a header value, a request id). */
  redact: (text: string) => string;
}

/** The observer of one client's calls; `undefined` when nothing listens (see {@link observer}). */
export class Observer {
  readonly #c: ObserverConfig;
  readonly #tracer: TelemetryTracer | undefined;
  readonly #metrics: Instruments | undefined;

  constructor(config: ObserverConfig) {
    this.#c = config;
    const { otel } = config;
    this.#tracer = otel?.trace.getTracer(NAME, VERSION);
    const meter = otel?.metrics?.getMeter(NAME, VERSION);
    if (meter) {
      const seconds = (name: string, description: string, buckets = BUCKETS) =>
        meter.createHistogram(name, {
          unit: 's',
          description,
          advice: { explicitBucketBoundaries: buckets },
        });
      this.#metrics = {
        requests: seconds('http.client.request.duration', 'Duration of HTTP client requests.'),
        calls: seconds(
          'clinic_scheduling.client.call.duration',
          'Duration of SDK calls, retries and their waits included.',
          [...BUCKETS, 30, 60, 120],
        ),
        retries: meter.createCounter('clinic_scheduling.client.retries', {
          unit: '{retry}',
          description: 'Requests sent again, by the error.type of the attempt retried.',
        }),
        replays: meter.createCounter('clinic_scheduling.client.replays', {
          unit: '{call}',
          description: 'Creates the service answered as a replay of an earlier one.',
        }),
        drift: meter.createCounter('clinic_scheduling.client.response_drift', {
          unit: '{report}',
          description: 'Response members or enum values the spec does not list.',
        }),
      };
    }
  }

  /** A call starts: its `INTERNAL` span, a child of the active context. */
  start(call: Call): CallSpans | undefined {
    const otel = this.#c.otel as Loose | undefined;
    const span = this.#tracer?.startSpan(call.first.name, { kind: INTERNAL });
    return otel && span && { call: span, context: otel.trace.setSpan(otel.context.active(), span) };
  }

  /** An attempt is about to be sent: its span, trace context and events. The headers to send. */
  attempt(call: Call, request: Request): Headers {
    let headers = request.headers;
    const event = this.#event(call, call.attempts);
    const otel = this.#c.otel as Loose | undefined;
    if (otel && this.#tracer && call.spans) {
      const url = new URL(request.url);
      const attributes: SpanAttributes = {
        'http.request.method': call.row.method,
        'url.template': event.path,
        'url.full': redactQuery(url),
        'server.address': url.hostname,
        'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
      };
      if (call.sent > 1) attributes['http.request.resend_count'] = call.sent - 1;
      const parent = call.spans.context;
      const span = this.#tracer.startSpan(
        `${call.row.method} ${event.path}`,
        { kind: CLIENT, attributes },
        parent,
      );
      call.spans.attempt = span;
      headers = new Headers(headers);
      if (this.#c.baggage) {
        const carrier = headers;
        otel.propagation?.inject(otel.trace.setSpan(parent, span), carrier, {
          set: (_, key, value) => carrier.set(key, value),
        });
      } else {
        const sc = span.spanContext?.();
        if (sc && otel.trace.isSpanContextValid?.(sc)) {
          headers.set('traceparent', `00-${sc.traceId}-${sc.spanId}-0${sc.traceFlags & 1}`);
          const state = sc.traceState?.serialize();
          if (state) headers.set('tracestate', state);
        }
      }
    }
    call.attemptOpen = true;
    this.#emit(call, 'onRequest', event);
    if (this.#c.debug) {
      const shown: Record<string, string> = {};
      for (const [name, value] of headers) {
        shown[name] = SECRET_HEADERS.has(name) ? '***' : this.#c.redact(value);
      }
      this.#c.logger.debug(
        `clinic-scheduling: ${event.method} ${event.path} attempt ${event.attempt}`,
        { ...event, headers: shown },
      );
    }
    return headers;
  }

  /** The attempt was answered (any status), its body read. */
  answered(call: Call, response: Response): void {
    const durationMs = call.settledAt - call.attemptStartedAt;
    const event = {
      ...this.#event(call, call.attempts),
      status: response.status,
      durationMs,
      ...requestIdOf(response, this.#c.redact),
    };
    this.#endAttempt(call, response.status >= 400 ? String(response.status) : undefined);
    this.#emit(call, 'onResponse', event);
    if (this.#c.debug) {
      this.#c.logger.debug(
        `clinic-scheduling: ${event.method} ${event.path} → ${event.status} in ${durationMs} ms`,
        event,
      );
    }
  }

  /** ky waited `delayMs` after a failed attempt (`errorType`) and is about to send the next. */
  retry(call: Call, delayMs: number, errorType: string, limit: number): void {
    this.#endAttempt(call, errorType);
    const status = call.response?.status;
    const event = {
      ...this.#event(call, call.attempts + 1),
      delayMs,
      errorType,
      ...(status === undefined ? {} : { status }),
    };
    this.#metrics?.retries.add(1, { ...this.#attributes(call), 'error.type': errorType });
    this.#emit(call, 'onRetry', event);
    this.#c.logger.info(
      `clinic-scheduling: ${event.method} ${event.path} failed (${errorType}); retry ` +
        `${call.sent} of ${limit}, after ${delayMs} ms.`,
      event,
    );
  }

  /** The call succeeded. */
  succeed(call: Call, event: SuccessEvent): void {
    this.#endAttempt(call, undefined);
    const attributes = this.#attributes(call);
    attributes['http.response.status_code'] = event.status;
    this.#metrics?.calls.record(event.durationMs / 1000, attributes);
    if (event.replayed) this.#metrics?.replays.add(1, this.#attributes(call));
    this.#endCall(call, event.status, undefined);
    this.#emit(call, 'onSuccess', event);
  }

  /** The call failed: `event` is what `onError` gets. */
  fail(call: Call, event: ErrorEvent): void {
    this.#endAttempt(call, event.errorType);
    const attributes = this.#attributes(call);
    if (event.status !== undefined) attributes['http.response.status_code'] = event.status;
    attributes['error.type'] = event.errorType;
    this.#metrics?.calls.record(event.durationMs / 1000, attributes);
    this.#endCall(call, event.status, event.errorType);
    this.#emit(call, 'onError', event);
  }

  /** A response drift report (`kind`) on `method` `path` (a template). */
  drift(kind: string, method: string, path: string): void {
    this.#metrics?.drift.add(1, {
      'clinic_scheduling.drift.kind': kind,
      'http.request.method': method,
      'url.template': path,
    });
  }

  #event(call: Call, attempt: number): RequestEvent {
    return {
      callId: call.id,
      operation: call.first.name,
      method: call.row.method,
      path: call.template,
      attempt,
      ...(call.idempotencyKey === undefined ? {} : { idempotencyKey: call.idempotencyKey }),
    };
  }

  /** A metric's attributes: bounded values only (no id, no full URL). */
  #attributes(call: Call): SpanAttributes {
    return {
      'clinic_scheduling.operation': call.first.name,
      'http.request.method': call.first.method,
      'url.template': `${call.sender.apiPath}${call.first.path}`,
    };
  }

  #endAttempt(call: Call, errorType: string | undefined): void {
    if (!call.attemptOpen) return;
    call.attemptOpen = false;
    const status = call.response?.status;
    if (this.#metrics) {
      const attributes: SpanAttributes = {
        'http.request.method': call.row.method,
        'url.template': call.template,
        'server.address': new URL(call.url).hostname,
      };
      if (status !== undefined) attributes['http.response.status_code'] = status;
      if (errorType !== undefined) attributes['error.type'] = errorType;
      this.#metrics.requests.record((call.settledAt - call.attemptStartedAt) / 1000, attributes);
    }
    const span = call.spans?.attempt;
    if (span) finish(span, status, errorType);
  }

  #endCall(call: Call, status: number | undefined, errorType: string | undefined): void {
    if (call.spans) finish(call.spans.call, status, errorType);
  }

  /** Calls `name` of each hooks object; one that throws or rejects is logged, never rethrown. */
  #emit<K extends keyof Hooks>(
    call: Call,
    name: K,
    event: Parameters<NonNullable<Hooks[K]>>[0],
  ): void {
    const warn = (error: unknown) =>
      this.#c.logger.warn(`clinic-scheduling: the ${name} hook threw; the call went on.`, {
        hook: name,
        callId: call.id,
        errorType: error instanceof Error ? error.name : typeof error,
      });
    for (const hooks of [this.#c.hooks, call.hooks]) {
      const hook = hooks?.[name] as ((e: typeof event) => unknown) | undefined;
      if (typeof hook !== 'function') continue;
      try {
        const result = hook({ ...event });
        if (result instanceof Promise) result.catch(warn);
      } catch (error) {
        warn(error);
      }
    }
  }
}

/** Ends `span` with the status received and, on failure, `error.type`. */
function finish(span: TelemetrySpan, status: number | undefined, errorType: string | undefined) {
  if (status !== undefined) span.setAttribute('http.response.status_code', status);
  if (errorType !== undefined) {
    span.setAttribute('error.type', errorType);
    span.setStatus({ code: ERROR });
  }
  span.end();
}

/** `url` with every query value `REDACTED`, as the conventions advise (a filter may be a CPF). */
function redactQuery(url: URL): string {
  if (url.search === '') return url.href;
  const copy = new URL(url.href);
  copy.search = [...url.searchParams.keys()].map((key) => `${key}=REDACTED`).join('&');
  return copy.href;
}

/** `{ requestId }` of an answer, the key cleared, or `{}` when it sent none. */
export function requestIdOf(response: Response, redact: (text: string) => string) {
  const id = requestIdFrom(response.headers);
  return id === undefined ? {} : { requestId: redact(id) };
}
