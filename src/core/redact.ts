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

/**
 * How deep a thrown value's members are searched for the key: an object deeper than this is
 * not searched, so not trusted either (it is copied, see {@link Redactor.error}).
 */
const MAX_SEARCH_DEPTH = 4;

/** How many levels of `cause` a copy keeps. */
const MAX_COPY_DEPTH = 3;

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
   * case of hex) and JSON-escaped (`\/`).
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
   * `error` without the key: the message and stack of a {@link ClinicError} redacted in place,
   * and its `cause` kept when nothing in it holds the key, else replaced by a copy of it (name,
   * message, stack and `code`, redacted, and a copied `cause`). A custom `fetch` may put the
   * request, its `Authorization` header included, into what it throws.
   *
   * A `cause` is searched through its `name`, `message`, `stack`, `code` and `cause` (own or
   * inherited: a `DOMException`'s are getters of its prototype) and its own members, their
   * names included, to {@link MAX_SEARCH_DEPTH} levels. What cannot be searched that way is not
   * trusted: an object deeper than that; a function; an object that is neither plain, an array
   * nor one of the standard errors (a `Request`, a `Headers`, a `Map`, an instance of another
   * class: `util.inspect` or their own `toJSON` may show what they hold); a member whose getter
   * throws.
   */
  error<E extends Error>(error: E): E {
    // The stack first: V8 writes it on its first read, from the message of that moment.
    error.stack &&= this.text(error.stack);
    error.message = this.text(error.message);
    if (this.#holdsKey(error.cause, 0)) error.cause = this.#copy(error.cause, 0);
    return error;
  }

  /** Whether `value` holds the key, or may hold it where it is not searched. */
  #holdsKey(value: unknown, depth: number): boolean {
    if (typeof value === 'string') return this.text(value) !== value;
    if (typeof value === 'symbol') return this.#holdsKey(value.description, depth);
    if (typeof value === 'function') return true;
    if (typeof value !== 'object' || value === null) return false;
    if (depth > MAX_SEARCH_DEPTH || !SEARCHABLE.has(Object.getPrototypeOf(value))) return true;
    try {
      return [...ERROR_MEMBERS, ...Reflect.ownKeys(value)].some(
        (key) => this.#holdsKey(key, depth) || this.#holdsKey(Reflect.get(value, key), depth + 1),
      );
    } catch {
      return true;
    }
  }

  /**
   * A copy of a thrown value that holds the key: an `Error` with its name, message, stack and
   * `code`, redacted, and a copy of its `cause`. A member whose getter throws is left out.
   */
  #copy(value: unknown, depth: number): unknown {
    if (typeof value === 'string') return this.text(value);
    // Values that hold no text are kept; an object, a function or a symbol is copied.
    if (value === null || ['undefined', 'number', 'bigint', 'boolean'].includes(typeof value)) {
      return value;
    }
    const [name, message, stack, code, cause] = ERROR_MEMBERS.map((key) => read(value, key));
    const copy = new Error(typeof message === 'string' ? this.text(message) : '');
    if (typeof name === 'string') copy.name = this.text(name);
    copy.stack = typeof stack === 'string' ? this.text(stack) : undefined;
    if (typeof code === 'string') Object.assign(copy, { code: this.text(code) });
    if (cause !== undefined && depth < MAX_COPY_DEPTH) copy.cause = this.#copy(cause, depth + 1);
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

/** The members of an error read from any thrown value, own or inherited, in this order. */
const ERROR_MEMBERS = ['name', 'message', 'stack', 'code', 'cause'] as const;

/**
 * The prototypes of the values a search trusts: plain objects and arrays, and the standard
 * errors, whose contents are their own members and {@link ERROR_MEMBERS}.
 */
const SEARCHABLE = new Set<unknown>([
  null,
  Object.prototype,
  Array.prototype,
  Error.prototype,
  TypeError.prototype,
  RangeError.prototype,
  SyntaxError.prototype,
  ReferenceError.prototype,
  EvalError.prototype,
  URIError.prototype,
  globalThis.AggregateError?.prototype,
  globalThis.DOMException?.prototype,
]);

/** `value[key]`, or `undefined` when reading it throws. */
function read(value: unknown, key: string): unknown {
  let member: unknown;
  try {
    member = Reflect.get(value as object, key);
  } catch {
    // a getter that throws: no value
  }
  return member;
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
