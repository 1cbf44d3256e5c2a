/**
 * A worker process for the poison tests: `createWebhookWorker` on the queue named in its
 * environment (BullMQ or pg-boss). Prints `ready` once consuming, `busy <id>` when a job starts
 * (the test SIGKILLs it there, every time, for the poison event) and `done <id>` when one ends.
 * The poison event's handler never returns: only a kill ends its run.
 */
import { PgBoss } from 'pg-boss';
import { BullMQWebhookQueue } from '../../../src/webhooks/queue/bullmq.ts';
import type { WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';

export interface PoisonConfig {
  broker: 'bullmq' | 'pg-boss';
  name: string;
  attempts: number;
  poisonId: string;
  redisPort?: number;
  postgresUrl?: string;
}

export const POISON_ENV = 'WEBHOOK_POISON_CONFIG';

const config = JSON.parse(process.env[POISON_ENV] ?? 'null') as PoisonConfig;

async function queueOf(): Promise<WebhookQueue> {
  if (config.broker === 'bullmq') {
    return new BullMQWebhookQueue({
      connection: { host: '127.0.0.1', port: config.redisPort! },
      name: config.name,
      attempts: config.attempts,
      backoffMs: 0,
      // A killed worker's job is found stalled within about a second.
      workerOptions: { lockDuration: 1_000, stalledInterval: 500 },
    });
  }
  const boss = new PgBoss({
    connectionString: config.postgresUrl!,
    max: 4,
    supervise: true,
    // An expired job (its worker killed) is failed or retried at the monitor's pass.
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  boss.on('error', () => {});
  await boss.start();
  return new PgBossWebhookQueue({
    boss,
    name: config.name,
    attempts: config.attempts,
    backoffMs: 0,
    jobTimeoutMs: 1_000, // pg-boss's expiry: 2 s
    workOptions: { pollingIntervalSeconds: 0.5 },
  });
}

if (config) {
  await createWebhookWorker({
    queue: await queueOf(),
    concurrency: 2,
    logLevel: 'off',
    onAny: async (event) => {
      console.log(`busy ${event.id}`);
      if (event.id === config.poisonId) await new Promise(() => {});
      console.log(`done ${event.id}`);
    },
  });
  console.log('ready');
}
