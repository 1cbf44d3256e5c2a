/** Hook events and the slice of `@opentelemetry/api` used. Events carry only facts the SDK builds:
 * never the API key, a header, a body, a query string or patient data. @module */
import type { ClinicError } from './errors/index.ts';
import type { CallOutcome } from './outcome.ts';

/** The facts every hook and structured log line carries. */
export interface RequestEvent {
  /** The call's id, shared by every event, log line and span of one call (its retries and its
   * read-back included); a new one per call. */
  callId: string;
  /** The operation's name, such as `createAppointment`. */
  operation: string;
  /** The HTTP method. */
  method: string;
  /** The path template, such as `/api/public/v1/appointments/{id}`; no query. */
  path: string;
  /** The attempt: 1 for the first request, 2 for the first retry (in `onRetry`, the attempt
   * about to be sent). A read-back's attempts count on from the write's. */
  attempt: number;
  /** The call's `Idempotency-Key` (`appointments.create` only). */
  idempotencyKey?: string | undefined;
}

/** The facts of an answer, whatever its status. */
export interface ResponseEvent extends RequestEvent {
  /** The HTTP status. */
  status: number;
  /** The attempt's duration, body read included, in ms. */
  durationMs: number;
  /** The `x-request-id` (or `request-id`) header, when the service sent one. */
  requestId?: string | undefined;
}

/** The facts of a retry, given after the wait, just before it is sent; `attempt` is the one
 * about to be sent (2 for the first retry). */
export interface RetryEvent extends RequestEvent {
  /** The wait ky took before this retry, in ms (a timing header's, else the backoff). */
  delayMs: number;
  /** The status of the attempt that is retried; absent when it got no answer. */
  status?: number | undefined;
  /** The failed attempt's status as text (`503`), or the SDK error's name
   * (`APIConnectionTimeoutError`): OpenTelemetry's `error.type`. */
  errorType: string;
}

/** The facts of a call that failed, given once, when it rejects. */
export interface ErrorEvent extends RequestEvent {
  /** The last status received, when any answer came. */
  status?: number | undefined;
  /** The whole call's duration, retries and waits included, in ms. */
  durationMs: number;
  /** The requests sent, retries and read-back included (0 when none left). */
  attempts: number;
  /** The request id of the last answer, when the service sent one. */
  requestId?: string | undefined;
  /** The error's class name, such as `RateLimitError` or `APIConnectionTimeoutError`. */
  errorType: string;
  /** How the call ended: a `refusal` the caller can act on (400, 404, 409, 422), a `failure`
   * (5xx, no answer, a timeout, 429 after the retries, 401/403), or `cancelled` (its abort). */
  outcome: Exclude<CallOutcome, 'success'>;
  /** The error the call rejects with. Its `detail`, `fields` and `body` are the service's text,
   * which may hold what the request sent (patient data): log its facts, not those members. */
  error: ClinicError;
}

/** The facts of a call that succeeded, given once, when it resolves. */
export interface SuccessEvent extends Omit<RequestEvent, 'attempt'> {
  /** The requests sent, retries and read-back included. */
  attempts: number;
  /** The whole call's duration, retries, waits and read-back included, in ms. */
  durationMs: number;
  /** The status of the answer the call resolved with. */
  status: number;
  /** Its request id, when the service sent one. */
  requestId?: string | undefined;
  /** Whether the service answered `Idempotent-Replayed: true` (an earlier create replayed). */
  replayed: boolean;
  /** Always `success`: as `onError`'s `outcome`, for code that handles both. */
  outcome: 'success';
}

/** Observers of a call: return values are ignored; a hook that throws is logged at `warn`. */
export interface Hooks {
  /** Before each attempt is sent (the first one and every retry). */
  onRequest?: ((event: RequestEvent) => unknown) | undefined;
  /** When an attempt is answered (any status), body read. */
  onResponse?: ((event: ResponseEvent) => unknown) | undefined;
  /** After the wait before a retry, just before it is sent. */
  onRetry?: ((event: RetryEvent) => unknown) | undefined;
  /** When a call fails, once: an answer, a timeout, an abort (not an input refused unsent). */
  onError?: ((event: ErrorEvent) => unknown) | undefined;
  /** When a call succeeds, once. `onError` and `onSuccess` together see every call once. */
  onSuccess?: ((event: SuccessEvent) => unknown) | undefined;
}

