/**
 * `@clinic-scheduling/sdk/webhooks/bullmq`: a {@link WebhookQueue} on BullMQ (Redis). The only
 * module that imports `bullmq`, an optional peer dependency. @module
 */
import {
  type ConnectionOptions,
  type Job,
  Queue,
  UnrecoverableError,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import { ConfigurationError } from '../../core/errors/index.ts';
import { dedupeKey } from '../dedupe/contract.ts';
import {
  DEFAULT_JOB_TIMEOUT_MS,
  DEFAULT_QUEUE_ATTEMPTS,
  DEFAULT_QUEUE_BACKOFF_MS,
  DEFAULT_QUEUE_NAME,
  DEFAULT_QUEUE_RETENTION_MS,
  type DeadLetter,
  type DeadLetterKind,
  isTask,
  type StoredWebhookJob,
  type WebhookConsumeOptions,
  type WebhookConsumer,
  type WebhookJob,
  type WebhookJobAttempt,
  type WebhookJobResult,
  type WebhookQueue,
  type WebhookQueueDepth,
  type WebhookRetryOptions,
  type WebhookTask,
} from './contract.ts';
import {
  checkEveryMs,
  checkRetryOptions,
  closeWithin,
  failedReason,
  type HeldState,
  letterOf,
  reasonOf,
  replayStep,
  type StoredLetter,
  sleep,
} from './shared.ts';

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
   * a killed worker's job runs elsewhere, and how often failed jobs are checked for their letter).
   * `maxStalledCount` and `maxStartedAttempts` default to `attempts` here: a job whose worker
   * dies every time (a crash loop, out of memory) is dead-lettered after `attempts` runs.
   */
  workerOptions?:
    | Omit<WorkerOptions, 'connection' | 'concurrency' | 'autorun' | 'prefix'>
    | undefined;
}

const SCHEDULER_ID = 'clinic-scheduling-reconcile';
const PENDING_STATES = ['waiting', 'delayed', 'active', 'prioritized'] as const;
/** BullMQ's own default of `stalledInterval`. */
const STALLED_INTERVAL_MS = 30_000;

/**
 * A {@link WebhookQueue} on BullMQ: the envelope id is the job id; retries use BullMQ's
 * exponential backoff; a job that fails its last attempt, stalls past its limit, or no longer
 * passes the envelope schema is copied, with its reason, to the queue `<name>-dead-letter`, which
 * no worker consumes. Call `close()` on shutdown.
 */
