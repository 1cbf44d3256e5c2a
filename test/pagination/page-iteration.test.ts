/**
 * Pins of the list behaviour that no other test held (issue 11, item 0): a `Page`'s own
 * iterator and its abort, `getPreviousPage`, the next link that loops back to its own page
 * (by the requested URL or by the final URL after a redirect), a `next`/`previous` that is not
 * a string, a body that is no list, `validateResponses: false` on lists, `toArray`'s bounds and
 * an `http://` base URL. Everything goes through `ClinicClient` with a custom `fetch` that
 * answers from a table, so the pins hold whatever the transport is built on.
 */
import { describe, expect, it } from 'vitest';
import {
  APIUserAbortError,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  ResponseValidationError,
} from '../../src/index.ts';

const KEY = 'csk_live_pageiter.0123456789abcdef';

interface Answer {
  body: unknown;
  /**
   * The response's `url` (the final URL after redirects) when it is not the request's; `''`
   * leaves it empty, as on a `Response` a custom `fetch` constructs.
   */
  finalUrl?: string;
}

/**
 * A `fetch` answering 200 with the body listed for each URL (by `href`), recording every URL
 * requested. A URL that is not in the table fails the test.
 */
function tableFetch(table: Record<string, Answer>) {
  const requested: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = String(input);
    requested.push(url);
    const answer = table[url];
    if (!answer) throw new Error(`unexpected request ${url}`);
    const response = new Response(JSON.stringify(answer.body), {
      headers: { 'content-type': 'application/json' },
    });
    if (answer.finalUrl !== '') {
      Object.defineProperty(response, 'url', { value: answer.finalUrl ?? url });
    }
    return response;
  };
  return { fetch: fetch as typeof globalThis.fetch, requested };
}

function client(fetch: typeof globalThis.fetch, base = 'https://clinic.test', extra = {}) {
  return new ClinicClient({ apiKey: KEY, baseUrl: base, maxRetries: 0, fetch, ...extra });
}

const ROOT = 'https://clinic.test/api/public/v1';
const room = (id: number) => ({ id, name: `Room ${id}` });

/** Three pages of rooms: 1-2, 3-4, 5, linked both ways. */
function threePages(root = ROOT): Record<string, Answer> {
  const at = (cursor: string) => `${root}/rooms?cursor=${cursor}`;
  return {
    [`${root}/rooms`]: { body: { results: [room(1), room(2)], next: at('b'), previous: null } },
    [at('a')]: { body: { results: [room(1), room(2)], next: at('b'), previous: null } },
    [at('b')]: { body: { results: [room(3), room(4)], next: at('c'), previous: at('a') } },
    [at('c')]: { body: { results: [room(5)], next: null, previous: at('b') } },
  };
}

