/**
 * toNodeListener on a real node:http server and a real Express app, both on 127.0.0.1.
 */
import {
  Agent,
  createServer,
  request as httpRequest,
  type RequestListener,
  type Server,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { ClinicError } from '../../../src/core/errors/index.ts';
import { referenceServerListener as referenceNodeListener } from '../../../src/testing/adapters/node.ts';
import { createReferenceServer } from '../../../src/testing/index.ts';
import { toNodeListener } from '../../../src/webhooks/adapters/node.ts';
import type { WebhookEvent } from '../../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../../src/webhooks/options.ts';
import { appointmentEvent } from '../fixtures.ts';

const servers: Server[] = [];
/** The server side of every connection accepted by the servers of this file, in order. */
const connections: Socket[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  server.on('connection', (socket) => void connections.push(socket));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

const agents: Agent[] = [];

afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  connections.splice(0);
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

function consumer(options: Partial<WebhookHandlerOptions> = {}) {
  const seen: WebhookEvent[] = [];
  const raw: string[] = [];
  const handler = createWebhookHandler({
    on: { 'appointment.created': (event) => void seen.push(event) },
    verify: (_request, rawBody) => {
      raw.push(new TextDecoder().decode(rawBody));
      return true;
    },
    onError: () => {},
    ...options,
  });
  return { handler, seen, raw };
}

const send = (url: string, body: string, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    ...init,
  });

describe('toNodeListener on node:http', () => {
  it('delivers the request to the handler and writes its answer', async () => {
    const { handler, seen, raw } = consumer();
    const url = await listen(toNodeListener(handler) as RequestListener);
    const event = appointmentEvent();
    // Odd spacing: verify must get the bytes exactly as sent.
    const body = JSON.stringify(event, null, 3);
    const response = await send(url, body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ status: 'processed', id: event.id });
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([body]);
  });

  it('answers 405 with Allow to a GET', async () => {
    const url = await listen(toNodeListener(consumer().handler) as RequestListener);
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 413 to a chunked upload over the cap, and the sender reads the answer', async () => {
    const { handler, seen } = consumer({ maxBodyBytes: 64 * 1024 });
    const url = await listen(toNodeListener(handler) as RequestListener);
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await send(url, '', { body: stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: expect.stringContaining('65536') });
    expect(seen).toEqual([]);
  });

  it('a handler that rejects gets a bare 500', async () => {
    const url = await listen(
      toNodeListener(async () => {
        throw new Error('boom');
      }) as RequestListener,
    );
    expect((await send(url, '{}')).status).toBe(500);
  });
});

describe('toNodeListener as Express middleware', () => {
  it('works mounted on a route with no body parser', async () => {
    const { handler, seen, raw } = consumer();
    const app = express();
    app.post('/webhooks', toNodeListener(handler));
    const url = await listen(app);
    const event = appointmentEvent();
    const body = JSON.stringify(event);
    expect((await send(url, body)).status).toBe(200);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([body]);
  });

  it('after express.raw(), verify gets the raw bytes', async () => {
    const { handler, raw } = consumer();
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), toNodeListener(handler));
    const url = await listen(app);
    const body = JSON.stringify(appointmentEvent(), null, 2);
    expect((await send(url, body)).status).toBe(200);
    expect(raw).toEqual([body]);
  });

  it('after express.json(), the parsed body is re-serialised (verify sees other bytes)', async () => {
    const { handler, seen, raw } = consumer();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', toNodeListener(handler));
    const url = await listen(app);
    const event = appointmentEvent();
    const body = JSON.stringify(event, null, 2);
    expect((await send(url, body)).status).toBe(200);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([JSON.stringify(event)]);
  });

  it('passes a failure of the adapted handler to next()', async () => {
    const app = express();
    const failures: string[] = [];
    app.post(
      '/webhooks',
      toNodeListener(async () => {
        throw new Error('boom');
      }),
    );
    app.use(
      (error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        failures.push(error.message);
        res.status(502).json({ detail: 'from the error middleware' });
      },
    );
    const url = await listen(app);
    const response = await send(url, '{}');
    expect(response.status).toBe(502);
    expect(failures).toEqual(['boom']);
  });
});

/** One keep-alive connection at most: every request of `agent` goes over the same socket. */
function keepAliveAgent(): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
}

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request through node:http and `agent`, failing after `withinMs` with no answer (the symptom
 * of a jammed keep-alive socket) instead of hanging until the test times out.
 */
