/** A list walk's bounded memory, which ends a loop back to a recent page or a run of empty pages. @module */

import { ClinicError } from '../core/errors/index.ts';
import { checkNumber } from './utils.ts';

const DEFAULT_MAX_EMPTY_PAGES = 10;
const MAX_EMPTY_PAGES_LIMIT = 1_000;
const REMEMBERED_PAGE_URLS = 1_000;

/** Reads the client option `maxEmptyPages` (default 10, 1 to 1,000). */
export function checkMaxEmptyPages(value: unknown): number {
  const limit = MAX_EMPTY_PAGES_LIMIT;
  return checkNumber('maxEmptyPages', value ?? DEFAULT_MAX_EMPTY_PAGES, 1, limit, true);
}

/** One walk's memory: the URLs of its latest pages, and its current run of empty pages. */
export class Walk {
  readonly #recent = new Set<string>();
  #emptyRun = 0;

  has(url: string): boolean {
    return this.#recent.has(url);
  }

  visit(url: string): void {
    this.#recent.add(url);
    if (this.#recent.size > REMEMBERED_PAGE_URLS) {
      this.#recent.delete(this.#recent.values().next().value as string);
    }
  }

  /** @throws {@link ClinicError} when `page`, left by its `next`, is the `max`th empty one in a row. */
  leave(page: { empty: boolean; method: string; path: string }, max: number): void {
    this.#emptyRun = page.empty ? this.#emptyRun + 1 : 0;
    if (this.#emptyRun < max) return;
    throw new ClinicError(
      `${page.method} ${page.path}: ${max} pages in a row held no item yet had a next link. A ` +
        'list that moves on returns items, so the walk ends here rather than fetch forever; ' +
        "the service's pagination is likely broken. If it really sends runs of empty pages, " +
        'raise the client option maxEmptyPages.',
    );
  }
}
