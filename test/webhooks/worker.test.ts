/**
 * createWebhookWorker over a stand-in queue that hands jobs to `process` as a broker would: the
 * dispatch, errors rethrown for the queue's retry, the shared ordering store, shutdown. The
 * workers on real brokers are in test/webhooks/queue/ and the multi-process soak.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import type { AppointmentEvent, WebhookEvent } from '../../src/webhooks/events.ts';
import { recordApplied } from '../../src/webhooks/ordering/contract.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import type { WebhookJobAttempt, WebhookQueue } from '../../src/webhooks/queue/contract.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import { appointmentEvent, pingEvent } from './fixtures.ts';

type Process = Parameters<WebhookQueue['consume']>[0];

function standInQueue() {
  const held: { process?: Process; closedWith?: number; concurrency?: number } = {};
  const queue: WebhookQueue = {
    name: 'stand-in',
    retentionMs: 48 * 3_600_000,
    enqueue: async () => 'added',
    deadLetter: async () => {},
    consume: async (process, { concurrency }) => {
      held.process = process;
      held.concurrency = concurrency;
      return {
        close: async (timeoutMs) => {
          held.closedWith = timeoutMs;
        },
      };
    },
    deadLetters: async () => [],
    replayDeadLetters: async () => 0,
    idle: async () => {},
    depth: async () => ({ waiting: 0, delayed: 0, active: 0, deadLetters: 0 }),
    schedule: async () => {},
    unschedule: async () => {},
  };
  const run = (event: WebhookEvent, attempt: WebhookJobAttempt = { attempt: 1, attempts: 8 }) =>
    held.process!({ id: event.id, event, receivedAt: Date.now() }, attempt);
  return { queue, held, run };
}

const at = (updated_at: string, status = 'scheduled'): AppointmentEvent =>
  appointmentEvent('appointment.updated', {
    id: '5b0c3f1e-8a44-4d6b-9c1e-2f6a7d9e0a11',
    updated_at,
    status,
  } as never);

describe('createWebhookWorker', () => {
  it('runs on[type] then onAny with the job context; ping included', async () => {
    const { queue, held, run } = standInQueue();
    const calls: unknown[] = [];
    const worker = await createWebhookWorker({
      queue,
      concurrency: 4,
      on: { ping: (e, c) => void calls.push(['ping', e.id, c]) },
      onAny: (e) => void calls.push(['any', e.id]),
    });
    expect(held.concurrency).toBe(4);
    const ping = pingEvent();
    await run(ping, { attempt: 2, attempts: 5 });
    expect(calls).toEqual([
      ['ping', ping.id, { jobId: ping.id, attempt: 2, attempts: 5 }],
      ['any', ping.id],
    ]);
    await worker.close({ timeoutMs: 1234 });
    expect(held.closedWith).toBe(1234);
  });

  it('a handler that throws is reported and rethrown, so that the queue retries it', async () => {
    const { queue, run } = standInQueue();
    const reported: Array<[unknown, string | undefined]> = [];
    await createWebhookWorker({
      queue,
      on: {
        'appointment.created': () => {
          throw new RangeError('injected');
        },
      },
      onError: (error, event) => {
        reported.push([error, event?.id]);
        throw new Error('onError itself failed'); // must not hide the handler's error
      },
    });
    const event = appointmentEvent();
    await expect(run(event)).rejects.toThrow(RangeError);
    expect(reported.map(([e, id]) => [(e as Error).name, id])).toEqual([['RangeError', event.id]]);
  });

  it('with an ordering store shared by two workers, one skips what is older than what the other applied, and the same state', async () => {
    const ordering = new MemoryOrderingStore();
    const applied: string[] = [];
    const stale: string[] = [];
    const machines = [standInQueue(), standInQueue()];
    for (const { queue } of machines) {
      await createWebhookWorker({
        queue,
        ordering,
        on: { 'appointment.updated': (e) => void applied.push(e.data.updated_at) },
        onStale: (e) => void stale.push(e.id),
      });
    }
    const newer = at('2026-03-01T10:00:09Z');
    const older = at('2026-03-01T10:00:01Z');
    await machines[0]!.run(newer);
    await machines[1]!.run(older);
    await machines[1]!.run({ ...newer, id: appointmentEvent().id }); // an echo of the same state
    expect(applied).toEqual(['2026-03-01T10:00:09Z']);
    expect(stale).toHaveLength(2);
  });

  it('your own write, recorded with recordApplied, makes its echo a skipped same state', async () => {
    const ordering = new MemoryOrderingStore();
    const { queue, run } = standInQueue();
    const applied: string[] = [];
    await createWebhookWorker({
      queue,
      ordering,
      on: { 'appointment.updated': (e) => void applied.push(e.id) },
    });
    const echo = at('2026-03-01T10:00:30Z', 'confirmed');
    await recordApplied(ordering, echo.data); // what clinic.appointments.update returned
    await run(echo);
    expect(applied).toEqual([]);
  });

  it('an event of the same second with other data is resolved by read: the handlers get the state read', async () => {
    const ordering = new MemoryOrderingStore();
    const { queue, run } = standInQueue();
    const got: string[] = [];
    const first = at('2026-03-01T10:00:05Z', 'scheduled');
    const current = { ...first.data, status: 'confirmed' } as AppointmentEvent['data'];
    await createWebhookWorker({
      queue,
      ordering,
      read: async () => current,
      on: { 'appointment.updated': (e) => void got.push(String(e.data.status)) },
    });
    await run(first);
    await run(at('2026-03-01T10:00:05Z', 'cancelled')); // same second, other data
    expect(got).toEqual(['scheduled', 'confirmed']);
  });

  it('a failed handler records nothing in the ordering store: the retry still runs', async () => {
    const ordering = new MemoryOrderingStore();
    const { queue, run } = standInQueue();
    let fail = true;
    let ran = 0;
    const injected = new Error('injected');
    await createWebhookWorker({
      queue,
      ordering,
      onError: () => {},
      on: {
        'appointment.updated': () => {
          ran += 1;
          if (fail) throw injected;
        },
      },
    });
    const event = at('2026-03-01T10:00:07Z');
    await expect(run(event)).rejects.toBe(injected);
    fail = false;
    await run(event, { attempt: 2, attempts: 8 });
    expect(ran).toBe(2);
  });

  it('refuses a missing queue, an unknown on key and a bad concurrency', async () => {
    const { queue } = standInQueue();
    await expect(createWebhookWorker({} as never)).rejects.toThrow(ConfigurationError);
    await expect(createWebhookWorker({ queue, on: { nope: () => {} } as never })).rejects.toThrow(
      ConfigurationError,
    );
    await expect(createWebhookWorker({ queue, concurrency: 0 })).rejects.toThrow(
      ConfigurationError,
    );
  });
});
