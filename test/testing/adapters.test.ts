/**
 * The same scenario through `api.fetch` and through MSW. This file runs twice: in the default
 * vitest project with msw 3, and in the `msw2` project where `msw` is aliased to msw 2 (the
 * handlers' own `import('msw')` included, so they are built by the msw that `setupServer` is).
 */

import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import mswPackage from 'msw/package.json' with { type: 'json' };
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { createHandlers } from '../../src/testing/adapters/msw.ts';
import * as mswPeer from '../../src/testing/adapters/msw-peer.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { runScenario } from './scenario.ts';

const BASE_URL = 'https://clinic.test';
const expectedMajor = process.env.EXPECTED_MSW_MAJOR ?? '3';

test(`the msw loaded is major ${expectedMajor}`, () => {
  expect(mswPackage.version.split('.')[0]).toBe(expectedMajor);
  // The handlers are built with the same msw module as this file's (and setupServer's).
  expect(mswPeer.http).toBe(http);
  expect(mswPeer.HttpResponse).toBe(HttpResponse);
});

describe('through api.fetch (no MSW)', () => {
  test('the scenario passes', async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL, seed: 'demo' });
    await runScenario({ fetch: api.fetch, baseUrl: BASE_URL, apiKey: api.issueApiKey() });
  });
});

describe(`through MSW ${expectedMajor} (setupServer + global fetch)`, () => {
  const api = createReferenceServer({ baseUrl: BASE_URL, seed: 'demo' });
  const apiKey = api.issueApiKey();
  const server = setupServer(...createHandlers(api));
  const unhandled: string[] = [];
  beforeAll(() => {
    // msw 2 calls the option onUnhandledRequest, msw 3 onUnhandledFrame. Each records the
    // request and makes it fail, as the 'error' strategy does.
    const listen = server.listen as (options: Record<string, unknown>) => void;
    listen(
      expectedMajor === '2'
        ? {
            onUnhandledRequest: (request: Request, print: { error: () => void }) => {
              unhandled.push(`${request.method} ${request.url}`);
              print.error();
            },
          }
        : {
            onUnhandledFrame: ({
              frame,
              defaults,
            }: {
              frame: { data?: { request?: Request } };
              defaults: { error: () => void };
            }) => {
              const request = frame.data?.request;
              if (request) unhandled.push(`${request.method} ${request.url}`);
              defaults.error();
            },
          },
    );
  });
  afterEach(() => {
    server.resetHandlers();
    api.reset();
  });
  afterAll(() => server.close());

  test('the scenario passes', async () => {
    await runScenario({ fetch: (input, init) => fetch(input, init), baseUrl: BASE_URL, apiKey });
    expect(unhandled).toEqual([]);
    expect(api.requests.length).toBeGreaterThan(10);
  });

  test('server.use overrides a route ahead of the reference server', async () => {
    server.use(
      http.get(`${BASE_URL}/api/public/v1/rooms`, () =>
        HttpResponse.json({ results: [{ id: 99, name: 'Override' }], next: null, previous: null }),
      ),
    );
    const response = await fetch(`${BASE_URL}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(await response.json()).toEqual({
      results: [{ id: 99, name: 'Override' }],
      next: null,
      previous: null,
    });
    expect(api.requests).toEqual([]);
  });

  test('networkError and loseResponse faults reach fetch as network errors', async () => {
    const headers = {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': 'msw-lose-1',
    };
    api.faults.inject({ path: '/api/public/v1/rooms', networkError: true });
    await expect(fetch(`${BASE_URL}/api/public/v1/rooms`, { headers })).rejects.toThrow(TypeError);

    api.faults.inject({ path: '/api/public/v1/appointments', loseResponse: true });
    const body = JSON.stringify({
      patient_id: 1,
      professional_id: 1,
      appointment_type_id: 1,
      start_at: '2030-01-15T10:00:00',
    });
    await expect(
      fetch(`${BASE_URL}/api/public/v1/appointments`, { method: 'POST', headers, body }),
    ).rejects.toThrow(TypeError);
    expect(api.events).toHaveLength(1);
    const retry = await fetch(`${BASE_URL}/api/public/v1/appointments`, {
      method: 'POST',
      headers,
      body,
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  test('a status fault is answered through MSW with its headers', async () => {
    api.faults.inject({
      path: '/api/public/v1/rooms',
      status: 429,
      headers: { 'retry-after': '1' },
    });
    const response = await fetch(`${BASE_URL}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('1');
  });

  test('requests to other hosts are not handled by the reference server', async () => {
    await expect(fetch('https://elsewhere.test/api/public/v1/rooms')).rejects.toThrow();
    expect(unhandled).toEqual(['GET https://elsewhere.test/api/public/v1/rooms']);
    unhandled.length = 0;
  });
});
