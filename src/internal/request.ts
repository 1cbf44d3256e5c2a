/** The request path: the SDK checks the call and states its policy; ky carries it out. @module */
import ky, {
  type HTTPError,
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  type KyInstance,
} from 'ky';
import { v4 as uuidv4 } from 'uuid';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  APIUserAbortError,
  ClinicError,
  ConfigurationError,
  makeAPIError,
  ValidationError,
  withIdempotencyKey,
} from '../core/errors.ts';
import type { Hooks, OpenTelemetryApi } from '../core/hooks.ts';
import { type Logger, logLine } from '../core/logger.ts';
import type { AppointmentCreateOptions } from '../core/request-options.ts';
import { issuesToFields } from '../schemas/errors.ts';
import { IdempotencyKey } from '../schemas/fields/index.ts';
import { attemptFetch, type Call, failureReason } from './attempt.ts';
import { errorBody, parseBody } from './body.ts';
import { checkHeaders, type Headerish, lowerCaseNames, mergeHeaders } from './headers.ts';
import { attemptErrorType, Observer } from './observe.ts';
import { MAX_RETRIES_LIMIT, MAX_TIMEOUT_MS } from './options.ts';
import { Redactor } from './redact.ts';
import { callRetry, isTypeError, policyRetry, type RetryPolicy, retryWait } from './retry.ts';
import { checkNumber } from './utils.ts';
import { API_PREFIX, IDEMPOTENCY_HEADER, REPLAYED_HEADER } from './wire.ts';

/** One logical request. */
export interface RequestSpec {
  method: 'GET' | 'POST' | 'PATCH';
  /** A path under `/api/public/v1` (such as `/rooms`), or an absolute URL already checked. */
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  retry: RetryPolicy;
  /** Send an `Idempotency-Key` (made once, reused on every attempt). */
  idempotent?: boolean;
  /** The call's options; `idempotencyKey` elsewhere than `appointments.create` is refused. */
  options?: AppointmentCreateOptions | undefined;
}

/** A 2xx answer, its body read. */
export interface RawResponse {
  response: Response;
  text: string;
  /** Parsed JSON; the text when it is not JSON; `undefined` when empty. */
  body: unknown;
  idempotencyKey: string | undefined;
  replayed: boolean;
  method: string;
  /** URL path (no query). */
  path: string;
  /** The absolute URL the request was sent to, query included. */
  url: string;
}

/** What the transport needs from the client. */
export interface TransportConfig {
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  maxResponseBytes: number;
  fetch: typeof fetch | undefined;
  headers: Record<string, string>;
  logger: Logger;
  /** Whether debug lines are wanted: they cost a copy of the headers, so only then. */
  debug: boolean;
  userAgent: string;
  hooks?: Hooks | undefined;
  /** The `@opentelemetry/api` module, when spans are wanted. */
  openTelemetry?: OpenTelemetryApi | undefined;
}

const KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();

/** @internal The request path. One per client; holds the key in a private field. */
export class Transport {
  readonly #apiKey: string;
  readonly config: TransportConfig;
  readonly apiRoot: URL;
  /** The client's `headers`, names lower-cased and values checked, once. */
  readonly #headers: Headerish;
  readonly #redact: Redactor;
  readonly #engines: Record<RetryPolicy, KyInstance>;
  readonly #observer: Observer;

