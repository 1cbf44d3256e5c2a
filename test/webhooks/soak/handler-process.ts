/**
 * A soak handler process: the production shape's front, `createWebhookHandler` with a queue,
 * on `node:http`. Prints `listening <port>` once up.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { PgBoss } from 'pg-boss';
import { toNodeListener } from '../../../src/webhooks/adapters/node.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { BullMQWebhookQueue } from '../../../src/webhooks/queue/bullmq.ts';
import type { WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { QUEUE_ATTEMPTS, QUEUE_JOB_TIMEOUT_MS, QUEUE_NAME, readConfig } from './config.ts';

const config = readConfig();

async function queue(): Promise<WebhookQueue> {
  if (config.queue === 'bullmq') {
    return new BullMQWebhookQueue({
      connection: { host: '127.0.0.1', port: config.redisPort!, enableOfflineQueue: false },
      name: QUEUE_NAME,
      attempts: QUEUE_ATTEMPTS,
      backoffMs: 200,
    });
  }
  const boss = new PgBoss({ connectionString: config.postgresUrl, max: 10, supervise: false });
  boss.on('error', () => {});
  await boss.start();
  return new PgBossWebhookQueue({
    boss,
    name: QUEUE_NAME,
    attempts: QUEUE_ATTEMPTS,
    backoffMs: 0,
    jobTimeoutMs: QUEUE_JOB_TIMEOUT_MS,
  });
}

const expected = (body: Uint8Array) =>
  Buffer.from(`sha256=${createHmac('sha256', config.secret).update(body).digest('hex')}`);

const handler = createWebhookHandler({
  verify: (request, rawBody) => {
    const given = Buffer.from(request.headers.get('x-soak-signature') ?? '');
    const want = expected(rawBody);
    return given.length === want.length && timingSafeEqual(given, want);
  },
  queue: await queue(),
  storeTimeoutMs: 2_000,
  onError: () => {},
});

const server = createServer(toNodeListener(handler));
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
