/** The errors a call meets before or without an answer; non-2xx answers are in `api.ts`. @module */
import type { FieldErrors } from '../../schemas/errors.ts';

/** On the prototype of every copy's `ClinicError`: the same key in each copy of the package. */
const SDK_ERROR = Symbol.for('@clinic-scheduling/sdk/error');

/**
 * @internal `instanceof` across the ESM and CommonJS builds and across installed copies
 * (docs/errors.md): `value` is an instance of `cls` when its prototype chain holds a class of
 * the same declared `name` and a prototype marked by {@link ClinicError} (or `mark`).
 */
export function isInstanceAcrossCopies(
  cls: { readonly name: string; readonly prototype: object },
  value: unknown,
  mark: symbol = SDK_ERROR,
): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.prototype.isPrototypeOf.call(cls.prototype, value)) return true;
  if (!(mark in value)) return false;
  for (
    let proto = Object.getPrototypeOf(value);
    proto !== null;
    proto = Object.getPrototypeOf(proto)
  ) {
    if (Object.hasOwn(proto, 'constructor') && proto.constructor.name === cls.name) return true;
  }
  return false;
}

/** The base class of every error thrown by the SDK. Catch it to catch them all. */
export class ClinicError extends Error {
  /** Each class declares its literal name (minifiers rename classes, not strings); an
   * instance's `name` is its class's. */
  static override readonly name: string = 'ClinicError';
  /** The class's declared name, such as `'NotFoundError'`, whatever the build. */
  declare name: string;
  /** The key a failed `appointments.create` sent, once anything was sent: pass it back as
   * `{ idempotencyKey }` to replay instead of booking twice. `undefined` on other errors. */
  declare readonly idempotencyKey?: string;

  constructor(message?: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }

  /** `instanceof` holds across the ESM and CommonJS builds and two installs of the package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: the class `instanceof` asks about, a subclass too.
    return isInstanceAcrossCopies(this, value);
  }

  static {
    Object.defineProperty(ClinicError.prototype, SDK_ERROR, { value: true });
  }
}

/** @internal Sets `idempotencyKey` on a {@link ClinicError} that has none yet; returns it. */
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

/** A missing or malformed setting (client, per-call option, webhook constructor), refused before
 * anything is sent. The message says what to fix and never repeats the key nor a header value. */
export class ConfigurationError extends ClinicError {
  static override readonly name: string = 'ConfigurationError';
}

/**
 * An input that breaks a spec rule, refused unsent; `fields` is shaped like a 400 body. Made by
 * the SDK as `(fields, what?)`; your own code (a test double, a check of your own) may also write
 * it message first, as for `Error`: `new ValidationError('Pick a time', { start_at: [...] })`.
 */
export class ValidationError extends ClinicError {
  static override readonly name: string = 'ValidationError';

  /** Field name (dotted for nested fields) → messages; `non_field_errors` for the whole input. */
  readonly fields: FieldErrors;

  /** A message of your own, and the fields (default: the message as `non_field_errors`). */
  constructor(message: string, fields?: FieldErrors);
  /** The fields, and what they belong to (`'body'`): the message lists them. */
  constructor(fields: FieldErrors, what?: string);
  constructor(first: string | FieldErrors, second?: FieldErrors | string) {
    if (typeof first === 'string') {
      super(first);
      this.fields = typeof second === 'object' ? second : { non_field_errors: [first] };
    } else {
      super(`Invalid ${typeof second === 'string' ? second : 'input'}: ${formatFields(first)}`);
      this.fields = first;
    }
  }
}

/** A 2xx body not of the spec's shape (a new enum value counts only in `'strict'` mode).
 * `paths` names the failing members; values are never included (they may be health data). */
export class ResponseValidationError extends ClinicError {
  static override readonly name: string = 'ResponseValidationError';

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

/** No response (refused, reset, DNS), after any retries; `cause` is the network error. Anything
 * else a custom `fetch` throws is a plain {@link ClinicError}, never retried. */
export class APIConnectionError extends ClinicError {
  static override readonly name: string = 'APIConnectionError';

  constructor(message = 'Connection error: no response was received.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** An attempt exceeded `timeout` (per attempt, default 30 s) and no retry was left. */
export class APIConnectionTimeoutError extends APIConnectionError {
  static override readonly name: string = 'APIConnectionTimeoutError';

  constructor(message = 'Request timed out.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** The caller's `AbortSignal` aborted the call (also during a retry wait). */
export class APIUserAbortError extends ClinicError {
  static override readonly name: string = 'APIUserAbortError';

  constructor(message = 'Request was aborted.', options?: ErrorOptions) {
    super(message, options);
  }
}

/** A PATCH or cancel **succeeded**, but the `GET` reading the record back failed (`cause`). The
 * change was made: do not repeat it; `retrieve` the record later. */
export class ReadBackError extends ClinicError {
  static override readonly name: string = 'ReadBackError';

  /** HTTP method of the write that succeeded. */
  readonly method: string;
  /** URL path of the write that succeeded. */
  readonly path: string;
  /** The write's 2xx answer without its body; header values holding the key read `[redacted]`. */
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

// Characters a terminal or log viewer acts on: controls, line separators, bidi reordering marks.
const UNSAFE_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it exists to find.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;
const SHORT_ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeCharacter(char: string): string {
  if (!UNSAFE_CHARACTER.test(char)) return char;
  return SHORT_ESCAPES[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** @internal `text` safe to quote: unsafe characters escaped so it cannot forge a line, cut at
 * `max` with `…` (never inside an escape or surrogate pair). */
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

/** @internal Field errors on one line: `field: message; message, field: message`. */
export function formatFields(fields: FieldErrors): string {
  return Object.entries(fields)
    .map(([field, messages]) => `${field}: ${messages.join('; ')}`)
    .join(', ');
}
