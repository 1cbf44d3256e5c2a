/**
 * A soak worker process: `createWebhookWorker` applying each event to the consumer's database
 * exactly once (the effects table keyed by event id, in the transaction of the effect), with the
 * newest state per appointment shared with the other workers. Prints `ready` once consuming and
 * `job` each time a job starts (the soak kills it mid-job).
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { ClinicClient } from '../../../src/client.ts';
import type { AppointmentEvent } from '../../../src/webhooks/events.ts';
import type { OrderingStore } from '../../../src/webhooks/ordering/contract.ts';
import { PostgresOrderingStore } from '../../../src/webhooks/ordering/postgres.ts';
import { RedisOrderingStore } from '../../../src/webhooks/ordering/redis.ts';
import { BullMQWebhookQueue } from '../../../src/webhooks/queue/bullmq.ts';
import type { WebhookQueue } from '../../../src/webhooks/queue/contract.ts';
import { PgBossWebhookQueue } from '../../../src/webhooks/queue/pg-boss.ts';
import { orderKey } from '../../../src/webhooks/stale.ts';
import { createWebhookWorker } from '../../../src/webhooks/worker.ts';
import { QUEUE_ATTEMPTS, QUEUE_JOB_TIMEOUT_MS, QUEUE_NAME, readConfig } from './config.ts';

const config = readConfig();
const db = new pg.Pool({ connectionString: config.postgresUrl, max: 6 });
db.on('error', () => {});

async function setUp(): Promise<{ queue: WebhookQueue; ordering: OrderingStore }> {
  if (config.queue === 'bullmq') {
    const redis = new Redis({
      host: '127.0.0.1',
      port: config.redisPort!,
      maxRetriesPerRequest: 1,
    });
    redis.on('error', () => {});
    const queue = new BullMQWebhookQueue({
      connection: { host: '127.0.0.1', port: config.redisPort! },
      name: QUEUE_NAME,
      attempts: QUEUE_ATTEMPTS,
      backoffMs: 200,
      // A killed worker's job runs elsewhere within about 3 s.
      workerOptions: { lockDuration: 2_000, stalledInterval: 1_000 },
    });
    return { queue, ordering: new RedisOrderingStore({ client: redis, prefix: 'soak:state:' }) };
  }
  // Supervision and its monitor every 2 s: a killed worker's expired job (jobTimeoutMs) is
  // retried soon (pg-boss's monitor, which fails or retries expired jobs, runs every 60 s else).
  const boss = new PgBoss({
    connectionString: config.postgresUrl,
    max: 6,
    supervise: true,
    superviseIntervalSeconds: 2,
    monitorIntervalSeconds: 2,
  });
  boss.on('error', () => {});
  await boss.start();
  const queue = new PgBossWebhookQueue({
    boss,
    name: QUEUE_NAME,
    attempts: QUEUE_ATTEMPTS,
    backoffMs: 0,
    jobTimeoutMs: QUEUE_JOB_TIMEOUT_MS,
    workOptions: { pollingIntervalSeconds: 0.5 },
  });
  return { queue, ordering: new PostgresOrderingStore({ pool: db }) };
}

const clinic = new ClinicClient({ apiKey: config.apiKey, baseUrl: config.apiUrl, maxRetries: 3 });

let lastBusy = 0;

/** The effect and its key in one transaction: a rerun of the event finds the key and does nothing. */
async function apply(event: AppointmentEvent): Promise<void> {
  if (Date.now() - lastBusy > 200) {
    lastBusy = Date.now();
    console.log('busy'); // a job in hand: the soak kills a worker right after this line
  }
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const { rowCount } = await client.query(
      `INSERT INTO effects (event_id, appointment_id, outcome) VALUES ($1, $2, 'applied')
       ON CONFLICT (event_id) DO NOTHING`,
      [event.id, event.data.id],
    );
    if (rowCount === 1) {
      // The write stays conditional on updated_at: two workers may apply two states at once.
      await client.query(
        `INSERT INTO appointments_view AS v (id, data, order_key, applications)
         VALUES ($1, $2, $3, 1)
         ON CONFLICT (id) DO UPDATE SET
           applications = v.applications + 1,
           data = CASE WHEN v.order_key COLLATE "C" <= EXCLUDED.order_key COLLATE "C"
                  THEN EXCLUDED.data ELSE v.data END,
           order_key = GREATEST(v.order_key COLLATE "C", EXCLUDED.order_key COLLATE "C")`,
        [event.data.id, JSON.stringify(event.data), orderKey(event.data.updated_at)],
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const { queue, ordering } = await setUp();
const worker = await createWebhookWorker({
  queue,
  concurrency: 8,
  ordering,
  read: (id) => clinic.appointments.retrieve(id),
  on: {
    'appointment.created': apply,
    'appointment.updated': apply,
    'appointment.cancelled': apply,
  },
  onAny: () => {},
  // Skipped as stale: recorded too, so that the soak can tell skipped from lost.
  onStale: async (event) => {
    await db.query(
      `INSERT INTO effects (event_id, appointment_id, outcome) VALUES ($1, $2, 'stale')
       ON CONFLICT (event_id) DO NOTHING`,
      [event.id, event.type === 'ping' ? null : event.data.id],
    );
  },
  onError: () => {},
});
console.log('ready');
process.once('SIGTERM', async () => {
  await worker.close({ timeoutMs: 5_000 });
  process.exit(0);
});
