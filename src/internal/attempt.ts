/**
 * One attempt, as the `fetch` that ky calls: what ky's request path does not do for this SDK.
 *
 * - **The body inside the timeout.** ky's `timeout` stops at the response headers; a body read
 *   afterwards is timed out only through ky's shortcut methods, and that timeout is never
 *   retried. The body is read here, inside the `fetch` ky times, so `timeout` bounds the whole
 *   attempt and a body that stalls is retried like a connection that stalls.
 * - **Abort whatever the fetch.** A custom `fetch` may ignore the signal: the body read stops
 *   at the abort all the same. The caller's own signal is relayed too: ky sends a retry as a
 *   clone of its Request, whose signal undici may untie from the caller's (nodejs/undici#4068).
 * - **No redirect is followed** (`redirect: 'manual'`): neither the body nor the key leaves for
 *   another origin or for a path outside the API; a redirect rejects with a {@link ClinicError}.
 * - **The SDK's own headers and body.** ky's `Request` carries the URL and method only: the
 *   key never sits in ky's `Request` nor in its errors, and the `fetch` in use is called as
 *   `fetch(url, init)` with the prepared headers and body, not with a copy of ky's `Request`.
 *
 * Not API: nothing here is exported by an entry point (see src/internal/README.md).
 *
 * @module
 */
import type { Input } from 'ky';
import { APIConnectionError, ClinicError } from '../core/errors.ts';
import { redactHeaders } from '../core/logger.ts';
import type { CallObserver } from './observe.ts';
import { errorCode } from './redact.ts';
import { BodyOverCapError, isTypeError } from './retry.ts';

/** One call, checked and ready to send: fixed before the first attempt, never written after. */
export interface Call {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** The largest body read, in bytes (the client's `maxResponseBytes`). */
  readonly maxResponseBytes: number;
  /** The caller's signal, if any. */
  readonly signal: AbortSignal | undefined;
  /** Hooks, log lines and spans of the call. */
  readonly observer: CallObserver;
}

/**
 * The `fetch` ky calls for each attempt of `call`: sends with `send` (looked up per attempt, so
 * that MSW started after the client intercepts), reads the body, and gives ky the answer with
 * that body in memory. Tells the call's observer of each attempt and answer; with `debug`, its
 * log lines carry the headers (key redacted).
 */
export function attemptFetch(
  call: Call,
  send: () => typeof fetch,
  debug: boolean,
): (input: Input) => Promise<Response> {
  return async (input) => {
    // ky always passes its Request here; its signal is the caller's joined to ky's timeout.
    const { signal } = input as Request;
    call.observer.request(debug ? redactHeaders(call.headers) : undefined);
    // The abort reaches fetch a microtask later: aborting undici from within ky's timer callback,
    // while a mocked socket (MSW's interceptor) streams a body, trips an internal assertion of
    // undici's that surfaces as an uncaught exception.
    // The signal is this attempt's own (that of ky's Request): an abort after the attempt
    // ended does nothing, so its listener needs no removing. It is already aborted when the
    // caller aborts in the same tick as the call.
    const relay = new AbortController();
    if (signal.aborted) relay.abort(signal.reason);
    else signal.addEventListener('abort', () => queueMicrotask(() => relay.abort(signal.reason)));
    // ky 2 still sends a retry as a clone of its Request, whose signal undici may stop tying to
    // the caller's once the original is collected (nodejs/undici#4068): the caller's signal is
    // listened to as well, and that listener removed when the attempt ends.
    const caller = call.signal;
    const callerAbort = () => queueMicrotask(() => relay.abort(caller?.reason));
    caller?.addEventListener('abort', callerAbort);
    let text: string | undefined;
    let response: Response;
    try {
      response = await send()(call.url.href, {
        method: call.method,
        headers: call.headers,
        body: call.body,
        signal: relay.signal,
        redirect: 'manual',
      });
      if (isRedirect(response)) {
        response.body?.cancel().catch(() => {});
        throw redirectError(call, response);
      }
      text = await readText(response, relay.signal, call.maxResponseBytes).catch(
        cutOff(call, response),
      );
    } finally {
      caller?.removeEventListener('abort', callerAbort);
    }
    call.observer.response(response, debug);
    // A non-2xx answer over the cap is still its status: an APIError without a body.
    return withBody(response, text ?? '');
  };
}

/** Statuses whose `Response` may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A copy of `response` (status, status text, headers, `url`) whose unread body is `text`: what
 * ky reads its body from, and what `asResponse()` gives, so the network is read once.
 */
export function withBody(response: Response, text: string): Response {
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    // Copied pair by pair: `new Headers(headers)` of another realm's Headers (MSW's, say) may
    // drop entries.
    headers: [...response.headers],
  });
  // `url` is not a constructor option; users read it to tell which URL answered.
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

