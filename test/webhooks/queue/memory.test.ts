/** The WebhookQueue contract (contract.ts) on MemoryWebhookQueue, and what only memory does. */
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { MemoryWebhookQueue } from '../../../src/webhooks/queue/memory.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { appointmentEvent } from '../fixtures.ts';
import { webhookQueueContract } from './contract.ts';

describe('MemoryWebhookQueue', () => {
  const queues: MemoryWebhookQueue[] = [];
  afterAll(async () => {
    for (const queue of queues) await queue.close();
  });

  webhookQueueContract(async (options) => {
    const queue = new MemoryWebhookQueue({ ...options, backoffMs: 0 });
    queues.push(queue);
    return queue;
  });

  it('takes no arguments, and refuses a retry option out of range', () => {
    const queue = new MemoryWebhookQueue();
    expect([queue.name, queue.retentionMs]).toEqual(['clinic-scheduling-webhooks', 48 * 3_600_000]);
    expect(() => new MemoryWebhookQueue({ attempts: 0 })).toThrow(ConfigurationError);
    expect(() => new MemoryWebhookQueue({ retentionMs: 10 })).toThrow(ConfigurationError);
  });

  it('keeps the job as stored: a handler that changes its event changes nothing in the queue', async () => {
    const queue = new MemoryWebhookQueue({ attempts: 2, backoffMs: 0 });
    queues.push(queue);
    const event = appointmentEvent();
    await queue.enqueue({ id: event.id, event, receivedAt: Date.now() });
    event.data.status = 'cancelled'; // the caller's object, after the enqueue
    const seen: string[] = [];
    const worker = await createWebhookWorker({
      queue,
      on: {
        'appointment.created': (e) => {
          seen.push(String(e.data.status));
          e.data.status = 'no_show';
          throw new Error('once more');
        },
      },
      onError: () => {},
    });
    await worker.idle();
    expect(seen).toEqual(['scheduled', 'scheduled']);
    expect((await queue.deadLetters())[0]!.event.data).toMatchObject({ status: 'scheduled' });
    await worker.close();
  });

  it('waits out the exponential backoff between retries, and idle() waits for it too', async () => {
    const queue = new MemoryWebhookQueue({ attempts: 3, backoffMs: 40 });
    queues.push(queue);
    const event = appointmentEvent();
    const at: number[] = [];
    const worker = await createWebhookWorker({
      queue,
      on: {
        'appointment.created': () => {
          at.push(performance.now());
          if (at.length < 3) throw new Error('not yet');
        },
      },
      onError: () => {},
    });
    await queue.enqueue({ id: event.id, event, receivedAt: Date.now() });
    await worker.idle();
    expect(at).toHaveLength(3);
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(35); // 40 ms, then 80 ms (timer slack)
    expect(at[2]! - at[1]!).toBeGreaterThanOrEqual(75);
    expect(await queue.deadLetters()).toEqual([]);
    await worker.close();
  });
});
