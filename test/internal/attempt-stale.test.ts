/**
 * An attempt ky gave up on whose signal did not say so. ky retries with a clone of its Request,
 * and undici may stop tying a clone's signal to ky's once the original is garbage-collected
 * (nodejs/undici#4068): ky's timeout then never reaches the attempt, whose fetch goes on and may
 * answer once the next attempt has started. That answer is not the call's: no event reports it,
 * the call's error does not carry its status, and the retry's wait is measured from ky's timeout.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, expect, it, vi } from 'vitest';
import { APIConnectionTimeoutError, type APIError } from '../../src/index.ts';
import { json, makeClient, rejection } from '../client/helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Rejects when `signal` aborts; answers `answer` after `ms` if it has not. */
function pending(signal: AbortSignal | null | undefined, answer?: () => Response, ms = 0) {
  return new Promise<Response>((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(signal.reason));
    if (answer) setTimeout(() => resolve(answer()), ms);
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

it("a timed-out attempt that answers after the next started: its answer is not the call's", async () => {
  // Timeouts of 500 ms and a backoff of 900 ms before the third attempt (1 s less the jitter
  // drawn): it runs from about 1.4 s to 1.9 s, and the second attempt answers at 1.65 s.
  vi.spyOn(Math, 'random').mockReturnValue(0.4);
  const events: string[] = [];
  const delays: number[] = [];
  let sent = 0;
  const fetch = ((_url: string, init: RequestInit) => {
    sent++;
    if (sent === 1) return Promise.resolve(json({ detail: 'busy' }, 503, { 'retry-after': '0' }));
    if (sent === 2) {
      // The clone's signal may come untied from ky's once the first Request is collected.
      setTimeout(gc, 20);
      return pending(init.signal, () => json({ detail: 'late' }, 500), 1_650);
    }
    return pending(init.signal);
  }) as typeof globalThis.fetch;
  const client = makeClient({
    fetch,
    timeout: 500,
    maxRetries: 2,
    hooks: {
      onRequest: (e) => void events.push(`request ${e.attempt}`),
      onResponse: (e) => void events.push(`response ${e.attempt} ${e.status}`),
      onRetry: (e) => {
        events.push(`retry ${e.attempt}`);
        delays.push(e.delayMs);
      },
    },
  });
  const error = await rejection(client.rooms.retrieve(2));
  // Whatever the second attempt still does has happened by now.
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(error).toBeInstanceOf(APIConnectionTimeoutError);
  expect((error as APIError).status).toBeUndefined();
  // The wait before the third attempt runs from the second's timeout, though its signal never
  // said so: the 900 ms backoff, plus what a busy machine adds to the timers.
  expect(delays[1]).toBeGreaterThanOrEqual(850);
  expect(delays[1]).toBeLessThan(1_600);
  expect(events).toEqual([
    'request 1',
    'response 1 503',
    'retry 2',
    'request 2',
    'retry 3',
    'request 3',
  ]);
});
