/**
 * The handler's production options without a broker: `queue` (a stand-in WebhookQueue whose
 * writes can fail or hang), `maxEventAgeMs`, and the checks that tie them to the stores. The
 * adapters on real brokers are in test/webhooks/queue/.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { MemoryDedupeStore } from '../../src/webhooks/dedupe/memory.ts';
import { WebhookEventTooOldError } from '../../src/webhooks/errors.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookJob, WebhookQueue } from '../../src/webhooks/queue/contract.ts';
import { appointmentEvent, pingEvent, post } from './fixtures.ts';

const HOUR = 3_600_000;

/** A queue held in memory; `fail` makes the next writes reject, `hang` never settle. */
function standInQueue(retentionMs = 48 * HOUR) {
  const jobs = new Map<string, WebhookJob>();
  const dead = new Map<string, string>();
  const state = { fail: false, hang: false };
  const write = async <T>(apply: () => T): Promise<T> => {
    if (state.hang) return new Promise<never>(() => {});
    if (state.fail) throw new Error('injected: the broker refused the write');
    return apply();
  };
  const queue: WebhookQueue = {
    name: 'stand-in',
    retentionMs,
    enqueue: (job) =>
      write(() => {
        if (jobs.has(job.id)) return 'duplicate' as const;
        jobs.set(job.id, job);
        return 'added' as const;
      }),
    deadLetter: (job, reason) => write(() => void dead.set(job.id, reason)),
    consume: async () => ({ close: async () => {} }),
    deadLetters: async () => [],
    replayDeadLetters: async () => 0,
    idle: async () => {},
    depth: async () => ({ waiting: jobs.size, delayed: 0, active: 0, deadLetters: dead.size }),
    schedule: async () => {},
    unschedule: async () => {},
  };
  return { queue, jobs, dead, state };
}

describe('createWebhookHandler with a queue', () => {
  it('answers 200 queued once the write is confirmed, duplicate for a redelivery, and runs nothing itself', async () => {
    const { queue, jobs } = standInQueue();
    const handler = createWebhookHandler({ verify: 'unsigned', queue });
    const event = appointmentEvent();
    const first = await handler(post(event));
    expect([first.status, await first.json()]).toEqual([200, { status: 'queued', id: event.id }]);
    expect((await handler(post(event))).status).toBe(200);
    expect([...jobs.keys()]).toEqual([event.id]);
    expect(jobs.get(event.id)).toMatchObject({
      id: event.id,
      event: { id: event.id, data: event.data },
    });
    expect(handler.pending).toBe(0);
  });

  it('a write that fails or hangs is a 503 within storeTimeoutMs (the service retries), reported with the event', async () => {
    const { queue, state } = standInQueue();
    const errors: Array<[unknown, unknown]> = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      queue,
      storeTimeoutMs: 100,
      onError: (error, event) => void errors.push([error, event?.id]),
    });
    const event = appointmentEvent();
    state.fail = true;
    const failed = await handler(post(event));
    expect([failed.status, await failed.json()]).toEqual([
      503,
      { detail: expect.any(String), id: event.id },
    ]);
    state.fail = false;
    state.hang = true;
    const hung = await handler(post(event));
    expect(hung.status).toBe(503);
    expect(errors.map(([, id]) => id)).toEqual([event.id, event.id]);
    expect(String(errors[1]![0])).toContain('within 100 ms');
  });

  it('refuses on, onAny and dedupe beside a queue (they belong to the workers), and an object that is no queue', () => {
    const { queue } = standInQueue();
    const refused = [
      { queue, on: { ping: () => {} } },
      { queue, onAny: () => {} },
      { queue, dedupe: new MemoryDedupeStore() },
      { queue: {} as WebhookQueue },
    ];
    for (const options of refused) {
      expect(() => createWebhookHandler({ verify: 'unsigned', ...options })).toThrow(
        ConfigurationError,
      );
    }
  });

  it('refuses a queue or dedupe store that forgets ids sooner than maxEventAgeMs', () => {
    expect(() =>
      createWebhookHandler({ verify: 'unsigned', queue: standInQueue(12 * HOUR).queue }),
    ).toThrow(/keeps ids/);
    expect(() =>
      createWebhookHandler({
        verify: 'unsigned',
        queue: standInQueue(12 * HOUR).queue,
        maxEventAgeMs: 10 * HOUR,
      }),
    ).not.toThrow();
    expect(() =>
      createWebhookHandler({
        verify: 'unsigned',
        dedupe: new MemoryDedupeStore({ ttlMs: 10 * HOUR }),
      }),
    ).toThrow(ConfigurationError);
  });
});

describe('maxEventAgeMs: replays refused', () => {
  const aged = (ms: number) => new Date(Date.now() - ms).toISOString();

  it('an event older than 24 h (the default) runs no handler, is answered 200 refused, and reported', async () => {
    const runs: string[] = [];
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      onAny: (event) => void runs.push(event.id),
      onError: (error) => void errors.push(error),
    });
    const old = appointmentEvent('appointment.created', {}, { created_at: aged(25 * HOUR) });
    const response = await handler(post(old));
    expect([response.status, await response.json()]).toEqual([
      200,
      { status: 'refused', id: old.id },
    ]);
    expect(runs).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WebhookEventTooOldError);
    // Under the limit, or with the check off, it runs.
    const recent = pingEvent({ created_at: aged(23 * HOUR) });
    expect(await (await handler(post(recent))).json()).toEqual({
      status: 'processed',
      id: recent.id,
    });
    const off = createWebhookHandler({ verify: 'unsigned', maxEventAgeMs: false, onAny: () => {} });
    expect(await (await off(post(old))).json()).toEqual({ status: 'processed', id: old.id });
  });

  it('with a queue, a refused event goes to the dead-letter queue with the reason', async () => {
    const { queue, jobs, dead } = standInQueue();
    const handler = createWebhookHandler({ verify: 'unsigned', queue, onError: () => {} });
    const old = appointmentEvent('appointment.updated', {}, { created_at: aged(30 * HOUR) });
    expect(await (await handler(post(old))).json()).toEqual({ status: 'refused', id: old.id });
    expect(jobs.size).toBe(0);
    expect(dead.get(old.id)).toMatch(/maxEventAgeMs/);
  });

  it('a created_at without a zone is São Paulo time (UTC−3)', async () => {
    const handler = createWebhookHandler({
      verify: 'unsigned',
      maxEventAgeMs: 10 * HOUR,
      onAny: () => {},
      onError: () => {},
    });
    // Local São Paulo wall-clock time (UTC−3, no zone written), `msAgo` in the past.
    const local = (msAgo: number) =>
      new Date(Date.now() - msAgo - 3 * HOUR).toISOString().slice(0, 19);
    const fresh = pingEvent({ created_at: local(9 * HOUR) });
    expect(await (await handler(post(fresh))).json()).toEqual({
      status: 'processed',
      id: fresh.id,
    });
    const stale = pingEvent({ created_at: local(11 * HOUR) });
    expect(await (await handler(post(stale))).json()).toEqual({ status: 'refused', id: stale.id });
  });

  it('maxEventAgeMs must exceed the 8 h 36 min retry span, or be false', () => {
    for (const maxEventAgeMs of [HOUR, 8 * HOUR, Number.NaN, -1]) {
      expect(() => createWebhookHandler({ verify: 'unsigned', maxEventAgeMs })).toThrow(
        ConfigurationError,
      );
    }
  });
});
