/**
 * The worker's `reconcile` schedule on pg-boss's `schedule`, on a real PostgreSQL: one schedule
 * however many workers ask (pg-boss's cron pass then sends one job per period, in whole minutes,
 * too slow to wait for here), the task it sends runs the walk, and `unschedule` removes it.
 */
import { expect, it } from 'vitest';
import { MemoryOrderingStore } from '../../../src/webhooks/ordering/memory.ts';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { describeWithPostgres } from '../../helpers/postgres.ts';
import { usePgBoss } from './brokers.ts';

describeWithPostgres('the reconcile schedule on pg-boss', () => {
  const broker = usePgBoss();

  it('two workers ask for it: one schedule in whole minutes; its task runs the walk; unschedule removes it', async () => {
    const { boss } = broker();
    const runs: number[] = [];
    const client = {
      appointments: {
        // biome-ignore lint/correctness/useYield: an empty list
        async *list() {
          runs.push(Date.now());
        },
      },
    };
    const workers = [];
    for (let i = 0; i < 2; i++) {
      const queue = new PgBossWebhookQueue({
        boss,
        name: 'schedule',
        workOptions: { pollingIntervalSeconds: 0.5 },
      });
      workers.push(
        await createWebhookWorker({
          queue,
          ordering: new MemoryOrderingStore(),
          logLevel: 'off',
          reconcile: { client, apply: () => {}, everyMs: 90_000 },
        }),
      );
    }
    const schedules = await boss.getSchedules('schedule');
    expect(schedules.map((s) => [s.cron, s.data])).toEqual([
      ['FREQ=MINUTELY;INTERVAL=2', { kind: 'reconcile' }],
    ]);
    // What pg-boss's cron pass sends at each period.
    await boss.send('schedule', { kind: 'reconcile' });
    await workers[0]!.idle();
    expect(runs).toHaveLength(1);
    await new PgBossWebhookQueue({ boss, name: 'schedule' }).unschedule('reconcile');
    expect(await boss.getSchedules('schedule')).toEqual([]);
    for (const worker of workers) await worker.close({ timeoutMs: 2_000 });
  }, 60_000);
});
