/**
 * Issue 38, on a real PostgreSQL: a poison event whose worker process is SIGKILLed every time it
 * runs it expires, is retried, and after its last attempt moves to the dead-letter queue, its
 * reason saying it expired; the other event runs. (pg-boss writes that letter in the statement
 * that fails the job: no write of ours can fail between them.)
 */
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  startPostgresServer,
} from '../../helpers/postgres.ts';
import { poisonLoop } from './poison.ts';

describeWithPostgres('PgBossWebhookQueue and poison events on a real PostgreSQL', () => {
  let server: PostgresServer;
  let boss: PgBoss;

  beforeAll(async () => {
    server = await startPostgresServer({ durable: true });
    boss = new PgBoss({ connectionString: server.url, max: 4, supervise: false });
    boss.on('error', () => {});
    await boss.start();
  }, 60_000);

  afterAll(async () => {
    await boss?.stop({ graceful: false, timeout: 2_000 });
    await server?.stop();
  });

  it('a worker SIGKILLed each time it runs the event, in a loop: dead-lettered after `attempts` runs; the other event runs', async () => {
    const name = 'poison-kill';
    const queue = new PgBossWebhookQueue({
      boss,
      name,
      attempts: 3,
      backoffMs: 0,
      queueOptions: { expireInSeconds: 1 },
    });
    const { letter, kills, healthyDone } = await poisonLoop(queue, {
      broker: 'pg-boss',
      name,
      attempts: 3,
      postgresUrl: server.url,
    });
    expect(kills).toBe(3);
    expect(letter).toMatchObject({ kind: 'failed', ran: false });
    expect(letter.reason).toMatch(/^expired on its last attempt: its worker stopped mid-job/);
    expect(healthyDone).toBe(true);
  }, 180_000);
});
