/**
 * The one request loop. Every call of every resource goes through {@link Transport.request}:
 * auth and headers, the per-attempt timeout and the caller's signal, the retry policy with
 * exponential backoff and `Retry-After`, the `Idempotency-Key` reused on every attempt, the
 * mapping of non-2xx answers to {@link APIError} subclasses, and logging.
 *
 * Each attempt is one ky call with ky's own retries off: the policy here depends on the
 * endpoint (POST /patients and cancel may not be repeated after a lost response), which ky's
 * method-based policy cannot express.
 *
 * @module
 */
import ky, { isNetworkError, isTimeoutError } from 'ky';
import { v4 as uuidv4 } from 'uuid';
import { IdempotencyKey } from '../schemas/common.ts';
import { issuesToFields } from '../schemas/errors.ts';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  APIUserAbortError,
  makeAPIError,
  parseRetryAfter,
  ValidationError,
} from './errors.ts';
import { type Logger, redactHeaders } from './logger.ts';
import { checkNumber, sleep } from './utils.ts';

/** The path every endpoint of the API lives under (spec 9). */
export const API_PREFIX = '/api/public/v1';

/** Options every method takes as its last argument. They override the client's for one call. */
export interface RequestOptions {
  /** Per-attempt timeout in milliseconds (default: the client's, 30 000). */
  timeout?: number;
  /** How many times a failed request may be retried (default: the client's, 2). */
  maxRetries?: number;
  /** Aborts the call, including any retry wait: the call rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /** Extra request headers. `Authorization` cannot be overridden here. */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` for `appointments.create` (at most 255 characters). By default a
   * uuid v4 is made once per call and reused on every retry.
   */
  idempotencyKey?: string;
}

/**
 * When a request may be sent again.
 * - `safe`: on connection errors, timeouts, 408, 429 and 5xx (GET, PATCH, and
 *   POST /appointments, which carries an `Idempotency-Key`).
 * - `rate-limit-only`: only on 429, when the service says it did not process the request
 *   (POST /patients and cancel, which cannot be deduplicated by the service).
 */
export type RetryPolicy = 'safe' | 'rate-limit-only';

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
  options?: RequestOptions | undefined;
}

/** A 2xx answer, its body read. */
export interface RawResponse {
  response: Response;
  /** Parsed JSON; the text when it is not JSON; `undefined` when empty. */
  body: unknown;
  idempotencyKey: string | undefined;
  replayed: boolean;
  method: string;
  /** URL path (no query). */
  path: string;
}

/** What the transport needs from the client. */
export interface TransportConfig {
  baseUrl: string;
  timeout: number;
  maxRetries: number;
  fetch: typeof fetch | undefined;
  headers: Record<string, string>;
  logger: Logger;
  /** Whether debug lines are wanted: they cost a copy of the headers, so only then. */
  debug: boolean;
  userAgent: string;
}

/** The largest `timeout` (ms) accepted, client-wide or per request: what `setTimeout` can wait. */
export const MAX_TIMEOUT_MS = 2_147_483_647;
/** The largest `maxRetries` accepted, client-wide or per request. */
export const MAX_RETRIES_LIMIT = 10;

/** Retry-After values above this are cut to it: a call never sleeps longer than a minute. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;

/**
 * The backoff before retry number `retry` (0 for the first): 0.5 s doubling up to 8 s, minus up
 * to 25 % jitter so that many clients do not retry in step.
 */
export function backoffDelay(retry: number, random = Math.random): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  return base * (1 - 0.25 * random());
}

/** Whether `status` may be retried under `policy`. */
export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  if (status === 429) return true;
  if (policy === 'rate-limit-only') return false;
  return status === 408 || status >= 500;
}

/** @internal The request loop. One per client; holds the key in a private field. */
export class Transport {
  readonly #apiKey: string;
  readonly config: TransportConfig;
  readonly apiRoot: URL;

  constructor(apiKey: string, config: TransportConfig) {
    this.#apiKey = apiKey;
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
  }

  /** Builds the absolute URL for a path under the API root, or keeps an absolute URL. */
  url(path: string, query?: Record<string, unknown>): URL {
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
   * Sends `spec`, retrying per its policy; resolves with the 2xx answer or throws a typed error.
   *
   * Headers are merged by lower-cased name (defaults, then the client's `headers`, then the
   * call's), so a caller's `Accept` replaces the default rather than being joined to it.
   * `Authorization` is always the client's. On an idempotent call the key is
   * `options.idempotencyKey`, else an `Idempotency-Key` given in the call's `headers`, else a new
   * uuid v4, and it is sent once, never joined to another value.
   *
   * `timeout` bounds the whole attempt, the body read included.
   *
   * @throws {@link ConfigurationError} when the call's `timeout` or `maxRetries` is out of range
   *   (the same ranges as the client's), before anything is sent.
   */
  async request(spec: RequestSpec): Promise<RawResponse> {
    const options = spec.options ?? {};
    const maxRetries =
      options.maxRetries === undefined
        ? this.config.maxRetries
        : checkNumber('maxRetries', options.maxRetries, 0, MAX_RETRIES_LIMIT, true);
    const timeout =
      options.timeout === undefined
        ? this.config.timeout
        : checkNumber('timeout', options.timeout, 1, MAX_TIMEOUT_MS);
    const signal = options.signal;
    const url = this.url(spec.path, spec.query);
    const path = url.pathname;

    const callHeaders = lowerCaseNames(options.headers);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.config.userAgent,
      ...lowerCaseNames(this.config.headers),
      ...callHeaders,
    };
    delete headers.authorization;
    delete headers['idempotency-key'];
    if (!spec.idempotent && callHeaders['idempotency-key'] !== undefined) {
      headers['idempotency-key'] = callHeaders['idempotency-key'];
    }

    let idempotencyKey: string | undefined;
    if (spec.idempotent) {
      idempotencyKey = options.idempotencyKey ?? callHeaders['idempotency-key'] ?? uuidv4();
      const checked = IdempotencyKey.safeParse(idempotencyKey);
      if (!checked.success) {
        throw new ValidationError(
          issuesToFields(checked.error.issues, 'Idempotency-Key'),
          'Idempotency-Key',
        );
      }
      headers['idempotency-key'] = idempotencyKey;
    }
    headers.authorization = `Bearer ${this.#apiKey}`;
    let body: string | undefined;
    if (spec.body !== undefined) {
      body = JSON.stringify(spec.body);
      headers['content-type'] = 'application/json';
    }

    const log = this.config.logger;
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw new APIUserAbortError();
      const started = Date.now();
      if (this.config.debug) {
        log.debug(`clinic-scheduling: ${spec.method} ${path} attempt ${attempt + 1}`, {
          headers: redactHeaders(headers),
        });
      }

      // One controller and one timer bound the whole attempt, headers and body alike (ky's own
      // timeout stops at the headers, so a body that stalls would otherwise hang the call).
      const attemptAbort = new AbortController();
      // The abort is queued as a microtask of the timer's task: aborting undici from the timer
      // callback itself, while a mocked socket (MSW 3's interceptor) is streaming a body, trips
      // an internal assertion of undici's that surfaces as an uncaught exception.
      const timer = setTimeout(
        () => queueMicrotask(() => attemptAbort.abort(ATTEMPT_TIMED_OUT)),
        timeout,
      );
      let response: Response;
      let text: string;
      try {
        response = await ky(url, {
          method: spec.method,
          headers,
          body,
          timeout: false,
          retry: 0,
          throwHttpErrors: false,
          signal: signal ? AbortSignal.any([signal, attemptAbort.signal]) : attemptAbort.signal,
          ...(this.config.fetch ? { fetch: this.config.fetch } : {}),
        });
        text = await readText(response, attemptAbort.signal, signal);
        clearTimeout(timer);
      } catch (error) {
        clearTimeout(timer);
        if (signal?.aborted) throw new APIUserAbortError();
        const failure = connectionError(
          attemptAbort.signal.aborted ? ATTEMPT_TIMED_OUT : error,
          spec.method,
          path,
          timeout,
        );
        if (attempt < maxRetries && spec.retry === 'safe') {
          const wait = backoffDelay(attempt);
          log.info(
            `clinic-scheduling: ${spec.method} ${path} ${failure.message} Retrying in ` +
              `${Math.round(wait)} ms (retry ${attempt + 1} of ${maxRetries}).`,
          );
          await sleep(wait, signal);
          continue;
        }
        log.warn(`clinic-scheduling: ${failure.message}`);
        throw failure;
      }

      if (this.config.debug) {
        log.debug(
          `clinic-scheduling: ${spec.method} ${path} → ${response.status} in ${Date.now() - started} ms`,
        );
      }
      if (response.ok) {
        return {
          response,
          body: parseBody(text),
          idempotencyKey,
          replayed: response.headers.get('idempotent-replayed')?.toLowerCase() === 'true',
          method: spec.method,
          path,
        };
      }

      if (attempt < maxRetries && isRetryableStatus(spec.retry, response.status)) {
        const retryAfter = parseRetryAfter(response.headers);
        const wait =
          retryAfter === undefined
            ? backoffDelay(attempt)
            : Math.min(retryAfter, MAX_RETRY_AFTER_MS);
        log.info(
          `clinic-scheduling: ${spec.method} ${path} → ${response.status}. Retrying in ` +
            `${Math.round(wait)} ms (retry ${attempt + 1} of ${maxRetries}).`,
        );
        await sleep(wait, signal);
        continue;
      }

      const error: APIError = makeAPIError({
        status: response.status,
        headers: response.headers,
        body: parseBody(this.#redact(text)),
        method: spec.method,
        path,
        idempotencyKey,
      });
      // A 4xx is an answer the caller handles; only a server failure is worth a warning.
      (response.status >= 500 ? log.warn : log.debug)(`clinic-scheduling: ${error.message}`);
      throw error;
    }
  }

