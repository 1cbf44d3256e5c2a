/**
 * The four edges a hostile or broken server reaches (issue 20, part 5): a list walk that would
 * never end, an `http://` base URL to another host, the service's text in an error message,
 * and the headers of `ReadBackError.response`. Each through `ClinicClient` with a custom
 * `fetch`.
 */
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIError,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  NotFoundError,
  ReadBackError,
} from '../../src/index.ts';
import { API_KEY, APPOINTMENT_ID, appointmentWire, roomWire, SECRET } from './helpers.ts';

const BASE = 'https://clinic.test';
const ROOT = `${BASE}/api/public/v1`;

/** A `fetch` whose answer to each request is `answer(url, init)`; counts the requests. */
function fakeFetch(answer: (url: URL, init: RequestInit | undefined) => Response) {
  const calls: string[] = [];
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
    // A turn of the event loop per answer, as over a network: a walk that never ends then
    // times the test out instead of starving its timer.
    await new Promise((resolve) => setImmediate(resolve));
    return answer(url, init);
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const client = (fetch: typeof globalThis.fetch, options = {}) =>
  new ClinicClient({
    apiKey: API_KEY,
    baseUrl: BASE,
    maxRetries: 0,
    logLevel: 'off',
    fetch,
    ...options,
  });

describe('a list walk ends: a run of empty pages with a next link', () => {
  /** Every page empty, each with a fresh next link: the walk would never end. */
  const endless = () =>
    fakeFetch((url) => {
      const n = Number(url.searchParams.get('cursor') ?? 0);
      return json({ results: [], next: `${ROOT}/rooms?cursor=${n + 1}`, previous: null });
    });

  it('toArray({ limit: 10 }) rejects with a ClinicError after 10 pages', async () => {
    const { fetch, calls } = endless();
    const error = await client(fetch)
      .rooms.list()
      .toArray({ limit: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/10 pages in a row/);
    expect((error as Error).message).toMatch(/maxEmptyPages/);
    expect(calls).toHaveLength(10);
  });

  it('for await and pages() end the same way; maxEmptyPages sets the run', async () => {
    const { fetch, calls } = endless();
    const clinic = client(fetch, { maxEmptyPages: 3 });
    expect(clinic.maxEmptyPages).toBe(3);
    const walk = async () => {
      for await (const _ of clinic.rooms.list()) void _;
    };
    await expect(walk()).rejects.toBeInstanceOf(ClinicError);
    expect(calls).toHaveLength(3);
    const pages = async () => {
      for await (const _ of clinic.rooms.list().pages()) void _;
    };
    await expect(pages()).rejects.toBeInstanceOf(ClinicError);
    expect(calls).toHaveLength(6);
  });

  it('a page with items resets the run: short runs of empty pages are walked through', async () => {
    // Pages 0..29: every third one holds a room, the others are empty; page 29 is the last.
    const { fetch, calls } = fakeFetch((url) => {
      const n = Number(url.searchParams.get('cursor') ?? 0);
      return json({
        results: n % 3 === 2 ? [roomWire({ id: n })] : [],
        next: n < 29 ? `${ROOT}/rooms?cursor=${n + 1}` : null,
        previous: null,
      });
    });
    const rooms = await client(fetch, { maxEmptyPages: 3 }).rooms.list().toArray({ limit: 100 });
    expect(rooms.map((r) => r.id)).toEqual([2, 5, 8, 11, 14, 17, 20, 23, 26, 29]);
    expect(calls).toHaveLength(30);
  });

  it('an empty last page (next: null) is no error', async () => {
    const { fetch } = fakeFetch(() => json({ results: [], next: null, previous: null }));
    expect(await client(fetch, { maxEmptyPages: 1 }).rooms.list().toArray({ limit: 5 })).toEqual(
      [],
    );
  });

  it.each([[0], [1.5], [1_001], ['10']])('maxEmptyPages %j is a ConfigurationError', (value) => {
    const { fetch } = endless();
    expect(() => client(fetch, { maxEmptyPages: value })).toThrow(ConfigurationError);
  });
});

describe('an http:// baseUrl to a host that is not this machine', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it.each([
    ['http://clinic.example.com'],
    ['http://10.0.0.5:8000'],
    ['http://192.168.1.20'],
    ['http://dev.localhost:4010'],
    ['http://localhost.:4010'],
    ['http://[::ffff:127.0.0.1]:4010'],
    ['http://[2001:db8::1]'],
    ['http://127.0.0.1.nip.io'],
  ])('%s is a ConfigurationError, and nothing is sent', (baseUrl) => {
    const { fetch, calls } = fakeFetch(() => json(roomWire()));
    let error: unknown;
    try {
      client(fetch, { baseUrl });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/https:\/\//);
    expect((error as Error).message).toMatch(/dangerouslyAllowHttp/);
    expect((error as Error).message).not.toContain(SECRET);
    expect(calls).toEqual([]);
  });

  it('from CLINIC_BASE_URL too', () => {
    vi.stubEnv('CLINIC_BASE_URL', 'http://clinic.example.com');
    expect(
      () => new ClinicClient({ apiKey: API_KEY, fetch: fakeFetch(() => json({})).fetch }),
    ).toThrow(ConfigurationError);
  });

  it.each([
    ['http://localhost:4010'],
    ['http://127.0.0.1:4010'],
    ['http://127.3.2.1'],
    ['http://127.10.200.30'],
    ['http://[::1]:4010'],
    ['http://0.0.0.0:4010'],
    ['http://[::]:4010'],
    ['https://clinic.example.com'],
  ])('%s is accepted', async (baseUrl) => {
    const { fetch, calls } = fakeFetch(() => json(roomWire()));
    await client(fetch, { baseUrl }).rooms.retrieve(2);
    expect(calls).toEqual(['GET /api/public/v1/rooms/2']);
  });

  it('dangerouslyAllowHttp: true lets it through, and is kept by withOptions', async () => {
    const { fetch, calls } = fakeFetch(() => json(roomWire()));
    const clinic = client(fetch, { baseUrl: 'http://10.0.0.5:8000', dangerouslyAllowHttp: true });
    await clinic.withOptions({ timeout: 1_000 }).rooms.retrieve(2);
    expect(calls).toEqual(['GET /api/public/v1/rooms/2']);
  });
});

describe('an error message quotes nothing the service wrote (issue 26, item 5)', () => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters the message must not hold.
  const UNSAFE = /[\r\n\u001b\u202e]/;
  const FORGED = 'Not found.\r\n2026-03-02 INFO payment approved\u001b[2K\u202e';

  it('a 2 MB detail: the message is short and holds none of it; detail and body keep it whole', async () => {
    const detail = 'x'.repeat(2_000_000);
    const { fetch } = fakeFetch(() => json({ detail }, 404));
    const error = (await client(fetch)
      .rooms.retrieve(2)
      .catch((e: unknown) => e)) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.message.length).toBeLessThan(400);
    expect(error.message).not.toContain('xx');
    expect(error.detail).toBe(detail);
    expect((error.body as { detail: string }).detail).toBe(detail);
  });

  it.each([
    [404, { detail: FORGED }],
    [403, { detail: FORGED }],
    [409, { code: `slot\nblocked${'!'.repeat(500)}`, detail: FORGED }],
    [400, { start_at: [FORGED], [`x\n${'y'.repeat(600)}`]: ['z'] }],
    [502, FORGED],
  ])(
    '%s: nothing of the body, no line break, escape or bidi control reaches the message',
    async (status, body) => {
      const { fetch } = fakeFetch(() =>
        typeof body === 'string' ? new Response(body, { status }) : json(body, status),
      );
      const error = (await client(fetch)
        .rooms.retrieve(2)
        .catch((e: unknown) => e)) as APIError;
      expect(error).toBeInstanceOf(APIError);
      expect(error.message).not.toMatch(UNSAFE);
      expect(error.message).not.toMatch(/payment|Not found|yyy|!!!/);
      expect(error.message.length).toBeLessThan(800);
    },
  );

  it('a refused next link of 100,000 characters is quoted bounded too', async () => {
    const next = `https://evil.example/${'p'.repeat(100_000)}?cursor=2`;
    const { fetch, calls } = fakeFetch(() => json({ results: [roomWire()], next, previous: null }));
    const error = await client(fetch)
      .rooms.list()
      .toArray({ limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message.length).toBeLessThan(800);
    expect((error as Error).message).toContain('evil.example');
    expect(calls).toHaveLength(1);
  });

  it('a 422 on create quotes the detail the same way', async () => {
    const { fetch } = fakeFetch(() =>
      json({ code: 'idempotency_key_reused', detail: FORGED }, 422),
    );
    const error = (await client(fetch)
      .appointments.create({
        patient_id: 7,
        professional_id: 3,
        appointment_type_id: 1,
        start_at: '2026-03-02T14:30:00-03:00',
      })
      .catch((e: unknown) => e)) as APIError;
    expect(error.status).toBe(422);
    expect(error.message).not.toMatch(UNSAFE);
    expect(error.detail).toBe(FORGED);
  });
});

describe('ReadBackError.response: headers redacted like every error', () => {
  it('a proxy echoing Authorization on the write answer leaves no key in the error', async () => {
    const { fetch } = fakeFetch((_url, init) => {
      if (init?.method === 'PATCH') {
        const auth = new Headers(init.headers).get('authorization') ?? '';
        return new Response(null, {
          status: 200,
          headers: { 'x-echo-authorization': auth, 'x-request-id': 'req_1' },
        });
      }
      return json({ detail: 'Not found.' }, 404);
    });
    const error = (await client(fetch)
      .appointments.update(APPOINTMENT_ID, { note: 'x' })
      .catch((e: unknown) => e)) as ReadBackError;
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error.response.status).toBe(200);
    expect(error.response.headers.get('x-echo-authorization')).toBe('[redacted]');
    expect(error.response.headers.get('x-request-id')).toBe('req_1');
    expect(inspect(error, { depth: 10 })).not.toContain(SECRET);
    expect(JSON.stringify([...error.response.headers])).not.toContain(SECRET);
  });

  it('the copy keeps the write answer: its status', async () => {
    const { fetch } = fakeFetch((_url, init) =>
      init?.method === 'POST'
        ? new Response(null, { status: 204 })
        : json(appointmentWire({ start_at: 'soon' } as never)),
    );
    const error = (await client(fetch)
      .appointments.cancel(APPOINTMENT_ID)
      .catch((e: unknown) => e)) as ReadBackError;
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error.response.status).toBe(204);
  });
});

