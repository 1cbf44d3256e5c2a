/**
 * The real brokers of the queue suites, started once per file: a redis-server for BullMQ (each
 * queue made through `queue()` closed after the file), a PostgreSQL cluster and a started
 * `PgBoss` for pg-boss.
 */
import { PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import {
  BullMQWebhookQueue,
  type BullMQWebhookQueueOptions,
} from '../../../src/webhooks/queue/bullmq.ts';
import { type PostgresServer, startPostgresServer } from '../../helpers/postgres.ts';
import { type RedisServer, startRedisServer } from '../../helpers/redis.ts';

/** A redis-server for the file; `queue(options)` makes a BullMQ queue on it. */
export function useBullMQ(options: { durable?: boolean } = {}) {
  let server: RedisServer | undefined;
  const queues: BullMQWebhookQueue[] = [];
  beforeAll(async () => {
    server = await startRedisServer(options);
  });
  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await server?.stop();
  });
  const started = () => {
    if (!server) throw new Error('useBullMQ: the server starts in beforeAll');
    return server;
  };
  return {
    server: started,
    queue(
      queueOptions: Omit<BullMQWebhookQueueOptions, 'connection'> &
        Partial<BullMQWebhookQueueOptions>,
    ) {
      const queue = new BullMQWebhookQueue({
        connection: { host: '127.0.0.1', port: started().port },
        ...queueOptions,
      });
      queues.push(queue);
      return queue;
    },
  };
}

/** A PostgreSQL cluster and a started `PgBoss` on it, for the file. */
export function usePgBoss(options: { durable?: boolean; supervise?: boolean } = {}) {
  let held: { server: PostgresServer; boss: PgBoss } | undefined;
  beforeAll(async () => {
    const server = await startPostgresServer({ durable: options.durable ?? false });
    const boss = new PgBoss({
      connectionString: server.url,
      max: 10,
      ...(options.supervise === undefined ? {} : { supervise: options.supervise }),
    });
    boss.on('error', () => {});
    await boss.start();
    held = { server, boss };
  }, 60_000);
  afterAll(async () => {
    await held?.boss.stop({ graceful: false, timeout: 2_000 });
    await held?.server.stop();
  });
  return () => {
    if (!held) throw new Error('usePgBoss: the server starts in beforeAll');
    return held;
  };
}
