/**
 * What a call tells the outside: hooks, log lines and OpenTelemetry spans. Every fact is built by
 * the SDK (operation, path template, status), so none can hold the key, a query or a body. @module
 */
import { isHTTPError, isTimeoutError } from 'ky';
import { requestIdFrom } from '../core/errors/api.ts';
import { ClinicError } from '../core/errors.ts';
import type {
  ErrorEvent,
  Hooks,
  OpenTelemetryApi,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  SpanAttributes,
  TelemetrySpan,
  TelemetryTracer,
} from '../core/hooks.ts';
import type { Logger } from '../core/logger.ts';
import { findOperation } from '../operations.ts';
import { VERSION } from '../version.ts';

/** `SpanKind.CLIENT` and `SpanStatusCode.ERROR` of `@opentelemetry/api`, stable in its 1.x. */
const CLIENT = 2;
const ERROR = 2;

/** Makes the observer of each call of one client. */
export class Observer {
  readonly logger: Logger;
  readonly hooks: Hooks | undefined;
  readonly otel: OpenTelemetryApi | undefined;
  readonly tracer: TelemetryTracer | undefined;
  /** Removes the API key from a text the service sent (a request id that echoes it). */
  readonly redact: (text: string) => string;

  constructor(
    logger: Logger,
    hooks: Hooks | undefined,
    otel: OpenTelemetryApi | undefined,
    redact: (text: string) => string,
  ) {
    this.logger = logger;
    this.redact = redact;
    this.hooks = hooks;
    this.otel = otel;
    this.tracer = otel?.trace.getTracer('@clinic-scheduling/sdk', VERSION);
  }

  /** The observer of one call to `url` (its query never read), with the call's own hooks. */
  call(
    method: string,
    url: URL,
    apiRoot: URL,
    idempotencyKey: string | undefined,
    hooks: Hooks | undefined,
  ): CallObserver {
    const spec = findOperation(method, url.pathname);
    const path = spec ? `${apiRoot.pathname}${spec.path}` : url.pathname;
    const facts: Omit<RequestEvent, 'attempt'> = {
      operation: spec?.name ?? method,
      method,
      path,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    };
    const attributes: SpanAttributes = {
      'http.request.method': method,
      'url.template': path,
      'server.address': url.hostname,
      'server.port': Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    };
    return new CallObserver(this, url, facts, [this.hooks, hooks], attributes);
  }
}

/** What one call tells the outside, attempt by attempt. */
export class CallObserver {
  #attempt = 0;
  readonly #started = Date.now();
  #attemptStarted = 0;
  #answeredAt = 0;
  #status: number | undefined;
  #attemptStatus: number | undefined;
  #requestId: string | undefined;
  readonly #span: TelemetrySpan | undefined;
  #attemptSpan: TelemetrySpan | undefined;
  readonly observer: Observer;
  readonly facts: Omit<RequestEvent, 'attempt'>;
  readonly hooks: (Hooks | undefined)[];
  readonly attributes: SpanAttributes;
  readonly url: URL;

  constructor(
    observer: Observer,
    url: URL,
    facts: Omit<RequestEvent, 'attempt'>,
    hooks: (Hooks | undefined)[],
    attributes: SpanAttributes,
  ) {
    this.observer = observer;
    this.url = url;
    this.facts = facts;
    this.hooks = hooks;
    this.attributes = attributes;
    this.#span = observer.tracer?.startSpan(facts.operation, { kind: CLIENT, attributes });
  }

  /** Attempts sent so far. */
  get attempts(): number {
    return this.#attempt;
  }

  /** When the latest answer arrived (`Date.now()`), for the date form of its `Retry-After`. */
  get answeredAt(): number {
    return this.#answeredAt;
  }

