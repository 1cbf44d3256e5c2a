/**
 * Every standard `fetch` a user passes works the same (issue 40, item 4): Node's global one and
 * undici's own (its package, with a dispatcher of its own) against a real node:http server,
 * the reference server's `api.fetch`, and the global one under MSW. Each gets ky's headers as
 * they are: the key arrives, a JSON body with its `Content-Type`, a 503 is retried, a body that
 * stalls times out.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpResponse, http } from 'msw';
import { Agent, fetch as undiciFetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APIConnectionTimeoutError, ClinicClient } from '../../src/index.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { API_KEY, patientWire, roomWire, useServer } from '../client/helpers.ts';

/** What the server saw of each request. */
const seen: Array<{ method: string; url: string; auth: string; type: string; body: string }> = [];
let base = '';
let failNext = 0;
const server = createServer(async (req: IncomingMessage, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const { method = '', url = '', headers } = req;
  seen.push({
    method,
    url,
    auth: headers.authorization ?? '',
    type: headers['content-type'] ?? '',
    body,
  });
  if (url.endsWith('/rooms/9')) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"id":');
    return; // never ends
  }
  if (failNext > 0) {
    failNext--;
    res.writeHead(503, { 'retry-after': '0' }).end();
    return;
  }
  const answer = method === 'POST' ? patientWire() : roomWire();
  res.writeHead(method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer));
});
beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const agent = new Agent({ keepAliveTimeout: 1_000 });
const fetches: Array<[string, () => typeof fetch]> = [
  ['the global fetch', () => fetch],
  [
    "undici's fetch with its own dispatcher",
    // undici's package declares Response types of its own: a user casts its fetch so, too.
    () =>
      ((url: string, init: object) =>
        undiciFetch(url, { ...init, dispatcher: agent })) as unknown as typeof fetch,
  ],
];

describe.each(fetches)('%s against a node:http server', (_, fetchOf) => {
  const client = (options = {}) =>
    new ClinicClient({
      apiKey: API_KEY,
      baseUrl: base,
      fetch: fetchOf(),
      logLevel: 'off',
      ...options,
    });

  it('sends the key and reads the answer', async () => {
    seen.length = 0;
    expect(await client().rooms.retrieve(2)).toEqual(roomWire());
    expect(seen).toEqual([
      {
        method: 'GET',
        url: '/api/public/v1/rooms/2',
        auth: `Bearer ${API_KEY}`,
        type: '',
        body: '',
      },
    ]);
  });

  it('retries a 503', async () => {
    seen.length = 0;
    failNext = 1;
    expect(await client().rooms.retrieve(2)).toEqual(roomWire());
    expect(seen.map((request) => request.auth)).toEqual(Array(2).fill(`Bearer ${API_KEY}`));
  });

  it('sends a JSON body with its Content-Type', async () => {
    seen.length = 0;
    await client().patients.create({ name: 'Ana Souza' });
    expect(seen.map(({ method, type, body }) => [method, type, JSON.parse(body)])).toEqual([
      ['POST', 'application/json', { name: 'Ana Souza' }],
    ]);
  });

  it('a body that stalls times out, its attempt aborted', async () => {
    const error = await client({ timeout: 300, maxRetries: 0 })
      .rooms.retrieve(9)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  });
});

describe("the reference server's api.fetch", () => {
  it('books and reads back', async () => {
    const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
    const clinic = new ClinicClient({
      apiKey: api.issueApiKey({ preset: 'full_access' }),
      baseUrl: api.baseUrl,
      fetch: api.fetch,
      logLevel: 'off',
    });
    const patient = await clinic.patients.create({ name: 'Marina Costa' });
    expect(await clinic.patients.retrieve(patient.id)).toEqual(patient);
  });
});

describe('the global fetch under MSW', () => {
  const msw = useServer();
  it('reaches the handler with the key', async () => {
    const auth: string[] = [];
    msw.use(
      http.get('https://clinic.test/api/public/v1/rooms/2', ({ request }) => {
        auth.push(request.headers.get('authorization') ?? '');
        return HttpResponse.json(roomWire());
      }),
    );
    const clinic = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: 'https://clinic.test',
      logLevel: 'off',
    });
    expect(await clinic.rooms.retrieve(2)).toEqual(roomWire());
    expect(auth).toEqual([`Bearer ${API_KEY}`]);
  });
});
