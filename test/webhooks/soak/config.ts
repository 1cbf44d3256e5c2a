/** What the soak's processes share: their settings (one JSON in the environment) and the SQL. */

/** The broker and stores of one soak run. */
export interface SoakConfig {
  queue: 'bullmq' | 'pg-boss';
  /** The broker: Redis (`host`, `port`) for BullMQ; PostgreSQL for pg-boss. */
  redisPort?: number;
  /** The consumer's database (effects and view), and pg-boss's when `queue` is pg-boss. */
  postgresUrl: string;
  /** The reference server, for `read` (an event of the same second with other data). */
  apiUrl: string;
  apiKey: string;
  /** The shared secret of the deliveries' signature. */
  secret: string;
}

export const CONFIG_ENV = 'WEBHOOK_SOAK_CONFIG';

export function readConfig(): SoakConfig {
  const text = process.env[CONFIG_ENV];
  if (!text) throw new Error(`${CONFIG_ENV} is not set: the soak starts this process itself.`);
  return JSON.parse(text) as SoakConfig;
}

/** The queue's name, and the attempts before an event is dead-lettered. */
export const QUEUE_NAME = 'soak-webhooks';
export const QUEUE_ATTEMPTS = 20;
/**
 * pg-boss's run time limit, the same in the handler's and the workers' adapters (either may set
 * the queue's expiry, which follows it): a killed worker's job runs again about 4 s later.
 */
export const QUEUE_JOB_TIMEOUT_MS = 3_000;

/**
 * The consumer's own tables: `effects`, one row per event id (the exactly-once key), and the
 * view of appointments, with a count of the effects applied to each (a second application of
 * one event would show as a count above its effects).
 */
export const CONSUMER_SCHEMA = `
CREATE TABLE IF NOT EXISTS effects (
  event_id text PRIMARY KEY,
  appointment_id text,
  outcome text NOT NULL
);
CREATE TABLE IF NOT EXISTS appointments_view (
  id text PRIMARY KEY,
  data jsonb NOT NULL,
  order_key text NOT NULL,
  applications integer NOT NULL
)`;