describe('a request id is a short token, or none', () => {
  it('an id over 128 characters or with white space is not taken', async () => {
    for (const id of [`Ana Souza CPF 529.982.247-25 ${'X'.repeat(200)}`, 'a b', 'x'.repeat(129)]) {
      const { fetch } = fakeFetch(() => json({ detail: 'no' }, 404, { 'x-request-id': id }));
      const error = await client(fetch)
        .rooms.retrieve(2)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).requestId).toBeUndefined();
    }
    const { fetch } = fakeFetch(() =>
      json({ detail: 'no' }, 404, { 'x-request-id': 'req_8f3a-1' }),
    );
    const error = await client(fetch)
      .rooms.retrieve(2)
      .catch((e: unknown) => e);
    expect((error as NotFoundError).requestId).toBe('req_8f3a-1');
  });
});

describe("a thrown message that quotes the request's query", () => {
  it('keeps no CPF, name or phone of the query in the error, its cause or its stack', async () => {
    const fetch = async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : String(input);
      const decoded = decodeURIComponent(url);
      throw new TypeError(`fetch failed for ${url} (${decoded})`);
    };
    const query = { cpf: '529.982.247-25', name: 'Ana Souza', phone: '11987654321' };
    const seen: unknown[] = [];
    const error = await client(fetch as typeof globalThis.fetch, {
      maxRetries: 0,
      hooks: { onError: (event: { error: unknown }) => seen.push(event.error) },
    })
      .patients.list(query)
      .toArray({ limit: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClinicError);
    const text = inspect(error, { depth: 10 }) + inspect(seen, { depth: 10 });
    for (const value of [...Object.values(query), '529.982.247', 'Ana+Souza', 'Ana%20Souza']) {
      expect(text).not.toContain(value);
    }
    expect(text).toContain('[query]');
  });
});
