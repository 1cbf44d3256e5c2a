/**
 * The options every method takes as its last argument, and the one option only
 * `appointments.create` takes.
 *
 * Every member accepts `undefined` explicitly (`timeout?: number | undefined`), so a project
 * with `exactOptionalPropertyTypes` can pass a value that may be absent (`{ timeout:
 * cfg.timeout }`); `undefined` means "not given": the client's setting applies.
 *
 * @module
 */
import type { ListQuery } from '../schemas/fields/index.ts';
import type { Hooks } from './hooks.ts';

/** Options every method takes as its last argument. They override the client's for one call. */
export interface RequestOptions {
  /** Per-attempt timeout in milliseconds (default: the client's, 30 000). */
  timeout?: number | undefined;
  /** How many times a failed request may be retried (default: the client's, 2). */
  maxRetries?: number | undefined;
  /**
   * Aborts the call, including any retry wait: the call rejects with `APIUserAbortError`. Any
   * other value than an `AbortSignal` is refused with a `ConfigurationError`, nothing sent.
   */
  signal?: AbortSignal | undefined;
  /**
   * Extra request headers. `Authorization` cannot be overridden here. A value HTTP cannot carry
   * (a line break, a control character, a character beyond Latin-1) is refused with
   * `ConfigurationError` before anything is sent.
   */
  headers?: Record<string, string> | undefined;
  /** Hooks for this call, called after the client's own (see {@link Hooks}). */
  hooks?: Hooks | undefined;
}

/**
 * The options of a list call: {@link RequestOptions} and `extraQuery`, the one way to send a
 * query parameter the spec does not show (the list's typed query takes only the spec's
 * filters).
 */
export interface ListRequestOptions extends RequestOptions {
  /**
   * Query parameters sent as given, on the first page (the next pages follow the service's
   * `next` links, which carry them on): a filter or page size your service documents beyond
   * the spec, such as `{ page_size: 100 }`. The SDK cannot tell whether the service honours
   * one: a service that ignores a filter returns every item, so check what comes back. A key
   * also in the typed query is taken from here. `undefined` leaves a key out; `null` sends it empty.
   */
  extraQuery?: ListQuery | undefined;
}

/** The options of `appointments.create`: {@link RequestOptions} and the `Idempotency-Key`. */
export interface AppointmentCreateOptions extends RequestOptions {
  /**
   * The `Idempotency-Key` (at most 255 characters, text a header carries unchanged). By default
   * a uuid v4 is made once per call and reused on every retry. Pass the key of an earlier call
   * (`err.idempotencyKey`) to replay it: the service returns the appointment that call created,
   * if any, and books nothing twice.
   */
  idempotencyKey?: string | undefined;
}
