/**
 * The worker side of the production shape: events taken from a {@link WebhookQueue}, on any number
 * of processes and machines, run through your handlers with the queue's retries. @module
 */
import { ConfigurationError } from '../core/errors.ts';
import type { Appointment } from '../schemas/appointments.ts';
import {
  isAppointmentEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './events.ts';
import { defaultOnError } from './options.ts';
import { type OrderingStore, recordApplied, resolveIn } from './ordering/contract.ts';
import type { WebhookConsumer, WebhookJob, WebhookQueue } from './queue/contract.ts';

/** What a worker's handler receives beside the event. */
export interface WebhookJobContext {
  /** The envelope id, the job's id in the queue. */
  jobId: string;
  /** 1 on the first run; a run cut short (a killed worker) counts. */
  attempt: number;
  /** The runs allowed before the event is dead-lettered. */
  attempts: number;
}

/** A worker's handlers by event type; each receives the event narrowed to its type. */
export type WebhookWorkerHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookJobContext) => unknown;
};

/** Options of {@link createWebhookWorker}. */
export interface WebhookWorkerOptions {
  /** The queue the handler fills (the same adapter settings on both sides). */
  queue: WebhookQueue;
  /**
   * Handlers by event type, run before `onAny`. Workers are at-least-once (a killed worker's job
   * runs again): make the effect idempotent, keyed by `event.id` (docs: the effects table).
   */
  on?: WebhookWorkerHandlers | undefined;
  /** Runs for every event, `ping` included, after the handler of its type. */
  onAny?: ((event: WebhookEvent, context: WebhookJobContext) => unknown) | undefined;
  /** Told of every failed run (the queue retries it), with the event (default: its id and type). */
  onError?: ((error: unknown, event?: WebhookEvent) => unknown) | undefined;
  /** Jobs run at once in this process (default 10). */
  concurrency?: number | undefined;
  /**
   * The newest applied state per appointment, shared by every worker (`RedisOrderingStore`,
   * `PostgresOrderingStore`): an event older than what was applied, or the same state (a
   * redelivery, your own write echoed), runs no handler. Recorded after the handlers succeed.
   */
  ordering?: OrderingStore | undefined;
  /**
   * Reads an appointment (such as `(id) => client.appointments.retrieve(id)`), for an event whose
   * `updated_at` equals the newest but whose data differs: the handlers get the state read.
   */
  read?: ((appointmentId: string) => Promise<Appointment>) | undefined;
  /** Told of each event skipped as stale by `ordering`. */
  onStale?: ((event: WebhookEvent) => unknown) | undefined;
}

/** A running worker. */
export interface WebhookWorker {
  /**
   * Graceful shutdown: takes no new job and waits up to `timeoutMs` (default 30 000) for those in
   * hand; one still running then is returned to the queue by the broker when its lock lapses.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Jobs in hand now. */
  readonly running: number;
}

type AnyHandler = (event: WebhookEvent, context: WebhookJobContext) => unknown;

function check(options: WebhookWorkerOptions): void {
  const queue = options?.queue;
  if (!queue || typeof queue.consume !== 'function') {
    throw new ConfigurationError(
      'createWebhookWorker needs { queue }: the WebhookQueue the webhook handler enqueues to ' +
        '(BullMQWebhookQueue, PgBossWebhookQueue or your own).',
    );
  }
  for (const key of Object.keys(options.on ?? {})) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(key)) {
      throw new ConfigurationError(
        `on['${key}'] is not an event type; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
      );
    }
  }
  const { concurrency } = options;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) {
    throw new ConfigurationError('concurrency must be a positive integer (default 10).');
  }
}

/**
 * Starts a worker: each job of `queue` runs `on[type]` then `onAny`; a throw is retried with the
 * queue's backoff and, after its last attempt, dead-lettered with the error (replay it with
 * `queue.replayDeadLetters()`). Resolves once consuming.
 * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing queue or an unknown `on` key.
 */
export async function createWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  check(options);
  const { queue, ordering, read, onStale } = options;
  const on = options.on ?? {};
  const onError = options.onError ?? defaultOnError;
  let running = 0;
  const process = async (job: WebhookJob, attempt: { attempt: number; attempts: number }) => {
    running += 1;
    let event = job.event;
    try {
      const context: WebhookJobContext = { jobId: job.id, ...attempt };
      if (ordering && isAppointmentEvent(event)) {
        const state = await resolveIn(ordering, event, read);
        if (!state) {
          await onStale?.(event);
          return;
        }
        if (state !== event.data) event = { ...event, data: state };
      }
      const typed = on[event.type] as AnyHandler | undefined;
      if (typed) await typed(event, context);
      if (options.onAny) await options.onAny(event, context);
      if (ordering && isAppointmentEvent(event)) await recordApplied(ordering, event);
    } catch (error) {
      try {
        await onError(error, event);
      } catch {
        // onError's own failure must not hide the handler's.
      }
      throw error;
    } finally {
      running -= 1;
    }
  };
  const consumer: WebhookConsumer = await queue.consume(process, {
    concurrency: options.concurrency ?? 10,
  });
  return {
    close: ({ timeoutMs = 30_000 } = {}) => consumer.close(timeoutMs),
    get running() {
      return running;
    },
  };
}
