/** The WebhookQueue contract (contract.ts) on pg-boss, against a real PostgreSQL. */
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { describeWithPostgres } from '../../helpers/postgres.ts';
import { usePgBoss } from './brokers.ts';
import { webhookQueueContract } from './contract.ts';

describeWithPostgres('PgBossWebhookQueue on a real PostgreSQL', () => {
  const broker = usePgBoss({ durable: true });
  let counter = 0;

  webhookQueueContract(
    async (options) => {
      counter += 1;
      return new PgBossWebhookQueue({
        boss: broker().boss,
        name: `contract-${counter}`,
        ...options,
        backoffMs: 0,
        workOptions: { pollingIntervalSeconds: 0.5 },
      });
    },
    {
      // Counts and retention are pg-boss's monitor's: run its pass now rather than in a minute.
      maintain: async () => {
        await broker().boss.supervise();
      },
    },
  );
});
