/**
 * One attempt of a request, run by the `fetch` ky calls: it sends through the client's `fetch` as
 * `(url, init)` with ky's headers as they are, refuses a redirect, reads the body within ky's
 * `timeout` (a stalled body is retried) and under `maxResponseBytes`, and returns its answer.
 * What it adds to a signal is removed when it ends. And what a failed request is. @module
 */
import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  ClinicError,
  makeAPIError,
} from '../core/errors/index.ts';
import type { OperationRow } from '../operations.ts';
import { errorBody, OverCap, readText } from './body.ts';
import { errorCode, type Redactor } from './redact.ts';
import { BodyOverCapError, isTypeError } from './retry.ts';

/** An attempt's answer, its body read (empty for a non-2xx over the cap). */
export interface Answer {
  response: Response;
  text: string;
  bytes: number;
}

/** What an attempt needs besides ky's `Request`: the client's `fetch` and cap, the body, the
 * caller's signal. */
export interface Sending {
  fetch: typeof fetch;
  body: string | undefined;
  cap: number;
  caller: AbortSignal | undefined;
  /** Runs the fetch, when observed: in the attempt span's context, tracing suppressed below. */
  around: (<T>(fetch: () => T) => T) | undefined;
}

/** One attempt: when it started and ended, and its run. */
export class Attempt {
  readonly url: string;
  readonly startedAt = Date.now();
  /** When it settled, or when ky gave up on it (its signal aborted); 0 until then. */
  endedAt = 0;

  constructor(url: string) {
    this.url = url;
  }

  /** The path sent, ids included, without the query: error messages name it. */
  get path(): string {
    return urlPath(this.url);
  }

  /** Sends `request` (ky's, whose signal ky aborts at its timeout) and reads the answer. */
  async run(request: Request, sending: Sending): Promise<Answer> {
    const { signal, method } = request;
    const { caller } = sending;
    // Aborted a microtask later: aborting undici from ky's timer callback while MSW streams a
    // body trips an assertion of undici's. ky retries with a clone of its Request, whose signal
    // undici may untie from the caller's after a GC (nodejs/undici#4068): the caller's signal is
    // listened to as well.
    const relay = new AbortController();
    // What stops the body read, a fetch that ignores its signal too.
    let stop!: (reason: unknown) => void;
    const stopped = new Promise<never>((_, reject) => {
      stop = reject;
    });
    stopped.catch(() => {});
    const abort = (reason: unknown) => {
      this.endedAt ||= Date.now();
      queueMicrotask(() => {
        relay.abort(reason);
        stop(reason);
      });
    };
    const onAbort = () => abort(signal.reason);
    const onCaller = () => abort(caller?.reason);
    if (signal.aborted) relay.abort(signal.reason);
    else signal.addEventListener('abort', onAbort);
    caller?.addEventListener('abort', onCaller);
    try {
      const send = () =>
        sending.fetch(this.url, {
          method,
          headers: request.headers,
          body: sending.body,
          signal: relay.signal,
          redirect: 'manual',
        });
      const response = await (sending.around ? sending.around(send) : send());
      if (!isResponse(response)) throw this.#notResponse(response, method);
      // A browser's `manual` mode hides the status.
      if (response.type === 'opaqueredirect' || REDIRECTS.has(response.status)) {
        response.body?.cancel().catch(() => {});
        throw this.#redirect(response, method);
      }
      if (relay.signal.aborted) {
        response.body?.cancel().catch(() => {});
        throw relay.signal.reason;
      }
      const read = await readText(response, sending.cap, stopped).catch((error: unknown) =>
        this.#cutOff(response, method, sending.cap, error),
      );
      // A non-2xx answer over the cap is still its status: an APIError without a body.
      return { response, text: read?.[0] ?? '', bytes: read?.[1] ?? 0 };
    } finally {
      signal.removeEventListener('abort', onAbort);
      caller?.removeEventListener('abort', onCaller);
      this.endedAt ||= Date.now();
    }
  }