/**
 * Handles a failed body read: after a 2xx status, the service has answered, so a network
 * failure while the body is read means the request may have been processed (for
 * `patients.create`, the difference between a retry and a duplicate patient); the error says
 * so. A 2xx body over `maxResponseBytes` says so too, and is never retried. Anything else (an
 * abort, a non-2xx, a custom fetch's bug) is rethrown to the transport, which maps it.
 */
function cutOff(call: Call, response: Response): (error: unknown) => never {
  return (error) => {
    if (error instanceof OverCap) {
      throw new BodyOverCapError(
        `${call.method} ${call.url.pathname} was answered ${response.status}, but its body is ` +
          `over maxResponseBytes (${call.maxResponseBytes} bytes), so the SDK stopped reading ` +
          'it: the request may have been processed. Raise maxResponseBytes (a client option), ' +
          'or ask for less (a smaller limit).',
      );
    }
    if (!response.ok || !isTypeError(error)) throw error;
    throw new APIConnectionError(
      `${call.method} ${call.url.pathname} was answered ${response.status}, but the body was cut ` +
        `off before its end${failureReason(error)}: the request may have been processed. Read ` +
        'the record back before sending it again.',
      { cause: error },
    );
  };
}

/**
 * Why a request failed, for a message: ` (<message>: <code>)` of the underlying error, the
 * first `code` along its cause chain (`ECONNREFUSED`, `ENOTFOUND`...; undici puts it one level
 * down) added when the message does not hold it; empty when there is neither. A URL in the
 * message (Deno's fetch names it) keeps its origin and path only: a list's query may hold a
 * CPF or a name, and a URL's credentials are secrets.
 */
export function failureReason(cause: unknown): string {
  const reasons: string[] = [];
  if (cause instanceof Error && cause.message) reasons.push(pathsOnly(cause.message));
  const code = errorCode(cause);
  if (code !== undefined && !reasons.some((r) => r.includes(code))) reasons.push(code);
  return reasons.length > 0 ? ` (${reasons.join(': ')})` : '';
}

/** `text` with each URL cut to its origin and path: no credentials, query or fragment. */
function pathsOnly(text: string): string {
  return text.replace(
    /\b([a-z][\w+.-]*:\/\/)(?:[^\s/?#@]*@)?([^\s?#]*)(?:[?#][^\s)'"]*)?/gi,
    '$1$2',
  );
}

/** Whether `response` asks to be redirected (a browser's `manual` mode hides the status). */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECTS.has(response.status);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The error of a redirect: its status and the origin it points at, never the rest of the
 * `Location` (its path or query may hold anything).
 */
function redirectError(call: Call, response: Response): ClinicError {
  let target = 'an address the answer does not give';
  try {
    const location = response.headers.get('location');
    if (location !== null) target = new URL(location, call.url).origin;
  } catch {
    // an unreadable Location: named as not given
  }
  const status = response.type === 'opaqueredirect' ? 'a redirect' : String(response.status);
  return new ClinicError(
    `${call.method} ${call.url.pathname} was answered ${status}, redirecting to ${target}. ` +
      'The SDK does not follow redirects, so no request body and no API key leave for another ' +
      'address. If the service moved, update baseUrl.',
  );
}

/**
 * Reads a body's text as a stream, at most `cap` bytes: once over (or at once when its
 * `Content-Length` says so), reading stops and the stream is cancelled, so memory stays bounded
 * whatever the answer's size. Resolves with `undefined` for a non-2xx answer over the cap (its
 * status is what counts); rejects with {@link OverCap} after a 2xx over the cap. Stops as
 * soon as `signal` aborts (the attempt's timeout or the caller's abort), even when the `fetch`
 * in use does not tie the body to the request's signal.
 */
async function readText(
  response: Response,
  signal: AbortSignal,
  cap: number,
): Promise<string | undefined> {
  // Aborted while a fetch that ignores the signal was answering: its body is not read.
  if (signal.aborted) {
    response.body?.cancel().catch(() => {});
    throw signal.reason;
  }
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  // The signal is this attempt's own: an abort after the read ended cancels a finished reader.
  signal.addEventListener('abort', () => reader.cancel(signal.reason).catch(() => {}));
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    if (declared > cap || size > cap) {
      reader.cancel().catch(() => {});
      if (response.ok) throw new OverCap();
      return undefined;
    }
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason;
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  // Decoded once, at the end: no string is rebuilt per chunk.
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** A 2xx body over `maxResponseBytes`; {@link cutOff} turns it into the call's error. */
class OverCap extends Error {}
