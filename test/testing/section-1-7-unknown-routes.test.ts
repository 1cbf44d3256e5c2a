/**
 * Spec 1 (facts 1, 2 and 7) and 7: every method and path that is not one of the 15 operations
 * answers 401 without a key and 404 with one, through every adapter: `api.fetch`, the MSW
 * handlers and the node:http adapter (where TRACE and the other methods a Fetch `Request`
 * cannot carry must not become 500).
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, METHODS } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/testing/adapters/msw.ts';
import { referenceServerListener } from '../../src/testing/adapters/node.ts';
import { createReferenceServer } from '../../src/testing/index.ts';

const BASE_URL = 'https://clinic.test';
const P = '/api/public/v1';
/** A 404 naming the method and path (messages.test.ts pins the words). */
const NOT_FOUND = (method: string, path: string) => ({
  detail: expect.stringContaining(`${method} ${path} `),
});
/** A 401 naming the header to send. */
const NO_KEY = { detail: expect.stringContaining('Authorization') };

/** Paths that no method makes an operation. */
const UNKNOWN_PATHS = [`${P}/payments`, `${P}`, `${P}/rooms/`, `${P}/ROOMS`, `${P}/rooms/1/x`];
/** Methods that are not an operation on any path. */
const OTHER_METHODS = ['PUT', 'DELETE', 'OPTIONS', 'PROPFIND', 'PURGE', 'FOO'];

describe('through api.fetch', () => {
  const api = createReferenceServer({ baseUrl: BASE_URL });
  const key = api.issueApiKey();

  test.each(UNKNOWN_PATHS)('GET and POST %s: 401 without a key, 404 with one', async (path) => {
    for (const method of ['GET', 'POST', 'PATCH']) {
      const anonymous = await api.fetch(`${BASE_URL}${path}`, { method });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('content-type')).toBe('application/json');
      expect(await anonymous.json()).toEqual(NO_KEY);
      const keyed = await api.fetch(`${BASE_URL}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(keyed.status).toBe(404);
      expect(keyed.headers.get('content-type')).toBe('application/json');
      expect(await keyed.json()).toEqual(NOT_FOUND(method, path));
    }
  });

  test.each(OTHER_METHODS)(
    '%s on an operation path: 401 without a key, 404 with one',
    async (method) => {
      const anonymous = await api.fetch(`${BASE_URL}${P}/rooms`, { method });
      expect(anonymous.status).toBe(401);
      const keyed = await api.fetch(`${BASE_URL}${P}/rooms`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(keyed.status).toBe(404);
      expect(await keyed.json()).toEqual(NOT_FOUND(method, `${P}/rooms`));
    },
  );
});

describe('through the MSW handlers (global fetch)', () => {
  const api = createReferenceServer({ baseUrl: BASE_URL });
  const key = api.issueApiKey();
  const server = setupServer(...createHandlers(api));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' } as never));
  afterAll(() => server.close());

  // MSW's http.all matches the standard methods; a made-up one never reaches the handlers.
  test.each(OTHER_METHODS.filter((m) => m !== 'FOO'))(
    '%s: 401 without a key, 404 with one',
    async (method) => {
      const anonymous = await fetch(`${BASE_URL}${P}/patients`, { method });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual(NO_KEY);
      const keyed = await fetch(`${BASE_URL}${P}/unknown`, {
        method,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(keyed.status).toBe(404);
      expect(await keyed.json()).toEqual(NOT_FOUND(method, `${P}/unknown`));
    },
  );
});

describe('through the node:http adapter (a real socket)', () => {
  const api = createReferenceServer({ baseUrl: 'http://127.0.0.1' });
  const key = api.issueApiKey();
  const server = createServer(referenceServerListener(api));
  let port = 0;
  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** One raw request (node:http lets any method through, unlike fetch). */
  function send(method: string, path: string, withKey: boolean) {
    return new Promise<{ status: number; type: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method,
            path,
            headers: withKey ? { authorization: `Bearer ${key}` } : {},
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () =>
              resolve({ status: res.statusCode!, type: res.headers['content-type'], body }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
  }

  // CONNECT is not a request node:http hands to a request listener (it is the 'connect' event).
  const methods = METHODS.filter((m) => m !== 'CONNECT');

  test.each(methods)(
    '%s on an unknown path: 401 without a key, 404 with one, never 500',
    async (method) => {
      const anonymous = await send(method, `${P}/unknown`, false);
      expect(anonymous.status).toBe(401);
      if (method !== 'HEAD') {
        expect(anonymous.type).toBe('application/json');
        expect(JSON.parse(anonymous.body)).toEqual(NO_KEY);
      }
      const keyed = await send(method, `${P}/unknown`, true);
      expect(keyed.status).toBe(404);
      if (method !== 'HEAD') {
        expect(keyed.type).toBe('application/json');
        expect(JSON.parse(keyed.body)).toEqual(NOT_FOUND(method, `${P}/unknown`));
      }
    },
  );

  // TRACK and CONNECT never reach a request listener: node's parser refuses TRACK (400) and
  // hands CONNECT to the 'connect' event. TRACE does, and a Fetch Request cannot carry it.
  test.each(['TRACE'])(
    '%s on an operation path is recorded with its method and answers 404',
    async (method) => {
      const before = api.requests.length;
      const keyed = await send(method, `${P}/rooms`, true);
      expect(keyed.status).toBe(404);
      expect(JSON.parse(keyed.body)).toEqual(NOT_FOUND(method, `${P}/rooms`));
      expect(api.requests.slice(before).map((r) => [r.method, r.path])).toEqual([
        [method, `${P}/rooms`],
      ]);
    },
  );
});
