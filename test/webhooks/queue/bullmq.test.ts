/** The WebhookQueue contract (contract.ts) on BullMQ, against a real, durable redis-server. */
import { afterAll, beforeAll } from 'vitest';
import { BullMQWebhookQueue } from '../../../src/webhooks/queue/bullmq.ts';
import { describeWithRedis, type RedisServer, startRedisServer } from '../../helpers/redis.ts';
import { webhookQueueContract } from './contract.ts';

describeWithRedis('BullMQWebhookQueue on a real redis-server', () => {
  let server: RedisServer;
  const queues: BullMQWebhookQueue[] = [];
  let counter = 0;

  beforeAll(async () => {
    server = await startRedisServer({ durable: true });
  });

  afterAll(async () => {
    for (const queue of queues) await queue.close();
    await server?.stop();
  });

  webhookQueueContract(async (options) => {
    counter += 1;
    const queue = new BullMQWebhookQueue({
      connection: { host: '127.0.0.1', port: server.port },
      name: `contract-${counter}`,
      ...options,
      backoffMs: 0,
      // Failed jobs are checked for their letter every second.
      workerOptions: { stalledInterval: 1_000 },
    });
    queues.push(queue);
    return queue;
  });
});
