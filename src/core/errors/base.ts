/**
 * The errors every call can meet before or without an answer of the service: the base class,
 * configuration and input errors, connection failures, timeouts, aborts, and a write whose
 * read-back failed. The errors of a non-2xx answer are in `api.ts`.
 *
 * @module
 */

import { brandErrors, brandedName } from '../../internal/brand.ts';
import type { FieldErrors } from '../../schemas/errors.ts';

/** The base class of every error thrown by the SDK. Catch it to catch them all. */
export class ClinicError extends Error {
  /**
   * The class's name (`'SlotBlockedError'`...), from its `brandErrors` call, so it survives
   * minification. A class you derive from an SDK error keeps its parent's unless it sets its own.
   */
  declare name: string;
  /**
   * The Idempotency-Key the failed call sent; retry with `{ idempotencyKey: err.idempotencyKey }`
   * to replay instead of booking twice.
   *
   * Set on every error of an idempotent call (`appointments.create`) thrown once a request was
   * sent: connection errors and timeouts, {@link "@clinic-scheduling/sdk"!APIError | APIError} subclasses,
   * {@link ResponseValidationError}, {@link APIUserAbortError}. `undefined` on every other call,
   * and when nothing was sent (a {@link ValidationError}, say).
   */
  declare readonly idempotencyKey?: string;

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = brandedName(new.target);
  }
}

/**
 * @internal Sets `idempotencyKey` on a {@link ClinicError} that has none yet; leaves other
 * values alone. Returns `error`, for `throw withIdempotencyKey(error, key)`.
 */
export function withIdempotencyKey<E>(error: E, key: string | undefined): E {
  if (key !== undefined && error instanceof ClinicError && error.idempotencyKey === undefined) {
    Object.defineProperty(error, 'idempotencyKey', {
      value: key,
      enumerable: true,
      writable: false,
      configurable: true,
    });
  }
  return error;
}

/**
 * Thrown by the `ClinicClient` constructor (or `withOptions`) when the configuration is
 * missing or malformed: no API key, a key that is not of the form
 * `<key_prefix>_live_<key_id>.<secret>` (or that was pasted with `Bearer ` or white space), a
 * base URL that is not an absolute http(s) URL, or construction in a browser without
 * `dangerouslyAllowBrowser`, or a header (in `headers`) that HTTP cannot carry. A call rejects
 * with it too, before anything is sent, when its own `timeout` or `maxRetries` (in
 * `RequestOptions`) is out of the client's range, one of its `headers` cannot be carried, or it
 * is given an `idempotencyKey` though it is not `appointments.create`. The webhook
 * constructors of `@clinic-scheduling/sdk/webhooks` (`createWebhookHandler`, the dedupe stores,
 * `StaleEventGuard`) throw it for an option out of range. The message says what to fix and
 * never repeats the key nor a header's value.
 */
export class ConfigurationError extends ClinicError {}

/**
 * Thrown before anything is sent when an input breaks a rule of the spec (a required field
 * missing, a length over its limit, `start_at` seconds not 00, an invalid CPF, a field the
 * operation does not accept...). `fields` has the same shape as the service's 400 body.
 *
 * @example
 * ```ts
 * try {
 *   await clinic.patients.create({ name: 'Ana', cpf: '111.111.111-11' });
 * } catch (err) {
 *   if (err instanceof ValidationError) console.log(err.fields); // { cpf: ['is not a valid CPF ...'] }
 * }
 * ```
 */
export class ValidationError extends ClinicError {
  /** Field name (dotted for nested fields) → messages; `non_field_errors` for the whole input. */
  readonly fields: FieldErrors;

  constructor(fields: FieldErrors, what = 'the input') {
    super(`Invalid ${what}: ${formatFields(fields)}`);
    this.fields = fields;
  }
}

/**
 * Thrown when a 2xx response does not have the shape the spec gives: a member missing, of the
 * wrong type or form. In the default `validateResponses: 'compatible'` mode a value outside a
 * known enum is not one (it is passed on and reported once); in `'strict'` mode (or `true`) it
 * is. `paths` names the members that failed; the values are never included, since they may be
 * health data. `validateResponses: false` accepts any shape.
 */
export class ResponseValidationError extends ClinicError {
  /** The paths of the response members that did not match, such as `results.3.start_at`. */
  readonly paths: string[];
  /** HTTP method of the request. */
  readonly method: string;
  /** URL path of the request. */
  readonly path: string;

