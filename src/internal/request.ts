/**
 * The request path: one ky instance per client holds everything that is the client's; a call
 * passes ky only its own (method, body, query, headers, signal, overrides) and its state, read
 * back by the instance's hooks through ky's `context`. @module
 */
import ky, {
  isHTTPError,
  isNetworkError,
  isTimeoutError,
  type KyInstance,
  type Options,
  replaceOption,
} from 'ky';
import { v4 as uuidv4 } from 'uuid';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ClinicError,
  ConfigurationError,
  makeAPIError,
  namedFacts,
  ValidationError,
  withIdempotencyKey,
} from '../core/errors/index.ts';
import type { ErrorEvent, Hooks, OpenTelemetryApi } from '../core/hooks.ts';
import type { Logger } from '../core/logger.ts';
import { outcomeOf } from '../core/outcome.ts';
import type { RequestOptions } from '../core/request-options.ts';
import type { OperationRow } from '../operations.ts';
import { issuesToFields } from '../schemas/errors.ts';
import { IdempotencyKey } from '../schemas/fields/index.ts';
import { Call, failureReason } from './attempt.ts';
import { errorBody, parseBody } from './body.ts';
import { checkHeaders, type Headerish, lowerCaseNames } from './headers.ts';
import { Observer, requestIdOf } from './observe.ts';
import { MAX_RETRIES_LIMIT, MAX_TIMEOUT_MS } from './options.ts';
import { Redactor } from './redact.ts';
import { isTypeError, retryOptions } from './retry.ts';
import { checkNumber } from './utils.ts';
import { API_PREFIX, IDEMPOTENCY_HEADER, REPLAYED_HEADER, templateOf } from './wire.ts';

/** A 2xx answer, its body read: parsed (see `parseBody`), its size, the path and URL sent. */
export interface RawResponse {
  response: Response;
  text: string;
  body: unknown;
  bytes: number;
  idempotencyKey: string | undefined;
  replayed: boolean;
  method: string;
  path: string;
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
  /** Whether `info` and `debug` lines are wanted. */
  info: boolean;
  debug: boolean;
  userAgent: string;
  hooks?: Hooks | undefined;
  /** The `@opentelemetry/api` module, when spans and metrics are wanted. */
  openTelemetry?: OpenTelemetryApi | undefined;
  propagateBaggage?: boolean | undefined;
}

const KEY_HEADER = IDEMPOTENCY_HEADER.toLowerCase();
/** The verb of a call's last line, by its outcome. */
const VERDICT = { failure: 'failed', refusal: 'refused', cancelled: 'cancelled' } as const;

/** @internal The request path. One per client; holds the key in a private field. */
export class Transport {
  readonly config: TransportConfig;
  readonly apiRoot: URL;
  readonly maxResponseBytes: number;
  readonly redactor: Redactor;
  readonly #ky: KyInstance;
  readonly #observer: Observer | undefined;
  /** The observer of a call with hooks of its own: the client's, or one for those hooks alone. */
  readonly #forCallHooks: Observer;
  /** The client's `User-Agent`: the SDK's product token, after the client's own, if given. */
  readonly #userAgent: string;

