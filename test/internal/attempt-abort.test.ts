/**
 * The caller's abort reaches every attempt, a retry's too. ky sends a retry as a clone of its
 * Request, and undici may stop tying a clone's signal to the caller's once the original Request
 * is garbage-collected (nodejs/undici#4068): the SDK listens to the caller's signal itself.
 * The listener it adds to the caller's signal is removed when each attempt ends, so a signal
 * shared by many calls does not collect listeners.
 */
import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APIUserAbortError } from '../../src/index.ts';
import { makeClient, rejection } from '../client/helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe("the caller's abort", () => {
  it('stops a retry attempt at once, after a garbage collection', async () => {
    const controller = new AbortController();
    let calls = 0;
    const client = makeClient({
      maxRetries: 1,
      timeout: 10_000,
      fetch: ((_url: string, init: RequestInit) => {
        calls++;
        if (calls === 1) {
          return Promise.resolve(
            new Response('{}', { status: 503, headers: { 'retry-after': '0' } }),
          );
        }
        // Collect first, then abort: timed from the retry's start, so a busy machine cannot
        // make the abort come before the retry.
        setTimeout(gc, 20);
        setTimeout(() => controller.abort(), 200);
        // A retry that never answers unless its signal aborts.
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        });
      }) as typeof fetch,
    });
    const error = await rejection(client.rooms.retrieve(2, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(calls).toBe(2);
  });

  it('leaves no listener on a signal shared by many calls', async () => {
    const client = makeClient({
      fetch: (async () => Response.json({ id: 2, name: 'Sala 2' })) as typeof fetch,
    });
    const shared = new AbortController().signal;
    const before = getEventListeners(shared, 'abort').length;
    for (let i = 0; i < 20; i++) await client.rooms.retrieve(2, { signal: shared });
    expect(getEventListeners(shared, 'abort').length).toBe(before);
  });
});

describe('a call keeps nothing alive once it ends (issue 40)', () => {
  // ky sends a clone of its Request, and undici keeps the original's signal until a finalizer
  // runs in a later task: a listener an attempt left on it held the call, its Response and text.
  it.each([
    ['unobserved', {}],
    ['with hooks', { hooks: { onResponse: () => {} } }],
  ])(
    '%s: 20 awaited calls of 200 KB answers leave nothing held once they end',
    async (_, options) => {
      const body = JSON.stringify({ id: 2, name: 'x'.repeat(200_000) });
      const client = makeClient({
        ...options,
        fetch: (async () => new Response(body)) as typeof fetch,
      });
      await client.rooms.retrieve(2);
      gc();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 20; i++) await client.rooms.retrieve(2);
      // No turn of the event loop: what a finalizer would release later still counts.
      gc();
      // Held, the texts alone would be 4 MB.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(1_000_000);
    },
  );
});
