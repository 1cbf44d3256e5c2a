/** Keeps the API key, in any encoding, out of what the SDK builds from others' text. @module */

const REDACTED = '[redacted]';

/** Removes every form of one API key (and of its secret) from texts and parsed bodies. */
export class Redactor {
  readonly #secrets: RegExp;

  /** @param apiKey A key checked by `checkApiKey`: its secret is not empty. */
  constructor(apiKey: string) {
    this.#secrets = secretPattern(apiKey);
  }

  /** `text` without any form of the key or of its secret. */
  text(text: string): string {
    return text.replace(this.#secrets, REDACTED);
  }

  /** `headers`, or a copy whose values that hold the key are `[redacted]` as a whole. */
  headers(headers: Headers): Headers {
    let copy: Headers | undefined;
    for (const [name, value] of headers) {
      if (this.text(value) === value) continue;
      copy ??= new Headers([...headers]);
      copy.set(name, REDACTED);
    }
    return copy ?? headers;
  }

  /**
   * `error` redacted, its `cause` (never searched: it may hold anything) a {@link Redactor.copy};
   * `url`'s query is taken out too, since a thrown message may quote it (a CPF, a name).
   */
  error<E extends Error>(error: E, url?: URL): E {
    const clean = (text: string) => withoutQuery(this.text(text), url);
    // The stack first: V8 writes it on its first read, from the message of that moment.
    error.stack &&= clean(error.stack);
    error.message = clean(error.message);
    if (error.cause !== undefined) error.cause = this.copy(error.cause, url);
    return error;
  }

  /** A plain `Error` with a thrown value's name, message, stack and first `code`, redacted. */
  copy(value: unknown, url?: URL): Error {
    const clean = (text: string) => withoutQuery(this.text(text), url);
    const [name, message, stack] = ['name', 'message', 'stack'].map((key) => read(value, key));
    const primitive = typeof value !== 'object' && typeof value !== 'function';
    const text = typeof message === 'string' ? message : primitive ? String(value) : '';
    const copy = new Error(clean(text));
    if (typeof name === 'string') copy.name = clean(name);
    copy.stack = typeof stack === 'string' ? clean(stack) : `${copy.name}: ${copy.message}`;
    const code = errorCode(value);
    if (code !== undefined) Object.assign(copy, { code: clean(code) });
    return copy;
  }

  /** A parsed body with its strings and member names redacted (escapes undone by parsing). */
  body(body: unknown): unknown {
    if (typeof body === 'string') return this.text(body);
    if (Array.isArray(body)) return body.map((item) => this.body(item));
    if (typeof body !== 'object' || body === null) return body;
    return Object.fromEntries(
      Object.entries(body).map(([name, value]) => [this.text(name), this.body(value)]),
    );
  }
}

// Values shorter than this (a page size) are too common to take out of a text.
const MIN_QUERY_VALUE = 3;

/** `text` without `url`'s query string or any of its values, raw or encoded. */
function withoutQuery(text: string, url: URL | undefined): string {
  if (!url || url.search === '') return text;
  const forms = new Set([url.search.slice(1)]);
  for (const value of url.searchParams.values()) {
    if (value.length < MIN_QUERY_VALUE) continue;
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(new URLSearchParams([['', value]]).toString().slice(1));
  }
  let out = text;
  for (const form of [...forms].sort((a, b) => b.length - a.length))
    out = out.split(form).join('[query]');
  return out;
}

function read(value: unknown, key: string): unknown {
  try {
    // null, undefined and throwing getters alike end here.
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

/** The first string `code` along an error's `cause` chain. */
export function errorCode(error: unknown): string | undefined {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const code = read(current, 'code');
    if (typeof code === 'string' && code !== '') return code;
    current = read(current, 'cause');
  }
  return undefined;
}

/** Every form of the key, then of its secret (so the whole key matches first), any case. */
function secretPattern(apiKey: string): RegExp {
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  const forms = new Set<string>();
  for (const value of [apiKey, secret]) {
    forms.add(value);
    forms.add(encodeURIComponent(value));
    forms.add(value.replaceAll('/', '\\/'));
    forms.add([...value].map((c) => c.charCodeAt(0).toString(16)).join(''));
    // Also base64url's: no key character encodes to `+` or `/`, the two it changes.
    for (const encoded of base64Cores(value)) forms.add(encoded);
  }
  return new RegExp(
    [...forms].map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&')).join('|'),
    'gi',
  );
}

/** `value`'s base64 at each offset in a 3-byte group, cut to its own (8+) characters. */
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
