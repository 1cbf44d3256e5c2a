/**
 * `@clinic-scheduling/sdk/webhooks/pg-boss`: a {@link WebhookQueue} on pg-boss (PostgreSQL). The
 * only module that imports `pg-boss`, an optional peer dependency. @module
 */
import type { JobWithMetadata, PgBoss, Queue as PgBossQueue, WorkOptions } from 'pg-boss';
import { ConfigurationError } from '../../core/errors/index.ts';
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
   * pg-boss queue settings: `heartbeatSeconds`, `retentionSeconds`. Retries and retention come
   * from the options above; the expiry (`expireInSeconds`: how soon a killed worker's job runs
   * elsewhere, counted as an attempt) follows `jobTimeoutMs`.
   */
  queueOptions?: Pick<PgBossQueue, 'heartbeatSeconds' | 'retentionSeconds'> | undefined;
  /** pg-boss `work` settings for `consume`, such as `pollingIntervalSeconds`. */
  workOptions?: Pick<WorkOptions, 'pollingIntervalSeconds'> | undefined;
}

/** Dead letters wait for an operator: pg-boss deletes a queued job after this, so ten years. */
const LETTER_RETENTION_S = 10 * 365 * 24 * 60 * 60;
const SCHEDULE_KEY = 'clinic-scheduling-reconcile';
/** What a job's output says when it was dead-lettered at once (it completed without running). */
const DEAD_LETTERED = 'deadLettered';
const PENDING: readonly string[] = ['created', 'retry', 'active'];
const PAGE = 1000;
/** pg-boss's ceiling on `expireInSeconds`. */
const MAX_EXPIRY_S = 24 * 60 * 60;

/**
 * pg-boss's expiry for runs limited to `jobTimeoutMs`: whole seconds, one past the limit, so that
 * the worker's own timer ends a run first (with its reason and its signal), and pg-boss's ends
 * only what that timer cannot: a worker killed, or its event loop blocked.
 */
function expiryOf(jobTimeoutMs: number): number {
  return Math.min(MAX_EXPIRY_S, Math.ceil(jobTimeoutMs / 1000) + 1);
}

/** pg-boss job ids are uuids: the one inside `evt_<uuid>`, lower-cased. */
function jobIdOf(eventId: string): string {
  return eventId.replace(/^evt_/i, '').toLowerCase();
}

/**
 * A {@link WebhookQueue} on pg-boss: the envelope's uuid is the job id (replays keep it: a
 * replayed job is re-sent under it, never redriven under a new one); retries use pg-boss's
 * exponential backoff (whole seconds); a job that fails its last attempt (an expired one, of a
 * killed worker, included) moves with its error to `<name>-dead-letter` (pg-boss's `deadLetter`).
 */
