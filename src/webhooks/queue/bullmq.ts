/**
 * `@clinic-scheduling/sdk/webhooks/bullmq`: a {@link WebhookQueue} on BullMQ (Redis). The only
 * module that imports `bullmq`, an optional peer dependency. @module
 */
import { type ConnectionOptions, type Job, Queue, Worker, type WorkerOptions } from 'bullmq';
import { ConfigurationError } from '../../core/errors.ts';
import { dedupeKey } from '../dedupe/contract.ts';
import {
  DEFAULT_QUEUE_ATTEMPTS,
  DEFAULT_QUEUE_BACKOFF_MS,
  DEFAULT_QUEUE_RETENTION_MS,
  type DeadLetter,
  type WebhookConsumer,
  type WebhookJob,
  type WebhookJobAttempt,
  type WebhookQueue,
  type WebhookRetryOptions,
} from './contract.ts';
import { checkRetryOptions, closeWithin, reasonOf } from './shared.ts';

/** Options of {@link BullMQWebhookQueue}. */
export interface BullMQWebhookQueueOptions extends WebhookRetryOptions {
  /**
   * BullMQ's `connection`: ioredis options (`{ host, port }`) or an ioredis client. Run Redis with
   * `appendonly yes` and `appendfsync always`, or an acknowledged event can be lost in a crash.
   */
  connection: ConnectionOptions;
  /** The queue's name (default `clinic-scheduling-webhooks`); its dead letters are `<name>-dead-letter`. */
  name?: string | undefined;
  /** BullMQ's key prefix (default BullMQ's own, `bull`). */
  prefix?: string | undefined;
  /**
   * BullMQ `Worker` settings for `consume`, such as `lockDuration` and `stalledInterval` (how soon
   * a killed worker's job runs elsewhere). `maxStalledCount` defaults to `attempts` here.
   */
  workerOptions?:
    | Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun' | 'prefix'>
    | undefined;
}

const DEFAULT_NAME = 'clinic-scheduling-webhooks';

/**
 * A {@link WebhookQueue} on BullMQ: the envelope id is the job id; retries use BullMQ's
 * exponential backoff; a job that fails its last attempt is copied, with its error, to the queue
 * `<name>-dead-letter`, which no worker consumes. Call `close()` on shutdown.
 */