describe("a Page's own iterator", () => {
  it('walks the items of that page and of every following page, in order', async () => {
    const { fetch, requested } = tableFetch(threePages());
    const first = await client(fetch).rooms.list();
    const second = await first.getNextPage();
    const ids: number[] = [];
    for await (const r of second) ids.push(r.id);
    expect(ids).toEqual([3, 4, 5]);
    expect(requested).toEqual([
      `${ROOT}/rooms`,
      `${ROOT}/rooms?cursor=b`,
      `${ROOT}/rooms?cursor=c`,
    ]);
  });

  it('stops with APIUserAbortError at the next item once the call signal aborts', async () => {
    const { fetch, requested } = tableFetch(threePages());
    const controller = new AbortController();
    const page = await client(fetch).rooms.list(undefined, { signal: controller.signal });
    const ids: number[] = [];
    const walk = async () => {
      for await (const r of page) {
        ids.push(r.id);
        controller.abort();
      }
    };
    await expect(walk()).rejects.toBeInstanceOf(APIUserAbortError);
    expect(ids).toEqual([1]);
    expect(requested).toEqual([`${ROOT}/rooms`]);
  });

  it('walks a page without a signal to the end', async () => {
    const { fetch } = tableFetch(threePages());
    const page = await client(fetch).rooms.list();
    const ids: number[] = [];
    for await (const r of page) ids.push(r.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('getPreviousPage', () => {
  it('fetches the previous link of a page', async () => {
    const { fetch, requested } = tableFetch(threePages());
    const last = await (await (await client(fetch).rooms.list()).getNextPage()).getNextPage();
    expect(last.hasPreviousPage()).toBe(true);
    const previous = await last.getPreviousPage();
    expect(previous.results).toEqual([room(3), room(4)]);
    expect(requested.at(-1)).toBe(`${ROOT}/rooms?cursor=b`);
  });

  it('rejects with ClinicError on the first page, sending nothing', async () => {
    const { fetch, requested } = tableFetch(threePages());
    const first = await client(fetch).rooms.list();
    expect(first.hasPreviousPage()).toBe(false);
    const error = await first.getPreviousPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/first page/);
    expect(requested).toHaveLength(1);
  });

  it('may follow a previous link equal to the page URL (only next is refused)', async () => {
    const self = `${ROOT}/rooms?cursor=x`;
    const { fetch, requested } = tableFetch({
      [`${ROOT}/rooms`]: { body: { results: [room(1)], next: self, previous: null } },
      [self]: { body: { results: [room(2)], next: null, previous: self } },
    });
    const page = await (await client(fetch).rooms.list()).getNextPage();
    const again = await page.getPreviousPage();
    expect(again.results).toEqual([room(2)]);
    expect(requested).toEqual([`${ROOT}/rooms`, self, self]);
  });
});

describe('a next link that does not advance', () => {
  it("is refused when it is the page's requested URL", async () => {
    // The response's url is empty here (a constructed Response): only the requested URL matches.
    const { fetch, requested } = tableFetch({
      [`${ROOT}/rooms`]: {
        body: { results: [room(1)], next: `${ROOT}/rooms`, previous: null },
        finalUrl: '',
      },
    });
    const page = await client(fetch).rooms.list();
    const error = await page.getNextPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toContain('GET /api/public/v1/rooms');
    expect((error as Error).message).toMatch(/forever/);
    expect(requested).toHaveLength(1);
  });

  it("is refused when it is the page's final URL after a redirect", async () => {
    const moved = `${ROOT}/rooms?cursor=moved`;
    const { fetch, requested } = tableFetch({
      [`${ROOT}/rooms`]: {
        body: { results: [room(1)], next: moved, previous: null },
        finalUrl: moved,
      },
    });
    const page = await client(fetch).rooms.list();
    const error = await page.getNextPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/forever/);
    expect(requested).toHaveLength(1);
  });

  it('resolves a relative next against the final URL, not the requested one', async () => {
    const { fetch, requested } = tableFetch({
      [`${ROOT}/rooms`]: {
        body: { results: [room(1)], next: '?cursor=2', previous: null },
        finalUrl: `${ROOT}/rooms/`,
      },
      [`${ROOT}/rooms/?cursor=2`]: { body: { results: [room(2)], next: null, previous: null } },
    });
    const next = await (await client(fetch).rooms.list()).getNextPage();
    expect(next.results).toEqual([room(2)]);
    expect(requested.at(-1)).toBe(`${ROOT}/rooms/?cursor=2`);
  });

  it('names the method and path of the page in the error of a link to another host', async () => {
    const { fetch } = tableFetch({
      [`${ROOT}/rooms`]: {
        body: { results: [room(1)], next: 'https://evil.test/api/public/v1/rooms', previous: null },
      },
    });
    const page = await client(fetch).rooms.list();
    const error = await page.getNextPage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toContain('next page URL of GET /api/public/v1/rooms');
  });
});

describe('a list body the SDK cannot read', () => {
  it.each([
    ['a number', 42],
    ['an object', { next: 7, previous: null }],
    ['an object with a results member that is not an array', { results: {} }],
  ])('is refused when %s', async (_, body) => {
    const { fetch } = tableFetch({ [`${ROOT}/rooms`]: { body } });
    const error = await client(fetch)
      .rooms.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).paths).toEqual([
      expect.stringMatching(/^\(root\): /),
    ]);
    expect((error as ResponseValidationError).method).toBe('GET');
    expect((error as ResponseValidationError).path).toBe('/api/public/v1/rooms');
  });

  it.each([
    ['next', 42, null],
    ['next', { href: 'x' }, 'https://clinic.test/api/public/v1/rooms?cursor=1'],
    ['previous', null, 42],
    ['previous', 'https://clinic.test/api/public/v1/rooms?cursor=1', false],
  ])(
    'names %s when it is neither a string nor null (next %j, previous %j)',
    async (which, next, previous) => {
      const { fetch } = tableFetch({
        [`${ROOT}/rooms`]: { body: { results: [room(1)], next, previous } },
      });
      const error = await client(fetch)
        .rooms.list()
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).paths).toEqual([which]);
    },
  );

  it('is refused with validateResponses: false too when next is not a string', async () => {
    const { fetch } = tableFetch({
      [`${ROOT}/rooms`]: { body: { results: [room(1)], next: 1, previous: null } },
    });
    const error = await client(fetch, undefined, { validateResponses: false })
      .rooms.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).paths).toEqual(['next']);
  });

  it('reads absent next and previous members as null', async () => {
    const { fetch } = tableFetch({ [`${ROOT}/rooms`]: { body: { results: [room(1)] } } });
    const page = await client(fetch).rooms.list();
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
    expect(page.hasNextPage()).toBe(false);
  });
});

