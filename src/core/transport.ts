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
import ky, { isNetworkError } from 'ky';
import { v4 as uuidv4 } from 'uuid';
import { IdempotencyKey } from '../schemas/common.ts';
import { issuesToFields } from '../schemas/errors.ts';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIError,
  APIUserAbortError,
  ConfigurationError,
  makeAPIError,
  parseRetryAfter,
  ValidationError,
  withIdempotencyKey,
} from './errors.ts';
import { type Logger, redactHeaders } from './logger.ts';
import { API_PREFIX, checkNumber, isRecord, sleep } from './utils.ts';

export { API_PREFIX } from './utils.ts';

/** Options every method takes as its last argument. They override the client's for one call. */
export interface RequestOptions {
  /** Per-attempt timeout in milliseconds (default: the client's, 30 000). */
  timeout?: number;
  /** How many times a failed request may be retried (default: the client's, 2). */
  maxRetries?: number;
  /** Aborts the call, including any retry wait: the call rejects with `APIUserAbortError`. */
  signal?: AbortSignal;
  /**
   * Extra request headers. `Authorization` cannot be overridden here. A value HTTP cannot carry
   * (a line break, a control character, a character beyond Latin-1) is refused with
   * `ConfigurationError` before anything is sent.
   */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` for `appointments.create` (at most 255 characters). By default a
   * uuid v4 is made once per call and reused on every retry. Only `appointments.create` takes
   * one: any other call given one rejects with `ConfigurationError`, sending nothing.
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
  /** The absolute URL the request was sent to, query included. */
  url: string;
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

/**
 * The longest `Retry-After` a call waits out before retrying. When the service asks for longer,
 * the call does not retry: it throws the `RateLimitError` (or `InternalServerError`) at once,
 * with `retryAfterMs` set, so the caller can schedule the retry.
 */
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
  /** The client's `headers`, names lower-cased and values checked, once. */
  readonly #headers: Headerish;
  /** Every form of the key (and of its secret) to redact from error bodies, found at once. */
  readonly #secrets: RegExp | undefined;

  /**
   * @throws {@link ConfigurationError} when a header of `config.headers` cannot be sent (its
   *   name is not a token, or its value holds a line break, a control character or a character
   *   beyond Latin-1).
   */
  constructor(apiKey: string, config: TransportConfig) {
    this.#apiKey = apiKey;
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
    const headers = lowerCaseNames(config.headers, 'headers');
    delete headers.authorization;
    delete headers['idempotency-key'];
    checkHeaders(headers, 'headers');
    this.#headers = headers;
    this.#secrets = secretPattern(apiKey);
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
   * Once a request of an idempotent call was sent, every {@link ClinicError} it throws carries
   * the key as `idempotencyKey`.
   *
   * Only a network failure (ky's `NetworkError`, or a `TypeError` from the `fetch` in use: the
   * type `fetch` rejects with when the network fails) and the attempt's timeout are connection
   * errors, retried under the policy. Anything else a custom `fetch` throws is a bug or a local
   * mistake, not a network failure: it is rethrown as is, never retried (retrying a bug sends
   * the same request again for nothing, and wrapping it would report it as the network's fault).
   *
   * @throws {@link ConfigurationError} when the call's `timeout` or `maxRetries` is out of range
   *   (the same ranges as the client's), a header of the call cannot be sent, or a call other
   *   than an idempotent one is given `idempotencyKey`, before anything is sent.
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
    const url = this.url(spec.path, spec.query);

    const callHeaders = lowerCaseNames(options.headers, "the call's headers");
    delete callHeaders.authorization;
    const callKey = callHeaders['idempotency-key'];
    // On an idempotent call the header's key is checked below as an Idempotency-Key.
    if (spec.idempotent) delete callHeaders['idempotency-key'];
    checkHeaders(callHeaders, "the call's headers");
    const merged: Headerish = {
      accept: 'application/json',
      'user-agent': this.config.userAgent,
      ...this.#headers,
      ...callHeaders,
    };
    // An undefined value removes a header (a client default, say) for this call.
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(merged)) {
      if (value !== undefined) headers[name] = value;
    }

    let idempotencyKey: string | undefined;
    if (spec.idempotent) {
      idempotencyKey = options.idempotencyKey ?? callKey ?? uuidv4();
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

    const call: Prepared = { spec, url, headers, body, idempotencyKey, maxRetries, timeout };
    try {
      return await this.#send(call);
    } catch (error) {
      // Once anything was sent, the key is what lets the caller replay instead of booking twice.
      throw call.sent ? withIdempotencyKey(error, idempotencyKey) : error;
    }
  }

  /** The attempts of one checked request. */
  async #send(call: Prepared): Promise<RawResponse> {
    const { spec, url, headers, body, idempotencyKey, maxRetries, timeout } = call;
    const signal = spec.options?.signal;
    const path = url.pathname;
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
      call.sent = true;
      try {
        const attemptSignal = signal
          ? AbortSignal.any([signal, attemptAbort.signal])
          : attemptAbort.signal;
        // Looked up now, not at construction, so that MSW started after the client intercepts.
        const send = this.config.fetch ?? globalThis.fetch;
        // ky's fetch adapter sends the values ky built its Request from (the same URL, method,
        // headers and body) as `fetch(url, init)` with the attempt's signal, rather than ky's
        // Request: fetch would copy that Request into a second one following a second signal,
        // for nothing (bench/overhead.ts measures ky both ways).
        response = await ky(url, {
          method: spec.method,
          headers,
          body,
          timeout: false,
          retry: 0,
          throwHttpErrors: false,
          fetch: () =>
            send(url.href, { method: spec.method, headers, body, signal: attemptSignal }),
        });
        text = await readText(response, attemptAbort.signal, signal);
        clearTimeout(timer);
      } catch (error) {
        clearTimeout(timer);
        if (signal?.aborted) throw new APIUserAbortError();
        let failure: APIConnectionError;
        if (attemptAbort.signal.aborted) {
          failure = new APIConnectionTimeoutError(
            `${spec.method} ${path} timed out after ${timeout} ms (per attempt; raise ` +
              '`timeout` if the service is slow).',
          );
        } else if (isNetworkError(error) || isTypeError(error)) {
          failure = connectionError(error, spec.method, path);
        } else {
          // Not a network failure (a custom fetch's bug, say): rethrown as is, never retried.
          throw error;
        }
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
          url: url.href,
        };
      }

      if (attempt < maxRetries && isRetryableStatus(spec.retry, response.status)) {
        const retryAfter = parseRetryAfter(response.headers);
        if (retryAfter === undefined || retryAfter <= MAX_RETRY_AFTER_MS) {
          const wait = retryAfter ?? backoffDelay(attempt);
          log.info(
            `clinic-scheduling: ${spec.method} ${path} → ${response.status}. Retrying in ` +
              `${Math.round(wait)} ms (retry ${attempt + 1} of ${maxRetries}).`,
          );
          await sleep(wait, signal);
          continue;
        }
        // Longer than a call may sleep: the caller schedules the retry, with retryAfterMs.
        log.info(
          `clinic-scheduling: ${spec.method} ${path} → ${response.status}. Retry-After asks for ` +
            `${Math.round(retryAfter)} ms, more than MAX_RETRY_AFTER_MS (${MAX_RETRY_AFTER_MS} ` +
            'ms): not retrying.',
        );
      }

      const error: APIError = makeAPIError({
        status: response.status,
        headers: response.headers,
        body: this.#redactBody(parseBody(this.#redact(text))),
        method: spec.method,
        path,
        idempotencyKey,
      });
      // Status, method, path, code and request id only: never the body nor its detail, which
      // may hold health data. A 4xx is an answer the caller handles; only a server failure is
      // worth a warning.
      (response.status >= 500 ? log.warn : log.debug)(`clinic-scheduling: ${logLine(error)}`);
      throw error;
    }
  }

  /**
   * Removes the key from an error body's text before it becomes part of an {@link APIError}
   * (its `body`, `detail` and message): a proxy or debug endpoint that echoes the request's
   * headers back must not put the key into logs and error reports. Every form is removed: the
   * whole key and its secret, as is, URL-encoded (either case of hex) and JSON-escaped (`\/`).
   */
  #redact(text: string): string {
    return this.#secrets ? text.replace(this.#secrets, REDACTED) : text;
  }

  /**
   * Redacts a parsed error body, member names included. `JSON.stringify` writes the key's
   * characters as they are, so an escape that hid the key from {@link Transport.#redact} in the
   * raw text (`\u002f`) is undone here and the key found; `JSON.parse` keeps a member named
   * `__proto__` a member.
   */
  #redactBody(body: unknown): unknown {
    if (typeof body === 'string') return this.#redact(body);
    if (!this.#secrets || typeof body !== 'object' || body === null) return body;
    const json = JSON.stringify(body);
    const redacted = this.#redact(json);
    return redacted === json ? body : JSON.parse(redacted);
  }
}

/** One request, checked and ready to send. */
interface Prepared {
  spec: RequestSpec;
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
  idempotencyKey: string | undefined;
  maxRetries: number;
  timeout: number;
  /** Set once the first attempt goes out. */
  sent?: boolean;
}

/** A header map whose values may be `undefined` (a header removed for one call). */
type Headerish = Record<string, string | undefined>;

/**
 * Lower-cases header names; with duplicates, the last one wins.
 *
 * @throws {@link ConfigurationError} when `headers` is not an object.
 */
function lowerCaseNames(headers: Record<string, string> | undefined, where: string): Headerish {
  if (headers !== undefined && !isRecord(headers)) {
    throw new ConfigurationError(`${where} must be an object of header names and values.`);
  }
  const out: Headerish = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}

/** A header name: an HTTP token (RFC 9110, 5.1). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/**
 * A header value HTTP carries unchanged: tab, visible ASCII, space and Latin-1; no line break,
 * no other control character, nothing beyond Latin-1. The same characters as the
 * Idempotency-Key's rule (src/schemas/common.ts), without that rule's "not empty" and "no white
 * space at either end": fetch trims a general header's ends, and an empty value is valid.
 */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Checks header names and values before anything is sent, so that fetch never refuses them
 * (a `TypeError` that would read as a network failure, and whose message repeats the value).
 *
 * @throws {@link ConfigurationError} naming the header, never repeating its value.
 */
function checkHeaders(headers: Headerish, where: string): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) {
      throw new ConfigurationError(
        `${where}: ${JSON.stringify(name.slice(0, 60))} is not a valid header name (letters, ` +
          "digits and !#$%&'*+-.^_`|~ only).",
      );
    }
    if (value === undefined) continue;
    if (typeof value !== 'string') {
      throw new ConfigurationError(`${where}: the value of header ${name} must be a string.`);
    }
    if (!HEADER_VALUE.test(value)) {
      throw new ConfigurationError(
        `${where}: the value of header ${name} cannot be sent: it holds a line break, a control ` +
          'character or a character beyond Latin-1 (the value is not repeated here).',
      );
    }
  }
}

