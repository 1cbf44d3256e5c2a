/**
 * The queue between the webhook handler and its workers: a small interface, so that BullMQ,
 * pg-boss or a broker of your own can carry events durably (docs/webhooks-production.md). @module
 */
import type { WebhookEvent } from '../events.ts';

/** One event in a {@link WebhookQueue}: its id is the envelope's, the job's id in the broker. */
export interface WebhookJob {
  /** The envelope id (`evt_<uuid>`): a second enqueue of the same id adds nothing. */
  id: string;
  /** The envelope as parsed by the handler. */
  event: WebhookEvent;
  /** When the handler received it, in epoch ms. */
  receivedAt: number;
}

/** A dead-lettered event and why it got there. */
export interface DeadLetter {
  /** The envelope id. */
  id: string;
  /** The envelope. */
  event: WebhookEvent;
  /** The last error's message, or why the handler refused it (`maxEventAgeMs`). */
  reason: string;
}

/** What a consumer's callback learns about the attempt it runs. */
export interface WebhookJobAttempt {
  /** 1 for the first run; a job returned by a killed or stopped worker counts again. */
  attempt: number;
  /** The runs allowed before the event is dead-lettered. */
  attempts: number;
}

/** A running consumer, as {@link WebhookQueue.consume} returns it. */
export interface WebhookConsumer {
  /**
   * Stops taking jobs and waits up to `timeoutMs` for those in hand; the broker hands any job still
   * unfinished to another worker once its lock lapses. Resolves once stopped.
   */
  close(timeoutMs: number): Promise<void>;
}

/**
 * A durable queue of webhook events. `enqueue` resolves only once the broker has the job (the
 * handler answers 2xx after it), and must be idempotent by `job.id`. Retries with backoff and the
 * dead-letter queue are the queue's: `consume` runs `process` again after a throw, up to its
 * attempts, then moves the job to the dead-letter queue with the last error.
 */
export interface WebhookQueue {
  /** `'added'`, or `'duplicate'` when a job of this id is held already (queued, done or dead). */
  enqueue(job: WebhookJob): Promise<'added' | 'duplicate'>;
  /** Puts an event straight into the dead-letter queue (an event refused by the handler). */
  deadLetter(job: WebhookJob, reason: string): Promise<void>;
  /** Starts running `process` for each job, `concurrency` at a time in this process. */
  consume(
    process: (job: WebhookJob, attempt: WebhookJobAttempt) => Promise<void>,
    options: { concurrency: number },
  ): Promise<WebhookConsumer>;
  /** Dead-lettered events, oldest first, up to `limit`. */
  deadLetters(limit?: number): Promise<DeadLetter[]>;
  /**
   * Moves dead-lettered events back to the queue (all, or those of `ids`), each with its attempts
   * anew; resolves with how many moved. Workers then process them like any other job.
   */
  replayDeadLetters(options?: { ids?: readonly string[]; limit?: number }): Promise<number>;
  /** How long the queue remembers a job's id after it is done, in ms: at least `maxEventAgeMs`. */
  readonly retentionMs: number;
}

/** Retry settings shared by the adapters: attempts and an exponential backoff. */
export interface WebhookRetryOptions {
  /** Runs of an event before it is dead-lettered (default 8). */
  attempts?: number | undefined;
  /** The wait before the first retry, in ms, doubling each time (default 1000). */
  backoffMs?: number | undefined;
  /** How long done ids are kept, in ms (default 48 h; at least the handler's `maxEventAgeMs`). */
  retentionMs?: number | undefined;
}

/** Default of `attempts`: 8 runs, about 4 min of backoff from 1 s. */
export const DEFAULT_QUEUE_ATTEMPTS = 8;
/** Default of `backoffMs`: 1 s, doubling. */
export const DEFAULT_QUEUE_BACKOFF_MS = 1_000;
/** Default of `retentionMs`: 48 hours, twice the default `maxEventAgeMs`. */
export const DEFAULT_QUEUE_RETENTION_MS = 48 * 60 * 60_000;
