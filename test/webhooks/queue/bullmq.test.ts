/** The WebhookQueue contract (contract.ts) on BullMQ, against a real, durable redis-server. */
import { describeWithRedis } from '../../helpers/redis.ts';
import { useBullMQ } from './brokers.ts';
import { webhookQueueContract } from './contract.ts';

describeWithRedis('BullMQWebhookQueue on a real redis-server', () => {
  const broker = useBullMQ({ durable: true });
  let counter = 0;

  webhookQueueContract(async (options) => {
    counter += 1;
    return broker.queue({
      name: `contract-${counter}`,
      ...options,
      backoffMs: 0,
      // Failed jobs are checked for their letter every second.
      workerOptions: { stalledInterval: 1_000 },
    });
  });
});
