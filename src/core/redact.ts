/**
 * Keeps the API key out of what the SDK builds: a proxy or debug endpoint that echoes the
 * request's headers back must not put the key into an {@link APIError}'s `body`, `detail`,
 * `headers`, `requestId` or message, nor a custom `fetch` into an error's `cause`, and so into
 * logs and error reports. The key is not found raw, URL-encoded, base64 or hex in any of it.
 *
 * Not API: nothing here is exported by an entry point (see src/internal/README.md).
 *
 * @module
 */

const REDACTED = '[redacted]';

/** Removes every form of one API key (and of its secret) from texts and parsed bodies. */
export class Redactor {
  /** Every form of the key and of its secret, found at once. */
  readonly #secrets: RegExp;

  /** @param apiKey A key checked by `checkApiKey`: its secret is not empty. */
  constructor(apiKey: string) {
    this.#secrets = secretPattern(apiKey);
  }

  /**
   * A copy of `text` without the key: the whole key and its secret, as is, URL-encoded (either
   * case of hex), JSON-escaped (`\/`), hex and base64.
   */
  text(text: string): string {
    return text.replace(this.#secrets, REDACTED);
  }

  /**
   * A copy of response headers in which any value that holds the key or its secret (in any of
   * the forms {@link Redactor.text} finds) is `[redacted]` as a whole: a proxy that echoes the
   * request's `Authorization` must not put the key into `APIError.headers` or `requestId`.
   * The headers themselves when none does.
   */
  headers(headers: Headers): Headers {
    let copy: Headers | undefined;
    for (const [name, value] of headers) {
      if (this.text(value) === value) continue;
      copy ??= new Headers(headers);
      copy.set(name, REDACTED);
    }
    return copy ?? headers;
  }

  /**
   * `error` without the key, by construction: its message and stack redacted in place, and its
   * `cause` (what a custom `fetch` threw) replaced by {@link Redactor.copy}. A thrown value is
   * never searched nor kept: a custom `fetch` may put the request, its `Authorization` header
   * included, anywhere in what it throws.
   */
  error<E extends Error>(error: E): E {
    // The stack first: V8 writes it on its first read, from the message of that moment.
    error.stack &&= this.text(error.stack);
    error.message = this.text(error.message);
    if (error.cause !== undefined) error.cause = this.copy(error.cause);
    return error;
  }

  /**
   * The SDK's copy of a thrown value: a plain `Error` with its `name`, `message` and `stack`
   * (when they are strings; a thrown primitive is its own message) and the first `code` along
   * its `cause` chain (`ECONNREFUSED`, which undici puts one level down), each redacted.
   * Nothing else of it is kept.
   */
  copy(value: unknown): Error {
    const [name, message, stack] = ['name', 'message', 'stack'].map((key) => read(value, key));
    const primitive = typeof value !== 'object' && typeof value !== 'function';
    const text = typeof message === 'string' ? message : primitive ? String(value) : '';
    const copy = new Error(this.text(text));
    if (typeof name === 'string') copy.name = this.text(name);
    copy.stack = typeof stack === 'string' ? this.text(stack) : `${copy.name}: ${copy.message}`;
    const code = errorCode(value);
    if (code !== undefined) Object.assign(copy, { code: this.text(code) });
    return copy;
  }

  /**
   * Redacts a parsed body: each string, and each member name. The strings are the parsed ones,
   * so an escape that hid the key from {@link Redactor.text} in the raw text (`\u002f`) is
   * undone here and the key found. Numbers, `true`, `false` and `null` are kept as parsed.
   */
  body(body: unknown): unknown {
    if (typeof body === 'string') return this.text(body);
    if (Array.isArray(body)) return body.map((item) => this.body(item));
    if (typeof body !== 'object' || body === null) return body;
    return Object.fromEntries(
      Object.entries(body).map(([name, value]) => [this.text(name), this.body(value)]),
    );
  }
}

/** `value[key]`, or `undefined` when reading it throws (or `value` has no members). */
function read(value: unknown, key: string): unknown {
  try {
    return (value as Record<string, unknown> | null | undefined)?.[key];
  } catch {
    return undefined;
  }
}

/** The first string `code` along an error's `cause` chain. */
export function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const code = read(current, 'code');
    if (typeof code === 'string' && code !== '') return code;
    current = read(current, 'cause');
  }
  return undefined;
}

/**
 * One pattern that finds every form of the key and of its secret in a text, in any letter case:
 * as is, URL-encoded, JSON-escaped (`/` written `\/`), hex, and base64 or base64url at each of
 * the three offsets a value can have inside a longer encoded text (a whole `Authorization`
 * header echoed in base64, say): the part of the encoding that depends on the value alone.
 * The key's forms come first: where the key and its secret both match (a secret that is also
 * the start of the key), the whole key is found. Built once per client.
 */
function secretPattern(apiKey: string): RegExp {
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  const forms = new Set<string>();
  for (const value of [apiKey, secret]) {
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(value.replaceAll('/', '\\/'));
    // A key's characters are ASCII from `+` (0x2b) on: two hex digits each.
    forms.add([...value].map((c) => c.charCodeAt(0).toString(16)).join(''));
    // base64url writes these cores alike: no key character (ASCII, no `>`, `?` or `~`)
    // encodes to `+` or `/`, the two characters base64url changes.
    for (const encoded of base64Cores(value)) forms.add(encoded);
  }
  return new RegExp(
    [...forms].map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'),
    'gi',
  );
}

/**
 * The base64 of `value` at offsets 0, 1 and 2 of a 3-byte group, each cut to the characters
 * that encode `value`'s bytes alone (neither what precedes it nor what follows), when they are
 * at least 8: fewer would match ordinary text.
 */
function base64Cores(value: string): string[] {
  return [0, 1, 2]
    .map((offset) => {
      const encoded = btoa('\0'.repeat(offset) + value);
      const start = offset === 0 ? 0 : 4;
      const end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 4;
      return encoded.slice(start, end);
    })
    .filter((core) => core.length >= 8);
}
