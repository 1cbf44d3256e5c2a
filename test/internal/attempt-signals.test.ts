/**
 * An attempt and the signals it is handed (issue 40, item 1): what it adds to the Request's
 * signal and the caller's is removed when it ends, however it ends; the caller's abort ends it
 * even when the Request's signal does not follow the caller's (nodejs/undici#4068); an answer
 * that comes after ky gave up is dropped for the abort's reason, a body-less one too.
 */
import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { Attempt, type Sending } from '../../src/internal/attempt.ts';

const TARGET = 'https://clinic.test/api/public/v1/rooms/2';

function sending(
  fetch: (url: string, init: RequestInit) => Promise<Response>,
  caller?: AbortSignal,
) {
  return { fetch, body: undefined, cap: 1_000_000, caller, around: undefined } as Sending;
}

/** A fetch that answers only when its signal aborts, rejecting with the reason. */
const stalled = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

const listeners = (signal: AbortSignal) => getEventListeners(signal, 'abort').length;

describe('the listeners an attempt adds', () => {
  it.each([
    ['answered', async () => Response.json({ id: 2 })],
    ['refused', async () => Response.json({ code: 'x' }, { status: 400 })],
    ['failed', async () => Promise.reject(new TypeError('fetch failed'))],
  ])('%s: none is left on the request’s signal or the caller’s', async (_, fetch) => {
    const ky = new AbortController();
    const caller = new AbortController();
    const request = new Request(TARGET, { signal: ky.signal });
    const before = [listeners(request.signal), listeners(caller.signal)];
    await new Attempt(TARGET).run(request, sending(fetch, caller.signal)).catch(() => {});
    expect([listeners(request.signal), listeners(caller.signal)]).toEqual(before);
  });
});

describe("the caller's abort", () => {
  it("ends the attempt though the request's signal does not follow the caller's", async () => {
    const caller = new AbortController();
    // A Request whose signal nothing aborts, as undici may leave a retry's clone.
    const run = new Attempt(TARGET).run(new Request(TARGET), sending(stalled, caller.signal));
    const reason = new Error('the caller gave up');
    caller.abort(reason);
    const outcome = await Promise.race([run.catch((error: unknown) => error), sleep(2_000)]);
    expect(outcome).toBe(reason);
  });
});

describe('an answer that comes after ky gave up on the attempt', () => {
  it.each([
    ['a body', '{"id":2}', 200],
    ['no body', null, 204],
  ])('with %s: dropped, the attempt rejects with the abort’s reason', async (_, body, status) => {
    const ky = new AbortController();
    let answer!: (response: Response) => void;
    const late = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const run = new Attempt(TARGET).run(new Request(TARGET, { signal: ky.signal }), sending(late));
    const reason = new Error('ky timed the attempt out');
    ky.abort(reason);
    // The attempt relays an abort a microtask later.
    await sleep(0);
    answer(new Response(body, { status }));
    await expect(run).rejects.toBe(reason);
  });
});