  /** A failed body read after an answer: after a 2xx, the request may have been processed. */
  #cutOff(response: Response, method: string, cap: number, error: unknown): never {
    const where = `${method} ${this.path} was answered ${response.status}, but`;
    if (error instanceof OverCap) {
      throw new BodyOverCapError(
        `${where} its body is over maxResponseBytes (${cap} bytes), so the SDK stopped ` +
          'reading it: the request may have been processed. Raise maxResponseBytes (a client ' +
          'option), or ask for less (a smaller limit).',
      );
    }
    if (!response.ok || !isTypeError(error)) throw error;
    throw new APIConnectionError(
      `${where} the body was cut off before its end${failureReason(error)}: the request may ` +
        'have been processed. Read the record back before sending it again.',
      { cause: error },
    );
  }

  /** A custom fetch's bug: never retried, and not read as a network failure. */
  #notResponse(value: unknown, method: string): ClinicError {
    const got = value === null ? 'null' : typeof value === 'object' ? 'an object' : typeof value;
    return new ClinicError(
      `${method} ${this.path} failed: the fetch in use resolved with ${got}, not a Response, ` +
        'so it was not retried. Pass a fetch that resolves with a Response (fetch(url, init)).',
    );
  }

  /** A redirect's error: its status and target origin, never the rest of `Location`. */
  #redirect(response: Response, method: string): ClinicError {
    let target = 'an address the answer does not give';
    try {
      const location = response.headers.get('location');
      if (location !== null) target = new URL(location, this.url).origin;
    } catch {}
    const status = response.type === 'opaqueredirect' ? 'a redirect' : String(response.status);
    return new ClinicError(
      `${method} ${this.path} was answered ${status}, redirecting to ${target}. The SDK does ` +
        'not follow redirects, so no request body and no API key leave for another address. ' +
        'If the service moved, update baseUrl.',
    );
  }
}

/** What a failed request is classified by: its row, its latest attempt and answer. */
export interface Failed {
  row: OperationRow;
  /** The latest attempt's URL, when one was sent. */
  url: string | undefined;
  /** The latest answer's body text (`''` without one). */
  text: string;
  idempotencyKey: string | undefined;
  /** The per-attempt timeout, in ms. */
  timeout: number;
  redactor: Redactor;
}

/**
 * The one classifier of a ky failure: the SDK error it becomes, and its `error.type` (the
 * status for an answer, else the error's name), for the retry event and the call's error.
 */
export function classify(error: unknown, failed: Failed): { error: ClinicError; type: string } {
  const { method } = failed.row;
  const path = failed.url === undefined ? '' : urlPath(failed.url);
  const { redactor } = failed;
  if (isHTTPError(error)) {
    const { response } = error;
    const failure = makeAPIError({
      status: response.status,
      headers: redactor.headers(response.headers),
      body: redactor.parsed(failed.text, errorBody(failed.text)),
      method,
      path,
      idempotencyKey: failed.idempotencyKey,
      requiredScope: failed.row.scopeStated ? failed.row.scope : undefined,
    });
    return { error: failure, type: String(response.status) };
  }
  let failure: ClinicError;
  if (error instanceof ClinicError) {
    // Made by the attempt (a 2xx cut off or over maxResponseBytes): it says what happened.
    failure = error;
  } else if (isTimeoutError(error)) {
    failure = new APIConnectionTimeoutError(
      `${method} ${path} timed out after ${failed.timeout} ms (per attempt; raise \`timeout\` ` +
        'if the service is slow).',
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
  redactor.error(failure, failed.url ? new URL(failed.url) : undefined);
  return { error: failure, type: failure.name };
}

/** The path of `url`, without its origin and query. */
export function urlPath(url: string): string {
  const bare = url.split('?', 1)[0] as string;
  return bare.slice(bare.indexOf('/', bare.indexOf('//') + 2));
}

/** ` (<message>: <code>)` of a failure; a URL in it keeps origin and path (a query may hold a CPF). */
export function failureReason(cause: unknown): string {
  const reasons: string[] = [];
  if (cause instanceof Error && cause.message) reasons.push(pathsOnly(cause.message));
  const code = errorCode(cause);
  if (code !== undefined && !reasons.some((r) => r.includes(code))) reasons.push(code);
  return reasons.length > 0 ? ` (${reasons.join(': ')})` : '';
}

function pathsOnly(text: string): string {
  return text.replace(
    /\b([a-z][\w+.-]*:\/\/)(?:[^\s/?#@]*@)?([^\s?#]*)(?:[?#][^\s)'"]*)?/gi,
    '$1$2',
  );
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Whether `value` reads as a Response (another realm's, or undici's own, included). */
function isResponse(value: unknown): value is Response {
  const response = value as Response | null | undefined;
  return typeof response?.status === 'number' && typeof response.headers?.get === 'function';
}