  /** @throws {@link ConfigurationError} when a header of `config.headers` cannot be sent. */
  constructor(apiKey: string, config: TransportConfig) {
    this.config = config;
    this.apiRoot = new URL(`${config.baseUrl}${API_PREFIX}`);
    this.maxResponseBytes = config.maxResponseBytes;
    const headers = lowerCaseNames(config.headers, 'headers');
    delete headers.authorization;
    delete headers[KEY_HEADER];
    checkHeaders(headers, 'headers');
    this.#userAgent = withUserAgent(headers, config.userAgent);
    this.redactor = new Redactor(apiKey);
    const { hooks, openTelemetry: otel } = config;
    this.#observer = hooks || otel || config.info ? this.#makeObserver(hooks, otel) : undefined;
    this.#forCallHooks = this.#observer ?? this.#makeObserver(undefined, undefined);
    // No `parseJson`: ky would then assign `response.json`, which some runtimes' Response (Hono's
    // on Node.js) make read-only.
    this.#ky = ky.create({
      prefix: this.apiRoot.href,
      headers: {
        accept: 'application/json',
        ...headers,
        authorization: `Bearer ${apiKey}`,
      },
      timeout: config.timeout,
      retry: retryOptions('safe', config.maxRetries),
      hooks: {
        beforeRetry: [
          ({ options, error }) => {
            const { call, limit } = options.context as { call: Call; limit: number };
            // The wait ky took: from the failed attempt's end to now, whichever header set it.
            const waited = Date.now() - call.settledAt;
            call.observer?.retry(call, waited, this.#classify(error, call).type, limit);
          },
        ],
      },
    });
  }

  #makeObserver(hooks: Hooks | undefined, otel: OpenTelemetryApi | undefined): Observer {
    return new Observer({
      logger: this.config.logger,
      debug: this.config.debug,
      hooks,
      otel,
      baggage: this.config.propagateBaggage === true,
      redact: this.#redact,
    });
  }

  readonly #redact = (text: string) => this.redactor.text(text);

  /** The `fetch` attempts use, looked up each time (MSW may be started after the client). */
  fetch(): typeof fetch {
    return this.config.fetch ?? globalThis.fetch;
  }

  /** A response drift report, for the metrics (asked only with OpenTelemetry: an observer). */
  drift(kind: string, method: string, path: string): void {
    (this.#observer as Observer).drift(kind, method, path);
  }

  /**
   * A call of `row` with the caller's `options`, checked before anything is sent.
   * @throws {@link ConfigurationError} or {@link ValidationError} for an option that cannot be
   * sent (no hook fires: nothing was sent).
   */
  start(row: OperationRow, options: RequestOptions | undefined): Call {
    const given = (options ?? {}) as RequestOptions & { idempotencyKey?: string };
    const headers = given.headers && lowerCaseNames(given.headers, "the call's headers");
    const headerKey = headers?.[KEY_HEADER];
    if (!row.replay && (given.idempotencyKey !== undefined || headerKey !== undefined)) {
      throw new ConfigurationError(
        'only appointments.create takes an Idempotency-Key; the spec gives none to other calls ' +
          `(${row.method} ${templateOf(row)}), and nothing there would deduplicate a ` +
          'replay. Remove idempotencyKey (and any Idempotency-Key header) from its options.',
      );
    }
    let key: string | undefined;
    if (row.replay) {
      key = given.idempotencyKey ?? headerKey ?? uuidv4();
      const checked = IdempotencyKey.safeParse(key);
      if (!checked.success) {
        throw new ValidationError(
          issuesToFields(checked.error.issues, IDEMPOTENCY_HEADER),
          IDEMPOTENCY_HEADER,
        );
      }
    }
    if (headers) {
      delete headers.authorization;
      delete headers[KEY_HEADER];
      checkHeaders(headers, "the call's headers");
      if ('user-agent' in headers) withUserAgent(headers, this.#userAgent);
    }
    const signal = given.signal;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new ConfigurationError(
        `signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); ` +
          `got ${signal === null ? 'null' : typeof signal}. Nothing was sent.`,
      );
    }
    const ownHooks = given.hooks;
    const observer = ownHooks ? this.#forCallHooks : this.#observer;
    const call = new Call(this, row, key, signal, ownHooks, observer);
    const limit =
      given.maxRetries === undefined
        ? this.config.maxRetries
        : checkNumber('maxRetries', given.maxRetries, 0, MAX_RETRIES_LIMIT, true);
    call.options = { fetch: call.fetch, context: { call, limit }, signal };
    if (given.timeout !== undefined) {
      call.options.timeout = checkNumber('timeout', given.timeout, 1, MAX_TIMEOUT_MS);
    }
    // Only when there are some: ky merges a call's headers into a new `Headers` (a cost per call).
    if (headers || key) call.options.headers = { ...headers, [KEY_HEADER]: key };
    return call;
  }

  /**
   * Sends one request of `call` per its row's retry policy (`row` is a read-back's after a write):
   * the 2xx answer, or a typed error. `path` is under the API root, or an absolute URL checked.
   */
  async send(
    call: Call,
    request: { row: OperationRow; path: string; query?: Record<string, unknown>; body?: unknown },
  ): Promise<RawResponse> {
    const base = call.options;
    const options: Options = { ...base, method: request.row.method };
    // The instance retries as a `safe` row with the client's limit; any other policy or limit is
    // this request's own (a write's, a read-back's, a call's `maxRetries`).
    if (request.row.retry !== 'safe' || base.context.limit !== this.config.maxRetries) {
      options.retry = replaceOption(retryOptions(request.row.retry, base.context.limit));
    }
    call.row = request.row;
    call.sent = 0;
    // `undefined` for no body, as JSON.stringify gives it.
    call.body = JSON.stringify(request.body);
    if (call.body !== undefined) {
      options.headers = { ...base.headers, 'content-type': 'application/json' };
    }
    if (request.query) {
      // ky leaves `undefined` out; `null` is sent empty, not as `null`.
      const entries = Object.entries(request.query).map(([k, v]) => [k, v === null ? '' : v]);
      options.searchParams = Object.fromEntries(entries) as Record<string, string>;
    }
    if (call.signal?.aborted) throw new APIUserAbortError();
    const input = request.path.includes('://') ? new URL(request.path) : request.path;
    try {
      const response = await this.#ky(input, options);
      return {
        response,
        text: call.text,
        body: parseBody(call.text),
        bytes: call.bytes,
        idempotencyKey: call.idempotencyKey,
        replayed: response.headers.get(REPLAYED_HEADER)?.toLowerCase() === 'true',
        method: request.row.method,
        path: call.path,
        url: call.url,
      };
    } catch (error) {
      throw this.#classify(error, call).error;
    }
  }

  /** The facts of a call's end, for `onSuccess`, `onError` and the error line. */
  #facts(call: Call, response: Response | undefined) {
    return {
      callId: call.id,
      operation: call.first.name,
      method: call.first.method,
      path: templateOf(call.first),
      attempts: call.attempts,
      durationMs: Date.now() - call.started,
      ...(response ? requestIdOf(response, this.#redact) : {}),
      ...(call.idempotencyKey === undefined ? {} : { idempotencyKey: call.idempotencyKey }),
    };
  }

  /** The call resolved with `raw`: `onSuccess`, its span and metrics. */
  succeed(call: Call, raw: { response: Response; replayed?: boolean }): void {
    call.observer?.succeed(call, {
      ...this.#facts(call, raw.response),
      status: raw.response.status,
      replayed: raw.replayed === true,
      outcome: 'success',
    });
  }

  /** The call rejects with `error`: `onError`, its span, metrics and error line. The error. */
  fail(call: Call, error: unknown): unknown {
    if (!(error instanceof ClinicError)) return error;
    // Once anything was sent, the key is what lets the caller replay instead of booking twice.
    const final = call.attempts > 0 ? withIdempotencyKey(error, call.idempotencyKey) : error;
    const status = final instanceof APIUserAbortError ? undefined : call.response?.status;
    const outcome = outcomeOf(final);
    const event: ErrorEvent = {
      ...this.#facts(call, call.response),
      attempt: call.attempts,
      errorType: final.name,
      outcome,
      error: final,
      ...(status === undefined ? {} : { status }),
    };
    call.observer?.fail(call, event);
    const { error: _, ...facts } = event;
    const named = namedFacts(final);
    const said = [status, named.code ?? named.fields?.join(', ')].filter((x) => x !== undefined);
    // A refusal is the caller's to handle, a cancel its own doing: below `warn`.
    this.config.logger[outcome === 'failure' ? 'error' : 'info'](
      `clinic-scheduling: ${event.method} ${event.path} ${VERDICT[outcome]}: ` +
        `${event.errorType}${said.length > 0 ? ` (${said.join(': ')})` : ''} after ` +
        `${event.attempts} attempt(s).`,
      { ...facts, ...named, ...call.observer?.trace(call) },
    );
    return final;
  }

  /**
   * The one classifier of a ky failure: the SDK error it becomes, and its `error.type` (the
   * status for an answer, else the error's name), for the retry event and the call's error.
   */
  #classify(error: unknown, call: Call): { error: ClinicError; type: string } {
    if (call.signal?.aborted) return { error: new APIUserAbortError(), type: 'APIUserAbortError' };
    const { method } = call.row;
    const { path } = call;
    if (isHTTPError(error)) {
      const { response } = error;
      const failure = makeAPIError({
        status: response.status,
        headers: this.redactor.headers(response.headers),
        body: this.redactor.body(errorBody(call.text)),
        method,
        path,
        idempotencyKey: call.idempotencyKey,
        requiredScope: call.row.scopeStated ? call.row.scope : undefined,
      });
      return { error: failure, type: String(response.status) };
    }
    let failure: ClinicError;
    if (error instanceof ClinicError) {
      // Made by the attempt (a 2xx cut off or over maxResponseBytes): it says what happened.
      failure = error;
    } else if (isTimeoutError(error)) {
      const timeout = call.options.timeout ?? this.config.timeout;
      failure = new APIConnectionTimeoutError(
        `${method} ${path} timed out after ${timeout} ms (per attempt; raise \`timeout\` if ` +
          'the service is slow).',
      );
    } else if (isNetworkError(error) || isTypeError(error)) {
      // ky's errors hold the `Request` (and so the key): only the underlying error is kept.
      const cause = isNetworkError(error) ? error.cause : error;
      failure = new APIConnectionError(
        `${method} ${path} failed: no response was received${failureReason(cause)}.`,
        // A DOMException named NetworkError passes for ky's NetworkError, with no cause.
        cause === undefined ? undefined : { cause },
      );
    } else {
      // A custom fetch's bug: not the network's fault, and never retried.
      const name = error instanceof Error ? error.name : undefined;
      failure = new ClinicError(
        `${method} ${path} failed: the fetch in use threw ` +
          `${name === undefined ? 'a non-error value' : `${/^[AEIOU]/i.test(name) ? 'an' : 'a'} ${name}`}` +
          `, which is not a network failure, so it was not retried${failureReason(error)}.`,
        { cause: error },
      );
    }
    this.redactor.error(failure, call.url ? new URL(call.url) : undefined);
    return { error: failure, type: failure.name };
  }
}

/**
 * A `user-agent` of `headers` goes before the SDK's (`ours`), which it never replaces nor
 * removes (`isClinicSdkRequest` reads it); the header to send.
 */
function withUserAgent(headers: Headerish, ours: string): string {
  const theirs = headers['user-agent'];
  headers['user-agent'] = theirs ? `${theirs} ${ours}` : ours;
  return headers['user-agent'];
}
