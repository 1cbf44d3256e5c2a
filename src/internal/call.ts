/**
 * A call, from its input check to its outcome: the id, body and options checked (nothing is sent
 * otherwise), each request sent through the client's ky instance with only what is the call's,
 * each attempt run (attempt.ts) and reported as it ends, a failure classified, the answer
 * checked or read back, the outcome reported once. @module
 */
import type { Options } from 'ky';
import { v4 as uuidv4 } from 'uuid';
import type { CallResult } from '../core/api-promise.ts';
import {
  APIUserAbortError,
  ClinicError,
  ConfigurationError,
  namedFacts,
  ReadBackError,
  ResponseValidationError,
  ValidationError,
  withIdempotencyKey,
} from '../core/errors/index.ts';
import type { ErrorEvent, RequestEvent } from '../core/hooks.ts';
import { outcomeOf } from '../core/outcome.ts';
import type { AppointmentCreateOptions } from '../core/request-options.ts';
import { type OperationRow, pathOf } from '../operations.ts';
import { issuesToFields } from '../schemas/errors.ts';
import { IdempotencyKey } from '../schemas/fields/index.ts';
import { type Answer, Attempt, classify, urlPath } from './attempt.ts';
import { parseBody } from './body.ts';
import { givenHeaders, type Headerish, KEY_HEADER, withUserAgent } from './headers.ts';
import { Observer, requestIdOf } from './observe.ts';
import { MAX_RETRIES_LIMIT, MAX_TIMEOUT_MS } from './options.ts';
import { parseInput, type RawResponse, type RequestPath, type RetryContext } from './request.ts';
import { checkNumber } from './utils.ts';
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER, templateOf } from './wire.ts';

type Given = AppointmentCreateOptions | undefined;
/** The verb of a call's last line, by its outcome. */
const VERDICT = { failure: 'failed', refusal: 'refused', cancelled: 'cancelled' } as const;
type CallOptions = Options & { headers?: Headerish };

/** A single-object call of `row`: its id and body checked (a `ValidationError` sends nothing),
 * sent, its answer checked or, after a write that does not return the record, read back. */
export async function callObject(
  path: RequestPath,
  row: OperationRow,
  given: { id?: unknown; body?: unknown; options?: Given },
): Promise<CallResult<unknown>> {
  const id = row.id ? parseInput(row.id.schema, given.id, 'id', 'id') : undefined;
  const body = row.input ? parseInput(row.input, given.body, 'body') : undefined;
  const call = new Call(path, row, given.options);
  return call.run(async () => {
    const raw = await call.send(row, pathOf(row, id), undefined, body);
    const checked = path.check(row, raw.body, !!row.readBack, raw.trace);
    let data: unknown;
    if (checked.ok) data = checked.data;
    else if (row.readBack) data = await call.readBack(row.readBack, pathOf(row.readBack, id), raw);
    else throw new ResponseValidationError(checked.paths, raw.method, raw.path);
    const { response, text, idempotencyKey, replayed } = raw;
    return { data, response, text, idempotencyKey, replayed };
  });
}

/** One page of a list as a call: GET `target` (a path, or an absolute URL checked), then `read`
 * (a page that fails its check fails the call). */
export async function callPage<P extends { response: Response }>(
  path: RequestPath,
  row: OperationRow,
  options: Given,
  target: string,
  query: Record<string, unknown> | undefined,
  read: (raw: RawResponse) => P,
): Promise<P> {
  const call = new Call(path, row, options);
  return call.run(async () => read(await call.send(row, target, query)));
}

/** One call: every request a public method sends, read-back included, and its outcome. */
class Call {
  readonly #path: RequestPath;
  readonly #first: OperationRow;
  readonly #started = Date.now();
  readonly #key: string | undefined;
  readonly #signal: AbortSignal | undefined;
  readonly #limit: number;
  readonly #observer: Observer | undefined;
  /** What each request passes ky besides its own method, body, query and fetch. */
  readonly #options: CallOptions = {};
  #id: string | undefined;
  /** The attempts of every request so far. */
  #attempts = 0;
  /** The latest attempt, and its answer (none while it runs, nor when it got none). */
  #attempt: Attempt | undefined;
  #answer: Answer | undefined;

