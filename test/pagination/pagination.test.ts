import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  APIUserAbortError,
  ClinicClient,
  ClinicError,
  Page,
  ResponseValidationError,
  TO_ARRAY_MAX_LIMIT,
  ValidationError,
} from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  BASE_URL,
  json,
  makeClient,
  recordRequests,
  rejection,
  roomWire,
  useServer,
} from '../client/helpers.ts';
import { patientWire } from '../fixtures.ts';

const ROOT = `${BASE_URL}${API_PREFIX}`;
const P = API_PREFIX;

const server = useServer();

const client = () => makeClient({ maxRetries: 0 });

/** A rooms list of `total` items behind a numeric cursor, counting requests. */
function roomsList(total: number, defaultSize = 50) {
  const seen: string[] = [];
  server.use(
    http.get(`${ROOT}/rooms`, ({ request }) => {
      const url = new URL(request.url);
      seen.push(url.search);
      const size = Number(url.searchParams.get('page_size') ?? defaultSize);
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const end = Math.min(start + size, total);
      const link = (at: number) => {
        const u = new URL(`${ROOT}/rooms`);
        u.searchParams.set('cursor', String(at));
        u.searchParams.set('page_size', String(size));
        return u.href;
      };
      return HttpResponse.json({
        results: Array.from({ length: end - start }, (_, i) => ({
          id: start + i + 1,
          name: `Room ${start + i + 1}`,
        })),
        next: end < total ? link(end) : null,
        previous: start > 0 ? link(Math.max(0, start - size)) : null,
      });
    }),
  );
  return seen;
}

describe('Paginator: for await over every item (spec 4.1)', () => {
  // Page size 1 walks 100 pages (each request through MSW costs milliseconds): a walk of over
  // 1,000 pages is the reference server's, in test/resources/methods.test.ts.
  it.each([
    [1, 100],
    [50, 1200],
    [100, 1200],
  ])('page size %i: walks %i items in order, one request per page', async (size, total) => {
    const seen = roomsList(total);
    const ids: number[] = [];
    for await (const room of client().rooms.list({}, { extraQuery: { page_size: size } }))
      ids.push(room.id);
    expect(ids).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(seen).toHaveLength(Math.ceil(total / size));
  });

  it('break after the first item makes exactly one request', async () => {
    const seen = roomsList(500);
    for await (const room of client().rooms.list()) {
      expect(room.id).toBe(1);
      break;
    }
    expect(seen).toHaveLength(1);
  });

  it('each page exposes the raw response it was read from', async () => {
    roomsList(120);
    const urls: string[] = [];
    for await (const page of client()
      .rooms.list({}, { extraQuery: { page_size: 50 } })
      .pages()) {
      expect(page.response).toBeInstanceOf(Response);
      expect(page.response.status).toBe(200);
      urls.push(new URL(page.response.url).search);
    }
    expect(urls).toEqual(['?page_size=50', '?cursor=50&page_size=50', '?cursor=100&page_size=50']);
  });

  it('a failed first page can be handled as a Promise would: catch((e: Error) => ...)', async () => {
    server.use(
      http.get(`${ROOT}/rooms`, () => HttpResponse.json({ detail: 'no' }, { status: 403 })),
    );
    const message = await client()
      .rooms.list()
      .catch((e: Error) => e.name);
    expect(message).toBe('PermissionDeniedError');
  });

  it('nothing is sent until the paginator is awaited or iterated', async () => {
    const seen = roomsList(10);
    const paginator = client().rooms.list();
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toHaveLength(0);
    await paginator;
    expect(seen).toHaveLength(1);
  });

  it('passes extraQuery keys through as given, and follows next as the service wrote it', async () => {
    const seen = roomsList(3);
    await client()
      .rooms.list({}, { extraQuery: { page_size: 2, flag: true, empty: undefined } })
      .toArray({ limit: 10 });
    expect(seen[0]).toBe('?page_size=2&flag=true');
    expect(seen[1]).toBe('?cursor=2&page_size=2');
  });

  it('concurrent next() calls on one iterator share the in-flight page request', async () => {
    const seen = roomsList(4, 2);
    const it = client().rooms.list()[Symbol.asyncIterator]();
    const results = await Promise.all([it.next(), it.next(), it.next(), it.next(), it.next()]);
    expect(results.map((r) => (r.done ? null : r.value.id))).toEqual([1, 2, 3, 4, null]);
    expect(seen).toHaveLength(2);
  });

  it('the request signal aborts mid-iteration with APIUserAbortError, and no further page is fetched', async () => {
    const seen = roomsList(300);
    const controller = new AbortController();
    const ids: number[] = [];
    await expect(async () => {
      for await (const room of client().rooms.list(undefined, { signal: controller.signal })) {
        ids.push(room.id);
        if (room.id === 60) controller.abort();
      }
    }).rejects.toBeInstanceOf(APIUserAbortError);
    expect(ids.at(-1)).toBe(60);
    expect(seen).toHaveLength(2);
  });
});

