/**
 * Pins of the attempt timer (issue 11, item 0), through `ClinicClient` and a custom `fetch`:
 * the timer is cleared once an attempt ends, whatever its outcome (a timer left behind keeps a
 * short script from exiting for `timeout` ms), and it bounds the body read even when the
 * `fetch` in use ignores the request's signal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  ClinicClient,
  NotFoundError,
} from '../../src/index.ts';

const KEY = 'csk_live_timer.0123456789abcdef';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function client(fetch: (url: string, init: RequestInit) => Promise<Response>, extra = {}) {
  return new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    fetch: fetch as typeof globalThis.fetch,
    ...extra,
  });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A body that sends `first` and then never another byte. */
function stalledBody(first = '{"id":') {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
  });
}

/** Advances the fake clock in 100 ms steps until `promise` settles (at most `maxMs`). */
async function drive<T>(promise: Promise<T>, maxMs = 60_000) {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  for (let t = 0; outcome === undefined && t <= maxMs; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
  }
  if (outcome === undefined) throw new Error(`did not settle within ${maxMs} ms`);
  return outcome;
}

describe('the attempt timer is cleared once the attempt ends', () => {
  it('after a success: no timer is left pending', async () => {
    const clinic = client(async () => json({ id: 2, name: 'Sala 2' }), { timeout: 30_000 });
    const room = await clinic.rooms.retrieve(2);
    expect(room).toEqual({ id: 2, name: 'Sala 2' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after an error answer: no timer is left pending', async () => {
    const clinic = client(async () => json({ detail: 'Not found.' }, 404));
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(NotFoundError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('after a fetch that rejects with a bug: no timer is left pending', async () => {
    const bug = new RangeError('a bug in the custom fetch');
    const clinic = client(async () => {
      throw bug;
    });
    await expect(clinic.rooms.retrieve(2)).rejects.toMatchObject({
      name: 'ClinicError',
      cause: bug,
    });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a success in time is not turned into a timeout later', async () => {
    const clinic = client(async () => json({ id: 2, name: 'Sala 2' }), { timeout: 1_000 });
    const outcome = await drive(clinic.rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: { id: 2, name: 'Sala 2' } });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a custom fetch that ignores the signal', () => {
  it('a stalled body times out after `timeout`', async () => {
    const body = stalledBody();
    const seen: RequestInit[] = [];
    const clinic = client(
      async (_url, init) => {
        seen.push(init);
        return new Response(body, { headers: { 'content-type': 'application/json' } });
      },
      { timeout: 2_000, maxRetries: 0 },
    );
    const started = Date.now();
    const outcome = await drive(clinic.rooms.retrieve(2));
    expect(outcome.ok).toBe(false);
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toMatch(/timed out after 2000 ms/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(Date.now() - started).toBeLessThan(2_200);
    expect(seen).toHaveLength(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a stalled body of a safe call is retried, and a whole body on the retry succeeds', async () => {
    let calls = 0;
    const clinic = client(
      async () => {
        calls++;
        if (calls === 1) return new Response(stalledBody());
        return json({ id: 2, name: 'Sala 2' });
      },
      { timeout: 1_000, maxRetries: 1 },
    );
    const outcome = await drive(clinic.rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: { id: 2, name: 'Sala 2' } });
    expect(calls).toBe(2);
  });

  it('headers that arrive after the timeout still end in a timeout', async () => {
    const clinic = client(
      () =>
        new Promise<Response>((resolve) => {
          setTimeout(() => resolve(json({ id: 2, name: 'Sala 2' })), 3_000);
        }),
      { timeout: 1_000, maxRetries: 0 },
    );
    const outcome = await drive(clinic.rooms.retrieve(2));
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
  });

  it("the caller's abort stops a stalled body read with APIUserAbortError", async () => {
    const controller = new AbortController();
    let calls = 0;
    const clinic = client(
      async () => {
        calls++;
        return new Response(stalledBody());
      },
      { timeout: 30_000, maxRetries: 2 },
    );
    const started = Date.now();
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    const outcome = await drive(call);
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIUserAbortError);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each([
    ['a body that stalls', () => stalledBody()],
    ['no body', () => null],
  ])(
    'headers that arrive after the timeout, with %s: a timeout, the body never read',
    async (_name, body) => {
      const clinic = client(
        () =>
          new Promise<Response>((resolve) => {
            setTimeout(() => resolve(new Response(body(), { status: 200 })), 3_000);
          }),
        { timeout: 1_000, maxRetries: 0 },
      );
      const outcome = await drive(clinic.rooms.retrieve(2), 10_000);
      expect(outcome.ok).toBe(false);
      expect((outcome as { error: unknown }).error).toBeInstanceOf(APIConnectionTimeoutError);
    },
  );

  it('an abort in the same tick as the call: the fetch gets an aborted signal, the call APIUserAbortError', async () => {
    const seen: boolean[] = [];
    const clinic = client(async (_url, init) => {
      seen.push(init.signal?.aborted === true);
      return json({ id: 2, name: 'Sala 2' });
    });
    const controller = new AbortController();
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    controller.abort();
    const outcome = await drive(call);
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toEqual([true]);
  });

  it("headers that arrive after the caller's abort, with a body that never sends a byte: APIUserAbortError, the body not read", async () => {
    const controller = new AbortController();
    let cancelled = false;
    const clinic = client(
      () =>
        new Promise<Response>((resolve) => {
          const body = new ReadableStream<Uint8Array>({
            cancel() {
              cancelled = true;
            },
          });
          setTimeout(() => resolve(new Response(body)), 1_000);
        }),
      { timeout: 30_000, maxRetries: 0 },
    );
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    const outcome = await drive(call, 5_000);
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIUserAbortError);
    expect(cancelled).toBe(true);
  });

  it("headers that arrive after the caller's abort end in APIUserAbortError, not a retry", async () => {
    const controller = new AbortController();
    let calls = 0;
    const clinic = client(
      () =>
        new Promise<Response>((resolve) => {
          calls++;
          setTimeout(() => resolve(json({ id: 2, name: 'Sala 2' })), 1_000);
        }),
      { timeout: 30_000, maxRetries: 2 },
    );
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    const outcome = await drive(call);
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIUserAbortError);
    expect(calls).toBe(1);
  });
});