/** The attributes of a span, as the SDK sets them. */
export type SpanAttributes = Record<string, string | number>;

/** The slice of an OpenTelemetry `SpanContext` the SDK reads, for `traceparent`. */
export interface TelemetrySpanContext {
  /** 32 hex digits. */
  traceId: string;
  /** 16 hex digits. */
  spanId: string;
  /** W3C trace flags (1: sampled). */
  traceFlags: number;
  /** Vendor state, sent as `tracestate`. */
  traceState?:
    | {
        /** The `tracestate` header value. */
        serialize(): string;
      }
    | undefined;
}

/** The slice of an OpenTelemetry `Span` the SDK uses. */
export interface TelemetrySpan {
  /** Sets one attribute. */
  setAttribute(key: string, value: string | number): unknown;
  /** Marks the span failed (`code` 2 is `SpanStatusCode.ERROR`). */
  setStatus(status: { code: number; message?: string }): unknown;
  /** The span's trace and span ids, for the `traceparent` header. */
  spanContext(): TelemetrySpanContext;
  /** Ends the span. */
  end(): void;
}

/** The slice of an OpenTelemetry `Tracer` the SDK uses. */
export interface TelemetryTracer {
  /** Starts a span, a child of `context`'s span when given. */
  startSpan(
    name: string,
    options?: { kind?: number; attributes?: SpanAttributes },
    context?: unknown,
  ): TelemetrySpan;
}

/** The slice of an OpenTelemetry `Histogram` the SDK uses. */
export interface TelemetryHistogram {
  /** Records one value. */
  record(value: number, attributes?: SpanAttributes): void;
}

/** The slice of an OpenTelemetry `Counter` the SDK uses. */
export interface TelemetryCounter {
  /** Adds to the count. */
  add(value: number, attributes?: SpanAttributes): void;
}

/** Options of an instrument, as `@opentelemetry/api` takes them. */
export interface TelemetryInstrumentOptions {
  /** UCUM unit, such as `s`. */
  unit?: string;
  /** What the instrument measures. */
  description?: string;
  /** Hints to the SDK. */
  advice?: {
    /** Histogram buckets (the HTTP conventions' for durations). */
    explicitBucketBoundaries?: number[];
  };
}

/** The slice of an OpenTelemetry `Meter` the SDK uses. */
export interface TelemetryMeter {
  /** A histogram (durations, in seconds). */
  createHistogram(name: string, options?: TelemetryInstrumentOptions): TelemetryHistogram;
  /** A monotonic counter. */
  createCounter(name: string, options?: TelemetryInstrumentOptions): TelemetryCounter;
}

/** The slice of `@opentelemetry/api` the SDK uses: pass the module as `openTelemetry`. */
export interface OpenTelemetryApi {
  /** Tracers and span contexts. */
  trace: {
    /** The registered provider's tracer (a no-op one when none is). */
    getTracer(name: string, version?: string): TelemetryTracer;
    /** A context holding `span`: the parent of the attempts' spans. */
    setSpan(context: never, span: never): unknown;
    /** Whether a span context is a real one (a no-op tracer's is not). */
    isSpanContextValid(spanContext: never): boolean;
  };
  /** The active context, parent of each call's span. */
  context: {
    /** The active context. */
    active(): unknown;
    /** Runs `fn` in `context`: each attempt's fetch runs with tracing suppressed below the SDK. */
    with?<T>(context: never, fn: () => T): T;
  };
  /** A context key (`Symbol.for(description)` in the API's 1.x): the suppress-tracing key. */
  createContextKey?(description: string): symbol;
  /** The registered propagator: used only with `propagateBaggage: true`. */
  propagation?:
    | {
        /** Writes the context's fields (`traceparent`, `baggage`...) into `carrier`. */
        inject(
          context: never,
          carrier: never,
          setter?: { set(carrier: never, key: string, value: string): void },
        ): void;
      }
    | undefined;
  /** The registered meter provider: the SDK's metrics (docs/observability.md). */
  metrics?:
    | {
        /** The SDK's meter, named after the package. */
        getMeter(name: string, version?: string): TelemetryMeter;
      }
    | undefined;
}