export class PgBossWebhookQueue implements WebhookQueue {
  /** The queue's name (the `name` option). */
  readonly name: string;
  /** How long done ids are kept, in ms (the `retentionMs` option). */
  readonly retentionMs: number;
  /** How long one run of a job may take, in ms (the `jobTimeoutMs` option). */
  readonly jobTimeoutMs: number;
  readonly #boss: PgBoss;
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
    if (options.queueOptions && 'expireInSeconds' in options.queueOptions) {
      throw new ConfigurationError(
        "PgBossWebhookQueue: pass jobTimeoutMs, not queueOptions.expireInSeconds: pg-boss's expiry follows the worker's time limit (jobTimeoutMs in whole seconds, plus one).",
      );
    }
    this.#options = options;
    this.#boss = options.boss;
    this.name = options.name ?? DEFAULT_QUEUE_NAME;
    this.#dead = `${this.name}-dead-letter`;
    this.#attempts = options.attempts ?? DEFAULT_QUEUE_ATTEMPTS;
    this.retentionMs = options.retentionMs ?? DEFAULT_QUEUE_RETENTION_MS;
    this.jobTimeoutMs = options.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  }

  /** Creates both queues (idempotent), once per instance. */
  #setUp(): Promise<void> {
    this.#ready ??= (async () => {
      const backoffMs = this.#options.backoffMs ?? DEFAULT_QUEUE_BACKOFF_MS;
      const retention = Math.ceil(this.retentionMs / 1000);
      await this.#boss.createQueue(this.#dead, {
        deleteAfterSeconds: retention,
        retentionSeconds: LETTER_RETENTION_S,
      });
      const expireInSeconds = expiryOf(this.jobTimeoutMs);
      await this.#boss.createQueue(this.name, {
        ...this.#options.queueOptions,
        retryLimit: this.#attempts - 1,
        // Whole seconds: a backoff under 1 s becomes 1 s; 0 retries at once.
        retryDelay: backoffMs === 0 ? 0 : Math.max(1, Math.round(backoffMs / 1000)),
        retryBackoff: backoffMs > 0,
        expireInSeconds,
        deleteAfterSeconds: retention,
        deadLetter: this.#dead,
      });
      // createQueue leaves a queue that exists as it was: its expiry follows jobTimeoutMs anyway.
      await this.#boss.updateQueue(this.name, { expireInSeconds });
    })().catch((error) => {
      this.#ready = undefined; // the next call tries again
      throw error;
    });
    return this.#ready;
  }

  /** Adds the job under its envelope id, once the broker confirmed it; `'duplicate'` for an id held. */
  async enqueue(job: WebhookJob): Promise<'added' | 'duplicate'> {
    await this.#setUp();
    const id = await this.#boss.send(this.name, job, { id: jobIdOf(job.id) });
    return id === null ? 'duplicate' : 'added';
  }

  /** {@inheritDoc webhooks!WebhookQueue.deadLetter} */
  async deadLetter(
    job: WebhookJob,
    reason: string,
    kind: DeadLetterKind = 'refused',
  ): Promise<void> {
    await this.#setUp();
    await this.#letter(job, reason, kind);
  }

  async #letter(
    job: WebhookJob,
    reason: string,
    kind: DeadLetterKind,
  ): Promise<DeadLetter | undefined> {
    const ran = (await this.#held(jobIdOf(job.id))) === 'done';
    const stored: StoredLetter = { ...job, reason, kind, ran };
    const id = await this.#boss.send(this.#dead, stored, { id: jobIdOf(job.id) });
    return id === null ? undefined : letterOf(stored);
  }

  async #held(id: string): Promise<HeldState> {
    const [job] = await this.#boss.findJobs<StoredWebhookJob>(this.name, { id });
    if (!job) return 'none';
    if (PENDING.includes(job.state)) return 'queued';
    const output = job.output as Record<string, unknown> | null;
    if (job.state === 'completed' && !output?.[DEAD_LETTERED]) return 'done';
    return 'failed';
  }

  /** {@inheritDoc webhooks!WebhookQueue.consume} */
  async consume(
    process: (job: StoredWebhookJob, attempt: WebhookJobAttempt) => Promise<WebhookJobResult>,
    { concurrency, onDeadLetter, onError }: WebhookConsumeOptions,
  ): Promise<WebhookConsumer> {
    await this.#setUp();
    const attempts = this.#attempts;
    const workId = await this.#boss.work<StoredWebhookJob>(
      this.name,
      { ...this.#options.workOptions, batchSize: 1, localConcurrency: concurrency },
      async ([job]) => {
        if (!job) return undefined;
        // retryCount goes up with each claim after a start, an expired run's included.
        const attempt = { attempt: job.retryCount + 1, attempts };
        let result: WebhookJobResult;
        try {
          result = await process(job.data, attempt);
        } catch (error) {
          // pg-boss copies it to the dead-letter queue in the statement that fails it.
          if (attempt.attempt >= attempts && !isTask(job.data)) {
            const data = job.data as WebhookJob;
            onDeadLetter?.(letterOf({ ...data, reason: reasonOf(error), kind: 'failed' }));
          }
          throw error;
        }
        if (result?.deadLetter === undefined || isTask(job.data)) return undefined;
        // A failed write throws here: pg-boss retries, and dead-letters the last attempt itself.
        const written = await this.#letter(
          job.data as WebhookJob,
          result.deadLetter,
          'invalid',
        ).catch((error) => {
          onError?.(error);
          throw error;
        });
        if (written) onDeadLetter?.(written);
        // Completed without running: its output tells replay it never ran.
        return { [DEAD_LETTERED]: 'invalid' };
      },
    );
    const stop = (wait: boolean) => this.#boss.offWork(this.name, { id: workId, wait });
    return { close: (timeoutMs) => closeWithin(stop(true), timeoutMs, () => stop(false)) };
  }

  /** Every job of a queue (`queued`: only those waiting), oldest first. */
  async #all<T>(name: string, queued: boolean, limit = Number.POSITIVE_INFINITY) {
    const jobs: JobWithMetadata<T>[] = [];
    let after: string | undefined;
    while (jobs.length < limit) {
      const page = await this.#boss.findJobs<T>(name, {
        queued,
        limit: Math.min(PAGE, limit - jobs.length),
        ...(after ? { after } : {}),
      });
      jobs.push(...page);
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    return jobs;
  }

  /** Dead-lettered events with their reason, oldest first, up to `limit`. */
  async deadLetters(limit = 1000): Promise<DeadLetter[]> {
    await this.#setUp();
    const jobs = await this.#all<StoredLetter>(this.#dead, true, limit);
    return jobs.map((job) => letterOf(job.data, this.#failure(job)));
  }

  /** Why pg-boss moved a letter itself: the error it kept, or none when the job expired. */
  #failure(job: JobWithMetadata<StoredLetter>): string {
    const output = job.sourceOutput as { message?: unknown; name?: unknown } | null;
    if (!output || typeof output.message !== 'string') {
      return (
        'expired on its last attempt: its worker stopped mid-job (killed, out of memory, or ' +
        'its event loop blocked past jobTimeoutMs)'
      );
    }
    const name = typeof output.name === 'string' ? output.name : 'Error';
    return failedReason(`${name}: ${output.message}`);
  }

  /** {@inheritDoc webhooks!WebhookQueue.replayDeadLetters} */
  async replayDeadLetters(
    options: { ids?: readonly string[]; limit?: number } = {},
  ): Promise<number> {
    await this.#setUp();
    const { ids, limit = 1000 } = options;
    const wanted = ids && new Set(ids.map(jobIdOf));
    const letters = wanted
      ? (await this.#all<StoredLetter>(this.#dead, true)).filter((job) =>
          wanted.has(jobIdOf(String(job.data?.id))),
        )
      : await this.#all<StoredLetter>(this.#dead, true, limit);
    let moved = 0;
    for (const stored of letters) {
      const { reason: _, kind: __, ran: ___, ...job } = stored.data;
      const id = jobIdOf(job.id);
      const held = await this.#held(id);
      const step = replayStep(letterOf(stored.data), wanted !== undefined, held);
      if (step === 'keep') continue;
      if (step === 'requeue') {
        // Under the event's own id (pg-boss's redrive would give it a new one, and the id
        // is what keeps a later delivery of the event from running it again).
        if (held === 'failed') await this.#boss.deleteJob(this.name, id);
        if ((await this.#boss.send(this.name, job, { id })) !== null) moved += 1;
      }
      await this.#boss.deleteJob(this.#dead, stored.id);
    }
    return moved;
  }

  /**
   * Resolves once every job that was waiting, retrying or running when it was called has finished
   * or been dead-lettered; it reads every job the queue holds: for tests and low volumes.
   */
  async idle(): Promise<void> {
    await this.#setUp();
    const all = await this.#all<StoredWebhookJob>(this.name, false);
    let left = all.filter((job) => PENDING.includes(job.state)).map((job) => job.id);
    while (left.length > 0) {
      const done = await Promise.all(
        left.map(async (id) => {
          const [job] = await this.#boss.findJobs(this.name, { id });
          return !job || !PENDING.includes(job.state);
        }),
      );
      left = left.filter((_, i) => !done[i]);
      if (left.length > 0) await sleep(100);
    }
  }

  /** The jobs by state, as of pg-boss's last monitor pass (`monitorIntervalSeconds`). */
  async depth(): Promise<WebhookQueueDepth> {
    await this.#setUp();
    const [queue, dead] = await Promise.all([
      this.#boss.getQueue(this.name),
      this.#boss.getQueue(this.#dead),
    ]);
    return {
      waiting: queue?.readyCount ?? 0,
      delayed: queue?.deferredCount ?? 0,
      active: queue?.activeCount ?? 0,
      deadLetters: dead?.queuedCount ?? 0,
    };
  }

  /**
   * Adds the task every `everyMs`, in whole minutes rounded up, through pg-boss's `schedule`: one
   * schedule however many workers ask, one job per period; replaces an earlier period.
   */
  async schedule(task: WebhookTask['kind'], everyMs: number): Promise<void> {
    checkEveryMs(everyMs, 'PgBossWebhookQueue.schedule');
    await this.#setUp();
    const minutes = Math.max(1, Math.ceil(everyMs / 60_000));
    await this.#boss.schedule(
      this.name,
      `FREQ=MINUTELY;INTERVAL=${minutes}`,
      { kind: task },
      {
        key: SCHEDULE_KEY,
        retryLimit: 0,
      },
    );
  }

  /** {@inheritDoc webhooks!WebhookQueue.unschedule} */
  async unschedule(task: WebhookTask['kind']): Promise<void> {
    if (task !== 'reconcile') return;
    await this.#setUp();
    await this.#boss.unschedule(this.name, SCHEDULE_KEY);
  }
}
