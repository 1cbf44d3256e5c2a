/**
 * Spec 8 shows no limit on request bodies or on what a server keeps; the reference server is
 * bounded by bytes anyway: a body over `maxBodyBytes` is 413 before it is buffered (its source
 * is read no further), and the request and event logs are bounded by bytes as well as by
 * entries, so neither large nor unauthenticated requests can grow its memory.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { referenceServerListener as toNodeListener } from '../../src/testing/adapters/node.ts';
import { API, createBody, setup } from './helpers.ts';

const CHUNK = 16 * 1024;

/** A body source that counts the bytes taken from it and never ends. */
function endless() {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x20));
    },
  });
  return { stream, pulled: () => pulled };
}

function post(s: ReturnType<typeof setup>, path: string, body: BodyInit, headers = {}) {
  return s.api.fetch(`${API}${path}`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json', ...headers },
    duplex: 'half',
  } as RequestInit);
}

describe('request bodies: 413 over maxBodyBytes, before buffering', () => {
  test('a body one byte over the limit is 413 {code, detail}; at the limit it is read', async () => {
    const s = setup({ maxBodyBytes: 200 });
    const body = JSON.stringify(createBody(s));
    const padded = body.padEnd(200, ' ');
    expect((await post(s, '/appointments', padded)).status).toBe(201);
    const over = await post(s, '/appointments', `${padded} `);
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({ code: 'request_too_large', detail: expect.any(String) });
    expect(s.api.events).toHaveLength(1);
  });

  test('an endless streamed body is answered 413 after at most the limit plus one chunk', async () => {
    const s = setup({ maxBodyBytes: 64 * 1024 });
    for (const path of [
      '/appointments',
      '/patients',
      `/appointments/${crypto.randomUUID()}/cancel`,
    ]) {
      const source = endless();
      const answer = await post(s, path, source.stream);
      expect(answer.status, path).toBe(413);
      expect(source.pulled()).toBeLessThanOrEqual(64 * 1024 + 2 * CHUNK);
    }
  });

  test('a declared Content-Length over the limit is 413 without reading the body', async () => {
    const s = setup({ maxBodyBytes: 1024 });
    const source = endless();
    const answer = await post(s, '/appointments', source.stream, { 'content-length': '5000' });
    expect(answer.status).toBe(413);
    expect(source.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  test('the body of a request without a valid key is never read', async () => {
    const s = setup();
    const source = endless();
    const answer = await s.api.fetch(`${API}/appointments`, {
      method: 'POST',
      body: source.stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(answer.status).toBe(401);
    expect(source.pulled()).toBeLessThanOrEqual(CHUNK);
  });

  test('over HTTP: an endless chunked upload gets its 413 while it is still sending', async () => {
    const s = setup({ maxBodyBytes: 64 * 1024 });
    const server = createServer(toNodeListener(s.api)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/public/v1/appointments',
            headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
            req.destroy();
          },
        );
        req.on('error', (error) => {
          if (!req.destroyed) reject(error);
        });
        const chunk = Buffer.alloc(CHUNK, 0x20);
        const pump = () => {
          while (!req.destroyed && req.write(chunk));
          if (!req.destroyed) req.once('drain', pump);
        };
        pump();
      });
      expect(status).toBe(413);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

/** About the size the request log counts for an entry. */
function size(entry: { path: string; headers: Record<string, string> }): number {
  return Object.entries(entry.headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
}

describe('the request and event logs are bounded by bytes as well as entries', () => {
  test('10 KB unauthenticated requests keep the request log within logBytes', async () => {
    const s = setup({ logBytes: 100_000 });
    const padding = 'x'.repeat(10_000);
    for (let i = 0; i < 200; i++) {
      const answer = await s.api.fetch(`${API}/rooms`, { headers: { 'x-padding': padding } });
      expect(answer.status).toBe(401);
    }
    const kept = s.api.requests.reduce((n, r) => n + size(r), 0);
    expect(kept).toBeLessThanOrEqual(100_000);
    expect(s.api.requests.length).toBeGreaterThan(0);
    expect(s.api.requests.length).toBeLessThan(11);
    // The newest request is the one kept last.
    await s.send('GET', '/rooms');
    expect(s.api.requests.at(-1)!.headers.authorization).toMatch(/^Bearer csk_live_/);
  });

  test('an entry larger than the whole budget is kept alone, never more', async () => {
    const s = setup({ logBytes: 1_000 });
    await s.api.fetch(`${API}/rooms`, { headers: { 'x-padding': 'y'.repeat(5_000) } });
    expect(s.api.requests).toHaveLength(1);
    await s.send('GET', '/rooms');
    expect(s.api.requests).toHaveLength(1);
    expect(s.api.requests[0]!.headers['x-padding']).toBeUndefined();
  });

  test('the event log keeps the newest envelopes within logBytes', async () => {
    const s = setup({ logBytes: 5_000 });
    for (let i = 0; i < 30; i++) {
      const answer = await s.send('POST', '/appointments', { json: createBody(s) });
      expect(answer.status).toBe(201);
    }
    const bytes = s.api.events.reduce((n, e) => n + JSON.stringify(e).length, 0);
    expect(bytes).toBeLessThanOrEqual(5_000);
    expect(s.api.events.length).toBeGreaterThan(1);
    expect(s.api.events.length).toBeLessThan(30);
  });

  test('logLimit still bounds the entries', async () => {
    const s = setup({ logLimit: 3 });
    for (let i = 0; i < 5; i++) await s.send('GET', '/rooms');
    expect(s.api.requests).toHaveLength(3);
  });
});