  /** @throws {@link ConfigurationError} when a header of `config.headers` cannot be sent. */
  constructor(apiKey: string, config: TransportConfig) {
    this.#apiKey = apiKey;
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
    const headers = lowerCaseNames(config.headers, 'headers');
    delete headers.authorization;
    delete headers[KEY_HEADER];
    checkHeaders(headers, 'headers');
    this.#headers = headers;
    this.#redact = new Redactor(apiKey);
    this.#observer = new Observer(config.logger, config.hooks, config.openTelemetry, (text) =>
      this.#redact.text(text),
    );
    // No `parseJson`: ky would then assign `response.json`, which some runtimes' Response (Hono's
    // on Node.js) make read-only.
    const engine = (policy: RetryPolicy) => ky.create({ retry: policyRetry(policy) });
    this.#engines = { safe: engine('safe'), 'rate-limit-only': engine('rate-limit-only') };
  }

  /** The absolute URL of a path, or of a page link `checkPageUrl` (core/pagination.ts) accepted. */
  #url(path: string, query?: Record<string, unknown>): URL {
    const url = /^https?:\/\//i.test(path) ? new URL(path) : new URL(this.apiRoot.href + path);
    if (query) {
      for (const [key, value] of Object.entries(query)) {
        if (value === undefined) continue;
        url.searchParams.set(key, value === null ? '' : String(value));
      }
    }
    return url;
  }

  /**
   * Sends `spec` per its retry policy: the 2xx answer, or a typed error that carries the
   * idempotency key once anything was sent. `Authorization` is always the client's; a custom
   * `fetch`'s non-network throw is a bug, never retried.
   */
  async request(spec: RequestSpec): Promise<RawResponse> {
    const options = spec.options ?? {};
    if (!spec.idempotent && options.idempotencyKey !== undefined) {
      throw new ConfigurationError(
        'only appointments.create takes an Idempotency-Key; the spec gives none to other calls ' +
          `(${spec.method} ${spec.path.split('?')[0]}). Remove idempotencyKey from its options.`,
      );
    }
    const maxRetries =
      options.maxRetries === undefined
        ? this.config.maxRetries
        : checkNumber('maxRetries', options.maxRetries, 0, MAX_RETRIES_LIMIT, true);
    const timeout =
      options.timeout === undefined
        ? this.config.timeout
        : checkNumber('timeout', options.timeout, 1, MAX_TIMEOUT_MS);
    const url = this.#url(spec.path, spec.query);

    const callHeaders = lowerCaseNames(options.headers, "the call's headers");
    delete callHeaders.authorization;
    const callKey = callHeaders[KEY_HEADER];
    // On an idempotent call the header's key is checked below as an Idempotency-Key.
    if (spec.idempotent) delete callHeaders[KEY_HEADER];
    checkHeaders(callHeaders, "the call's headers");
    const headers = mergeHeaders(
      { accept: 'application/json', 'user-agent': this.config.userAgent },
      this.#headers,
      callHeaders,
    );

    let idempotencyKey: string | undefined;
    if (spec.idempotent) {
      idempotencyKey = options.idempotencyKey ?? callKey ?? uuidv4();
      const checked = IdempotencyKey.safeParse(idempotencyKey);
      if (!checked.success) {
        throw new ValidationError(
          issuesToFields(checked.error.issues, IDEMPOTENCY_HEADER),
          IDEMPOTENCY_HEADER,
        );
      }
      headers[KEY_HEADER] = idempotencyKey;
    }
    headers.authorization = `Bearer ${this.#apiKey}`;
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }

    const signal = options.signal;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new ConfigurationError(
        `signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); ` +
          `got ${signal === null ? 'null' : typeof signal}. Nothing was sent.`,
      );
    }
    const observer = this.#observer.call(
      spec.method,
      url,
      this.apiRoot,
      idempotencyKey,
      options.hooks,
    );
    if (signal?.aborted) {
      const failure = new APIUserAbortError();
      observer.fail(failure, undefined);
      throw failure;
    }
    const call: Call = {
      method: spec.method,
      url,
      headers,
      body,
      maxResponseBytes: this.config.maxResponseBytes,
      signal,
      observer,
    };
    // Drawn once, so that the retry log line can say what ky waited.
    const spread = Math.random();
    const sent = this.#engines[spec.retry](url, {
      method: spec.method,
      timeout,
      signal,
      retry: callRetry(maxRetries, spread),
      fetch: attemptFetch(call, () => this.config.fetch ?? globalThis.fetch, this.config.debug),
      hooks: {
        beforeRetry: [
          ({ error, retryCount }) => {
            const delay = retryWait(error, retryCount, spread, observer.answeredAt);
            observer.retry(
              `clinic-scheduling: ${this.#redact.text(retryReason(error, call))} ` +
                `Retry ${retryCount} of ${maxRetries}, after ${Math.round(delay)} ms.`,
              delay,
              attemptErrorType(error),
              isHTTPError(error) ? error.response.status : undefined,
            );
          },
        ],
      },
    });
    let response: Response;
    let text: string;
    try {
      // ky's promise settles once: `.text()` reads the body the attempt kept in memory.
      text = await sent.text();
      response = await sent;
    } catch (error) {
      const [failure, line] = this.#failure(error, call, timeout, signal);
      // Once anything was sent, the key is what lets the caller replay instead of booking twice.
      const final = observer.attempts > 0 ? withIdempotencyKey(failure, idempotencyKey) : failure;
      observer.fail(final, line);
      throw final;
    }
    observer.done();
    return {
      response,
      text,
      body: parseBody(text),
      idempotencyKey,
      replayed: response.headers.get(REPLAYED_HEADER)?.toLowerCase() === 'true',
      method: spec.method,
      path: url.pathname,
      url: url.href,
    };
  }

  /** The error a failed call rejects with; logged at `debug` only (the caller decides), never an abort. */
  #failure(
    error: unknown,
    call: Call,
    timeout: number,
    signal: AbortSignal | undefined,
  ): [ClinicError, string | undefined] {
    if (signal?.aborted) return [new APIUserAbortError(), undefined];
    const path = call.url.pathname;
    if (isHTTPError(error)) {
      const failure = this.#apiError(error, call);
      // Never the body nor its detail: they may hold health data.
      return [failure, `clinic-scheduling: ${logLine(failure)}`];
    }
    let failure: ClinicError;
    if (error instanceof ClinicError) {
      // Made by the attempt (a 2xx cut off or over maxResponseBytes): it says what happened.
      failure = error;
    } else if (isTimeoutError(error)) {
      failure = new APIConnectionTimeoutError(
        `${call.method} ${path} timed out after ${timeout} ms (per attempt; raise ` +
          '`timeout` if the service is slow).',
      );
    } else if (isNetworkError(error) || isTypeError(error)) {
      failure = connectionError(error, call.method, path);
    } else {
      // A custom fetch's bug: not the network's fault, and never retried.
      failure = new ClinicError(
        `${call.method} ${path} failed: the fetch in use threw ` +
          `${error instanceof Error ? `${/^[AEIOU]/i.test(error.name) ? 'an' : 'a'} ${error.name}` : 'a non-error value'}, which is not a ` +
          `network failure, so it was not retried${failureReason(error)}.`,
        { cause: error },
      );
    }
    this.#redact.error(failure, call.url);
    return [failure, `clinic-scheduling: ${failure.message}`];
  }

  /** The {@link APIError} of a non-2xx answer, the key redacted from its body and headers. */
  #apiError({ response, data }: HTTPError, call: Call): APIError {
    const read = typeof data === 'string' ? this.#redact.text(data) : data;
    return makeAPIError({
      status: response.status,
      headers: this.#redact.headers(response.headers),
      body: this.#redact.body(errorBody(read)),
      method: call.method,
      path: call.url.pathname,
      idempotencyKey: call.headers[KEY_HEADER],
    });
  }
}

/** Why an attempt is retried, for the log line: its status, or how it failed. */
function retryReason(error: Error, call: Call): string {
  const path = call.url.pathname;
  if (isHTTPError(error)) return `${call.method} ${path} → ${error.response.status}.`;
  if (isTimeoutError(error)) return `${call.method} ${path} timed out.`;
  // A 2xx cut off (internal/attempt.ts) already says what happened.
  if (error instanceof APIConnectionError) return error.message;
  return connectionError(error, call.method, path).message;
}

/**
 * A network failure as an {@link APIConnectionError}. ky's errors hold the `Request` (and so the
 * `Authorization` header), so only the underlying error is kept as `cause`.
 */
function connectionError(error: unknown, method: string, path: string): APIConnectionError {
  const cause = isNetworkError(error) ? error.cause : error;
  return new APIConnectionError(
    `${method} ${path} failed: no response was received${failureReason(cause)}.`,
    // A DOMException named NetworkError passes for ky's NetworkError, with no cause.
    cause === undefined ? undefined : { cause },
  );
}