describe('validateResponses: false on lists', () => {
  it('gives the items as sent, unchecked, with the links', async () => {
    const odd = { id: 'not-a-number', extra: true };
    const next = `${ROOT}/rooms?cursor=2`;
    const { fetch } = tableFetch({
      [`${ROOT}/rooms`]: { body: { results: [odd], next, previous: null } },
    });
    const page = await client(fetch, undefined, { validateResponses: false }).rooms.list();
    expect(page.results).toEqual([odd]);
    expect(page.results[0]).toBe(page.results[0]);
    expect(page.next).toBe(next);
    expect(page.previous).toBeNull();
  });

  it('gives a bare array as one page', async () => {
    const { fetch } = tableFetch({ [`${ROOT}/rooms`]: { body: [{ id: 'x' }] } });
    const page = await client(fetch, undefined, { validateResponses: false }).rooms.list();
    expect(page.results).toEqual([{ id: 'x' }]);
    expect(page.hasNextPage()).toBe(false);
  });

  it('with validation on, the same item is refused at its path', async () => {
    const { fetch } = tableFetch({
      [`${ROOT}/rooms`]: { body: { results: [room(1), { id: 'x', name: 'y' }], next: null } },
    });
    const error = await client(fetch)
      .rooms.list()
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as ResponseValidationError).paths).toEqual(['results.1.id']);
  });
});

describe('toArray bounds', () => {
  it('accepts a limit of 1 and stops after one item', async () => {
    const { fetch, requested } = tableFetch(threePages());
    expect(await client(fetch).rooms.list().toArray({ limit: 1 })).toEqual([room(1)]);
    expect(requested).toHaveLength(1);
  });

  it('refuses a missing limit with a ConfigurationError that says what to pass; nothing is sent', async () => {
    const { fetch, requested } = tableFetch(threePages());
    const list = client(fetch).rooms.list();
    for (const options of [undefined, {}, { limit: 0 }, { limit: 1.5 }, { limit: 10_001 }]) {
      const error = await list.toArray(options as { limit: number }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      // The message is the interface here: it names the option to pass.
      expect((error as Error).message).toContain('toArray({ limit:');
    }
    expect(requested).toHaveLength(0);
  });
});

describe('an http:// base URL', () => {
  it('paginates: next links on the same http origin are followed', async () => {
    const root = 'http://localhost:8080/api/public/v1';
    const { fetch, requested } = tableFetch(threePages(root));
    const ids: number[] = [];
    for await (const r of client(fetch, 'http://localhost:8080').rooms.list()) ids.push(r.id);
    expect(ids).toEqual([1, 2, 3, 4, 5]);
    expect(requested).toEqual([
      `${root}/rooms`,
      `${root}/rooms?cursor=b`,
      `${root}/rooms?cursor=c`,
    ]);
  });

  it('still refuses a next link on the https origin of the same host', async () => {
    const root = 'http://localhost:8080/api/public/v1';
    const { fetch } = tableFetch({
      [`${root}/rooms`]: {
        body: { results: [room(1)], next: 'https://localhost:8080/api/public/v1/rooms?c=2' },
      },
    });
    const page = await client(fetch, 'http://localhost:8080').rooms.list();
    await expect(page.getNextPage()).rejects.toThrow(/outside http:\/\/localhost:8080/);
  });
});
