import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { APIConnectionError, ClinicError, ConfigurationError } from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  createBody,
  expectCopyOf,
  isolateEachTest,
  json,
  makeClient,
  recordRequests,
  rejection,
  roomWire,
  SECRET,
  useServer,
} from './helpers.ts';

const server = useServer();
isolateEachTest();

describe('local mistakes are ConfigurationErrors, not connection errors, and are not retried', () => {
  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a NUL', 'a\u0000b'],
    ['a character beyond Latin-1', 'caf€'],
  ])('a call header with %s: ConfigurationError naming it, nothing sent', async (_name, value) => {
    const seen = recordRequests(server);
    const error = await rejection(
      makeClient().rooms.retrieve(2, { headers: { 'X-Trace': `${value}-${SECRET}` } }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('x-trace');
    expect((error as Error).message).not.toContain(SECRET);
    expect(seen).toEqual([]);
  });

  it.each([
    ['Connection', 'close'],
    ['Keep-Alive', 'timeout=5'],
    ['Transfer-Encoding', 'chunked'],
    ['Upgrade', 'websocket'],
    ['Expect', '100-continue'],
    ['Host', 'elsewhere.test'],
    ['Content-Length', '10'],
    ['TE', 'trailers'],
    ['Trailer', 'x-checksum'],
  ])(
    'a header fetch manages (%s), per call or client-wide: ConfigurationError, nothing sent',
    async (name, value) => {
      const seen = recordRequests(server);
      const error = await rejection(
        makeClient({ maxRetries: 2 }).rooms.retrieve(2, { headers: { [name]: value } }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(new RegExp(`^the call's headers: ${name}\\b`, 'i'));
      expect(() => makeClient({ headers: { [name]: value } })).toThrow(ConfigurationError);
      expect(() => makeClient({ headers: { [name]: value } })).toThrow(
        new RegExp(`^headers: ${name}\\b`, 'i'),
      );
      expect(seen).toEqual([]);
    },
  );

  it("a page link with credentials in its URL: refused as the server's link, not sent, neither repeated", async () => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, () =>
        json({
          results: [roomWire()],
          next: `https://user:${encodeURIComponent(SECRET)}@clinic.test${API_PREFIX}/rooms?cursor=2&cpf=52998224725`,
          previous: null,
        }),
      ),
    );
    const page = await makeClient({ maxRetries: 2 }).rooms.list();
    const error = await rejection(page.getNextPage());
    // The link is the server's, not the user's configuration.
    expect(error).toBeInstanceOf(ClinicError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/credentials/);
    expect((error as Error).message).not.toContain(SECRET);
    expect(seen).toEqual([`GET ${API_PREFIX}/rooms`]);
  });

  it.each([
    ['a user name alone', 'user@'],
    ['a password alone', ':pw@'],
  ])('a page link with %s in its URL: refused, not sent', async (_name, userinfo) => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, () =>
        json({
          results: [roomWire()],
          next: `https://${userinfo}clinic.test${API_PREFIX}/rooms?cursor=2`,
          previous: null,
        }),
      ),
    );
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getNextPage());
    expect(error).toBeInstanceOf(ClinicError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/credentials/);
    expect(seen).toEqual([`GET ${API_PREFIX}/rooms`]);
  });

  it.each([
    ['a plain object', {}, 'object'],
    ['null', null, 'null'],
    ['a string', 'abort', 'string'],
  ])(
    'a signal that is %s: ConfigurationError, nothing sent, no Idempotency-Key',
    async (_name, signal, got) => {
      const seen = recordRequests(server);
      const error = await rejection(
        makeClient().appointments.create(createBody, { signal: signal as unknown as AbortSignal }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/^signal must be an AbortSignal/);
      expect((error as Error).message).toContain(`got ${got}.`);
      expect((error as ConfigurationError).idempotencyKey).toBeUndefined();
      expect(seen).toEqual([]);
    },
  );

  it('an invalid header name: ConfigurationError, nothing sent', async () => {
    const seen = recordRequests(server);
    const error = await rejection(makeClient().rooms.retrieve(2, { headers: { 'X Trace': 'a' } }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('X Trace'.toLowerCase());
    expect(seen).toEqual([]);
  });

  it('a client header HTTP cannot carry: ConfigurationError at construction, its value not repeated', () => {
    let error: unknown;
    try {
      makeClient({ headers: { 'X-Team': `front\r\nX-Injected: ${SECRET}` } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('x-team');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('an Authorization header is dropped unread, whatever it holds: no error, its value nowhere', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/rooms/2`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return json(roomWire());
      }),
    );
    const client = makeClient({ headers: { Authorization: 'Bearer other\nvalue' } });
    await client.rooms.retrieve(2, { headers: { authorization: 'x\ny' } });
    expect(authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('a custom fetch that throws something other than a TypeError: a ClinicError with a copy of it as cause, not retried', async () => {
    const bug = new RangeError('a bug in the custom fetch');
    let calls = 0;
    const client = makeClient({
      maxRetries: 2,
      fetch: async () => {
        calls++;
        throw bug;
      },
    });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(ClinicError);
    expectCopyOf((error as Error).cause, bug);
    expect((error as Error).message).toContain('threw a RangeError');
    expect(calls).toBe(1);
  });

  it("a custom fetch's TypeError is a network failure: APIConnectionError, retried, naming its code", async () => {
    let calls = 0;
    const client = makeClient({
      maxRetries: 1,
      fetch: async () => {
        calls++;
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }),
        });
      },
    });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(calls).toBe(2);
  });
});