  /**
   * Removes the key's secret from an error body before it becomes part of an {@link APIError}
   * (its `body`, `detail` and message): a proxy or debug endpoint that echoes the request's
   * headers back must not put the key into logs and error reports.
   */
  #redact(text: string): string {
    const secret = this.#apiKey.slice(this.#apiKey.indexOf('.') + 1);
    return secret === '' ? text : text.replaceAll(secret, '[redacted]');
  }
}

/** Lower-cases header names; with duplicates, the last one wins. */
function lowerCaseNames(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** The abort reason of an attempt that outlived its `timeout`. */
const ATTEMPT_TIMED_OUT = Object.freeze(new Error('attempt timed out'));

/**
 * Reads a body's text, stopping as soon as the attempt's signal (its timeout) or the caller's
 * signal aborts, even when the `fetch` in use does not tie the body to the request's signal.
 */
function readText(
  response: Response,
  attempt: AbortSignal,
  signal: AbortSignal | undefined,
): Promise<string> {
  const text = response.text();
  if (attempt.aborted || signal?.aborted) {
    text.catch(() => {});
    return Promise.reject(attempt.aborted ? attempt.reason : new APIUserAbortError());
  }
  return new Promise((resolve, reject) => {
    const stop = () => {
      response.body?.cancel().catch(() => {});
      reject(attempt.aborted ? attempt.reason : new APIUserAbortError());
    };
    attempt.addEventListener('abort', stop, { once: true });
    signal?.addEventListener('abort', stop, { once: true });
    text.then(resolve, reject).finally(() => {
      attempt.removeEventListener('abort', stop);
      signal?.removeEventListener('abort', stop);
    });
  });
}

/** Parses a body's text: JSON when it parses, the text otherwise, `undefined` when empty. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Turns what an attempt threw into an {@link APIConnectionError}. ky's errors hold the
 * `Request` (and so the `Authorization` header), so they are never kept as `cause`: only the
 * underlying error is.
 */
function connectionError(
  error: unknown,
  method: string,
  path: string,
  timeout: number,
): APIConnectionError {
  if (error === ATTEMPT_TIMED_OUT || isTimeoutError(error)) {
    return new APIConnectionTimeoutError(
      `${method} ${path} timed out after ${timeout} ms (per attempt; raise \`timeout\` if the ` +
        'service is slow).',
    );
  }
  const cause = isNetworkError(error) ? error.cause : error;
  const reason = cause instanceof Error && cause.message ? ` (${cause.message})` : '';
  return new APIConnectionError(
    `${method} ${path} failed: no response was received${reason}.`,
    cause === undefined ? undefined : { cause },
  );
}
