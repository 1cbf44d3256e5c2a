/**
 * Issue 38, on a real PostgreSQL: a poison event whose worker process is SIGKILLed every time it
 * runs it expires, is retried, and after its last attempt moves to the dead-letter queue, its
 * reason saying it expired; the other event runs. (pg-boss writes that letter in the statement
 * that fails the job: no write of ours can fail between them.)
 */
import { it } from 'vitest';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { describeWithPostgres } from '../../helpers/postgres.ts';
import { usePgBoss } from './brokers.ts';
import { expectPoisonDeadLettered } from './poison.ts';

describeWithPostgres('PgBossWebhookQueue and poison events on a real PostgreSQL', () => {
  // The worker processes supervise; this one only enqueues and reads the letters.
  const broker = usePgBoss({ durable: true, supervise: false });

  it('a worker SIGKILLed each time it runs the event, in a loop: dead-lettered after `attempts` runs; the other event runs', async () => {
    const name = 'poison-kill';
    const { boss, server } = broker();
    const queue = new PgBossWebhookQueue({
      boss,
      name,
      attempts: 2,
      backoffMs: 0,
      jobTimeoutMs: 1_000, // pg-boss's expiry: 2 s
    });
    await expectPoisonDeadLettered(
      queue,
      { broker: 'pg-boss', name, attempts: 2, postgresUrl: server.url },
      /^expired on its last attempt: its worker stopped mid-job/,
    );
  }, 180_000);
});
