/** Hook events and the slice of `@opentelemetry/api` used. Events carry only facts the SDK builds:
 * never the API key, a header, a body, a query string or patient data. @module */
import type { ClinicError } from './errors.ts';

/** The facts every hook and structured log line carries. */
export interface RequestEvent {
  /** The operation's name, such as `createAppointment`. */
  operation: string;
  /** The HTTP method. */
  method: string;
  /** The path template, such as `/api/public/v1/appointments/{id}`; no query. */
  path: string;
  /** 1 for the first request, 2 for the first retry. */
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

/** The facts of a retry, given just before it is sent. */
export interface RetryEvent extends RequestEvent {
  /** The wait before this retry, in ms. */
  delayMs: number;
  /** The status of the attempt that is retried; absent when it got no answer. */
  status?: number | undefined;
  /** The failed attempt's status as text (`503`), or the error's name (`TimeoutError`). */
  errorType: string;
}

/** The facts of a call that failed, given once, when it rejects. */
export interface ErrorEvent extends RequestEvent {
  /** The last status received, when any answer came. */
  status?: number | undefined;
  /** The whole call's duration, retries and waits included, in ms. */
  durationMs: number;
  /** The request id of the last answer, when the service sent one. */
  requestId?: string | undefined;
  /** The error's class name, such as `RateLimitError` or `APIConnectionTimeoutError`. */
  errorType: string;
  /** The error the call rejects with. */
  error: ClinicError;
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
}

/** The attributes of a span, as the SDK sets them. */
export type SpanAttributes = Record<string, string | number>;

/** The slice of an OpenTelemetry `Span` the SDK uses. */
export interface TelemetrySpan {
  /** Sets one attribute. */
  setAttribute(key: string, value: string | number): unknown;
  /** Marks the span failed (`code` 2 is `SpanStatusCode.ERROR`). */
  setStatus(status: { code: number; message?: string }): unknown;
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

/** The slice of `@opentelemetry/api` the SDK uses: pass the module as `openTelemetry`. */
export interface OpenTelemetryApi {
  /** Tracers and span contexts. */
  trace: {
    /** The registered provider's tracer (a no-op one when none is). */
    getTracer(name: string, version?: string): TelemetryTracer;
    /** A context holding `span`: the parent of the attempts' spans. */
    setSpan(context: never, span: never): unknown;
  };
  /** The active context, parent of each call's span. */
  context: {
    /** The active context. */
    active(): unknown;
  };
}
