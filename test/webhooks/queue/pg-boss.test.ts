/** The WebhookQueue contract (contract.ts) on pg-boss, against a real PostgreSQL. */
import { expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { DEFAULT_JOB_TIMEOUT_MS } from '../../../src/webhooks/queue/contract.ts';
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

  it("pg-boss's expiry follows jobTimeoutMs (whole seconds, plus one), on a queue made earlier too; queueOptions.expireInSeconds is refused", async () => {
    const { boss } = broker();
    const expiry = async (name: string) => (await boss.getQueue(name))?.expireInSeconds;
    await boss.createQueue('expiry', { expireInSeconds: 7 });
    await new PgBossWebhookQueue({ boss, name: 'expiry', jobTimeoutMs: 2_500 }).depth();
    expect(await expiry('expiry')).toBe(4);
    await new PgBossWebhookQueue({ boss, name: 'expiry-default' }).depth();
    expect(await expiry('expiry-default')).toBe(DEFAULT_JOB_TIMEOUT_MS / 1000 + 1);
    expect(
      () => new PgBossWebhookQueue({ boss, queueOptions: { expireInSeconds: 60 } as never }),
    ).toThrow(ConfigurationError);
  });
});
