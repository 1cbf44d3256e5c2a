/**
 * Never a 2xx before the claim is secured: a dedupe store that hangs, fails or is full is answered
 * 503 within `storeTimeoutMs`, and a complete or release that fails is retried in the background.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClinicError, ConfigurationError } from '../../src/core/errors/index.ts';
import type { DedupeStore } from '../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../src/webhooks/dedupe/memory.ts';
import { WebhookNotProcessedError } from '../../src/webhooks/errors.ts';
import type { WebhookEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { answerOf, appointmentEvent, collectingHandler, post } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** The 503 of a delivery whose event was not claimed before the ackAfterMs deadline. */
/** The 503s of a claim not made in time, and of a store down (messages.test.ts pins their words). */
const NOT_IN_TIME = expect.any(String);
const STORE_DOWN = expect.any(String);

describe('never 2xx before the claim is secured (storeTimeoutMs)', () => {
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** A memory store whose every call answers after `ms` (never, for Infinity). */
  function delayed(ms: number, inner = new MemoryDedupeStore()) {
    const wait = () => (ms === Number.POSITIVE_INFINITY ? new Promise<void>(() => {}) : sleep(ms));
    const store: DedupeStore = {
      claim: async (id, leaseMs, token) => {
        await wait();
        return inner.claim(id, leaseMs, token);
      },
      complete: (id) => inner.complete(id),
      release: (id, token) => inner.release(id, token),
    };
    return { store, inner };
  }

  /** Sends `event`; the answer once it comes, and whether it came yet. */
  function send(handler: ReturnType<typeof createWebhookHandler>, event: WebhookEvent) {
    const result: { response?: Response } = {};
    const done = handler(post(event)).then((response) => {
      result.response = response;
      return response;
    });
    return { result, done };
  }

  it('a store that hangs: no answer before 2,000 ms, then 503 (never 202), and no handler runs', async () => {
    vi.useFakeTimers();
    const { store } = delayed(Number.POSITIVE_INFINITY);
    const { handler, seen, errors } = collectingHandler({ dedupe: store });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answerOf(await done)).toEqual({
      status: 503,
      body: { detail: STORE_DOWN, id: event.id },
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen).toEqual([]);
    expect(errors.map((e) => e.error)).toEqual([expect.any(ClinicError)]);
    expect((errors[0]!.error as Error).message).toMatch(/claim .* 2000 ms \(storeTimeoutMs\)/);
  });

  it('a MemoryDedupeStore full of claims in progress answers 503; the claim held is kept', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { handler, seen, errors } = collectingHandler({
      dedupe: new MemoryDedupeStore({ maxEntries: 1 }),
      ackAfterMs: false,
      on: {
        'appointment.created': async (event) => {
          seen.push(event);
          await gate;
        },
      },
    });
    const running = appointmentEvent();
    const first = handler(post(running));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const other = appointmentEvent();
    expect(await answerOf(await handler(post(other)))).toEqual({
      status: 503,
      body: { detail: STORE_DOWN, id: other.id },
    });
    expect((await handler(post(running))).status).toBe(409);
    finish();
    expect((await first).status).toBe(200);
    expect((await handler(post(other))).status).toBe(200);
    await handler.drain();
    expect((errors[0]!.error as Error).message).toMatch(/^MemoryDedupeStore is full/);
  });

  it('a store slower than ackAfterMs is answered 503 at the deadline, not 202', async () => {
    vi.useFakeTimers();
    const { store, inner } = delayed(Number.POSITIVE_INFINITY);
    const { handler, seen, errors } = collectingHandler({ dedupe: store, ackAfterMs: 500 });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(499);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answerOf(await done)).toEqual({
      status: 503,
      body: { detail: NOT_IN_TIME, id: event.id },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([]);
    expect(errors[0]!.error).toBeInstanceOf(WebhookNotProcessedError);
    expect(errors[0]!.event?.id).toBe(event.id);
    expect(inner.size).toBe(0);
  });

  it('honours storeTimeoutMs, and refuses one that is not below the 10 s limit', async () => {
    vi.useFakeTimers();
    const { store } = delayed(Number.POSITIVE_INFINITY);
    const { handler } = collectingHandler({ dedupe: store, storeTimeoutMs: 300 });
    const { result, done } = send(handler, appointmentEvent());
    await vi.advanceTimersByTimeAsync(299);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).status).toBe(503);
    for (const storeTimeoutMs of [0, -1, 10_000, Number.NaN]) {
      const refused = () => createWebhookHandler({ verify: 'unsigned', storeTimeoutMs });
      expect(refused).toThrow(ConfigurationError);
      expect(refused).toThrow(/^storeTimeoutMs .*10000 ms.*ackAfterMs/);
    }
  });

  it('a claim that lands after its time limit is released at once: the retry is processed', async () => {
    vi.useFakeTimers();
    const { store, inner } = delayed(5_000);
    const { handler, seen } = collectingHandler({ dedupe: store });
    const event = appointmentEvent();
    const { done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await done).status).toBe(503);
    await vi.advanceTimersByTimeAsync(3_000);
    await handler.drain();
    expect(seen).toEqual([]);
    expect(inner.size).toBe(0);
    // The service retries (the store answers at once now): processed once.
    const retry = collectingHandler({ dedupe: inner });
    expect(await answerOf(await retry.handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(retry.seen).toHaveLength(1);
  });

  it('a complete that fails is retried in the background until it lands; a duplicate meanwhile gets 409', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let failures = 3;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: async (id) => {
        if (failures-- > 0) throw new Error('connection reset');
        inner.complete(id);
      },
      release: (id, token) => inner.release(id, token),
    };
    const { handler, seen, errors } = collectingHandler({ dedupe: store });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    expect((await handler(post(event))).status).toBe(409);
    expect(handler.pending).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await handler.drain();
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(seen).toHaveLength(1);
    expect(errors.map((e) => (e.error as Error).message)).toEqual(['connection reset']);
  });

  it('a complete that hangs does not hold the answer past storeTimeoutMs', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let hang = true;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => (hang ? new Promise<void>(() => {}) : inner.complete(id)),
      release: (id, token) => inner.release(id, token),
    };
    const { handler } = collectingHandler({ dedupe: store });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).status).toBe(200);
    hang = false;
    await vi.advanceTimersByTimeAsync(10_000);
    await handler.drain();
    expect(inner.claim(event.id, 1_000, 'later')).toBe('done');
  });

  it('a failed handler is answered 500 at once, never held up by its release (the deadline could turn it into a 202)', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => inner.complete(id),
      release: () => new Promise<void>(() => {}),
    };
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          throw new Error('transient');
        },
      },
      dedupe: store,
      storeTimeoutMs: 900,
      ackAfterMs: 1_000,
      onError: () => {},
    });
    const { result } = send(handler, appointmentEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(result.response?.status).toBe(500);
  });

  it('a release that fails is retried too, so the retry of a failed handler is processed', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let failures = 2;
    let fail = true;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => inner.complete(id),
      release: async (id, token) => {
        if (failures-- > 0) throw new Error('connection reset');
        inner.release(id, token);
      },
    };
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': (event) => {
          runs.push(event.id);
          if (fail) throw new Error('transient');
        },
      },
      dedupe: store,
      onError: () => {},
    });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(500);
    await vi.advanceTimersByTimeAsync(1_000);
    await handler.drain();
    fail = false;
    expect((await handler(post(event))).status).toBe(200);
    expect(runs).toEqual([event.id, event.id]);
  });
});
