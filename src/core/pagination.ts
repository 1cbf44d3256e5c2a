/** {@link Paginator} and {@link Page}: what every list method returns. @module */
import type { RawResponse } from '../internal/request.ts';
import { checkNumber, isRecord } from '../internal/utils.ts';
import { Walk } from '../internal/walk.ts';
import type { WithResponse } from './api-promise.ts';
import {
  APIUserAbortError,
  ClinicError,
  ConfigurationError,
  quoteServerText,
  ResponseValidationError,
  requestIdFrom,
} from './errors/index.ts';
import type { LogTrace } from './logger.ts';
import type { RequestOptions } from './request-options.ts';
import type { Checked } from './response-check.ts';

/** The largest `limit` that {@link Paginator.toArray} accepts. */
export const TO_ARRAY_MAX_LIMIT = 10_000;
/** The most bytes of pages {@link Paginator.toArray} holds by default: 64 MiB. */
export const TO_ARRAY_MAX_BYTES = 64 * 2 ** 20;

/** @internal What a paginator needs to fetch one page. */
export interface PageSource<T> {
  /** GET `urlOrPath` (a path with query, or an already checked absolute URL) as one call, which
   * ends once `read` has read the answer (a page that fails its check fails the call). */
  fetch<P extends { response: Response }>(
    urlOrPath: string,
    query: Record<string, unknown> | undefined,
    read: (raw: RawResponse) => P,
  ): Promise<P>;
  /** {@link checkPageUrl} bound to the client's API root. */
  checkPageUrl(
    url: string,
    base: string,
    which: PageLink,
    page: { method: string; path: string },
  ): string;
  /** Checks one item (its drift lines carry `trace`); `undefined` when responses are not
   * validated. */
  check: ((item: unknown, trace: LogTrace | undefined) => Checked<T>) | undefined;
  options: RequestOptions | undefined;
  /** A walk ends at this many empty pages in a row that still have a `next` link. */
  maxEmptyPages: number;
}

/** The two links of a page. */
export type PageLink = 'next' | 'previous';

/** One page of a list: its `results` and the `next`/`previous` page URLs (or `null`). */
export class Page<T> {
  /** The items of this page. */
  readonly results: T[];
  /** URL of the next page, or `null` on the last page. */
  readonly next: string | null;
  /** URL of the previous page, or `null` on the first page. */
  readonly previous: string | null;
  /** The raw response of this page. */
  readonly response: Response;
  readonly #source: PageSource<T>;
  readonly #url: string;
  readonly #request: { method: string; path: string };
  /** @internal The size of the page's body, in bytes. */
  readonly _bytes: number;
  /** @internal */
  constructor(source: PageSource<T>, raw: RawResponse) {
    this.#source = source;
    this.response = raw.response;
    this._bytes = raw.bytes;
    this.#url = raw.url;
    this.#request = { method: raw.method, path: raw.path };
    const { results, next, previous } = readPage(source.check, raw);
    this.results = results;
    this.next = next;
    this.previous = previous;
  }

  /** Whether there is a next page. */
  hasNextPage(): boolean {
    return this.next !== null;
  }

  /** Whether there is a previous page. */
  hasPreviousPage(): boolean {
    return this.previous !== null;
  }

  /** Fetches the next page. Rejects with {@link ClinicError} on the last page, or when `next` is
   * this page's own URL or leaves this list (the key is never sent elsewhere). */
  getNextPage(): Promise<Page<T>> {
    if (this.next === null) {
      return Promise.reject(new ClinicError('This is the last page; check hasNextPage() first.'));
    }
    return this.#follow(this.next, 'next');
  }

  /** Fetches the previous page; rejects as {@link Page.getNextPage} does. */
  getPreviousPage(): Promise<Page<T>> {
    if (this.previous === null) {
      return Promise.reject(
        new ClinicError('This is the first page; check hasPreviousPage() first.'),
      );
    }
    return this.#follow(this.previous, 'previous');
  }

