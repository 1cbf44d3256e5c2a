/**
 * Keeps the API key out of errors: a proxy or debug endpoint that echoes the request's headers
 * back must not put the key into an {@link APIError}'s `body`, `detail`, `headers`, `requestId`
 * or message, and so into logs and error reports.
 *
 * Not API: nothing here is exported by an entry point (see src/internal/README.md).
 *
 * @module
 */

const REDACTED = '[redacted]';

/** Removes every form of one API key (and of its secret) from texts and parsed bodies. */
export class Redactor {
  /** Every form of the key and of its secret, found at once; `undefined` when there is none. */
  readonly #secrets: RegExp | undefined;

  constructor(apiKey: string) {
    this.#secrets = secretPattern(apiKey);
  }

  /**
   * A copy of `text` without the key: the whole key and its secret, as is, URL-encoded (either
   * case of hex) and JSON-escaped (`\/`).
   */
  text(text: string): string {
    return this.#secrets ? text.replace(this.#secrets, REDACTED) : text;
  }

  /**
   * A copy of response headers in which any value that holds the key or its secret (in any of
   * the forms {@link Redactor.text} finds) is `[redacted]` as a whole: a proxy that echoes the
   * request's `Authorization` must not put the key into `APIError.headers` or `requestId`.
   * The headers themselves when none does.
   */
  headers(headers: Headers): Headers {
    const secrets = this.#secrets;
    if (!secrets) return headers;
    let copy: Headers | undefined;
    for (const [name, value] of headers) {
      secrets.lastIndex = 0;
      if (!secrets.test(value)) continue;
      copy ??= new Headers(headers);
      copy.set(name, REDACTED);
    }
    secrets.lastIndex = 0;
    return copy ?? headers;
  }

  /**
   * `error` without the key: the message and stack of a {@link ClinicError} redacted in place,
   * and its `cause` kept when nothing in it holds the key (its message, stack, `code`, own
   * members and their own members, and a `cause` chain), else replaced by a copy of it (name,
   * redacted message and stack, `code`, a copied `cause`). A custom `fetch` may put the request,
   * its `Authorization` header included, into what it throws.
   */
  error<E extends Error>(error: E): E {
    if (!this.#secrets) return error;
    error.message = this.text(error.message);
    if (error.stack) error.stack = this.text(error.stack);
    if ('cause' in error && this.#holdsKey(error.cause, 0)) {
      Object.defineProperty(error, 'cause', {
        value: this.#copy(error.cause, 0),
        writable: true,
        configurable: true,
      });
    }
    return error;
  }

  /** Whether `value` (a string, or an object's members to a few levels) holds the key. */
  #holdsKey(value: unknown, depth: number): boolean {
    if (typeof value === 'string') return this.text(value) !== value;
    if (typeof value !== 'object' || value === null || depth > 3) return false;
    if (value instanceof Headers) {
      for (const [, v] of value) if (this.#holdsKey(v, depth + 1)) return true;
      return false;
    }
    const error = value as { message?: unknown; stack?: unknown; cause?: unknown };
    if (this.#holdsKey(error.message, depth) || this.#holdsKey(error.stack, depth)) return true;
    if (this.#holdsKey(error.cause, depth + 1)) return true;
    for (const key of Object.keys(value)) {
      if (this.#holdsKey((value as Record<string, unknown>)[key], depth + 1)) return true;
    }
    return false;
  }

  /** A copy of a thrown value that holds the key: name, redacted message and stack, `code`. */
  #copy(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    if (typeof value !== 'object' || value === null) return value;
    const { name, message, stack, code, cause } = value as Record<string, unknown>;
    const copy = new Error(this.text(typeof message === 'string' ? message : ''));
    if (typeof name === 'string') copy.name = name;
    copy.stack = typeof stack === 'string' ? this.text(stack) : undefined;
    if (typeof code === 'string') Object.assign(copy, { code: this.text(code) });
    if (cause !== undefined && depth < 3) copy.cause = this.#copy(cause, depth + 1);
    return copy;
  }

  /**
   * Redacts a parsed body, member names included. `JSON.stringify` writes the key's characters
   * as they are, so an escape that hid the key from {@link Redactor.text} in the raw text
   * (`\u002f`) is undone here and the key found; `JSON.parse` keeps a member named `__proto__`
   * a member.
   */
  body(body: unknown): unknown {
    if (typeof body === 'string') return this.text(body);
    if (!this.#secrets || typeof body !== 'object' || body === null) return body;
    const json = JSON.stringify(body);
    const redacted = this.text(json);
    return redacted === json ? body : JSON.parse(redacted);
  }
}

/**
 * One pattern that finds every form of the key and of its secret in a text, in any letter case:
 * as is, URL-encoded, JSON-escaped (`/` written `\/`), hex, and base64 or base64url at each of
 * the three offsets a value can have inside a longer encoded text (a whole `Authorization`
 * header echoed in base64, say): the part of the encoding that depends on the value alone.
 * Longest first, so the whole key is found before its secret. Built once per client.
 */
function secretPattern(apiKey: string): RegExp | undefined {
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  const forms = new Set<string>();
  for (const value of [apiKey, secret]) {
    if (value === '') continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(value.replaceAll('/', '\\/'));
    forms.add([...value].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    for (const encoded of base64Cores(value)) {
      forms.add(encoded);
      forms.add(encoded.replaceAll('+', '-').replaceAll('/', '_'));
    }
  }
  if (forms.size === 0) return undefined;
  const sorted = [...forms].sort((a, b) => b.length - a.length);
  return new RegExp(sorted.map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'), 'gi');
}

/**
 * The base64 of `value` at offsets 0, 1 and 2 of a 3-byte group, each cut to the characters
 * that encode `value`'s bytes alone (neither what precedes it nor what follows).
 */
function base64Cores(value: string): string[] {
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const encoded = btoa('\0'.repeat(offset) + value);
    const start = offset === 0 ? 0 : 4;
    const end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 4;
    if (end - start >= 8) cores.push(encoded.slice(start, end));
  }
  return cores;
}
