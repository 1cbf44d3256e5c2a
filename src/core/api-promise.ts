/**
 * {@link APIPromise}: what single-object methods return.
 *
 * @module
 */

/** What {@link APIPromise.withResponse} resolves to. */
export interface WithResponse<T> {
  /** The parsed (and, by default, validated) result. */
  data: T;
  /** The raw `Response` (its body already read). */
  response: Response;
  /** The `Idempotency-Key` sent with the request (create calls), else `undefined`. */
  idempotencyKey: string | undefined;
  /** `true` when the service answered `Idempotent-Replayed: true` (a replay of an earlier create). */
  replayed: boolean;
}

/**
 * A `Promise<T>` with one more method: {@link APIPromise.withResponse}. Await it for the
 * result; call `withResponse()` for the raw response and idempotency details too.
 *
 * @example
 * ```ts
 * const appointment = await clinic.appointments.retrieve(id);
 * const { data, response, idempotencyKey, replayed } = await clinic.appointments
 *   .create(body)
 *   .withResponse();
 * ```
 */
export class APIPromise<T> extends Promise<T> {
  #inner: Promise<WithResponse<T>>;
  #data: Promise<T> | undefined;

  /** @internal */
  constructor(inner: Promise<WithResponse<T>>) {
    super((resolve) => resolve(undefined as T));
    this.#inner = inner;
  }

  /** `then`, `catch` and `finally` return plain promises, not APIPromises. */
  static override get [Symbol.species]() {
    return Promise;
  }

  /** Resolves to the result together with the raw response and idempotency details. */
  withResponse(): Promise<WithResponse<T>> {
    return this.#inner;
  }

  #result(): Promise<T> {
    this.#data ??= this.#inner.then((r) => r.data);
    return this.#data;
  }

  // biome-ignore lint/suspicious/noThenProperty: an APIPromise is a Promise by design.
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result().then(onfulfilled, onrejected);
  }

  override catch<R = never>(
    onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null,
  ): Promise<T | R> {
    return this.#result().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#result().finally(onfinally);
  }
}
