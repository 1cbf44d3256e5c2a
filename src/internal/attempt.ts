/**
 * One call's state and the `fetch` ky calls for each of its attempts: the caller's `fetch` as
 * `(url, init)`, the body read within ky's `timeout` (a stalled body is retried), no redirect
 * followed. @module
 */
import type { Input, Options } from 'ky';
import { APIConnectionError, ClinicError } from '../core/errors/index.ts';
import type { Hooks } from '../core/hooks.ts';
import type { OperationRow } from '../operations.ts';
import { OverCap, readText } from './body.ts';
import type { CallSpans, Observer } from './observe.ts';
import { errorCode } from './redact.ts';
import { BodyOverCapError, isTypeError } from './retry.ts';
import { templateOf } from './wire.ts';

/** What a call's attempts need from the client. */
export interface Sender {
  /** The `fetch` to send with, looked up per attempt (MSW may be started later). */
  fetch(): typeof fetch;
  readonly maxResponseBytes: number;
}

/** One call: every request a public method sends, read-back included. */
export class Call {
  /** The row being sent (the read-back's, during a read-back). */
  row: OperationRow;
  readonly first: OperationRow;
  readonly started = Date.now();
  readonly idempotencyKey: string | undefined;
  readonly signal: AbortSignal | undefined;
  readonly hooks: Hooks | undefined;
  readonly sender: Sender;
  /** Set only when something observes the call (a hook, a log level, OpenTelemetry). */
  readonly observer: Observer | undefined;
  readonly spans: CallSpans | undefined;
  #id: string | undefined;
  /** What the call passes ky (set by the transport), and the JSON body of the request sent. */
  options!: Options & {
    context: { call: Call; limit: number };
    headers?: Record<string, string | undefined>;
  };
  body: string | undefined;
  /** Attempts of every request so far, and of the one being sent. */
  attempts = 0;
  sent = 0;
  /** The URL of the latest attempt, and when it settled (`Date.now()`). */
  url = '';
  attemptStartedAt = 0;
  settledAt = 0;
  /** The latest answer: its status, request id, body text and size. */
  response: Response | undefined;
  text = '';
  bytes = 0;

  constructor(
    sender: Sender,
    row: OperationRow,
    idempotencyKey: string | undefined,
    signal: AbortSignal | undefined,
    hooks: Hooks | undefined,
    observer: Observer | undefined,
  ) {
    this.sender = sender;
    this.observer = observer;
    this.row = this.first = row;
    this.idempotencyKey = idempotencyKey;
    this.signal = signal;
    this.hooks = hooks;
    this.spans = observer?.start(this);
  }

  /** The call's id, shared by its hook events, log lines and spans. */
  get id(): string {
    this.#id ??= globalThis.crypto.randomUUID();
    return this.#id;
  }

  /** The path of the latest attempt, ids included: error messages name it. */
  get path(): string {
    const bare = this.url.split('?', 1)[0] as string;
    return bare.slice(bare.indexOf('/', bare.indexOf('//') + 2));
  }

  /** The sent row's path template, as hooks, logs and spans name it. */
  get template(): string {
    return templateOf(this.row);
  }

  /** The `fetch` ky calls per attempt, this call's: its state is read back by ky's hooks. */
  readonly fetch = async (input: Input): Promise<Response> => {
    const request = input as Request;
    const { signal } = request;
    this.attempts++;
    this.sent++;
    this.url = request.url;
    this.response = undefined;
    this.text = '';
    this.bytes = 0;
    this.attemptStartedAt = Date.now();
    const { observer } = this;
    const headers = observer ? observer.attempt(this, request) : request.headers;
    // A microtask later: aborting undici from ky's timer callback while MSW streams a body
    // trips an assertion of undici's. The signal is this attempt's own: no listener to remove.
    const relay = new AbortController();
    const abort = (reason: unknown) => {
      this.settledAt = Date.now();
      queueMicrotask(() => relay.abort(reason));
    };
    if (signal.aborted) relay.abort(signal.reason);
    else signal.addEventListener('abort', () => abort(signal.reason));
    // ky 2 retries with a clone of its Request, whose signal undici may untie from the caller's
    // after a GC (nodejs/undici#4068): the caller's signal is listened to as well.
    const caller = this.signal;
    const callerAbort = () => abort(caller?.reason);
    caller?.addEventListener('abort', callerAbort);
    let response: Response;
    try {
      const send = () =>
        this.sender.fetch()(request.url, {
          method: request.method,
          // A plain object, as before: wrappers spread or index `init.headers`.
          headers: Object.fromEntries(headers),
          body: this.body,
          signal: relay.signal,
          redirect: 'manual',
        });
      response = await (observer ? observer.send(this, send) : send());
      // A browser's `manual` mode hides the status.
      if (response.type === 'opaqueredirect' || REDIRECTS.has(response.status)) {
        response.body?.cancel().catch(() => {});
        throw this.#redirect(response);
      }
      const read = await readText(response, relay.signal, this.sender.maxResponseBytes).catch(
        this.#cutOff(response),
      );
      // A non-2xx answer over the cap is still its status: an APIError without a body.
      if (read) [this.text, this.bytes] = read;
    } finally {
      caller?.removeEventListener('abort', callerAbort);
      if (!signal.aborted) this.settledAt = Date.now();
    }
    this.response = response;
    observer?.answered(this, response);
    return response;
  };

  /** A failed body read after a 2xx: the error says the request may have been processed. */
  #cutOff(response: Response): (error: unknown) => never {
    const where = `${this.row.method} ${this.path} was answered ${response.status}, but`;
    return (error) => {
      if (error instanceof OverCap) {
        throw new BodyOverCapError(
          `${where} its body is over maxResponseBytes (${this.sender.maxResponseBytes} bytes), ` +
            'so the SDK stopped reading it: the request may have been processed. Raise ' +
            'maxResponseBytes (a client option), or ask for less (a smaller limit).',
        );
      }
      if (!response.ok || !isTypeError(error)) throw error;
      throw new APIConnectionError(
        `${where} the body was cut off before its end${failureReason(error)}: the request may ` +
          'have been processed. Read the record back before sending it again.',
        { cause: error },
      );
    };
  }

  /** A redirect's error: its status and target origin, never the rest of `Location`. */
  #redirect(response: Response): ClinicError {
    let target = 'an address the answer does not give';
    try {
      const location = response.headers.get('location');
      if (location !== null) target = new URL(location, this.url).origin;
    } catch {}
    const status = response.type === 'opaqueredirect' ? 'a redirect' : String(response.status);
    return new ClinicError(
      `${this.row.method} ${this.path} was answered ${status}, redirecting to ${target}. ` +
        'The SDK does not follow redirects, so no request body and no API key leave for ' +
        'another address. If the service moved, update baseUrl.',
    );
  }
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
