/**
 * `@clinic-scheduling/sdk/webhooks/pg-boss`: a {@link WebhookQueue} on pg-boss (PostgreSQL). The
 * only module that imports `pg-boss`, an optional peer dependency. @module
 */
import type { PgBoss, Queue as PgBossQueue, WorkOptions } from 'pg-boss';
import { ConfigurationError } from '../../core/errors.ts';
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
import { checkRetryOptions, closeWithin } from './shared.ts';

/** Options of {@link PgBossWebhookQueue}. */
export interface PgBossWebhookQueueOptions extends WebhookRetryOptions {
  /**
   * Your started `PgBoss` instance. Run PostgreSQL with `synchronous_commit` on (its default), or
   * an acknowledged event can be lost in a crash.
   */
  boss: PgBoss;
  /** The queue's name (default `clinic-scheduling-webhooks`); its dead letters are `<name>-dead-letter`. */
  name?: string | undefined;
  /**
   * pg-boss queue settings, such as `expireInSeconds` (how soon a killed worker's job runs
   * elsewhere; pg-boss's default is 15 min). Retries and retention come from the options above.
   */
  queueOptions?:
    | Pick<PgBossQueue, 'expireInSeconds' | 'heartbeatSeconds' | 'retentionSeconds'>
    | undefined;
  /** pg-boss `work` settings for `consume`, such as `pollingIntervalSeconds`. */
  workOptions?: Pick<WorkOptions, 'pollingIntervalSeconds'> | undefined;
}

const DEFAULT_NAME = 'clinic-scheduling-webhooks';

/** pg-boss job ids are uuids: the one inside `evt_<uuid>`, lower-cased. */
function jobIdOf(eventId: string): string {
  return eventId.replace(/^evt_/i, '').toLowerCase();
}

/**
 * A {@link WebhookQueue} on pg-boss: the envelope's uuid is the job id; retries use pg-boss's
 * exponential backoff (whole seconds); a job that fails its last attempt moves, with its error,
 * to the dead-letter queue `<name>-dead-letter` (pg-boss's `deadLetter`), replayed with `redrive`.
 */
export class PgBossWebhookQueue implements WebhookQueue {
  /** How long done ids are kept, in ms (the `retentionMs` option). */
  readonly retentionMs: number;
  readonly #boss: PgBoss;
  readonly #name: string;
  readonly #dead: string;
  readonly #attempts: number;
  readonly #options: PgBossWebhookQueueOptions;
  #ready: Promise<void> | undefined;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing `boss` or a retry option out of range. */
  constructor(options: PgBossWebhookQueueOptions) {
    if (!options?.boss || typeof options.boss.send !== 'function') {
      throw new ConfigurationError(
        'PgBossWebhookQueue needs { boss }: a started PgBoss instance (await new PgBoss(url).start()).',
      );
    }
    checkRetryOptions(options, 'PgBossWebhookQueue');
    this.#options = options;
    this.#boss = options.boss;
    this.#name = options.name ?? DEFAULT_NAME;
    this.#dead = `${this.#name}-dead-letter`;
    this.#attempts = options.attempts ?? DEFAULT_QUEUE_ATTEMPTS;
    this.retentionMs = options.retentionMs ?? DEFAULT_QUEUE_RETENTION_MS;
  }

  /** Creates both queues (idempotent), once per instance. */
  #setUp(): Promise<void> {
    this.#ready ??= (async () => {
      const backoffMs = this.#options.backoffMs ?? DEFAULT_QUEUE_BACKOFF_MS;
      const retention = Math.ceil(this.retentionMs / 1000);
      await this.#boss.createQueue(this.#dead, { deleteAfterSeconds: retention });
      await this.#boss.createQueue(this.#name, {
        ...this.#options.queueOptions,
        retryLimit: this.#attempts - 1,
        // Whole seconds: a backoff under 1 s becomes 1 s; 0 retries at once.
        retryDelay: backoffMs === 0 ? 0 : Math.max(1, Math.round(backoffMs / 1000)),
        retryBackoff: backoffMs > 0,
        deleteAfterSeconds: retention,
        deadLetter: this.#dead,
      });
    })().catch((error) => {
      this.#ready = undefined; // the next call tries again
      throw error;
    });
    return this.#ready;
  }

  /** Adds the job under its envelope id, once the broker confirmed it; `'duplicate'` for an id held. */
  async enqueue(job: WebhookJob): Promise<'added' | 'duplicate'> {
    await this.#setUp();
    const id = await this.#boss.send(this.#name, job, { id: jobIdOf(job.id) });
    return id === null ? 'duplicate' : 'added';
  }

  /** Puts an event straight into the dead-letter queue, with `reason`. */
  async deadLetter(job: WebhookJob, reason: string): Promise<void> {
    await this.#setUp();
    await this.#boss.send(this.#dead, { ...job, reason }, { id: jobIdOf(job.id) });
  }

  /** Runs `process` for each job, `concurrency` at a time; a throw is retried, then dead-lettered. */
  async consume(
    process: (job: WebhookJob, attempt: WebhookJobAttempt) => Promise<void>,
    { concurrency }: { concurrency: number },
  ): Promise<WebhookConsumer> {
    await this.#setUp();
    const attempts = this.#attempts;
    const workId = await this.#boss.work<WebhookJob>(
      this.#name,
      { ...this.#options.workOptions, batchSize: 1, localConcurrency: concurrency },
      async ([job]) => {
        if (job) await process(job.data, { attempt: job.retryCount + 1, attempts });
      },
    );
    const stop = (wait: boolean) => this.#boss.offWork(this.#name, { id: workId, wait });
    return { close: (timeoutMs) => closeWithin(stop(true), timeoutMs, () => stop(false)) };
  }

  /** Dead-lettered events with their reason, oldest first, up to `limit`. */
  async deadLetters(limit = 1000): Promise<DeadLetter[]> {
    await this.#setUp();
    const jobs = await this.#boss.findJobs<WebhookJob & { reason?: string }>(this.#dead, {
      queued: true,
    });
    return jobs.slice(0, limit).map((job) => {
      const { event, reason } = job.data;
      const output = job.sourceOutput as { message?: unknown; name?: unknown } | null;
      const failed =
        output && typeof output.message === 'string'
          ? `${typeof output.name === 'string' ? output.name : 'Error'}: ${output.message}`
          : undefined;
      return { id: event.id, event, reason: reason ?? failed ?? 'failed its last attempt' };
    });
  }

  /** Moves dead-lettered events (all, or those of `ids`) back to the queue; resolves with how many. */
  async replayDeadLetters(
    options: { ids?: readonly string[]; limit?: number } = {},
  ): Promise<number> {
    await this.#setUp();
    const { ids, limit = 1000 } = options;
    let dlqIds: string[] | undefined;
    if (ids) {
      const wanted = new Set(ids.map(jobIdOf));
      const jobs = await this.#boss.findJobs<WebhookJob>(this.#dead, { queued: true });
      dlqIds = jobs.filter((job) => wanted.has(jobIdOf(job.data.id))).map((job) => job.id);
      if (dlqIds.length === 0) return 0;
    }
    return this.#boss.redrive(this.#dead, {
      destination: this.#name,
      limit,
      ...(dlqIds ? { ids: dlqIds } : {}),
    });
  }
}
