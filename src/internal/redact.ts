/** Keeps the API key, whole or any run of a dozen of its characters, in any encoding, out of
 * what the SDK builds from others' text. @module */

const REDACTED = '[redacted]';
/** The shortest run of the key's characters that is cleared: a dozen. */
const RUN = 12;
/** How deep a `cause` chain is copied. */
const MAX_CAUSES = 5;

/** Removes every form of one API key from texts, headers, errors and parsed bodies. */
export class Redactor {
  readonly #secrets: RegExp;

  /** @param apiKey A key checked by `checkApiKey`. */
  constructor(apiKey: string) {
    this.#secrets = secretPattern(apiKey);
  }

  /** `text` with every run of the key's characters (overlapping matches joined) cleared. */
  text(text: string): string {
    const re = this.#secrets;
    let out = '';
    let from = 0;
    let start = -1;
    let end = -1;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m.index > end) {
        if (start >= 0) out += `${text.slice(from, start)}${REDACTED}`;
        if (start >= 0) from = end;
        start = m.index;
      }
      end = Math.max(end, m.index + m[0].length);
      re.lastIndex = m.index + 1;
    }
    return start < 0 ? text : `${out}${text.slice(from, start)}${REDACTED}${text.slice(end)}`;
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
   * `error` redacted, its `cause` chain copied ({@link Redactor.copy}); `url`'s query is taken
   * out too, since a thrown message may quote it (a CPF, a name).
   */
  error<E extends Error>(error: E, url?: URL): E {
    const clean = (text: string) => withoutQuery(this.text(text), url);
    // The stack first: V8 writes it on its first read, from the message of that moment.
    error.stack &&= clean(error.stack);
    error.message = clean(error.message);
    if (error.cause !== undefined) error.cause = this.copy(error.cause, url);
    return error;
  }

  /** A plain `Error` with a thrown value's name, message, stack, first `code` and `cause`
   * chain (copied the same way), redacted. */
  copy(value: unknown, url?: URL, depth = 1): Error {
    const clean = (text: string) => withoutQuery(this.text(text), url);
    const [name, message, stack, cause] = ['name', 'message', 'stack', 'cause'].map((key) =>
      read(value, key),
    );
    const primitive = typeof value !== 'object' && typeof value !== 'function';
    const text = typeof message === 'string' ? message : primitive ? String(value) : '';
    const nested =
      cause !== undefined && depth < MAX_CAUSES ? { cause: this.copy(cause, url, depth + 1) } : {};
    const copy = new Error(clean(text), nested);
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
  for (let depth = 0; depth < MAX_CAUSES; depth++) {
    const code = read(current, 'code');
    if (typeof code === 'string' && code !== '') return code;
    current = read(current, 'cause');
  }
  return undefined;
}

/** Every run of {@link RUN} characters of the key, raw, URL-encoded, JSON-escaped, hex, base64
 * and base64url, any case. */
function secretPattern(apiKey: string): RegExp {
  const forms = new Set<string>();
  const secret = apiKey.slice(apiKey.indexOf('.') + 1);
  // A secret shorter than a run is cleared whole.
  const runs = secret.length < RUN ? [secret] : [];
  for (let i = 0; i + RUN <= Math.max(apiKey.length, RUN); i++) runs.push(apiKey.slice(i, i + RUN));
  for (const run of runs) {
    forms.add(run);
    forms.add(encodeURIComponent(run));
    forms.add(run.replaceAll('/', '\\/'));
    forms.add([...run].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    for (const encoded of base64Cores(run).filter((core) => core.length >= 8)) {
      forms.add(encoded);
      forms.add(encoded.replaceAll('+', '-').replaceAll('/', '_'));
    }
  }
  return new RegExp(
    // Longest first: at one position the alternation takes the first that matches.
    [...forms]
      .filter((f) => f !== '')
      .sort((a, b) => b.length - a.length)
      .map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'))
      .join('|'),
    'gi',
  );
}

/** `value`'s base64 at each offset in a 3-byte group, cut to the characters it alone decides. */
function base64Cores(value: string): string[] {
  return [0, 1, 2].map((offset) => {
    const encoded = btoa('\0'.repeat(offset) + value);
    const start = offset === 0 ? 0 : 4;
    const end = (offset + value.length) % 3 === 0 ? encoded.length : encoded.length - 4;
    return encoded.slice(start, end);
  });
}
