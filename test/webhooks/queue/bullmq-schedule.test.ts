/**
 * The worker's `reconcile` schedule on BullMQ's job schedulers, on a real redis-server: two
 * workers ask for it, one run per period happens, and `unschedule` stops it.
 */
import { afterAll, expect, it } from 'vitest';
import { MemoryOrderingStore } from '../../../src/webhooks/ordering/memory.ts';
import type { BullMQWebhookQueue } from '../../../src/webhooks/queue/bullmq.ts';
import { createWebhookWorker, type WebhookWorker } from '../../../src/webhooks/worker.ts';
import { describeWithRedis } from '../../helpers/redis.ts';
import { useBullMQ } from './brokers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describeWithRedis('the reconcile schedule on BullMQ', () => {
  const broker = useBullMQ();
  const queues: BullMQWebhookQueue[] = [];
  const workers: WebhookWorker[] = [];

  afterAll(async () => {
    for (const worker of workers) await worker.close({ timeoutMs: 2_000 });
  });

  it('two workers ask for it; one run per period, then none once unscheduled', async () => {
    const runs: number[] = [];
    // A walk of an empty clinic: each run reads the list once.
    const client = {
      appointments: {
        // biome-ignore lint/correctness/useYield: an empty list
        async *list() {
          runs.push(Date.now());
        },
      },
    };
    const ordering = new MemoryOrderingStore();
    for (let i = 0; i < 2; i++) {
      const queue = broker.queue({ name: 'schedule' });
      queues.push(queue);
      workers.push(
        await createWebhookWorker({
          queue,
          ordering,
          logLevel: 'off',
          reconcile: { client, apply: () => {}, everyMs: 1_000 },
        }),
      );
    }
    const started = Date.now();
    await sleep(4_500);
    const elapsed = Date.now() - started;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / 1_000) + 1);
    const gaps = runs.slice(1).map((at, i) => at - runs[i]!);
    expect(Math.min(...gaps)).toBeGreaterThan(500); // never two runs in one period
    await queues[0]!.unschedule('reconcile');
    await workers[0]!.idle();
    const stopped = runs.length;
    await sleep(2_000);
    expect(runs.length).toBe(stopped);
  }, 30_000);
});
