/** {@link APIPromise}: what single-object methods return. @module */
import { requestIdFrom } from './errors/index.ts';

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The parsed (and, by default, validated) result. */
  data: T;
  /** The raw `Response` (its body already read). */
  response: Response;
  /** The `x-request-id` (or `request-id`) response header: quote it to the clinic's support. */
  requestId: string | undefined;
  /** The `Idempotency-Key` sent with the request (create calls), else `undefined`. */
  idempotencyKey: string | undefined;
  /** `true` when the service answered `Idempotent-Replayed: true` (an earlier create replayed). */
  replayed: boolean;
}

/** @internal {@link WithResponse} less derived members, plus the body text for `asResponse`. */
export type CallResult<T> = Omit<WithResponse<T>, 'requestId'> & { text: string };

/** A `Promise<T>` with {@link APIPromise.withResponse} and {@link APIPromise.asResponse}. */
export class APIPromise<T> extends Promise<T> {
  #inner: Promise<CallResult<T>>;
  #data: Promise<T> | undefined;

  /** @internal */
  constructor(inner: Promise<CallResult<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#inner = inner;
  }

  /** `then`, `catch` and `finally` return plain promises, not APIPromises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The result with the raw response, request id and idempotency details. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner.then(({ data, response, idempotencyKey, replayed }) => ({
      data,
      response,
      requestId: requestIdFrom(response.headers),
      idempotencyKey,
      replayed,
    }));
  }

  /** The checked `Response` with a fresh unread copy of its body, as sent. After a PATCH or cancel
   * answered without the record, the write's response, not the read-back's. */
  asResponse(): Promise<Response> {
    return this.#inner.then((r) => withBody(r.response, r.text));
  }

  #result(): Promise<T> {
    this.#data ??= this.#inner.then((r) => r.data);
    return this.#data;
  }

  // Promise<T>'s own signatures (`reason: any`), so `.catch((e: Error) => ...)` compiles.

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise by design.
  override then<TResult1 = T, TResult2 = never>(
    onfulfilled?: ((value: T) => TResult1 | PromiseLike<TResult1>) | null | undefined,
    // biome-ignore lint/suspicious/noExplicitAny: the signature of Promise<T>.then.
    onrejected?: ((reason: any) => TResult2 | PromiseLike<TResult2>) | null | undefined,
  ): Promise<TResult1 | TResult2> {
    return this.#result().then(onfulfilled, onrejected);
  }

  override catch<TResult = never>(
    // biome-ignore lint/suspicious/noExplicitAny: the signature of Promise<T>.catch.
    onrejected?: ((reason: any) => TResult | PromiseLike<TResult>) | null | undefined,
  ): Promise<T | TResult> {
    return this.#result().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null | undefined): Promise<T> {
    return this.#result().finally(onfinally);
  }
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** A copy of `response` whose unread body is `text`. */
function withBody(response: Response, text: string): Response {
  const copy = new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    // Pair by pair: `new Headers(headers)` of MSW's patched Headers drops entries.
    headers: [...response.headers],
  });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