const REDACTED = '[redacted]';

/**
 * One pattern that finds every form of the key and of its secret in a text: as is,
 * URL-encoded (upper- or lower-case hex) and JSON-escaped (`/` written `\/`). Longest first, so
 * the whole key is found before its secret. Built once per client.
 */
function secretPattern(apiKey: string): RegExp | undefined {
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  const forms = new Set<string>();
  for (const value of [apiKey, secret]) {
    if (value === '') continue;
    const encoded = encodeURIComponent(value);
    forms.add(value);
    forms.add(encoded);
    forms.add(encoded.replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
    forms.add(value.replaceAll('/', '\\/'));
  }
  if (forms.size === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'), 'g');
}

/**
 * The log line of an {@link APIError}: status, method, path, code and request id only. Never
 * `detail` nor any text of the body. `code` and the request id are logged only when they look
 * like identifiers, since a body or header may put anything there.
 */
function logLine(error: APIError): string {
  const code = error.code !== undefined && IDENTIFIER.test(error.code) ? ` ${error.code}` : '';
  const id =
    error.requestId !== undefined && IDENTIFIER.test(error.requestId)
      ? `, request id ${error.requestId}`
      : '';
  return `${error.status}${code} (${error.method} ${error.path}${id})`;
}

const IDENTIFIER = /^[\w.:/+=-]{1,128}$/;

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

/** Whether `error` is a `TypeError`, the type fetch rejects with when the network fails. */
function isTypeError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (Object.prototype.toString.call(error) === '[object Error]' &&
      (error as Error).name === 'TypeError')
  );
}

/**
 * Turns a network failure (ky's `NetworkError` or fetch's `TypeError`) into an
 * {@link APIConnectionError}. ky's errors hold the `Request` (and so the `Authorization`
 * header), so they are never kept as `cause`: only the underlying error is. The message names
 * the underlying `code` (`ECONNREFUSED`, `ENOTFOUND`...) when there is one.
 */
function connectionError(error: unknown, method: string, path: string): APIConnectionError {
  const cause = isNetworkError(error) ? error.cause : error;
  const reasons: string[] = [];
  if (cause instanceof Error && cause.message) reasons.push(cause.message);
  const code = errorCode(cause);
  if (code !== undefined && !reasons.some((r) => r.includes(code))) reasons.push(code);
  const reason = reasons.length > 0 ? ` (${reasons.join(': ')})` : '';
  return new APIConnectionError(
    `${method} ${path} failed: no response was received${reason}.`,
    cause === undefined ? undefined : { cause },
  );
}

/** The first string `code` along an error's `cause` chain (undici puts it one level down). */
function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && code !== '') return code;
    current = cause;
  }
  return undefined;
}
