/**
 * Spec 6.3 rule 1 in the handler: a delivery deduplicated by its envelope id through the dedupe
 * store (claim under a token per delivery, complete, release, lease), and `dedupe: false`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimResult, DedupeStore } from '../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../src/webhooks/dedupe/memory.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { answerOf, appointmentEvent, collectingHandler, post } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('spec 6.3 rule 1: deduplication by envelope id', () => {
  it('a duplicate of a processed event is answered 200 without running handlers', async () => {
    const { handler, seen } = collectingHandler();
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(seen).toHaveLength(1);
  });

  it('the same appointment in another event (another id) is processed', async () => {
    const { handler, seen } = collectingHandler();
    await handler(post(appointmentEvent()));
    await handler(post(appointmentEvent()));
    expect(seen).toHaveLength(2);
  });

  it('a delivery whose handler failed is released, so the retry runs the handlers', async () => {
    let fail = true;
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': (event) => {
          runs.push(event.id);
          if (fail) throw new Error('transient');
        },
      },
      onError: () => {},
    });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(500);
    fail = false;
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect((await handler(post(event))).status).toBe(200);
    expect(runs).toEqual([event.id, event.id]);
  });

  it('a duplicate arriving while the first is running gets 409 with Retry-After, not 2xx', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async (event) => {
          runs.push(event.id);
          await gate;
        },
      },
      ackAfterMs: false,
    });
    const event = appointmentEvent();
    const first = handler(post(event));
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    const second = await handler(post(event));
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(await second.json()).toEqual({
      detail: expect.any(String),
      id: event.id,
    });
    finish();
    expect((await first).status).toBe(200);
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(runs).toHaveLength(1);
  });

  it('a claim left by a process that died expires after dedupeLeaseMs', async () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    const event = appointmentEvent();
    expect(store.claim(event.id, 60_000, 'the-dead-process')).toBe('claimed');
    const { handler, seen } = collectingHandler({ dedupe: store, dedupeLeaseMs: 60_000 });
    expect((await handler(post(event))).status).toBe(409);
    now = 60_000;
    expect((await handler(post(event))).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('passes dedupeLeaseMs to the store, completes on success, releases on failure', async () => {
    const calls: string[] = [];
    const store: DedupeStore = {
      claim: (id, lease): ClaimResult => {
        calls.push(`claim ${id.slice(-2)} ${lease}`);
        return 'claimed';
      },
      complete: (id) => void calls.push(`complete ${id.slice(-2)}`),
      release: (id) => void calls.push(`release ${id.slice(-2)}`),
    };
    let fail = false;
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          if (fail) throw new Error('x');
        },
      },
      dedupe: store,
      dedupeLeaseMs: 1234,
      onError: () => {},
    });
    const ok = appointmentEvent();
    await handler(post(ok));
    fail = true;
    const bad = appointmentEvent();
    await handler(post(bad));
    expect(calls).toEqual([
      `claim ${ok.id.slice(-2)} 1234`,
      `complete ${ok.id.slice(-2)}`,
      `claim ${bad.id.slice(-2)} 1234`,
      `release ${bad.id.slice(-2)}`,
    ]);
  });

  it('claims under a token of its own per delivery, and releases with that token', async () => {
    const claims: Array<[string, string]> = [];
    const releases: Array<[string, string]> = [];
    const store: DedupeStore = {
      claim: (id, _lease, token): ClaimResult => {
        claims.push([id, token]);
        return 'claimed';
      },
      complete: () => {},
      release: (id, token) => void releases.push([id, token]),
    };
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          throw new Error('x');
        },
      },
      dedupe: store,
      onError: () => {},
    });
    const event = appointmentEvent();
    await handler(post(event));
    await handler(post(event));
    expect(claims).toHaveLength(2);
    expect(claims[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims[0]![1]).not.toBe(claims[1]![1]);
    expect(releases).toEqual(claims);
  });

  it('a delivery whose lease ran out does not release the claim of the delivery that took over', async () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    const gates: Array<() => void> = [];
    const runs: string[] = [];
    let attempt = 0;
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async () => {
          attempt += 1;
          const mine = attempt;
          runs.push(`start ${mine}`);
          await new Promise<void>((resolve) => gates.push(resolve));
          if (mine === 1) throw new Error('the first delivery fails, late');
          runs.push(`done ${mine}`);
        },
      },
      dedupe: store,
      dedupeLeaseMs: 60_000,
      ackAfterMs: false,
      onError: () => {},
    });
    const event = appointmentEvent();
    const first = handler(post(event));
    await vi.waitFor(() => expect(runs).toEqual(['start 1']));
    now = 60_000; // the first delivery's lease ends while its handler still runs
    const second = handler(post(event));
    await vi.waitFor(() => expect(runs).toEqual(['start 1', 'start 2']));
    gates[0]!(); // the first fails and releases: it must not release the second's claim
    expect((await first).status).toBe(500);
    const third = await handler(post(event));
    expect(third.status).toBe(409);
    expect(runs).toEqual(['start 1', 'start 2']);
    gates[1]!();
    expect((await second).status).toBe(200);
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
  });

  it('answers 503 when the store cannot claim, without running handlers', async () => {
    const down: DedupeStore = {
      claim: async () => {
        throw new Error('ECONNREFUSED');
      },
      complete: async () => {},
      release: async () => {},
    };
    const { handler, seen, errors } = collectingHandler({ dedupe: down });
    const event = appointmentEvent();
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 503,
      body: { detail: expect.any(String), id: event.id },
    });
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => (e.error as Error).message)).toEqual(['ECONNREFUSED']);
  });

  it('answers 200 when the handlers succeeded but complete failed (a retry would run them again); gives up on complete when the lease ends', async () => {
    vi.useFakeTimers();
    const completes: number[] = [];
    const started = Date.now();
    const store: DedupeStore = {
      claim: () => 'claimed',
      complete: async () => {
        completes.push(Date.now() - started);
        throw new Error('store down');
      },
      release: () => {},
    };
    const { handler, errors } = collectingHandler({ dedupe: store, dedupeLeaseMs: 5_000 });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    await vi.advanceTimersByTimeAsync(10_000);
    await handler.drain();
    // Tried again after 100 ms, then after waits doubling up to storeTimeoutMs (2 s), while
    // the lease (5 s) has not ended when the wait begins.
    expect(completes).toEqual([0, 100, 300, 700, 1500, 3100, 5100]);
    expect(errors.map((e) => (e.error as Error).message)).toEqual([
      'store down',
      expect.stringContaining(event.id),
    ]);
  });

  it('the same uuid in upper- and lower-case hex is one event, in any store (ids reach it lower-cased)', async () => {
    const keys: string[] = [];
    const inner = new MemoryDedupeStore();
    const recording: DedupeStore = {
      claim: (id, leaseMs, token) => {
        keys.push(id);
        return inner.claim(id, leaseMs, token);
      },
      complete: (id) => inner.complete(id),
      release: (id, token) => inner.release(id, token),
    };
    for (const dedupe of [new MemoryDedupeStore(), recording]) {
      const { handler, seen } = collectingHandler({ dedupe });
      const event = appointmentEvent();
      event.id = event.id.replace('evt_00000000', 'evt_abcdef0a'); // hex letters
      const upper = { ...event, id: `evt_${event.id.slice(4).toUpperCase()}` };
      expect((await handler(post(upper))).status).toBe(200);
      expect(await answerOf(await handler(post(event)))).toEqual({
        status: 200,
        body: { status: 'duplicate', id: event.id },
      });
      expect(seen).toHaveLength(1);
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(keys[0]!.toLowerCase());
  });

  it('dedupe: false runs the handlers on every delivery', async () => {
    const { handler, seen } = collectingHandler({ dedupe: false });
    const event = appointmentEvent();
    await handler(post(event));
    await handler(post(event));
    expect(seen).toHaveLength(2);
  });
});
