/**
 * createWebhookWorker over a stand-in queue that hands jobs to `process` as a broker would: the
 * dispatch, errors rethrown for the queue's retry, the shared ordering store, shutdown. The
 * workers on real brokers are in test/webhooks/queue/ and the multi-process soak.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { WebhookJobTimeoutError } from '../../src/webhooks/errors.ts';
import type { AppointmentEvent, WebhookEvent } from '../../src/webhooks/events.ts';
import { recordApplied } from '../../src/webhooks/ordering/contract.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import {
  DEFAULT_JOB_TIMEOUT_MS,
  type WebhookJobAttempt,
  type WebhookQueue,
} from '../../src/webhooks/queue/contract.ts';
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
  afterEach(() => {
    vi.useRealTimers();
  });

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
      [
        'ping',
        ping.id,
        { jobId: ping.id, attempt: 2, attempts: 5, signal: expect.any(AbortSignal) },
      ],
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

  it('a queue without jobTimeoutMs gets the default: a run ends, failed, at 15 min', async () => {
    vi.useFakeTimers();
    const { queue, run } = standInQueue();
    const worker = await createWebhookWorker({
      queue,
      onAny: () => new Promise(() => {}),
      onError: () => {},
      logLevel: 'off',
    });
    let settled: unknown;
    run(pingEvent()).then(
      () => (settled = 'resolved'),
      (error: Error) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(DEFAULT_JOB_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(WebhookJobTimeoutError);
    expect(settled).toMatchObject({ timeoutMs: DEFAULT_JOB_TIMEOUT_MS });
    expect(worker.running).toBe(0);
    await worker.close();
  });

  it('a run that ignores its signal is reported at warn once it ends, with how late; one that stops on it is not', async () => {
    vi.useFakeTimers();
    const { queue, run } = standInQueue();
    const lines: Array<[string, Record<string, unknown>]> = [];
    let obeys = true;
    const worker = await createWebhookWorker({
      queue: { ...queue, jobTimeoutMs: 50 },
      onAny: (_, { signal }) =>
        new Promise<void>((resolve) => {
          if (obeys) signal.addEventListener('abort', () => resolve());
          else setTimeout(resolve, 50 + 1_500);
        }),
      onError: () => {},
      logger: {
        ...console,
        warn: (message: string, fields: Record<string, unknown>) =>
          void lines.push([message, fields]),
      },
    });
    const settled = (event: WebhookEvent) => run(event).catch((error: unknown) => error);
    const stopped = settled(pingEvent());
    await vi.advanceTimersByTimeAsync(50);
    expect(await stopped).toBeInstanceOf(WebhookJobTimeoutError);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(lines).toEqual([]);
    obeys = false;
    const event = pingEvent();
    const ignored = settled(event);
    await vi.advanceTimersByTimeAsync(50);
    expect(await ignored).toBeInstanceOf(WebhookJobTimeoutError);
    expect(lines).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(lines).toHaveLength(1);
    expect(lines[0]![1]).toEqual({ eventId: event.id, eventType: 'ping', lateMs: 1_500 });
    await worker.close();
  });

  it('the scheduled reconciliation runs under the same limit: its walk is aborted, and the failure told', async () => {
    const { queue, held } = standInQueue();
    const errors: unknown[] = [];
    let walked: AbortSignal | undefined;
    const client = {
      appointments: {
        async *list(_query?: undefined, options?: { signal?: AbortSignal }) {
          walked = options?.signal;
          await new Promise((resolve) => walked?.addEventListener('abort', resolve));
          yield* [];
        },
      },
    };
    const worker = await createWebhookWorker({
      queue: { ...queue, jobTimeoutMs: 50 },
      ordering: new MemoryOrderingStore(),
      reconcile: { client, apply: () => {}, everyMs: 60_000 },
      onError: (error) => void errors.push(error),
    });
    await expect(held.process!({ kind: 'reconcile' }, { attempt: 1, attempts: 1 })).resolves.toBe(
      undefined,
    );
    expect(walked?.aborted).toBe(true);
    expect(errors.map((e) => (e as Error).name)).toEqual(['WebhookJobTimeoutError']);
    await worker.close();
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
    for (const jobTimeoutMs of [0, -1, Number.NaN, 24 * 3_600_000 + 1]) {
      await expect(createWebhookWorker({ queue: { ...queue, jobTimeoutMs } })).rejects.toThrow(
        ConfigurationError,
      );
    }
  });
});