describe('Page: awaiting a paginator', () => {
  it('gives the first page with results, next, previous and navigation', async () => {
    roomsList(120);
    const first = await client().rooms.list();
    expect(first).toBeInstanceOf(Page);
    expect(first.results).toHaveLength(50);
    expect(first.hasNextPage()).toBe(true);
    expect(first.hasPreviousPage()).toBe(false);
    expect(first.previous).toBeNull();
    const second = await first.getNextPage();
    expect(second.results[0]?.id).toBe(51);
    expect(second.hasPreviousPage()).toBe(true);
    const back = await second.getPreviousPage();
    expect(back.results[0]?.id).toBe(1);
    const third = await second.getNextPage();
    expect(third.results).toHaveLength(20);
    expect(third.hasNextPage()).toBe(false);
    await expect(third.getNextPage()).rejects.toThrow(/last page/);
  });

  it('awaiting the same paginator twice sends one request', async () => {
    const seen = roomsList(5);
    const paginator = client().rooms.list();
    const [a, b] = await Promise.all([paginator, paginator]);
    expect(a).toBe(b);
    expect(seen).toHaveLength(1);
  });

  it('pages() yields each page once', async () => {
    roomsList(230);
    const sizes: number[] = [];
    for await (const page of client()
      .rooms.list({}, { extraQuery: { page_size: 100 } })
      .pages()) {
      sizes.push(page.results.length);
    }
    expect(sizes).toEqual([100, 100, 30]);
  });
});

describe('toArray({ limit })', () => {
  it('stops at the limit and fetches no page beyond it', async () => {
    const seen = roomsList(1000);
    const rooms = await client().rooms.list().toArray({ limit: 75 });
    expect(rooms).toHaveLength(75);
    expect(seen).toHaveLength(2);
  });

  it('returns the whole list when it is shorter than the limit', async () => {
    roomsList(7);
    expect(await client().rooms.list().toArray({ limit: 500 })).toHaveLength(7);
  });

  it.each([[undefined], [0], [-1], [1.5], [TO_ARRAY_MAX_LIMIT + 1]])(
    'refuses limit %s with a message that says what to do, sending nothing',
    async (limit) => {
      const seen = roomsList(5);
      const err = await client()
        .rooms.list()
        .toArray({ limit } as { limit: number })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ClinicError);
      expect((err as Error).message).toMatch(/1 to 10000.*for await/s);
      expect(seen).toHaveLength(0);
    },
  );

  it('accepts the maximum, 10,000', async () => {
    roomsList(10_050, 100);
    expect(await client().rooms.list().toArray({ limit: TO_ARRAY_MAX_LIMIT })).toHaveLength(10_000);
  });
});