  /** @throws {@link ConfigurationError} or {@link ValidationError} for an option that cannot be
   * sent (no hook fires: nothing was sent). */
  constructor(path: RequestPath, row: OperationRow, given: Given = {}) {
    this.#path = path;
    this.#first = row;
    const { headers, key: headerKey } = given.headers
      ? givenHeaders(given.headers, "the call's headers")
      : { headers: undefined, key: undefined };
    if (!row.replay && (given.idempotencyKey !== undefined || headerKey !== undefined)) {
      throw new ConfigurationError(
        'only appointments.create takes an Idempotency-Key; the spec gives none to other calls ' +
          `(${row.method} ${templateOf(row)}), and nothing there would deduplicate a ` +
          'replay. Remove idempotencyKey (and any Idempotency-Key header) from its options.',
      );
    }
    if (row.replay) {
      const key = given.idempotencyKey ?? headerKey ?? uuidv4();
      const checked = IdempotencyKey.safeParse(key);
      if (!checked.success) {
        const fields = issuesToFields(checked.error.issues, IDEMPOTENCY_HEADER);
        throw new ValidationError(fields, IDEMPOTENCY_HEADER);
      }
      this.#key = key;
    }
    const { signal, maxRetries, timeout } = given;
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new ConfigurationError(
        `signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); ` +
          `got ${signal === null ? 'null' : typeof signal}. Nothing was sent.`,
      );
    }
    this.#signal = signal;
    this.#limit =
      maxRetries === undefined
        ? path.config.maxRetries
        : checkNumber('maxRetries', maxRetries, 0, MAX_RETRIES_LIMIT, true);
    // Only what the call has: ky merges each option it is passed, on every request.
    const options = this.#options;
    if (signal) options.signal = signal;
    if (timeout !== undefined) options.timeout = checkNumber('timeout', timeout, 1, MAX_TIMEOUT_MS);
    if (headers && 'user-agent' in headers) withUserAgent(headers, path.userAgent);
    if (headers || this.#key) options.headers = { ...headers, [KEY_HEADER]: this.#key };
    const telemetry = path.telemetryFor(given.hooks);
    this.#observer = telemetry && new Observer(telemetry, row, this.id, given.hooks);
  }

  /** The call's id, shared by its hook events, log lines and spans; drawn when first needed. */
  get id(): string {
    this.#id ??= globalThis.crypto.randomUUID();
    return this.#id;
  }