  constructor(paths: string[], method: string, path: string) {
    super(
      `The response to ${method} ${path} does not match the API's schema at: ${paths.join(', ')}. ` +
        "A value the service added to an enum passes with validateResponses: 'compatible' (the " +
        'default); validateResponses: false accepts any shape unchecked.',
    );
    this.paths = paths;
    this.method = method;
    this.path = path;
  }
}

/**
 * Thrown when no response was received: the connection failed, was reset or the DNS lookup
 * failed. Safe requests were already retried `maxRetries` times. `cause` holds the underlying
 * error; the message names its `code` (`ECONNREFUSED`, `ENOTFOUND`...) when it has one.
 *
 * Only a network failure is one: ky's `NetworkError`, or a `TypeError` (the type `fetch`
 * rejects with when the network fails) from the `fetch` in use. Anything else a custom `fetch`
 * throws is a bug or a local mistake rather than a network failure: it rejects as a plain
 * {@link ClinicError} with what was thrown as `cause`, and is never retried.
 */
export class APIConnectionError extends ClinicError {
  constructor(message = 'Connection error: no response was received.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** Thrown when an attempt took longer than `timeout` (per attempt, default 30 s) and no retry was left. */
export class APIConnectionTimeoutError extends APIConnectionError {
  constructor(message = 'Request timed out.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** Thrown when the caller's `AbortSignal` aborted the request (also during a retry wait). */
export class APIUserAbortError extends ClinicError {
  constructor(message = 'Request was aborted.', options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * A write (PATCH /appointments/{id}, or the cancel) **succeeded** (2xx), but reading the record
 * back with `GET` afterwards failed. The spec does not show these answers' bodies, so when the
 * body is not the appointment the client reads it back; that second request is what failed.
 *
 * The change was made: do not repeat the write. Read the record later with `retrieve`.
 * `cause` holds the read-back's error; `response` is the write's answer.
 */
export class ReadBackError extends ClinicError {
  /** HTTP method of the write that succeeded. */
  readonly method: string;
  /** URL path of the write that succeeded. */
  readonly path: string;
  /**
   * The write's 2xx answer: its status, URL and headers, without a body. Header values holding
   * the API key read `[redacted]`, as in every `APIError.headers`.
   */
  readonly response: Response;

  /** @param headers - the write's headers with the key redacted (the client passes them so). */
  constructor(
    write: { method: string; path: string; response: Response },
    readPath: string,
    cause: unknown,
    headers: Headers = write.response.headers,
  ) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(
      `${write.method} ${write.path} succeeded (${write.response.status}), but reading the ` +
        `record back with GET ${readPath} failed: ${why.replace(/\.?$/, '.')} The change was ` +
        'made: do not repeat it; read the record again later.',
      { cause },
    );
    this.method = write.method;
    this.path = write.path;
    const { status, statusText, url } = write.response;
    this.response = new Response(null, { status, statusText, headers });
    Object.defineProperty(this.response, 'url', { value: url });
  }
}

/** @internal The most characters of the service's text that an error message quotes. */
export const MAX_QUOTED_LENGTH = 300;

/**
 * Characters a terminal or a log reader acts on: C0 and C1 controls, DEL, the Unicode line
 * and paragraph separators, and the bidirectional marks that can reorder what is shown.
 */
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it exists to find.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeCharacter(char: string): string {
  if (!UNSAFE_CHARACTER.test(char)) return char;
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * @internal The service's `text` as an error message may quote it: every unsafe character
 * escaped (`\n`, `\u001b`), so a message stays one line that cannot forge another, and at most
 * `max` characters, cut with `…` (never inside an escape or a surrogate pair). Reads only the
 * first `max + 1` characters, however long `text` is.
 */
export function quoteServerText(text: string, max = MAX_QUOTED_LENGTH): string {
  let out = '';
  let cut = 0;
  // Escaping only lengthens, so max + 1 characters of the text are enough to decide.
  for (const char of text.slice(0, max + 1)) {
    const piece = escapeCharacter(char);
    if (out.length + piece.length <= max - 1) cut = out.length + piece.length;
    out += piece;
    if (out.length > max) return `${out.slice(0, cut)}…`;
  }
  return out;
}

/** @internal `field: message; message, field: message`: field errors in one line. */
export function formatFields(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
    .join(', ');
}

// `instanceof` across the ESM and CommonJS builds and across copies of the package (docs/errors.md).
brandErrors({
  ClinicError,
  ConfigurationError,
  ValidationError,
  ResponseValidationError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ReadBackError,
});
