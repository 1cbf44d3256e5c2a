/**
 * The queue between the webhook handler and its workers: a small interface, so that BullMQ,
 * pg-boss, memory (tests, one process) or a broker of your own carry events
 * (docs/webhooks-production.md). @module
 */
import type { WebhookEvent } from '../events.ts';

/** The W3C trace context of the delivery that enqueued an event, for the job span's link. */
export interface WebhookTraceContext {
  /** `00-<trace id>-<span id>-<flags>`. */
  traceparent: string;
  /** Vendor state, at most 512 characters. */
  tracestate?: string | undefined;
}

/** One event in a {@link WebhookQueue}: its id is the envelope's, the job's id in the broker. */
export interface WebhookJob {
  /** The envelope id (`evt_<uuid>`): a second enqueue of the same id adds nothing. */
  id: string;
  /** The envelope as parsed by the handler. */
  event: WebhookEvent;
  /** When the handler received it, in epoch ms. */
  receivedAt: number;
  /** The delivery's trace context, when the handler had `openTelemetry` (the worker links to it). */
  trace?: WebhookTraceContext | undefined;
}

/**
 * A scheduled task in a {@link WebhookQueue} (`schedule`): a run of `reconcileAppointments`. Not
 * an event: never checked as one, retried nor dead-lettered (the next period runs it again).
 */
export interface WebhookTask {
  /** The task. */
  kind: 'reconcile';
}

/**
 * What a consumer hands `process`: the data as the broker holds it. The worker checks it again
 * (an event with the envelope schema) before any handler runs.
 */
export type StoredWebhookJob = WebhookJob | WebhookTask;

/**
 * What `process` resolves with: nothing when done, or `{ deadLetter: reason }` for a job that no
 * retry can mend (it does not pass the envelope schema): dead-lettered at once, kind `invalid`.
 */
export type WebhookJobResult =
  | undefined
  | {
      /** Why the job cannot run: the letter's reason. */
      deadLetter: string;
    };

/**
 * Why an event is in the dead-letter queue: `failed` (its last attempt threw, or its worker
 * stopped mid-job every time), `refused` (the handler refused it as older than `maxEventAgeMs`)
 * or `invalid` (the stored job no longer passes the envelope schema).
 */
export type DeadLetterKind = 'failed' | 'refused' | 'invalid';

/** A dead-lettered event and why it got there. */
export interface DeadLetter {
  /** The envelope id. */
  id: string;
  /** The envelope as stored (for an `invalid` letter, whatever the job held). */
  event: WebhookEvent;
  /** The last error's name and message, or why the event was refused or invalid. */
  reason: string;
  /** Why it is here (older letters, written before kinds existed, read as `failed`). */
  kind: DeadLetterKind;
  /**
   * The event had run to its end when it was dead-lettered (a captured delivery sent again after
   * `maxEventAgeMs`): `replayDeadLetters` drops such a letter and never runs it.
   */
  ran: boolean;
}

/** What a consumer's callback learns about the attempt it runs. */
export interface WebhookJobAttempt {
  /** 1 for the first run; a run cut short (a killed or stopped worker) counts. */
  attempt: number;
  /** The runs allowed before the event is dead-lettered. */
  attempts: number;
}

/** Options of {@link WebhookQueue.consume}. */
export interface WebhookConsumeOptions {
  /** Jobs run at once in this process. */
  concurrency: number;
  /** Told of each letter this consumer wrote (a last attempt, an invalid job, a stalled one). */
  onDeadLetter?: ((letter: DeadLetter) => void) | undefined;
  /** Told of the consumer's own failures (a dead-letter write it will try again). */
  onError?: ((error: unknown) => void) | undefined;
}

/** A running consumer, as {@link WebhookQueue.consume} returns it. */
export interface WebhookConsumer {
  /**
   * Stops taking jobs and waits up to `timeoutMs` for those in hand; the broker hands any job still
   * unfinished to another worker once its lock lapses. Resolves once stopped.
   */
  close(timeoutMs: number): Promise<void>;
}

/** Jobs by state, as {@link WebhookQueue.depth} counts them. */
export interface WebhookQueueDepth {
  /** Ready to run. */
  waiting: number;
  /** Waiting for their retry's backoff (or a scheduled start). */
  delayed: number;
  /** Running now, on any machine. */
  active: number;
  /** In the dead-letter queue. */
  deadLetters: number;
}

/**
 * A durable queue of webhook events. `enqueue` resolves only once the broker has the job (the
 * handler answers 2xx after it), and must be idempotent by `job.id`. Retries with backoff and the
 * dead-letter queue are the queue's: `consume` runs `process` again after a throw, up to its
 * attempts, then moves the job to the dead-letter queue with the last error. The contract suite
 * every adapter passes is `test/webhooks/queue/contract.ts`.
 */