function exchange(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Uint8Array },
  withinMs = 3_000,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no answer to ${init.method ?? 'GET'} ${url} within ${withinMs} ms`)),
      withinMs,
    );
    const req = httpRequest(url, { agent, method: init.method ?? 'GET', headers: init.headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(init.body);
  });
}

const LARGE = 'x'.repeat(512 * 1024);

describe('toNodeListener keeps a keep-alive connection usable after an early answer', () => {
  const json = (body: string) => ({
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
  });

  const refusals: Array<{
    name: string;
    status: number;
    options?: Partial<WebhookHandlerOptions>;
    method?: string;
    headers?: Record<string, string>;
  }> = [
    { name: '415 (not JSON)', status: 415, headers: { 'content-type': 'text/plain' } },
    { name: '405 (a PUT)', status: 405, method: 'PUT' },
    { name: '413 (over maxBodyBytes)', status: 413, options: { maxBodyBytes: 64 * 1024 } },
    { name: '401 (verify refused)', status: 401, options: { verify: () => false } },
  ];

  for (const refusal of refusals) {
    it(`a refused ~512 KB body answered ${refusal.name} leaves the socket ready for the next delivery`, async () => {
      const { handler, seen } = consumer(refusal.options);
      const url = await listen(toNodeListener(handler) as RequestListener);
      const agent = keepAliveAgent();
      const refused = await exchange(agent, url, {
        method: refusal.method ?? 'POST',
        headers: { ...json(LARGE), ...refusal.headers },
        body: LARGE,
      });
      expect(refused.status).toBe(refusal.status);
      expect(refused.headers.connection).toBe('keep-alive');

      const valid = await appointmentEvent();
      const body = JSON.stringify(valid);
      const next = await exchange(agent, url, {
        method: 'POST',
        headers: json(body),
        body,
      });
      expect(refusal.status === 401 ? next.status : JSON.parse(next.body)).toEqual(
        refusal.status === 401 ? 401 : { status: 'processed', id: valid.id },
      );
      expect(connections).toHaveLength(1);
      if (refusal.status !== 401) expect(seen.map((e) => e.id)).toEqual([valid.id]);
    });
  }

  it('a refused chunked body (no Content-Length) is drained too', async () => {
    const { handler, seen } = consumer();
    const url = await listen(toNodeListener(handler) as RequestListener);
    const agent = keepAliveAgent();
    const refused = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(url, {
        agent,
        method: 'POST',
        headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      for (let i = 0; i < 32; i++) req.write('y'.repeat(16 * 1024));
      req.end();
    });
    expect(refused).toBe(415);
    const valid = appointmentEvent();
    const body = JSON.stringify(valid);
    expect((await exchange(agent, url, { method: 'POST', headers: json(body), body })).status).toBe(
      200,
    );
    expect(connections).toHaveLength(1);
    expect(seen.map((e) => e.id)).toEqual([valid.id]);
  });

  it('a handler that answers without reading the body (any Fetch handler) does not jam the socket', async () => {
    const url = await listen(
      toNodeListener(async () => new Response('nope', { status: 404 })) as RequestListener,
    );
    const agent = keepAliveAgent();
    expect(
      (await exchange(agent, url, { method: 'POST', headers: json(LARGE), body: LARGE })).status,
    ).toBe(404);
    expect(
      (await exchange(agent, url, { method: 'POST', headers: json('{}'), body: '{}' })).status,
    ).toBe(404);
    expect(connections).toHaveLength(1);
  });

  it('a handler that rejects without reading the body gets its bare 500, and the socket stays usable', async () => {
    let calls = 0;
    const url = await listen(
      toNodeListener(async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return new Response(null, { status: 204 });
      }) as RequestListener,
    );
    const agent = keepAliveAgent();
    expect(
      (await exchange(agent, url, { method: 'POST', headers: json(LARGE), body: LARGE })).status,
    ).toBe(500);
    expect(
      (await exchange(agent, url, { method: 'POST', headers: json('{}'), body: '{}' })).status,
    ).toBe(204);
    expect(connections).toHaveLength(1);
  });
});

/**
 * A raw TCP client: sends `head` and then `chunks` (as long as the server reads them), and
 * resolves with everything the server wrote before closing the connection, or after
 * `withinMs` with `closed: false`.
 */
function rawExchange(
  url: string,
  head: string,
  chunks: Iterable<string>,
  withinMs = 3_000,
): Promise<{ text: string; closed: boolean }> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closed: false });
    }, withinMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.on('error', () => {}); // a reset after the answer is what the server may do
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closed: true });
    });
    const iterator = chunks[Symbol.iterator]();
    const writeMore = () => {
      for (;;) {
        const next = iterator.next();
        if (next.done || socket.destroyed) return;
        if (!socket.write(next.value)) return void socket.once('drain', writeMore);
      }
    };
    socket.write(head);
    writeMore();
  });
}

describe('toNodeListener bounds what it discards', () => {
  const chunked = function* (total: number) {
    const chunk = 'z'.repeat(64 * 1024);
    for (let sent = 0; sent < total; sent += chunk.length) {
      yield `${chunk.length.toString(16)}\r\n${chunk}\r\n`;
    }
  };

  it('a declared rest over 1 MiB is answered with Connection: close, and the connection ends', async () => {
    const { handler } = consumer();
    const url = await listen(toNodeListener(handler) as RequestListener);
    const { pathname, host } = new URL(url);
    // 8 MiB declared, 256 KiB sent: the server must not wait for (or read) the rest.
    const result = await rawExchange(
      url,
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\n` +
        `Content-Length: ${8 * 1024 * 1024}\r\n\r\n`,
      ['w'.repeat(256 * 1024)],
    );
    expect(result.text).toMatch(/^HTTP\/1\.1 415 /);
    expect(result.text.toLowerCase()).toContain('connection: close');
    expect(result.closed).toBe(true);
  });

  it('a chunked rest that goes past 1 MiB is not read to its end: the connection is closed after the answer', async () => {
    const { handler } = consumer();
    const url = await listen(toNodeListener(handler) as RequestListener);
    const { pathname, host } = new URL(url);
    // 64 MiB of chunks, never terminated: reading them all would take the whole test.
    const result = await rawExchange(
      url,
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\n` +
        'Transfer-Encoding: chunked\r\n\r\n',
      chunked(64 * 1024 * 1024),
    );
    expect(result.text).toMatch(/^HTTP\/1\.1 415 /);
    expect(result.closed).toBe(true);
  });
});

describe('toNodeListener and a body that trickles in (slow-loris)', () => {
  it('a body not complete within bodyTimeoutMs is answered 408 with Connection: close, and the connection ends', async () => {
    const { handler, seen } = consumer({ bodyTimeoutMs: 300 });
    const url = await listen(toNodeListener(handler) as RequestListener);
    const { pathname, host } = new URL(url);
    const started = Date.now();
    // 100 bytes declared, 5 sent: the rest never comes.
    const result = await rawExchange(
      url,
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 100\r\n\r\n',
      ['{"id"'],
    );
    expect(result.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(result.text.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(result.text.slice(result.text.indexOf('\r\n\r\n') + 4))).toEqual({
      detail: expect.stringContaining('300 ms'),
    });
    expect(result.closed).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(seen).toEqual([]);
  });
});

describe('toNodeListener and a body still being read after the answer', () => {
  it('a read of the body that outlives the answer fails with a ClinicError, not a hang', async () => {
    let read: Promise<unknown> | undefined;
    const url = await listen(
      toNodeListener(async (request) => {
        read = request.arrayBuffer().catch((error: unknown) => error);
        return new Response(null, { status: 202 });
      }) as RequestListener,
    );
    const { pathname, host } = new URL(url);
    // 100 KB declared, 10 KB sent: the body cannot be read to its end.
    const result = await rawExchange(
      url,
      `POST ${pathname} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
        'Content-Length: 102400\r\n\r\n',
      ['v'.repeat(10 * 1024)],
      500,
    );
    expect(result.text).toMatch(/^HTTP\/1\.1 202 /);
    const error = await read;
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/^toNodeListener: /);
  });
});

describe("the reference server's node adapter (src/testing/adapters/node.ts) keeps the connection too", () => {
  it('a 401 and a 404 to ~512 KB bodies are followed by an answer on the same socket', async () => {
    const server = createServer();
    servers.push(server);
    server.on('connection', (socket) => void connections.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = createReferenceServer({ baseUrl: base });
    server.on('request', referenceNodeListener(api));
    const key = api.issueApiKey({ scopes: ['appointments:read'] });
    const agent = keepAliveAgent();

    const large = { 'content-type': 'application/json', 'content-length': String(LARGE.length) };
    const unauthenticated = await exchange(agent, `${base}/api/public/v1/patients`, {
      method: 'POST',
      headers: large,
      body: LARGE,
    });
    expect(unauthenticated.status).toBe(401);
    const unknown = await exchange(agent, `${base}/api/public/v1/not-a-resource`, {
      method: 'POST',
      headers: { ...large, authorization: `Bearer ${key}` },
      body: LARGE,
    });
    expect(unknown.status).toBe(404);
    const rooms = await exchange(agent, `${base}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(rooms.status).toBe(200);
    expect(connections).toHaveLength(1);
  });
});