export class BullMQWebhookQueue implements WebhookQueue {
  /** How long done ids are kept, in ms (the `retentionMs` option). */
  readonly retentionMs: number;
  readonly #name: string;
  readonly #queue: Queue;
  readonly #dead: Queue;
  readonly #attempts: number;
  readonly #backoffMs: number;
  readonly #options: BullMQWebhookQueueOptions;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing connection or a retry option out of range. */
  constructor(options: BullMQWebhookQueueOptions) {
    if (!options?.connection) {
      throw new ConfigurationError(
        'BullMQWebhookQueue needs { connection }: ioredis options such as { host, port }, or an ioredis client.',
      );
    }
    const retry = checkRetryOptions(options, 'BullMQWebhookQueue');
    this.#options = options;
    this.#name = options.name ?? DEFAULT_NAME;
    this.#attempts = retry.attempts ?? DEFAULT_QUEUE_ATTEMPTS;
    this.#backoffMs = retry.backoffMs ?? DEFAULT_QUEUE_BACKOFF_MS;
    this.retentionMs = retry.retentionMs ?? DEFAULT_QUEUE_RETENTION_MS;
    const keep = { age: Math.ceil(this.retentionMs / 1000) };
    const common = { connection: options.connection, prefix: options.prefix };
    this.#queue = new Queue(this.#name, {
      ...common,
      defaultJobOptions: {
        attempts: this.#attempts,
        backoff: { type: 'exponential', delay: this.#backoffMs },
        removeOnComplete: keep,
        removeOnFail: keep,
      },
    });
    this.#dead = new Queue(`${this.#name}-dead-letter`, common);
  }

  /** Adds the job under its envelope id, once the broker confirmed it; `'duplicate'` for an id held. */
  async enqueue(job: WebhookJob): Promise<'added' | 'duplicate'> {
    const jobId = dedupeKey(job.id);
    // BullMQ answers a held id as it answers a new one; the state read before tells them apart
    // (two deliveries at the same instant may both read `added`: only the label, never a 2nd job).
    const before = await this.#queue.getJobState(jobId);
    await this.#queue.add('event', job, { jobId });
    return before === 'unknown' ? 'added' : 'duplicate';
  }

  /** Puts an event straight into the dead-letter queue, with `reason`. */
  async deadLetter(job: WebhookJob, reason: string): Promise<void> {
    await this.#dead.add('dead-letter', { ...job, reason }, { jobId: dedupeKey(job.id) });
  }

  /** Runs `process` for each job, `concurrency` at a time; a throw is retried, then dead-lettered. */
  async consume(
    process: (job: WebhookJob, attempt: WebhookJobAttempt) => Promise<void>,
    { concurrency }: { concurrency: number },
  ): Promise<WebhookConsumer> {
    const attempts = this.#attempts;
    const worker = new Worker<WebhookJob>(
      this.#name,
      async (job: Job<WebhookJob>) => {
        const attempt = job.attemptsMade + 1;
        try {
          await process(job.data, { attempt, attempts: job.opts.attempts ?? attempts });
        } catch (error) {
          // Before the throw that fails it for good, so that no crash leaves it nowhere.
          if (attempt >= (job.opts.attempts ?? attempts))
            await this.deadLetter(job.data, reasonOf(error));
          throw error;
        }
      },
      {
        maxStalledCount: attempts,
        ...this.#options.workerOptions,
        connection: this.#options.connection,
        prefix: this.#options.prefix,
        concurrency,
      },
    );
    // A job failed by the stalled check never reached the catch above.
    worker.on('failed', (job, error) => {
      if (
        job &&
        job.attemptsMade >= (job.opts.attempts ?? attempts) &&
        /stalled/i.test(error.message)
      ) {
        this.deadLetter(job.data, reasonOf(error)).catch(() => {});
      }
    });
    worker.on('error', () => {}); // connection errors: BullMQ reconnects
    await worker.waitUntilReady();
    return {
      close: (timeoutMs) => closeWithin(worker.close(), timeoutMs, () => worker.close(true)),
    };
  }

  /** Dead-lettered events with their reason, oldest first, up to `limit`. */
  async deadLetters(limit = 1000): Promise<DeadLetter[]> {
    const jobs = await this.#dead.getJobs(['waiting'], 0, limit - 1, true);
    return jobs.map((job) => {
      const { event, reason } = job.data as WebhookJob & { reason: string };
      return { id: event.id, event, reason };
    });
  }

  /** Moves dead-lettered events (all, or those of `ids`) back to the queue; resolves with how many. */
  async replayDeadLetters(
    options: { ids?: readonly string[]; limit?: number } = {},
  ): Promise<number> {
    const { ids, limit = 1000 } = options;
    const dead = ids
      ? (await Promise.all(ids.map((id) => this.#dead.getJob(dedupeKey(id))))).filter((j) => !!j)
      : await this.#dead.getJobs(['waiting'], 0, limit - 1, true);
    let moved = 0;
    for (const letter of dead) {
      const { reason: _, ...job } = letter.data as WebhookJob & { reason: string };
      const jobId = dedupeKey(job.id);
      const held = await this.#queue.getJob(jobId);
      const state = held ? await held.getState() : 'unknown';
      if (held && state === 'failed') {
        await held.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true });
      } else if (!held) {
        await this.#queue.add('event', job, { jobId });
      }
      await letter.remove();
      moved += 1;
    }
    return moved;
  }

  /** Closes the producer connections (a consumer closes with its own `close`). */
  async close(): Promise<void> {
    await Promise.all([this.#queue.close(), this.#dead.close()]);
  }
}