export interface WebhookQueue {
  /** The queue's name, as spans name their destination. */
  readonly name: string;
  /** How long the queue remembers a job's id after it is done, in ms: at least `maxEventAgeMs`. */
  readonly retentionMs: number;
  /**
   * How long one run of a job may take, in ms (the `jobTimeoutMs` option; a queue without it gets
   * `DEFAULT_JOB_TIMEOUT_MS`): the worker fails a run past it, as if it threw.
   */
  readonly jobTimeoutMs?: number | undefined;
  /** `'added'`, or `'duplicate'` when a job of this id is held already (queued, done or dead). */
  enqueue(job: WebhookJob): Promise<'added' | 'duplicate'>;
  /**
   * Puts an event straight into the dead-letter queue (default kind `refused`: the handler's),
   * noting whether it had run to its end; a letter of that id already there is kept.
   */
  deadLetter(job: WebhookJob, reason: string, kind?: DeadLetterKind): Promise<void>;
  /** Starts running `process` for each job, `concurrency` at a time in this process. */
  consume(
    process: (job: StoredWebhookJob, attempt: WebhookJobAttempt) => Promise<WebhookJobResult>,
    options: WebhookConsumeOptions,
  ): Promise<WebhookConsumer>;
  /** Dead-lettered events, oldest first, up to `limit` (default 1000). */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /**
   * Moves dead-lettered events back to the queue under their event id, each with its attempts
   * anew, and resolves with how many it re-queued. A letter whose event ran to its end (`ran`, or
   * done in the queue now) is dropped, never run; a `refused` one moves only when named in `ids`.
   */
  replayDeadLetters(options?: { ids?: readonly string[]; limit?: number }): Promise<number>;
  /**
   * Resolves once every job that was waiting, delayed for a retry or running when it was called
   * has finished or been dead-lettered (by a worker of any machine).
   */
  idle(): Promise<void>;
  /** The jobs by state (pg-boss: as of its last monitor pass). */
  depth(): Promise<WebhookQueueDepth>;
  /**
   * Adds a {@link WebhookTask} every `everyMs` through the broker's own scheduler, one per period
   * however many workers ask (idempotent); replaces an earlier period.
   */
  schedule(task: WebhookTask['kind'], everyMs: number): Promise<void>;
  /** Stops the task's schedule (a no-op without one). */
  unschedule(task: WebhookTask['kind']): Promise<void>;
}

/** Retry settings shared by the adapters: attempts and an exponential backoff. */
export interface WebhookRetryOptions {
  /** Runs of an event before it is dead-lettered (default 8); a run cut short counts. */
  attempts?: number | undefined;
  /** The wait before the first retry, in ms, doubling each time (default 1000). */
  backoffMs?: number | undefined;
  /** How long done ids are kept, in ms (default 48 h; at least the handler's `maxEventAgeMs`). */
  retentionMs?: number | undefined;
  /**
   * How long one run of a job may take, in ms (default 15 min, pg-boss's own expiry; at most
   * 24 h). A run past it fails that attempt, as a throw does: retried with backoff, dead-lettered
   * after the last with a `WebhookJobTimeoutError` as its reason; the handlers' `context.signal`
   * aborts and the run's concurrency slot is freed. pg-boss's `expireInSeconds` follows it (in
   * whole seconds, plus one): its backstop for a worker killed or blocked mid-job.
   */
  jobTimeoutMs?: number | undefined;
}

/** Default of `attempts`: 8 runs, about 4 min of backoff from 1 s. */
export const DEFAULT_QUEUE_ATTEMPTS = 8;
/** Default of `backoffMs`: 1 s, doubling. */
export const DEFAULT_QUEUE_BACKOFF_MS = 1_000;
/** Default of `retentionMs`: 48 hours, twice the default `maxEventAgeMs`. */
export const DEFAULT_QUEUE_RETENTION_MS = 48 * 60 * 60_000;
/** Default of `jobTimeoutMs`: 15 min, as pg-boss's own default expiry. */
export const DEFAULT_JOB_TIMEOUT_MS = 15 * 60_000;
/** The default queue name of every adapter; its dead letters are `<name>-dead-letter`. */
export const DEFAULT_QUEUE_NAME = 'clinic-scheduling-webhooks';

/** Whether stored data is a task rather than an event job. */
export function isTask(job: unknown): job is WebhookTask {
  return typeof job === 'object' && job !== null && (job as WebhookTask).kind === 'reconcile';
}
