/**
 * public-api.md, "Client": the headers every request carries (User-Agent with VERSION,
 * Authorization, Accept, Content-Type, the client's and the call's merged by name), and the fetch
 * it is sent with.
 */
import { readFileSync } from 'node:fs';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { VERSION } from '../../src/index.ts';
import { IDEMPOTENCY_HEADER } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  appointmentWire,
  createBody,
  isolateEachTest,
  json,
  makeClient,
  recordRooms,
  roomWire,
  useServer,
} from './helpers.ts';

const server = useServer();
isolateEachTest();

describe('the headers of every request', () => {
  it('User-Agent names the SDK, its VERSION and the runtime', async () => {
    const seen = recordRooms(server);
    await makeClient().rooms.retrieve(2);
    expect(seen[0]?.get('user-agent')).toBe(
      `clinic-scheduling-sdk-typescript/${VERSION} node/${process.versions.node}`,
    );
  });

  it('Authorization: Bearer <key> and Accept: application/json', async () => {
    const seen = recordRooms(server);
    await makeClient().rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(seen[0]?.get('accept')).toBe('application/json');
  });

  it.each(['Authorization', 'authorization', 'AUTHORIZATION'])(
    'Authorization cannot be overridden through headers (%s), client-wide or per call',
    async (name) => {
      const seen = recordRooms(server);
      const client = makeClient({ headers: { [name]: 'Bearer other_live_x.y' } });
      await client.rooms.retrieve(2, { headers: { [name]: 'Basic Zm9vOmJhcg==' } });
      expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
    },
  );

  it('client headers, then call headers, are merged by name regardless of case', async () => {
    const seen = recordRooms(server);
    const client = makeClient({ headers: { 'X-Team': 'a', Accept: 'application/json; v=1' } });
    await client.rooms.retrieve(2, { headers: { 'x-team': 'b', 'X-Trace': 't1' } });
    expect(seen[0]?.get('x-team')).toBe('b');
    expect(seen[0]?.get('x-trace')).toBe('t1');
    expect(seen[0]?.get('accept')).toBe('application/json; v=1');
  });

  it('a JSON body is sent with Content-Type: application/json', async () => {
    let contentType: string | null = null;
    let body: unknown;
    server.use(
      http.post(`${API}/appointments`, async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.json();
        return json(appointmentWire(), 201);
      }),
    );
    await makeClient().appointments.create({
      ...createBody,
      start_at: new Date('2026-03-02T17:30:00Z'),
    });
    expect(contentType).toBe('application/json');
    expect(body).toEqual({ ...createBody, start_at: '2026-03-02T17:30:00+00:00' });
  });

  it('the fetch option is used instead of the global fetch', async () => {
    const requests: Request[] = [];
    const client = makeClient({
      fetch: async (input, init) => {
        requests.push(new Request(input, init));
        return Response.json(roomWire());
      },
    });
    expect(await client.rooms.retrieve(2)).toEqual(roomWire());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${API}/rooms/2`);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('calls the fetch option as fetch(url, init): method, headers, body and a live signal', async () => {
    const calls: Array<{ input: unknown; init: RequestInit | undefined }> = [];
    const client = makeClient({
      fetch: async (input, init) => {
        calls.push({ input, init });
        return Response.json(appointmentWire());
      },
    });
    await client.appointments.create(createBody, { idempotencyKey: 'key-1' });
    expect(calls).toHaveLength(1);
    const { input, init } = calls[0]!;
    expect(input).toBe(`${API}/appointments`);
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(headers.get(IDEMPOTENCY_HEADER)).toBe('key-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(createBody);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.signal?.aborted).toBe(false);
  });
});

describe('VERSION', () => {
  it("equals package.json's version", () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});
