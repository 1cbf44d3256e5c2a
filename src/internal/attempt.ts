/**
 * The `fetch` ky calls: the body read within ky's `timeout` (a stalled body is retried), no
 * redirect followed, and the key never in ky's `Request` (URL and method only). @module
 */
import type { Input } from 'ky';
import { APIConnectionError, ClinicError } from '../core/errors.ts';
import { redactHeaders } from '../core/logger.ts';
import { OverCap, readText } from './body.ts';
import type { CallObserver } from './observe.ts';
import { errorCode } from './redact.ts';
import { BodyOverCapError, isTypeError } from './retry.ts';

/** One call, checked and ready to send: fixed before the first attempt, never written after. */
export interface Call {
  readonly method: string;
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  readonly maxResponseBytes: number;
  readonly signal: AbortSignal | undefined;
  readonly observer: CallObserver;
}

/** The `fetch` ky calls per attempt; `send` is looked up each time, for MSW started later. */
export function attemptFetch(
  call: Call,
  send: () => typeof fetch,
  debug: boolean,
): (input: Input) => Promise<Response> {
  return async (input) => {
    const { signal } = input as Request;
    call.observer.request(debug ? redactHeaders(call.headers) : undefined);
    // A microtask later: aborting undici from ky's timer callback while MSW streams a body
    // trips an assertion of undici's. The signal is this attempt's own: no listener to remove.
    const relay = new AbortController();
    if (signal.aborted) relay.abort(signal.reason);
    else signal.addEventListener('abort', () => queueMicrotask(() => relay.abort(signal.reason)));
    // ky 2 still retries with a clone of its Request, whose signal undici may untie from the
    // caller's after a GC (nodejs/undici#4068): the caller's signal is listened to as well.
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

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A copy of `response` whose unread body is `text`: for ky, and for each `asResponse()`. */
export function withBody(response: Response, text: string): Response {
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    // Pair by pair: `new Headers(headers)` of MSW's patched Headers drops entries.
    headers: [...response.headers],
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

/** A failed body read after a 2xx: the error says the request may have been processed. */
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

/** Whether `response` redirects (a browser's `manual` mode hides the status). */
function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || REDIRECTS.has(response.status);
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A redirect's error: its status and target origin, never the rest of `Location`. */
function redirectError(call: Call, response: Response): ClinicError {
  let target = 'an address the answer does not give';
  try {
    const location = response.headers.get('location');
    if (location !== null) target = new URL(location, call.url).origin;
  } catch {}
  const status = response.type === 'opaqueredirect' ? 'a redirect' : String(response.status);
  return new ClinicError(
    `${call.method} ${call.url.pathname} was answered ${status}, redirecting to ${target}. ` +
      'The SDK does not follow redirects, so no request body and no API key leave for another ' +
      'address. If the service moved, update baseUrl.',
  );
}