  /** @internal The next page of `walk`; throws on a loop or `maxEmptyPages` empty pages. */
  async _nextInWalk(walk: Walk): Promise<Page<T>> {
    walk.visit(this.#url);
    walk.leave({ empty: this.results.length === 0, ...this.#request }, this.#source.maxEmptyPages);
    return this.#follow(this.next ?? '', 'next', walk);
  }

  async #follow(url: string, which: PageLink, walk?: Walk): Promise<Page<T>> {
    // Relative links are relative to the page that gave them (its final URL after redirects).
    const base = this.response.url || this.#url;
    const target = this.#source.checkPageUrl(url, base, which, this.#request);
    if (which === 'next' && (target === this.#url || target === this.response.url)) {
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} is the URL of that ` +
          'page itself: following it would fetch the same page forever, so it is refused. The ' +
          'service sent a next link that does not advance.',
      );
    }
    if (walk?.has(target)) {
      throw new ClinicError(
        `The next page URL of ${this.#request.method} ${this.#request.path} returns to a page ` +
          'already visited in this walk: following it would walk the same pages forever, so the ' +
          'walk ends here. The service sent next links that loop.',
      );
    }
    walk?.visit(target);
    return this.#source.fetch(target, undefined, (raw) => new Page(this.#source, raw));
  }

  /** Iterates the items of this page and of every following one. */
  [Symbol.asyncIterator](): AsyncIterator<T> {
    return walkItems(this, this.#source.options?.signal);
  }
}

// `page` is reassigned as the walk moves on, so a walked page is not kept alive.
async function* walkItems<T>(
  page: Page<T> | undefined,
  signal: AbortSignal | undefined,
): AsyncGenerator<T, void, undefined> {
  const walk = new Walk();
  while (page) {
    for (const item of page.results) {
      if (signal?.aborted) throw new APIUserAbortError();
      yield item;
    }
    page = page.hasNextPage() ? await page._nextInWalk(walk) : undefined;
  }
}

/** What every list method returns: `await` it for the first {@link Page}, `for await` it for
 * every item (one page held at a time). Nothing is sent until it is awaited or iterated. */
export class Paginator<T> implements AsyncIterable<T>, PromiseLike<Page<T>> {
  readonly #source: PageSource<T>;
  readonly #path: string;
  readonly #query: Record<string, unknown> | undefined;
  #first: Promise<Page<T>> | undefined;

  /** @internal */
  constructor(source: PageSource<T>, path: string, query: Record<string, unknown> | undefined) {
    this.#source = source;
    this.#path = path;
    this.#query = query;
  }

  #fetchFirst(): Promise<Page<T>> {
    return this.#source.fetch(this.#path, this.#query, (raw) => new Page(this.#source, raw));
  }

  /** The first page, fetched once and shared by every `await`. */
  // biome-ignore lint/suspicious/noThenProperty: awaiting a Paginator gives its first page, by design.
  then<R1 = Page<T>, R2 = never>(
    onfulfilled?: ((value: Page<T>) => R1 | PromiseLike<R1>) | null | undefined,
    // biome-ignore lint/suspicious/noExplicitAny: as in Promise.then, so `(e: Error) => ...` fits.
    onrejected?: ((reason: any) => R2 | PromiseLike<R2>) | null | undefined,
  ): Promise<R1 | R2> {
    this.#first ??= this.#fetchFirst();
    return this.#first.then(onfulfilled, onrejected);
  }

  /** Handles a failure of the first page. */
  catch<R = never>(
    // biome-ignore lint/suspicious/noExplicitAny: as in Promise.catch, so `(e: Error) => ...` fits.
    onrejected?: ((reason: any) => R | PromiseLike<R>) | null | undefined,
  ): Promise<Page<T> | R> {
    return this.then(undefined, onrejected);
  }

  /** Every page, in order; past the first, the paginator lets it go (a later `await` refetches). */
  async *pages(): AsyncGenerator<Page<T>, void, undefined> {
    let page: Page<T> | undefined = await (this.#first ?? this.#fetchFirst());
    const walk = new Walk();
    while (page) {
      yield page;
      if (!page.hasNextPage()) return;
      page = await page._nextInWalk(walk);
      this.#first = undefined;
    }
  }

  /** Every item of every page, in order. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    const signal = this.#source.options?.signal;
    for await (const page of this.pages()) {
      for (const item of page.results) {
        if (signal?.aborted) throw new APIUserAbortError();
        yield item;
      }
    }
  }

  /** The first page with its raw response and request id, as `APIPromise.withResponse` gives. */
  withResponse(): Promise<WithResponse<Page<T>>> {
    return this.then((page) => ({
      data: page,
      response: page.response,
      requestId: requestIdFrom(page.response.headers),
      idempotencyKey: undefined,
      replayed: false,
    }));
  }

  /**
   * At most `limit` items (required, 1 to 10 000, else a `ConfigurationError`), from pages
   * holding at most `maxBytes` bytes in all (default 64 MiB): an unbounded list could exhaust
   * memory. Past `maxBytes` it rejects with a {@link ClinicError} naming it; walk a larger list
   * with `for await`, which holds one page at a time.
   */
  async toArray(options: { limit: number; maxBytes?: number | undefined }): Promise<T[]> {
    const limit: unknown = options?.limit;
    if (
      typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > TO_ARRAY_MAX_LIMIT
    ) {
      const got = limit === undefined ? 'no limit' : `limit ${String(limit)}`;
      throw new ConfigurationError(
        `toArray() needs { limit: n }, a whole number from 1 to ${TO_ARRAY_MAX_LIMIT}, and got ${got}: ` +
          'pass the most items you want held in memory, such as toArray({ limit: 500 }). To walk ' +
          'a longer list, iterate it with `for await` instead.',
      );
    }
    const maxBytes = checkNumber(
      'toArray maxBytes',
      options.maxBytes ?? TO_ARRAY_MAX_BYTES,
      1,
      Number.MAX_SAFE_INTEGER,
      true,
    );
    const items: T[] = [];
    const signal = this.#source.options?.signal;
    let bytes = 0;
    for await (const page of this.pages()) {
      bytes += page._bytes;
      if (bytes > maxBytes) {
        throw new ClinicError(
          `toArray() stopped: the pages read hold more than maxBytes (${maxBytes} bytes) of ` +
            'items. Pass a larger toArray({ maxBytes }), a smaller limit, or walk the list with ' +
            '`for await`, which holds one page at a time.',
        );
      }
      for (const item of page.results) {
        if (signal?.aborted) throw new APIUserAbortError();
        items.push(item);
        if (items.length >= limit) return items;
      }
    }
    return items;
  }
}

function readPage<T>(
  check: PageSource<T>['check'],
  raw: RawResponse,
): { results: T[]; next: string | null; previous: string | null } {
  const { body } = raw;
  let results: unknown;
  let next: unknown = null;
  let previous: unknown = null;
  if (Array.isArray(body)) {
    results = body; // a bare array: one page
  } else if (isRecord(body) && Array.isArray(body.results)) {
    results = body.results;
    next = body.next ?? null;
    previous = body.previous ?? null;
  } else {
    throw new ResponseValidationError(
      ['(root): expected an array or an object with results'],
      raw.method,
      raw.path,
    );
  }
  if (
    (next !== null && typeof next !== 'string') ||
    (previous !== null && typeof previous !== 'string')
  ) {
    throw new ResponseValidationError(
      [typeof next !== 'string' && next !== null ? 'next' : 'previous'],
      raw.method,
      raw.path,
    );
  }
  const list = results as unknown[];
  if (!check)
    return {
      results: list as T[],
      next: next as string | null,
      previous: previous as string | null,
    };
  const parsed: T[] = new Array(list.length);
  const failed: string[] = [];
  const prefix = Array.isArray(body) ? '' : 'results.';
  for (let i = 0; i < list.length; i++) {
    const r = check(list[i], raw.trace);
    if (r.ok) parsed[i] = r.data;
    else
      for (const path of r.paths)
        failed.push(`${prefix}${i}${path === '(root)' ? '' : `.${path}`}`);
  }
  if (failed.length > 0) throw new ResponseValidationError(failed, raw.method, raw.path);
  return { results: parsed, next: next as string | null, previous: previous as string | null };
}

/** A page link made absolute, if it stays on the API root (the key goes nowhere else)
 * and on its own list. Messages never quote the query (a filter may hold a CPF). */
export function checkPageUrl(
  url: string,
  base: string,
  which: PageLink,
  page: { method: string; path: string },
  apiRoot: URL,
): string {
  let target: URL;
  try {
    target = new URL(url, base);
  } catch {
    throw new ResponseValidationError([which], page.method, page.path);
  }
  if (target.username || target.password) {
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it carries ` +
        'credentials (a user name or password); the SDK never sends them. Report it to the service.',
    );
  }
  if (target.origin !== apiRoot.origin || !target.pathname.startsWith(`${apiRoot.pathname}/`)) {
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ` +
        `${quoteServerText(target.origin + target.pathname)}, outside ${apiRoot.href}; the API key is never sent ` +
        'to another host or path. If the service moved, update baseUrl.',
    );
  }
  const list = (path: string) => path.replace(/\/+$/, '');
  if (list(target.pathname) !== list(page.path)) {
    throw new ClinicError(
      `Refused to follow the ${which} page URL of ${page.method} ${page.path}: it points at ` +
        `${quoteServerText(target.pathname)}, another list; a page link stays on its own list.`,
    );
  }
  return target.href;
}
