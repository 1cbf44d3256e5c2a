/** Keeps the API key, whole or any run of a dozen of its characters, in any encoding, out of
 * what the SDK builds from others' text. @module */

const REDACTED = '[redacted]';
/** The shortest run of the key's characters that is cleared: a dozen. */
const RUN = 12;
/** How deep a `cause` chain is copied. */
const MAX_CAUSES = 5;

/** Removes every form of one API key from texts, headers, errors and parsed bodies. */
export class Redactor {
  /** Whether a text holds a run at all (a plain test: most texts hold none), and every run. */
  readonly #any: RegExp;
  readonly #runs: RegExp;

  /** @param apiKey A key checked by `checkApiKey`. */
  constructor(apiKey: string) {
    const alternation = secretAlternation(apiKey);
    this.#any = new RegExp(alternation, 'i');
    // Every match in a lookahead, so that overlapping runs are all seen.
    this.#runs = new RegExp(`(?=(${alternation}))`, 'gi');
  }

  /** `text` with every run of the key's characters cleared, overlapping runs as one. */
  readonly text = (text: string): string => {
    if (!this.#any.test(text)) return text;
    let out = '';
    let end = 0;
    for (const match of text.matchAll(this.#runs)) {
      if (out === '' || match.index > end) out += `${text.slice(end, match.index)}${REDACTED}`;
      end = Math.max(end, match.index + match[1]!.length);
    }
    return `${out}${text.slice(end)}`;
  };

  /** `headers`, or a copy whose values that hold the key are `[redacted]` as a whole. */
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

  /** `parsed`, a body parsed from `text`, redacted ({@link Redactor.body}); as it is when `text`
   * holds no run of the key nor a `\u` escape, which could spell one. */
  parsed(text: string, parsed: unknown): unknown {
    return this.#any.test(text) || text.includes('\\u') ? this.body(parsed) : parsed;
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
    return (value as Record<string, unknown>)[key];
  } catch {} // null, undefined and throwing getters alike: undefined
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
 * and base64url, as one alternation, longest first (at one position the first that matches wins). */
function secretAlternation(apiKey: string): string {
  const forms = new Set<string>();
  // The whole key and its secret too: either may be shorter than a run.
  const runs = [apiKey, apiKey.slice(apiKey.indexOf('.') + 1)];
  for (let i = 0; i + RUN <= apiKey.length; i++) runs.push(apiKey.slice(i, i + RUN));
  for (const run of runs) {
    forms.add(run);
    forms.add(encodeURIComponent(run));
    forms.add(run.replaceAll('/', '\\/'));
    forms.add([...run].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(''));
    // A checked key's characters never encode to `+` or `/`: its base64 is its base64url.
    for (const core of base64Cores(run)) if (core.length >= 8) forms.add(core);
  }
  return [...forms]
    .sort((a, b) => b.length - a.length)
    .map((f) => f.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'))
    .join('|');
}

/** `value`'s base64 at each offset in a 3-byte group, cut to the characters it alone decides. */
function base64Cores(value: string): string[] {
  return [0, 1, 2].map((offset) =>
    btoa('\0'.repeat(offset) + value).slice(
      Math.ceil(offset / 3) * 4,
      Math.floor((offset + value.length) / 3) * 4,
    ),
  );
}
