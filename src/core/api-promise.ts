/**
 * {@link APIPromise}: what single-object methods return.
 *
 * @module
 */
import { withBody } from '../internal/attempt.ts';
import { requestIdFrom } from './errors.ts';

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The parsed (and, by default, validated) result. */
  data: T;
  /** The raw `Response` (its body already read). */
  response: Response;
  /**
   * The `x-request-id` (or `request-id`) response header, when the service sent one: quote it
   * when you report a problem to the clinic's support.
   */
  requestId: string | undefined;
  /** The `Idempotency-Key` sent with the request (create calls), else `undefined`. */
  idempotencyKey: string | undefined;
  /** `true` when the service answered `Idempotent-Replayed: true` (a replay of an earlier create). */
  replayed: boolean;
}

/**
 * @internal What the client resolves an {@link APIPromise} with: all but the derived members,
 * and the body's text as read, for {@link APIPromise.asResponse}.
 */
export type CallResult<T> = Omit<WithResponse<T>, 'requestId'> & { text: string };

/**
 * A `Promise<T>` with two more methods: {@link APIPromise.withResponse} and
 * {@link APIPromise.asResponse}. Await it (or use `then`, `catch`, `finally`, which have the
 * signatures of `Promise<T>`) for the result.
 *
 * @example
 * ```ts
 * const appointment = await clinic.appointments.retrieve(id);
 * const { data, response, requestId, idempotencyKey, replayed } = await clinic.appointments
 *   .create(body)
 *   .withResponse();
 * const name = await clinic.rooms.retrieve(1).then((room) => room.name).catch((e: Error) => e.message);
 * ```
 */
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

  /**
   * Resolves to the result together with the raw response, the request id and the idempotency
   * details. Rejects as awaiting the promise would.
   */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner.then(({ data, response, idempotencyKey, replayed }) => ({
      data,
      response,
      requestId: requestIdFrom(response.headers),
      idempotencyKey,
      replayed,
    }));
  }

  /**
   * Resolves to the `Response` of the call, once it succeeded and its body was checked, with
   * its body unread: `await response.json()` or `.text()` gives the bytes as the service sent
   * them (each call of `asResponse()` gives a fresh copy). Status, status text, headers and
   * `url` are the original's. After a PATCH or cancel answered without the record, it is the
   * response of the write, not of the read-back.
   *
   * @example
   * ```ts
   * const response = await clinic.rooms.retrieve(1).asResponse();
   * const raw: unknown = await response.json();
   * ```
   */
  asResponse(): Promise<Response> {
    return this.#inner.then((r) => withBody(r.response, r.text));
  }

  #result(): Promise<T> {
    this.#data ??= this.#inner.then((r) => r.data);
    return this.#data;
  }

  // The three signatures below are those of Promise<T> in TypeScript's lib, `reason: any`
  // included, so that code written for a Promise (`.catch((e: Error) => ...)`) compiles.

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
