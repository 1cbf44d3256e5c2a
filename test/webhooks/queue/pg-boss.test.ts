/** The WebhookQueue contract (contract.ts) on pg-boss, against a real PostgreSQL. */
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  startPostgresServer,
} from '../../helpers/postgres.ts';
import { webhookQueueContract } from './contract.ts';

describeWithPostgres('PgBossWebhookQueue on a real PostgreSQL', () => {
  let server: PostgresServer;
  let boss: PgBoss;
  let counter = 0;

  beforeAll(async () => {
    server = await startPostgresServer({ durable: true });
    boss = new PgBoss({ connectionString: server.url, max: 10 });
    boss.on('error', () => {});
    await boss.start();
  }, 60_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false, timeout: 2_000 });
    await server?.stop();
  });

  webhookQueueContract(
    async (options) => {
      counter += 1;
      return new PgBossWebhookQueue({
        boss,
        name: `contract-${counter}`,
        ...options,
        backoffMs: 0,
        workOptions: { pollingIntervalSeconds: 0.5 },
      });
    },
    {
      // Counts and retention are pg-boss's monitor's: run its pass now rather than in a minute.
      maintain: async () => {
        await boss.supervise();
      },
    },
  );
});