describe('envelopes the spec leaves open (4.1: "the envelope of the other list endpoints: not shown")', () => {
  it('a bare JSON array is one page with next null', async () => {
    let calls = 0;
    server.use(
      http.get(`${ROOT}/professionals`, () => {
        calls++;
        return HttpResponse.json([
          { id: 1, name: 'Dr. A', specialty: null },
          { id: 2, name: 'Dr. B', specialty: 'Cardiology' },
        ]);
      }),
    );
    const page = await client().professionals.list();
    expect(page.results).toHaveLength(2);
    expect(page.next).toBeNull();
    expect(page.hasNextPage()).toBe(false);
    const all = [];
    for await (const p of client().professionals.list()) all.push(p);
    expect(all.map((p) => p.name)).toEqual(['Dr. A', 'Dr. B']);
    expect(calls).toBe(2);
  });

  it('an envelope without next/previous members is one page', async () => {
    server.use(
      http.get(`${ROOT}/rooms`, () => HttpResponse.json({ results: [{ id: 1, name: 'A' }] })),
    );
    const page = await client().rooms.list();
    expect(page.next).toBeNull();
    expect(page.previous).toBeNull();
  });

  it('a relative next URL is resolved against the base URL', async () => {
    server.use(
      http.get(`${ROOT}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor
          ? HttpResponse.json({ results: [{ id: 2, name: 'B' }], next: null, previous: null })
          : HttpResponse.json({
              results: [{ id: 1, name: 'A' }],
              next: '/api/public/v1/rooms?cursor=abc',
              previous: null,
            });
      }),
    );
    const ids = (await client().rooms.list().toArray({ limit: 10 })).map((r) => r.id);
    expect(ids).toEqual([1, 2]);
  });

  it('a body that is neither an array nor an envelope is a ResponseValidationError', async () => {
    server.use(http.get(`${ROOT}/rooms`, () => HttpResponse.json({ items: [] })));
    await expect(client().rooms.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });

  it('an invalid item names its path, never its value', async () => {
    server.use(
      http.get(`${ROOT}/patients`, () =>
        HttpResponse.json({
          results: [
            patientWire({ id: 1, phone: null }),
            patientWire({ id: 2, name: 'Bruno Lima', phone: 12345 }),
          ],
          next: null,
          previous: null,
        }),
      ),
    );
    const err = (await client()
      .patients.list()
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.paths).toEqual(['results.1.phone']);
    expect(err.message).not.toContain('Bruno');
    expect(err.message).not.toContain('12345');
  });
});

describe('a next URL outside the base URL is refused before any request (the key never leaves)', () => {
  it.each([
    ['another host', 'https://evil.example/api/public/v1/rooms?cursor=2'],
    ['another scheme', 'http://clinic.test/api/public/v1/rooms?cursor=2'],
    ['another port', 'https://clinic.test:8443/api/public/v1/rooms?cursor=2'],
    ['another path prefix', 'https://clinic.test/api/private/rooms?cursor=2'],
    ['a look-alike prefix', 'https://clinic.test/api/public/v10/rooms?cursor=2'],
  ])('%s', async (_, next) => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(request.url);
    });
    server.use(
      http.get(`${ROOT}/rooms`, () =>
        HttpResponse.json({ results: [{ id: 1, name: 'A' }], next, previous: null }),
      ),
      http.all('*', () => HttpResponse.json({ stolen: true })),
    );
    const first = await client().rooms.list();
    const err = (await first.getNextPage().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ClinicError);
    expect(err.message).toMatch(/never sent to another host/);
    await expect(client().rooms.list().toArray({ limit: 10 })).rejects.toThrow(/Refused to follow/);
    expect(requests.every((url) => url === `${ROOT}/rooms`)).toBe(true);
    server.events.removeAllListeners();
  });

  it.each([
    ['another list of the API', `${ROOT}/patients?cursor=2`],
    ['an item of the list', `${ROOT}/rooms/2?cursor=2`],
  ])("%s: refused, its items never read as this list's", async (_, next) => {
    const requests: string[] = [];
    server.events.on('request:start', ({ request }) => {
      requests.push(request.url);
    });
    server.use(
      http.get(`${ROOT}/rooms`, () =>
        HttpResponse.json({ results: [{ id: 1, name: 'A' }], next, previous: null }),
      ),
      http.all('*', () => HttpResponse.json({ results: [{ id: 9, name: 'Ana' }], next: null })),
    );
    const err = (await client()
      .rooms.list()
      .toArray({ limit: 10 })
      .catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ClinicError);
    expect(err.message).toMatch(/another list; a page link stays on its own list/);
    expect(err.message).not.toContain('cursor');
    expect(requests).toEqual([`${ROOT}/rooms`]);
    server.events.removeAllListeners();
  });

  it('a next URL with a trailing slash on the same list is followed', async () => {
    server.use(
      // msw matches /rooms and /rooms/ alike: the cursor tells the pages apart.
      http.get(`${ROOT}/rooms`, ({ request }) =>
        new URL(request.url).searchParams.get('cursor') === '2'
          ? HttpResponse.json({ results: [{ id: 2, name: 'B' }], next: null, previous: null })
          : HttpResponse.json({
              results: [{ id: 1, name: 'A' }],
              next: `${ROOT}/rooms/?cursor=2`,
              previous: null,
            }),
      ),
    );
    const rooms = await client().rooms.list().toArray({ limit: 10 });
    expect(rooms.map((r) => r.id)).toEqual([1, 2]);
  });

  it('a base URL with a path keeps its prefix', async () => {
    const seen: string[] = [];
    const prefixed = `${BASE_URL}/clinic-a${API_PREFIX}`;
    server.use(
      http.get(`${prefixed}/rooms`, ({ request }) => {
        seen.push(request.url);
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json({
          results: [{ id: cursor ? 2 : 1, name: 'R' }],
          next: cursor ? null : `${prefixed}/rooms?cursor=1`,
          previous: null,
        });
      }),
    );
    const c = new ClinicClient({ apiKey: API_KEY, baseUrl: `${BASE_URL}/clinic-a` });
    expect((await c.rooms.list().toArray({ limit: 5 })).map((r) => r.id)).toEqual([1, 2]);
    expect(seen).toHaveLength(2);
  });
});

describe('list() with a bad query rejects when awaited; it never throws at the call', () => {
  const bad = { page_size: { nested: true } } as never;

  it('await, iteration and toArray reject with the ValidationError; nothing is sent', async () => {
    const seen = recordRequests(server);
    const client = makeClient();
    let paginator: ReturnType<typeof client.rooms.list> | undefined;
    expect(() => {
      paginator = client.rooms.list(bad);
    }).not.toThrow();
    const awaited = await rejection(paginator!);
    expect(awaited).toBeInstanceOf(ValidationError);
    expect(Object.keys((awaited as ValidationError).fields)).toContain('page_size');
    const iterated = await rejection(
      (async () => {
        for await (const _ of client.rooms.list(bad)) {
          // nothing
        }
      })(),
    );
    expect(iterated).toBeInstanceOf(ValidationError);
    expect(await rejection(client.patients.list(bad).toArray({ limit: 5 }))).toBeInstanceOf(
      ValidationError,
    );
    expect(seen).toEqual([]);
  });
});

describe('next/previous links', () => {
  /** GET /rooms answering page 1 with `links`, and any page with a cursor as the last page. */
  function rooms(links: { next?: string | null; previous?: string | null }): string[] {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor
          ? json({ results: [roomWire({ id: 9 })], next: null, previous: null })
          : json({ results: [roomWire({ id: 1 })], next: null, previous: null, ...links });
      }),
      http.all('*', () => json({ stolen: true })),
    );
    return seen;
  }

  it.each([
    ['a query only', '?cursor=2'],
    ['a path relative to the page', 'rooms?cursor=2'],
    ['a path from the root', `${P}/rooms?cursor=2`],
  ])('a relative next (%s) resolves against the page that gave it', async (_name, next) => {
    const seen = rooms({ next });
    const ids = (
      await makeClient()
        .rooms.list({}, { extraQuery: { page_size: 1 } })
        .toArray({ limit: 10 })
    ).map((r) => r.id);
    expect(ids).toEqual([1, 9]);
    expect(seen).toEqual([`GET ${P}/rooms?page_size=1`, `GET ${P}/rooms?cursor=2`]);
  });

  it('a previous link outside the API is refused, named as previous', async () => {
    const seen = rooms({ previous: 'https://evil.example/api/public/v1/rooms?cursor=0' });
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getPreviousPage());
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/Refused to follow the previous page URL/);
    expect((error as Error).message).toMatch(/never sent to another host/);
    expect(seen).toEqual([`GET ${P}/rooms`]);
  });

  it('a previous link that is not a URL: ResponseValidationError naming previous', async () => {
    rooms({ previous: 'https://[broken' });
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getPreviousPage());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).paths).toEqual(['previous']);
  });

  it.each([
    ['absolute', `${API}/rooms?page_size=1`],
    ['relative, empty', ''],
  ])(
    'a next link equal to the page itself (%s) is refused, not followed forever',
    async (_n, next) => {
      const seen = rooms({ next });
      const error = await rejection(
        makeClient()
          .rooms.list({}, { extraQuery: { page_size: 1 } })
          .toArray({ limit: 5 }),
      );
      expect(error).toBeInstanceOf(ClinicError);
      expect((error as Error).message).toMatch(/same page forever/);
      expect(seen).toEqual([`GET ${P}/rooms?page_size=1`]);
    },
  );
});

describe('Paginator memory', () => {
  it('a walk past page 1 lets the paginator drop it: a later await fetches it again', async () => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return json({
          results: [roomWire({ id: cursor ? 2 : 1 })],
          next: cursor ? null : `${API}/rooms?cursor=2`,
          previous: null,
        });
      }),
    );
    const paginator = makeClient().rooms.list();
    const first = await paginator;
    const ids: number[] = [];
    for await (const page of paginator.pages()) ids.push(...page.results.map((r) => r.id));
    expect(ids).toEqual([1, 2]);
    expect(seen).toHaveLength(2); // page 1 came from the await, not fetched again
    const again = await paginator;
    expect(again).not.toBe(first);
    expect(again.results).toEqual(first.results);
    expect(seen).toHaveLength(3);
  });
});

describe('Paginator: a next link back to a page already walked ends the walk (issue 13)', () => {
  const cycle = () => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor') ?? 'a';
        const next = { a: 'b', b: 'c', c: 'a' }[cursor];
        return json({
          results: [roomWire({ id: cursor.charCodeAt(0) })],
          // c links back to the first page, whose URL has no cursor
          next: next === 'a' ? `${API}/rooms` : `${API}/rooms?cursor=${next}`,
          previous: null,
        });
      }),
    );
    return seen;
  };
  // The whole text is pinned in test/messages.test.ts.
  const names = (error: unknown) => expect((error as Error).message).toContain(`GET ${P}/rooms`);

  it('for await over the paginator: the items of each page once, then a ClinicError', async () => {
    const seen = cycle();
    const ids: number[] = [];
    const error = await rejection(
      (async () => {
        for await (const room of makeClient().rooms.list()) ids.push(room.id);
      })(),
    );
    expect(error).toBeInstanceOf(ClinicError);
    names(error);
    expect(ids).toEqual([97, 98, 99]);
    expect(seen).toEqual([`GET ${P}/rooms`, `GET ${P}/rooms?cursor=b`, `GET ${P}/rooms?cursor=c`]);
  });

  it("a Page's own iterator ends the same way", async () => {
    const seen = cycle();
    const first = await makeClient().rooms.list();
    const ids: number[] = [];
    const error = await rejection(
      (async () => {
        for await (const room of first) ids.push(room.id);
      })(),
    );
    names(error);
    expect(ids).toEqual([97, 98, 99]);
    expect(seen).toHaveLength(3);
  });
});
