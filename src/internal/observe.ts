/**
 * What a call tells the outside: hooks, log lines, OpenTelemetry spans, trace context and
 * metrics. Built only when something listens, and handed values: every fact is the SDK's own
 * (operation, path template, status), so none holds the key, a query value or a body. @module
 */
import { requestIdFrom } from '../core/errors/api.ts';
import type {
  ErrorEvent,
  Hooks,
  OpenTelemetryApi,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  SpanAttributes,
  SuccessEvent,
  TelemetryMeter,
  TelemetrySpan,
  TelemetryTracer,
} from '../core/hooks.ts';
import type { Logger } from '../core/logger.ts';
import type { CallOutcome } from '../core/outcome.ts';
import type { ResponseDrift } from '../core/response-check.ts';
import type { OperationRow } from '../operations.ts';
import { VERSION } from '../version.ts';
import { templateOf } from './wire.ts';

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

/** What a client's calls report to. */
export interface TelemetryConfig {
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

/** One client's hooks, logger, tracer and instruments; made once, when anything listens. */
export class Telemetry {
  readonly config: TelemetryConfig;
  readonly tracer: TelemetryTracer | undefined;
  readonly metrics: ReturnType<typeof instruments> | undefined;
  /** The suppress-tracing key, with OpenTelemetry. */
  readonly suppress: symbol | undefined;

  constructor(config: TelemetryConfig) {
    this.config = config;
    const { otel } = config;
    this.tracer = otel?.trace.getTracer(NAME, VERSION);
    this.suppress = otel && (otel.createContextKey ?? Symbol.for)(SUPPRESS_TRACING);
    const meter = otel?.metrics?.getMeter(NAME, VERSION);
    this.metrics = meter && instruments(meter);
  }

  /** A response drift report, counted. */
  drift(drift: ResponseDrift): void {
    this.metrics?.drift.add(1, {
      'clinic_scheduling.drift.kind': drift.kind,
      'http.request.method': drift.method,
      'url.template': drift.path,
    });
  }
}

/** One call's observer: its spans, and the events the call hands it as they happen. */
export class Observer {
  readonly #t: Telemetry;
  /** The call's own hooks, called after the client's. */
  readonly #hooks: Hooks | undefined;
  readonly #span: TelemetrySpan | undefined;
  /** The context active when the call started, holding the call span: its attempts' parent. */
  readonly #context: unknown;
  /** The call's metric attributes: bounded values only (no id, no full URL). */
  readonly #metric: SpanAttributes | undefined;
  /** The attempt not yet ended: its span and metric attributes. */
  #attempt: [TelemetrySpan, SpanAttributes] | undefined;

