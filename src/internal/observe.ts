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
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from '../core/hooks.ts';
import type { Logger } from '../core/logger.ts';
import type { CallOutcome } from '../core/outcome.ts';
import type { OperationRow } from '../operations.ts';
import { VERSION } from '../version.ts';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR`, stable in the API's 1.x. */
const CLIENT = 2;
const ERROR = 2;
const NAME = '@clinic-scheduling/sdk';
/** The HTTP client conventions' advised buckets for `http.client.request.duration`, in s. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);
/**
 * The context key `@opentelemetry/core`'s `suppressTracing` sets (the API makes it with
 * `Symbol.for`, so every copy of the API agrees): under it, a tracer starts no span and a
 * propagator injects nothing, so the transport's instrumentation (undici's) adds no span,
 * `traceparent` or `baggage` to a request the SDK already traces.
 */
const SUPPRESS_TRACING = 'OpenTelemetry SDK Context Key SUPPRESS_TRACING';

/** The slice of an OpenTelemetry `Context` the observer uses. */
interface TelemetryContext {
  setValue(key: symbol, value: unknown): TelemetryContext;
}

/**
 * What the observer reads of `attempt.ts`'s `Call`, stated here so that the attempt, which
 * calls the observer, and the observer import no cycle.
 */
interface Call {
  readonly id: string;
  readonly first: OperationRow;
  readonly row: OperationRow;
  readonly template: string;
  readonly hooks: Hooks | undefined;
  readonly idempotencyKey: string | undefined;
  readonly spans: CallSpans | undefined;
  readonly attempts: number;
  readonly sent: number;
  readonly url: string;
  readonly response: Response | undefined;
  readonly attemptStartedAt: number;
  readonly settledAt: number;
}

/** A call's telemetry: its `INTERNAL` span, the `CLIENT` span of an attempt not yet ended. */
export interface CallSpans {
  call: TelemetrySpan;
  /** The context active when the call started, holding the call span: its attempts' parent. */
  context: unknown;
  attempt?: TelemetrySpan | undefined;
  /** The call's metric attributes: bounded values only (no id, no full URL). */
  metric: SpanAttributes;
}

/** What the observer needs from the client. */
export interface ObserverConfig {
  logger: Logger;
  /** Whether `debug` (attempt lines) is on. */
  debug: boolean;
  hooks: Hooks | undefined;
  otel: OpenTelemetryApi | undefined;
  /** Whether the registered propagator may send `baggage` (the application's own data). */
  baggage: boolean;
  /** Removes the API key from a text others wrote (a header value, a request id). */
  redact: (text: string) => string;
}

/** The observer of one client's calls; the transport makes none when nothing listens. */
export class Observer {
  readonly #c: ObserverConfig;
  readonly #tracer: TelemetryTracer | undefined;
  readonly #metrics: ReturnType<typeof instruments> | undefined;
  readonly #suppress: symbol | undefined;

  constructor(config: ObserverConfig) {
    this.#c = config;
    const { otel } = config;
    this.#tracer = otel?.trace.getTracer(NAME, VERSION);
    this.#suppress = otel && (otel.createContextKey ?? Symbol.for)(SUPPRESS_TRACING);
    const meter = config.otel?.metrics?.getMeter(NAME, VERSION);
    this.#metrics = meter && instruments(meter);
  }

  /** A call starts: its `INTERNAL` span, a child of the active context. */
  start(call: Call): CallSpans | undefined {
    const { otel } = this.#c;
    if (!otel) return undefined;
    const span = this.#tracer!.startSpan(call.first.name, {
      attributes: { 'clinic_scheduling.call_id': call.id },
    });
    return {
      call: span,
      context: otel.trace.setSpan(otel.context.active() as never, span as never),
      metric: {
        'clinic_scheduling.operation': call.first.name,
        'http.request.method': call.first.method,
        'url.template': call.template,
      },
    };
  }

  /** An attempt is about to be sent: its span, trace context and events. The headers to send. */
  attempt(call: Call, request: Request): Headers {
    let { headers } = request;
    const event = this.#event(call, call.attempts);
    const { spans } = call;
    if (spans) {
      const otel = this.#c.otel!;
      const url = new URL(request.url);
      const attributes: SpanAttributes = {
        'http.request.method': call.row.method,
        'url.template': event.path,
        ...server(url),
      };
      if (call.sent > 1) attributes['http.request.resend_count'] = call.sent - 1;
      // Every query value out, as the conventions advise: a filter may be a CPF.
      url.search = [...url.searchParams.keys()].map((key) => `${key}=REDACTED`).join('&');
      attributes['url.full'] = url.href;
      const span = this.#tracer!.startSpan(
        `${call.row.method} ${event.path}`,
        { kind: CLIENT, attributes },
        spans.context,
      );
      spans.attempt = span;
      headers = new Headers(headers);
      const carrier = headers;
      const sc = span.spanContext();
      if (this.#c.baggage) {
        const context = otel.trace.setSpan(spans.context as never, span as never) as never;
        otel.propagation?.inject(context, carrier as never, {
          set: (_, key, value) => carrier.set(key, value),
        });
      } else if (otel.trace.isSpanContextValid(sc as never)) {
        headers.set('traceparent', `00-${sc.traceId}-${sc.spanId}-0${sc.traceFlags & 1}`);
        const state = sc.traceState?.serialize();
        if (state) headers.set('tracestate', state);
      }
    }
    this.#emit(call, 'onRequest', event);
    if (this.#c.debug) {
      const shown: Record<string, string> = {};
      for (const [name, value] of headers) {
        shown[name] = SECRET_HEADERS.has(name) ? '***' : this.#c.redact(value);
      }
      this.#c.logger.debug(
        `clinic-scheduling: ${event.method} ${event.path} attempt ${event.attempt}`,
        { ...event, headers: shown, ...this.#trace(spans?.attempt) },
      );
    }
    return headers;
  }

  /** Runs an attempt's `fetch`: traced, in its span's context with tracing suppressed below. */
  send<T>(call: Call, fetch: () => T): T {
    const attempt = call.spans?.attempt;
    const otel = this.#c.otel;
    if (!attempt || !otel?.context.with) return fetch();
    const context = otel.trace.setSpan(call.spans!.context as never, attempt as never);
    return otel.context.with(
      (context as TelemetryContext).setValue(this.#suppress!, true) as never,
      fetch,
    );
  }

  /** The attempt was answered (any status), its body read. */
  answered(call: Call, response: Response): void {
    const { status } = response;
    const span = call.spans?.attempt;
    const durationMs = this.#endAttempt(call, status >= 400 ? String(status) : undefined);
    const event = {
      ...this.#event(call, call.attempts),
      status,
      durationMs,
      ...requestIdOf(response, this.#c.redact),
    };
    this.#emit(call, 'onResponse', event);
    if (this.#c.debug) {
      this.#c.logger.debug(
        `clinic-scheduling: ${event.method} ${event.path} → ${status} in ${durationMs} ms`,
        { ...event, ...this.#trace(span) },
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
    this.#metrics?.retries.add(1, { ...call.spans!.metric, 'error.type': errorType });
    this.#emit(call, 'onRetry', event);
    this.#c.logger.info(
      `clinic-scheduling: ${event.method} ${event.path} failed (${errorType}); retry ` +
        `${call.sent} of ${limit}, after ${delayMs} ms.`,
      { ...event, ...this.trace(call) },
    );
  }

  /** The call succeeded. */
  succeed(call: Call, event: SuccessEvent): void {
    this.#endCall(call, event, undefined, event.outcome);
    if (event.replayed) this.#metrics?.replays.add(1, call.spans!.metric);
    this.#emit(call, 'onSuccess', event);
  }

  /** The call failed: `event` is what `onError` gets. */
  fail(call: Call, event: ErrorEvent): void {
    this.#endAttempt(call, event.errorType);
    this.#endCall(call, event, event.errorType, event.outcome);
    this.#emit(call, 'onError', event);
  }

  /** `trace_id` and `span_id` of the call's span, for its log lines (none when not tracing). */
  trace(call: Call): { trace_id?: string; span_id?: string } {
    return this.#trace(call.spans?.call);
  }

  #trace(span: TelemetrySpan | undefined): { trace_id?: string; span_id?: string } {
    const context = span?.spanContext();
    return context && this.#c.otel!.trace.isSpanContextValid(context as never)
      ? { trace_id: context.traceId, span_id: context.spanId }
      : {};
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

  /** Ends the attempt's span, if still open, and records it. Its duration in ms. */
  #endAttempt(call: Call, errorType: string | undefined): number {
    const durationMs = call.settledAt - call.attemptStartedAt;
    const { spans } = call;
    const span = spans?.attempt;
    if (span) {
      spans!.attempt = undefined;
      const attributes = finish(span, call.response?.status, errorType);
      this.#metrics?.requests.record(durationMs / 1000, {
        'http.request.method': call.row.method,
        'url.template': call.template,
        ...server(new URL(call.url)),
        ...attributes,
      });
    }
    return durationMs;
  }

  /** Ends the call's span: its outcome, failed (status `ERROR`) for a `failure` only. */
  #endCall(
    call: Call,
    event: { status?: number; durationMs: number },
    errorType: string | undefined,
    outcome: CallOutcome,
  ) {
    const { spans } = call;
    if (!spans) return;
    spans.call.setAttribute('clinic_scheduling.outcome', outcome);
    const attributes = finish(spans.call, event.status, errorType, outcome === 'failure');
    this.#metrics?.calls.record(event.durationMs / 1000, {
      ...spans.metric,
      ...attributes,
      'clinic_scheduling.outcome': outcome,
    });
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
        ...this.trace(call),
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

/** The SDK's instruments: durations by the HTTP client conventions, and its own counts. */
function instruments(meter: TelemetryMeter) {
  const seconds = (name: string, description: string, buckets = BUCKETS) =>
    meter.createHistogram(name, {
      unit: 's',
      description,
      advice: { explicitBucketBoundaries: buckets },
    });
  const count = (name: string, unit: string, description: string) =>
    meter.createCounter(`clinic_scheduling.client.${name}`, { unit, description });
  return {
    requests: seconds('http.client.request.duration', 'Duration of HTTP client requests.'),
    calls: seconds(
      'clinic_scheduling.client.call.duration',
      'Duration of SDK calls, retries and their waits included.',
      [...BUCKETS, 30, 60, 120],
    ),
    retries: count(
      'retries',
      '{retry}',
      'Requests sent again, by the error.type of the attempt retried.',
    ),
    replays: count(
      'replays',
      '{call}',
      'Creates the service answered as a replay of an earlier one.',
    ),
    drift: count(
      'response_drift',
      '{report}',
      'Response members or enum values the spec does not list.',
    ),
  };
}

/** Ends `span` with the answer's attributes, failed (`failed`: when `errorType` is given, by the
 * HTTP conventions); those attributes. */
function finish(
  span: TelemetrySpan,
  status: number | undefined,
  errorType: string | undefined,
  failed = errorType !== undefined,
) {
  const outcome: SpanAttributes = {};
  if (status !== undefined) outcome['http.response.status_code'] = status;
  if (errorType !== undefined) outcome['error.type'] = errorType;
  for (const [key, value] of Object.entries(outcome)) span.setAttribute(key, value);
  if (failed) span.setStatus({ code: ERROR });
  span.end();
  return outcome;
}

/** `server.address` and `server.port` (the scheme's default when the URL names none). */
function server(url: URL): SpanAttributes {
  return {
    'server.address': url.hostname,
    'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
  };
}

/** `{ requestId }` of an answer, the key cleared, or `{}` when it sent none. */
export function requestIdOf(response: Response, redact: (text: string) => string) {
  const id = requestIdFrom(response.headers);
  return id === undefined ? {} : { requestId: redact(id) };
}