  /** The facts of the current attempt. */
  get event(): RequestEvent {
    return { ...this.facts, attempt: this.#attempt };
  }

  /** An attempt is about to be sent; `headers` (redacted) only when the debug line wants them. */
  request(headers: Record<string, string> | undefined): void {
    this.#attempt++;
    this.#attemptStarted = Date.now();
    this.#attemptStatus = undefined;
    const event = this.event;
    const { otel, tracer } = this.observer;
    if (this.#span && otel && tracer) {
      const parent = (otel.trace.setSpan as (c: unknown, s: TelemetrySpan) => unknown)(
        otel.context.active(),
        this.#span,
      );
      const attributes = { ...this.attributes };
      if (event.attempt > 1) attributes['http.request.resend_count'] = event.attempt - 1;
      this.#attemptSpan = tracer.startSpan(
        this.facts.operation,
        { kind: CLIENT, attributes },
        parent,
      );
    }
    this.#emit('onRequest', event);
    if (headers) {
      this.observer.logger.debug(
        `clinic-scheduling: ${event.method} ${this.#path} attempt ${event.attempt}`,
        { ...event, headers },
      );
    }
  }

  /** The attempt was answered (any status), its body read. */
  response(response: Response, debug: boolean): void {
    this.#answeredAt = Date.now();
    this.#status = this.#attemptStatus = response.status;
    const id = requestIdFrom(response.headers);
    this.#requestId = id === undefined ? undefined : this.observer.redact(id);
    const event: ResponseEvent = {
      ...this.event,
      status: response.status,
      durationMs: Date.now() - this.#attemptStarted,
      ...(this.#requestId === undefined ? {} : { requestId: this.#requestId }),
    };
    this.#endAttempt(response.status >= 400 ? String(response.status) : undefined);
    this.#emit('onResponse', event);
    if (debug) {
      this.observer.logger.debug(
        `clinic-scheduling: ${event.method} ${this.#path} → ${event.status} in ${event.durationMs} ms`,
        event,
      );
    }
  }

  /** The wait is over and attempt `attempt + 1` is about to be sent; `line` says why. */
  retry(line: string, delayMs: number, errorType: string, status: number | undefined): void {
    this.#endAttempt(errorType);
    const event: RetryEvent = {
      ...this.event,
      delayMs: Math.round(delayMs),
      errorType,
      ...(status === undefined ? {} : { status }),
    };
    this.#emit('onRetry', event);
    this.observer.logger.info(line, event);
  }

  /** The call succeeded: its span ends. */
  done(): void {
    this.#endCall(undefined);
  }

  /** The call fails with `error`; `line` is its debug log line, if it has one. */
  fail(error: ClinicError, line: string | undefined): void {
    this.#endAttempt(error.name);
    const event: ErrorEvent = {
      ...this.event,
      durationMs: Date.now() - this.#started,
      errorType: error.name,
      error,
      ...(this.#status === undefined ? {} : { status: this.#status }),
      ...(this.#requestId === undefined ? {} : { requestId: this.#requestId }),
    };
    this.#endCall(error.name);
    this.#emit('onError', event);
    if (line === undefined) return;
    const { error: _, ...fields } = event;
    this.observer.logger.debug(line, fields);
  }

  /** The path the request went to, for the debug lines (ids are not patient data). */
  get #path(): string {
    return this.url.pathname;
  }

  #endAttempt(errorType: string | undefined): void {
    const span = this.#attemptSpan;
    if (!span) return;
    this.#attemptSpan = undefined;
    finish(span, this.#attemptStatus, errorType);
  }

  #endCall(errorType: string | undefined): void {
    if (!this.#span) return;
    if (this.#attempt > 1) this.#span.setAttribute('http.request.resend_count', this.#attempt - 1);
    finish(this.#span, this.#status, errorType);
  }

  /** Calls `name` of each hooks object; one that throws or rejects is logged, never rethrown. */
  #emit<K extends keyof Hooks>(name: K, event: Parameters<NonNullable<Hooks[K]>>[0]): void {
    const warn = (error: unknown) =>
      this.observer.logger.warn(`clinic-scheduling: the ${name} hook threw; the call went on.`, {
        hook: name,
        errorType: error instanceof Error ? error.name : typeof error,
      });
    for (const hooks of this.hooks) {
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

/** What failed an attempt, for hooks and spans: its status, else the SDK error it makes. */
export function attemptErrorType(error: Error): string {
  if (isHTTPError(error)) return String(error.response.status);
  if (isTimeoutError(error)) return 'APIConnectionTimeoutError';
  return error instanceof ClinicError ? error.name : 'APIConnectionError';
}