export class BullMQWebhookQueue implements WebhookQueue {
  /** The queue's name (the `name` option). */
  readonly name: string;
  /** How long done ids are kept, in ms (the `retentionMs` option). */
  readonly retentionMs: number;
  /** How long one run of a job may take, in ms (the `jobTimeoutMs` option). */
  readonly jobTimeoutMs: number;
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
    this.name = options.name ?? DEFAULT_QUEUE_NAME;
    this.#attempts = retry.attempts ?? DEFAULT_QUEUE_ATTEMPTS;
    this.#backoffMs = retry.backoffMs ?? DEFAULT_QUEUE_BACKOFF_MS;
    this.retentionMs = retry.retentionMs ?? DEFAULT_QUEUE_RETENTION_MS;
    this.jobTimeoutMs = retry.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    const keep = { age: Math.ceil(this.retentionMs / 1000) };
    const common = { connection: options.connection, prefix: options.prefix };
    this.#queue = new Queue(this.name, {
      ...common,
      defaultJobOptions: {
        attempts: this.#attempts,
        backoff: { type: 'exponential', delay: this.#backoffMs },
        removeOnComplete: keep,
        removeOnFail: keep,
      },
    });
    this.#dead = new Queue(`${this.name}-dead-letter`, common);
    // A connection error is the failed call's to report; unheard, an 'error' event would throw.
    for (const queue of [this.#queue, this.#dead]) queue.on('error', () => {});
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

  /** {@inheritDoc webhooks!WebhookQueue.deadLetter} */
  async deadLetter(
    job: WebhookJob,
    reason: string,
    kind: DeadLetterKind = 'refused',
  ): Promise<void> {
    await this.#letter(job, reason, kind);
  }

  /** Writes a letter unless one of that id is there; the letter, when this call wrote it. */
  async #letter(
    job: WebhookJob,
    reason: string,
    kind: DeadLetterKind,
  ): Promise<DeadLetter | undefined> {
    const jobId = dedupeKey(job.id);
    if ((await this.#dead.getJobState(jobId)) !== 'unknown') return undefined;
    const ran = (await this.#held(jobId)) === 'done';
    const stored: StoredLetter = { ...job, reason, kind, ran };
    await this.#dead.add('dead-letter', stored, { jobId });
    return letterOf(stored);
  }

  async #held(jobId: string): Promise<HeldState> {
    const state = await this.#queue.getJobState(jobId);
    if (state === 'unknown') return 'none';
    if (state === 'completed') return 'done';
    return state === 'failed' ? 'failed' : 'queued';
  }

  /** {@inheritDoc webhooks!WebhookQueue.consume} */
  async consume(
    process: (job: StoredWebhookJob, attempt: WebhookJobAttempt) => Promise<WebhookJobResult>,
    { concurrency, onDeadLetter, onError }: WebhookConsumeOptions,
  ): Promise<WebhookConsumer> {
    const attempts = this.#attempts;
    const letter = async (data: WebhookJob, reason: string, kind: DeadLetterKind) => {
      const written = await this.#letter(data, reason, kind);
      if (written) onDeadLetter?.(written);
    };
    const worker = new Worker<StoredWebhookJob>(
      this.name,
      async (job: Job<StoredWebhookJob>) => {
        // Every start counts, a killed worker's included (`maxStartedAttempts` bounds them).
        const attempt = Math.max(1, job.attemptsStarted);
        const allowed = job.opts.attempts ?? attempts;
        let result: WebhookJobResult;
        try {
          result = await process(job.data, { attempt, attempts: allowed });
        } catch (error) {
          // Before the throw that fails it for good; a failed write is left to the sweep.
          if (attempt >= allowed && !isTask(job.data)) {
            await letter(job.data, reasonOf(error), 'failed').catch((e) => onError?.(e));
          }
          throw error;
        }
        if (result?.deadLetter !== undefined && !isTask(job.data)) {
          // A failed write throws here, so BullMQ retries; the sweep covers the last attempt.
          await letter(job.data, result.deadLetter, 'invalid').catch((error) => {
            onError?.(error);
            throw error;
          });
          throw new UnrecoverableError(result.deadLetter);
        }
      },
      {
        maxStalledCount: attempts,
        maxStartedAttempts: attempts,
        ...this.#options.workerOptions,
        connection: this.#options.connection,
        prefix: this.#options.prefix,
        concurrency,
      },
    );
    const lettered = new Set<string>();
    /** A job failed for good has its letter: what no crash, stall or failed write may skip. */
    const sweepOne = async (job: Job<StoredWebhookJob>) => {
      if (!job.id || lettered.has(job.id) || isTask(job.data)) return;
      if ((await this.#queue.getJobState(job.id)) !== 'failed') return;
      await letter(job.data as WebhookJob, failedReason(job.failedReason), 'failed');
      if (lettered.size >= 10_000) lettered.clear(); // a cache: the letter's own id is the truth
      lettered.add(job.id);
    };
    let sweeping: Promise<void> | undefined;
    const sweep = () => {
      sweeping ??= (async () => {
        for (let start = 0; ; start += 500) {
          const failed = await this.#queue.getJobs(['failed'], start, start + 499, true);
          for (const job of failed) await sweepOne(job as Job<StoredWebhookJob>);
          if (failed.length < 500) break;
        }
      })()
        .catch((error) => onError?.(error))
        .finally(() => {
          sweeping = undefined;
        });
      return sweeping;
    };
    worker.on('failed', (job) => {
      if (job) sweepOne(job).catch((error) => onError?.(error));
    });
    worker.on('error', () => {}); // connection errors: BullMQ reconnects
    await worker.waitUntilReady();
    const every = this.#options.workerOptions?.stalledInterval ?? STALLED_INTERVAL_MS;
    const timer = setInterval(sweep, every);
    void sweep();
    return {
      close: async (timeoutMs) => {
        clearInterval(timer);
        await closeWithin(worker.close(), timeoutMs, () => worker.close(true));
        await sweeping;
      },
    };
  }

  /** Dead-lettered events with their reason, oldest first, up to `limit`. */
  async deadLetters(limit = 1000): Promise<DeadLetter[]> {
    const jobs = await this.#dead.getJobs(['waiting'], 0, limit - 1, true);
    return jobs.map((job) => letterOf(job.data as StoredLetter));
  }

  /** {@inheritDoc webhooks!WebhookQueue.replayDeadLetters} */
  async replayDeadLetters(
    options: { ids?: readonly string[]; limit?: number } = {},
  ): Promise<number> {
    const { ids, limit = 1000 } = options;
    const dead = ids
      ? (await Promise.all(ids.map((id) => this.#dead.getJob(dedupeKey(id))))).filter((j) => !!j)
      : await this.#dead.getJobs(['waiting'], 0, limit - 1, true);
    let moved = 0;
    for (const stored of dead) {
      const { reason: _, kind: __, ran: ___, ...job } = stored.data as StoredLetter;
      const jobId = dedupeKey(job.id);
      const held = await this.#held(jobId);
      const step = replayStep(letterOf(stored.data as StoredLetter), ids !== undefined, held);
      if (step === 'keep') continue;
      if (step === 'requeue') {
        const failed = held === 'failed' ? await this.#queue.getJob(jobId) : undefined;
        if (failed) {
          // Another replay may have moved it first: then it is queued, and not ours to count.
          const retried = await failed
            .retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true })
            .then(
              () => true,
              async (error: unknown) => {
                if ((await this.#held(jobId)) === 'failed') throw error;
                return false;
              },
            );
          if (retried) moved += 1;
        } else {
          await this.#queue.add('event', job, { jobId });
          moved += 1;
        }
      }
      await stored.remove();
    }
    return moved;
  }

  /** {@inheritDoc webhooks!WebhookQueue.idle} */
  async idle(): Promise<void> {
    const pending = await this.#queue.getJobs([...PENDING_STATES], 0, -1, true);
    let left = pending.map((job) => ({ id: job.id!, task: isTask(job.data) }));
    while (left.length > 0) {
      const done = await Promise.all(
        left.map(async ({ id, task }) => {
          const state = await this.#queue.getJobState(id);
          if (state === 'completed' || state === 'unknown') return true;
          // A failed event is done once its letter is written (the sweep may be on its way).
          if (state === 'failed') return task || (await this.#dead.getJobState(id)) !== 'unknown';
          return false;
        }),
      );
      left = left.filter((_, i) => !done[i]);
      if (left.length > 0) await sleep(50);
    }
  }

  /** {@inheritDoc webhooks!WebhookQueue.depth} */
  async depth(): Promise<WebhookQueueDepth> {
    const [counts, dead] = await Promise.all([
      this.#queue.getJobCounts(...PENDING_STATES),
      this.#dead.getJobCounts('waiting'),
    ]);
    const n = (key: string) => counts[key] ?? 0;
    return {
      waiting: n('waiting') + n('prioritized'),
      delayed: n('delayed'),
      active: n('active'),
      deadLetters: dead.waiting ?? 0,
    };
  }

  /**
   * Adds the task every `everyMs` through one BullMQ job scheduler: one job per period however
   * many workers ask (idempotent); replaces an earlier period.
   */
  async schedule(task: WebhookTask['kind'], everyMs: number): Promise<void> {
    checkEveryMs(everyMs, 'BullMQWebhookQueue.schedule');
    await this.#queue.upsertJobScheduler(
      SCHEDULER_ID,
      { every: everyMs },
      {
        name: task,
        data: { kind: task },
        opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 100 },
      },
    );
  }

  /** {@inheritDoc webhooks!WebhookQueue.unschedule} */
  async unschedule(task: WebhookTask['kind']): Promise<void> {
    if (task === 'reconcile') await this.#queue.removeJobScheduler(SCHEDULER_ID);
  }

  /** Closes the producer connections (a consumer closes with its own `close`). */
  async close(): Promise<void> {
    await Promise.all([this.#queue.close(), this.#dead.close()]);
  }
}