  /** The observer of call `callId` of `row`, with the call's own `hooks`. */
  constructor(telemetry: Telemetry, row: OperationRow, callId: string, hooks: Hooks | undefined) {
    this.#t = telemetry;
    this.#hooks = hooks;
    const { otel } = telemetry.config;
    if (!otel) return;
    this.#metric = {
      'clinic_scheduling.operation': row.name,
      'http.request.method': row.method,
      'url.template': templateOf(row),
    };
    this.#span = telemetry.tracer!.startSpan(row.name, {
      attributes: { 'clinic_scheduling.call_id': callId },
    });
    this.#context = otel.trace.setSpan(otel.context.active() as never, this.#span as never);
  }

  /** An attempt of `url` is about to be sent (`resend` before it): its span, its trace context
   * set on `headers` (those sent), its events. */
  attempt(event: RequestEvent, url: string, resend: number, headers: Headers): void {
    const { otel, baggage, debug, logger, redact } = this.#t.config;
    if (otel) {
      const where = new URL(url);
      const host = server(where);
      const attributes: SpanAttributes = {
        'http.request.method': event.method,
        'url.template': event.path,
        ...host,
      };
      if (resend > 0) attributes['http.request.resend_count'] = resend;
      // Every query value out, as the conventions advise: a filter may be a CPF.
      where.search = [...where.searchParams.keys()].map((key) => `${key}=REDACTED`).join('&');
      attributes['url.full'] = where.href;
      const name = `${event.method} ${event.path}`;
      const span = this.#t.tracer!.startSpan(name, { kind: CLIENT, attributes }, this.#context);
      this.#attempt = [
        span,
        { 'http.request.method': event.method, 'url.template': event.path, ...host },
      ];
      const sc = span.spanContext();
      if (baggage) {
        const context = otel.trace.setSpan(this.#context as never, span as never) as never;
        otel.propagation?.inject(context, headers as never, {
          set: (_, key, value) => headers.set(key, value),
        });
      } else if (otel.trace.isSpanContextValid(sc as never)) {
        headers.set('traceparent', `00-${sc.traceId}-${sc.spanId}-0${sc.traceFlags & 1}`);
        const state = sc.traceState?.serialize();
        if (state) headers.set('tracestate', state);
      }
    }
    this.#emit('onRequest', event);
    if (debug) {
      const shown: Record<string, string> = {};
      for (const [name, value] of headers) {
        shown[name] = SECRET_HEADERS.has(name) ? '***' : redact(value);
      }
      logger.debug(`clinic-scheduling: ${event.method} ${event.path} attempt ${event.attempt}`, {
        ...event,
        headers: shown,
        ...this.#trace(this.#attempt?.[0]),
      });
    }
  }

  /** Runs the attempt's `fetch`: in its span's context with tracing suppressed below the SDK. */
  send<T>(fetch: () => T): T {
    const { otel } = this.#t.config;
    const span = this.#attempt?.[0];
    if (!span || !otel?.context.with) return fetch();
    const context = otel.trace.setSpan(this.#context as never, span as never);
    const suppressed = (context as TelemetryContext).setValue(this.#t.suppress!, true);
    return otel.context.with(suppressed as never, fetch);
  }

  /** `trace_id` and `span_id` of the call's span, for its log lines (none when not tracing). */
  trace(): { trace_id?: string; span_id?: string } {
    return this.#trace(this.#span);
  }

  /** The attempt was answered (any status), its body read. */
  answered(event: ResponseEvent): void {
    const { status, durationMs } = event;
    const span = this.#attempt?.[0];
    this.#endAttempt(durationMs, status, status >= 400 ? String(status) : undefined);
    this.#emit('onResponse', event);
    if (this.#t.config.debug) {
      this.#t.config.logger.debug(
        `clinic-scheduling: ${event.method} ${event.path} → ${status} in ${durationMs} ms`,
        { ...event, ...this.#trace(span) },
      );
    }
  }

  /** ky waited `event.delayMs` after a failed attempt of `attemptMs` and is about to send retry
   * `retry` of `limit`. */
  retry(event: RetryEvent, attemptMs: number, retry: number, limit: number): void {
    const { errorType } = event;
    this.#endAttempt(attemptMs, event.status, errorType);
    this.#t.metrics?.retries.add(1, { ...this.#metric, 'error.type': errorType });
    this.#emit('onRetry', event);
    this.#t.config.logger.info(
      `clinic-scheduling: ${event.method} ${event.path} failed (${errorType}); retry ` +
        `${retry} of ${limit}, after ${event.delayMs} ms.`,
      { ...event, ...this.trace() },
    );
  }

  /** The call succeeded. */
  succeed(event: SuccessEvent): void {
    this.#endCall(event.durationMs, event.status, undefined, event.outcome);
    if (event.replayed) this.#t.metrics?.replays.add(1, { ...this.#metric });
    this.#emit('onSuccess', event);
  }

  /** The call failed (its last attempt after `attemptMs`): `event` is what `onError` gets. */
  fail(event: ErrorEvent, attemptMs: number): void {
    this.#endAttempt(attemptMs, event.status, event.errorType);
    this.#endCall(event.durationMs, event.status, event.errorType, event.outcome);
    this.#emit('onError', event);
  }

  /** Ends the attempt's span, if still open, and records its duration. */
  #endAttempt(durationMs: number, status: number | undefined, errorType: string | undefined) {
    const open = this.#attempt;
    if (!open) return;
    this.#attempt = undefined;
    const outcome = finish(open[0], status, errorType);
    this.#t.metrics?.requests.record(durationMs / 1000, { ...open[1], ...outcome });
  }

  /** Ends the call's span: its outcome, failed (status `ERROR`) for a `failure` only. */
  #endCall(
    durationMs: number,
    status: number | undefined,
    errorType: string | undefined,
    outcome: CallOutcome,
  ) {
    if (!this.#span) return;
    this.#span.setAttribute('clinic_scheduling.outcome', outcome);
    const answer = finish(this.#span, status, errorType, outcome === 'failure');
    this.#t.metrics?.calls.record(durationMs / 1000, {
      ...this.#metric,
      ...answer,
      'clinic_scheduling.outcome': outcome,
    });
  }

  #trace(span: TelemetrySpan | undefined): { trace_id?: string; span_id?: string } {
    const context = span?.spanContext();
    return context && this.#t.config.otel!.trace.isSpanContextValid(context as never)
      ? { trace_id: context.traceId, span_id: context.spanId }
      : {};
  }

  /** Calls `name` of each hooks object; one that throws or rejects is logged, never rethrown. */
  #emit<K extends keyof Hooks>(name: K, event: Parameters<NonNullable<Hooks[K]>>[0]): void {
    const warn = (error: unknown) =>
      this.#t.config.logger.warn(`clinic-scheduling: the ${name} hook threw; the call went on.`, {
        hook: name,
        callId: event.callId,
        errorType: error instanceof Error ? error.name : typeof error,
        ...this.trace(),
      });
    for (const hooks of [this.#t.config.hooks, this.#hooks]) {
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