  /** Runs `work`, the call's requests, and reports the outcome once, whatever it sent. */
  async run<T extends { response: Response; replayed?: boolean }>(
    work: () => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      throw this.#fail(error);
    }
    this.#observer?.succeed({
      ...this.#facts(result.response),
      status: result.response.status,
      replayed: result.replayed === true,
      outcome: 'success',
    });
    return result;
  }

  /** Sends one request of `row` (a read-back's after a write) by its retry policy: the 2xx answer,
   * or a typed error. `target` is under the API root, or an absolute URL checked. */
  async send(
    row: OperationRow,
    target: string,
    query?: Record<string, unknown>,
    body?: unknown,
  ): Promise<RawResponse> {
    const path = this.#path;
    const json = JSON.stringify(body); // `undefined` for no body
    let sent = 0;
    const options: Options = {
      ...this.#options,
      fetch: (request) => this.#try(request as Request, row, json, ++sent),
    };
    if (row.method !== 'GET') options.method = row.method;
    const retry = path.retryFor(row.retry, this.#limit);
    if (retry) options.retry = retry;
    if (json !== undefined) {
      options.headers = { ...this.#options.headers, 'content-type': 'application/json' };
    }
    if (query) {
      // ky leaves `undefined` out; `null` is sent empty, not as `null`.
      const entries = Object.entries(query).map(([k, v]) => [k, v === null ? '' : v]);
      options.searchParams = Object.fromEntries(entries) as Record<string, string>;
    }
    if (this.#observer) {
      options.context = {
        retrying: (error, n) => this.#retrying(row, error, n),
      } satisfies RetryContext;
    }
    if (this.#signal?.aborted) throw new APIUserAbortError();
    const url = target.includes('://') ? target : `${path.apiRoot.href}${target}`;
    try {
      const response = await (this.#observer ? path.kyObserved : path.ky)(url, options);
      const { text, bytes } = this.#answer as Answer;
      const sentTo = (this.#attempt as Attempt).url;
      return {
        response,
        text,
        bytes,
        body: parseBody(text),
        idempotencyKey: this.#key,
        replayed: response.headers.get(REPLAYED_HEADER)?.toLowerCase() === 'true',
        method: row.method,
        path: urlPath(sentTo),
        url: sentTo,
        trace: this.#observer?.trace(),
      };
    } catch (error) {
      throw this.#classify(error, row).error;
    }
  }

  /** After a write whose 2xx body was not the record: GET `target` with `row`, within the same
   * call. Any failure is a `ReadBackError`: the write was made. */
  async readBack(row: OperationRow, target: string, write: RawResponse): Promise<unknown> {
    try {
      const fresh = await this.send(row, target);
      const checked = this.#path.check(row, fresh.body, false, fresh.trace);
      if (checked.ok) return checked.data;
      throw new ResponseValidationError(checked.paths, fresh.method, fresh.path);
    } catch (error) {
      const headers = this.#path.redactor.headers(write.response.headers);
      throw new ReadBackError(write, `${this.#path.apiRoot.pathname}${target}`, error, headers);
    }
  }

  /** ky waited after the failed attempt of `row` (`error`) and is about to send retry `retry`. */
  #retrying(row: OperationRow, error: unknown, retry: number): void {
    const attempt = this.#attempt as Attempt;
    // ky gave up on it at its timeout though its signal did not say so: a retried Request's
    // clone may stop following ky's signal (nodejs/undici#4068).
    attempt.endedAt ||= Math.min(Date.now(), attempt.startedAt + this.#timeout);
    const status = this.#answer?.response.status;
    const event = {
      ...this.#event(row, this.#attempts + 1),
      // The wait ky took: from the failed attempt's end to now, whichever header set it.
      delayMs: Date.now() - attempt.endedAt,
      errorType: this.#classify(error, row).type,
      ...(status === undefined ? {} : { status }),
    };
    // Only an observed request has a `beforeRetry` hook (`kyObserved`).
    this.#observer!.retry(event, attempt.endedAt - attempt.startedAt, retry, this.#limit);
  }

  /** The `fetch` ky calls for each attempt of a request of `row`, the `sent`th of it. */
  async #try(request: Request, row: OperationRow, body: string | undefined, sent: number) {
    const number = ++this.#attempts;
    const attempt = new Attempt(request.url);
    this.#attempt = attempt;
    this.#answer = undefined;
    const observer = this.#observer;
    observer?.attempt(this.#event(row, number), attempt.url, sent - 1, request.headers);
    const answer = await attempt.run(request, {
      fetch: this.#path.fetch(),
      body,
      cap: this.#path.config.maxResponseBytes,
      caller: this.#signal,
      around: observer && ((fetch) => observer.send(fetch)),
    });
    // An attempt ky gave up on without its signal saying so (see #retrying) may answer once the
    // next has started: its answer is not the call's.
    if (attempt !== this.#attempt) return answer.response;
    this.#answer = answer;
    const { response } = answer;
    observer?.answered({
      ...this.#event(row, number),
      status: response.status,
      durationMs: attempt.endedAt - attempt.startedAt,
      ...requestIdOf(response, this.#path.redactor.text),
    });
    return response;
  }

  /** The per-attempt timeout, in ms: the call's, else the client's. */
  get #timeout(): number {
    return (this.#options.timeout as number | undefined) ?? this.#path.config.timeout;
  }

  #event(row: OperationRow, attempt: number): RequestEvent {
    return {
      callId: this.id,
      operation: this.#first.name,
      method: row.method,
      path: templateOf(row),
      attempt,
      ...(this.#key === undefined ? {} : { idempotencyKey: this.#key }),
    };
  }

  /** The facts of the call's end, for `onSuccess`, `onError` and the error line. */
  #facts(response: Response | undefined) {
    return {
      callId: this.id,
      operation: this.#first.name,
      method: this.#first.method,
      path: templateOf(this.#first),
      attempts: this.#attempts,
      durationMs: Date.now() - this.#started,
      ...(response ? requestIdOf(response, this.#path.redactor.text) : {}),
      ...(this.#key === undefined ? {} : { idempotencyKey: this.#key }),
    };
  }

  /** The call rejects with `error`: `onError`, its span, metrics and its last line (`error` for a
   * failure, `info` for a refusal or a cancel). The error. */
  #fail(error: unknown): unknown {
    if (!(error instanceof ClinicError)) return error;
    // Once anything was sent, the key is what lets the caller replay instead of booking twice.
    const final = this.#attempts > 0 ? withIdempotencyKey(error, this.#key) : error;
    const response = this.#answer?.response;
    const status = final instanceof APIUserAbortError ? undefined : response?.status;
    const outcome = outcomeOf(final);
    const event: ErrorEvent = {
      ...this.#facts(response),
      attempt: this.#attempts,
      errorType: final.name,
      outcome,
      error: final,
      ...(status === undefined ? {} : { status }),
    };
    const attempt = this.#attempt;
    this.#observer?.fail(event, attempt ? attempt.endedAt - attempt.startedAt : 0);
    const { error: _, ...facts } = event;
    const named = namedFacts(final);
    const said = [status, named.code ?? named.fields?.join(', ')].filter((x) => x !== undefined);
    // A refusal is the caller's to handle, a cancel its own doing: below `warn`.
    this.#path.config.logger[outcome === 'failure' ? 'error' : 'info'](
      `clinic-scheduling: ${event.method} ${event.path} ${VERDICT[outcome]}: ` +
        `${event.errorType}${said.length > 0 ? ` (${said.join(': ')})` : ''} after ` +
        `${event.attempts} attempt(s).`,
      { ...facts, ...named, ...this.#observer?.trace() },
    );
    return final;
  }

  /** What ky's failure of a request of `row` is: the SDK error, and its `error.type`. */
  #classify(error: unknown, row: OperationRow) {
    if (this.#signal?.aborted) return { error: new APIUserAbortError(), type: 'APIUserAbortError' };
    return classify(error, {
      row,
      url: this.#attempt?.url,
      text: this.#answer?.text ?? '',
      idempotencyKey: this.#key,
      timeout: this.#timeout,
      redactor: this.#path.redactor,
    });
  }
}
