/** Per-call options. Each member takes an explicit `undefined` (`exactOptionalPropertyTypes`),
 * meaning "not given": the client's setting applies. @module */
import type { ListQuery } from '../schemas/fields/index.ts';
import type { Hooks } from './hooks.ts';

/** Options every method takes as its last argument. They override the client's for one call. */
export interface RequestOptions {
  /** Per-attempt timeout in milliseconds (default: the client's, 30 000). */
  timeout?: number | undefined;
  /** How many times a failed request may be retried (default: the client's, 2). */
  maxRetries?: number | undefined;
  /** Aborts the call, retry waits included, with `APIUserAbortError`. */
  signal?: AbortSignal | undefined;
  /** Extra headers, not `Authorization`; a value HTTP cannot carry is a `ConfigurationError`. */
  headers?: Record<string, string> | undefined;
  /** Hooks for this call, called after the client's own (see {@link Hooks}). */
  hooks?: Hooks | undefined;
}

/** A list call's options: {@link RequestOptions} and `extraQuery`, for unspecified parameters. */
export interface ListRequestOptions extends RequestOptions {
  /** Sent as given on the first page (`next` links carry them on), e.g. `{ page_size: 100 }`; a
   * service may ignore one. Wins over the typed query; `undefined` omits, `null` sends empty. */
  extraQuery?: ListQuery | undefined;
}

/** The options of `appointments.create`: {@link RequestOptions} and the `Idempotency-Key`. */
export interface AppointmentCreateOptions extends RequestOptions {
  /** At most 255 header-safe characters; default: a uuid v4 per call, reused on retries. Pass an
   * earlier call's `err.idempotencyKey` to replay it: nothing is booked twice. */
  idempotencyKey?: string | undefined;
}
