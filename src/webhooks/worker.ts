/**
 * The worker side of the production shape: events taken from a {@link WebhookQueue}, on any number
 * of processes and machines, checked again, run through your handlers with the queue's retries;
 * a scheduled reconciliation; spans, metrics, logs and a health probe. @module
 */
import { ConfigurationError } from '../core/errors/index.ts';
import type { Appointment } from '../schemas/appointments.ts';
import {
  isAppointmentEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './events.ts';
import { type OrderingStore, recordApplied, resolveIn } from './ordering/contract.ts';
import {
  DEFAULT_JOB_TIMEOUT_MS,
  type StoredWebhookJob,
  type WebhookConsumer,
  type WebhookJob,
  type WebhookJobAttempt,
  type WebhookJobResult,
  type WebhookQueue,
  type WebhookQueueDepth,
} from './queue/contract.ts';
import { checkEveryMs, checkJobTimeout } from './queue/shared.ts';
import { type ReconcileClient, reconcileAppointments } from './reconcile.ts';
import { type WebhookLogOptions, webhookLogger } from './shared/logging.ts';
import type { WebhookOpenTelemetryApi } from './telemetry.ts';
import { withinLimit } from './worker/deadline.ts';
import { checkJob } from './worker/job.ts';
import { createWorkerObserver, type JobOutcome, within } from './worker/observe.ts';

/** What a worker's handler receives beside the event. */
export interface WebhookJobContext {
  /** The envelope id, the job's id in the queue. */
  jobId: string;
  /** 1 on the first run; a run cut short (a killed worker) counts. */
  attempt: number;
  /** The runs allowed before the event is dead-lettered. */
  attempts: number;
  /**
   * Aborts once this run outlives the queue's `jobTimeoutMs` (its reason a
   * `WebhookJobTimeoutError`): the attempt has failed by then, and its slot has gone to another
   * job. Stop your work on it: pass it on (`client.appointments.retrieve(id, { signal })`, your
   * database driver's cancel); a handler that ignores it runs on beside the retry.
   */
  signal: AbortSignal;
}

/** A worker's handlers by event type; each receives the event narrowed to its type. */
export type WebhookWorkerHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookJobContext) => unknown;
};

/** The reconciliation a worker schedules (`reconcile` of {@link createWebhookWorker}). */
export interface WebhookReconcileSchedule {
  /** A `ClinicClient` whose key has `appointments:read`. */
  client: ReconcileClient;
  /** Your conditional write of one appointment, as `reconcileAppointments` takes it. */
  apply: (appointment: Appointment) => unknown;
  /**
   * The period, in ms (at least 1000; an hour is typical): one machine runs it per period, however
   * many workers run. pg-boss schedules whole minutes (rounded up).
   */
  everyMs: number;
}

/** Options of {@link createWebhookWorker}. */
export interface WebhookWorkerOptions extends WebhookLogOptions {
  /** The queue the handler fills (the same adapter settings on both sides). */
  queue: WebhookQueue;
  /**
   * Handlers by event type, run before `onAny`. Workers are at-least-once (a killed worker's job
   * runs again): make the effect idempotent, keyed by `event.id` (docs: the effects table).
   */
  on?: WebhookWorkerHandlers | undefined;
  /** Runs for every event, `ping` included, after the handler of its type. */
  onAny?: ((event: WebhookEvent, context: WebhookJobContext) => unknown) | undefined;
  /**
   * Told of every failed run (the queue retries it), an invalid job, a failed reconciliation and
   * the consumer's own errors, with the event when there is one (default: a `logger` line).
   */
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
  /** Told of each event skipped as stale by `ordering` (older, or the same state). */
  onStale?: ((event: WebhookEvent) => unknown) | undefined;
  /**
   * Schedules `reconcileAppointments` on the queue's own scheduler (needs `ordering`): the
   * catch-up after events were lost (docs/webhooks-reconcile.md).
   */
  reconcile?: WebhookReconcileSchedule | undefined;
  /**
   * The `@opentelemetry/api` module: a `CONSUMER` span per job linked to its delivery's trace,
   * and job, letter and queue-depth metrics (`WEBHOOK_METRICS`). Nothing is emitted without it.
   */
  openTelemetry?: WebhookOpenTelemetryApi | undefined;
}

/** What {@link WebhookWorker.health} reports, for a readiness probe. */
export interface WebhookWorkerHealth {
  /** The broker answered within 2 s. */
  connected: boolean;
  /** The worker takes jobs (`close` not called). */
  running: boolean;
  /** When a job last ended in this worker, in epoch ms. */
  lastJobAt?: number;
  /** The queue's jobs by state, when the broker answered. */
  depth?: WebhookQueueDepth;
}

/** A running worker. */
export interface WebhookWorker {
  /**
   * Graceful shutdown: takes no new job and waits up to `timeoutMs` (default 30 000) for those in
   * hand; one still running then is returned to the queue by the broker when its lock lapses.
   * The `reconcile` schedule stays (other workers use it): `queue.unschedule('reconcile')`.
   */
  close(options?: { timeoutMs?: number }): Promise<void>;
  /** Jobs in hand now. */
  readonly running: number;
  /**
   * Resolves once every job that was waiting, delayed for a retry or running when it was called
   * has finished or been dead-lettered, by this worker or another: how a test waits for a worker.
   * Call it while a worker consumes (before `close`): with none, it waits for ever.
   */
  idle(): Promise<void>;
  /** `{ connected, running, lastJobAt?, depth? }`, for a readiness probe. */
  health(): Promise<WebhookWorkerHealth>;
}

type AnyHandler = (event: WebhookEvent, context: WebhookJobContext) => unknown;

const HEALTH_TIMEOUT_MS = 2_000;

function check(options: WebhookWorkerOptions): void {
  const queue = options?.queue;
  if (!queue || typeof queue.consume !== 'function') {
    throw new ConfigurationError(
      'createWebhookWorker needs { queue }: the WebhookQueue the webhook handler enqueues to ' +
        '(BullMQWebhookQueue, PgBossWebhookQueue, MemoryWebhookQueue or your own).',
    );
  }
  for (const key of Object.keys(options.on ?? {})) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(key)) {
      throw new ConfigurationError(
        `on['${key}'] is not an event type; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}.`,
      );
    }
  }
  checkJobTimeout(queue.jobTimeoutMs, 'createWebhookWorker (the queue)');
  const { concurrency, reconcile } = options;
  if (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency > 0)) {
    throw new ConfigurationError('concurrency must be a positive integer (default 10).');
  }
  if (reconcile !== undefined) {
    if (!options.ordering) {
      throw new ConfigurationError(
        'reconcile needs ordering: the store the workers record applied states in, which tells ' +
          'the walk what is already applied.',
      );
    }
    if (typeof reconcile?.apply !== 'function' || !reconcile.client) {
      throw new ConfigurationError(
        'reconcile takes { client, apply, everyMs }: a ClinicClient, your conditional write, a period.',
      );
    }
    checkEveryMs(reconcile.everyMs, 'reconcile');
  }
}

/**
 * Starts a worker: each job of `queue` is checked again with the envelope schema (an invalid one
 * is dead-lettered at once), then runs `on[type]` and `onAny`; a throw is retried with the
 * queue's backoff and, after its last attempt, dead-lettered with the error (replay it with
 * `queue.replayDeadLetters()`). Resolves once consuming.
 * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing queue, an unknown `on` key, or `reconcile` without `ordering`.
 */
export async function createWebhookWorker(options: WebhookWorkerOptions): Promise<WebhookWorker> {
  check(options);
  const { queue, ordering, read, onStale, reconcile } = options;
  const on = options.on ?? {};
  const observer = createWorkerObserver({
    queue,
    logger: webhookLogger(options, 'createWebhookWorker'),
    onError: options.onError,
    otel: options.openTelemetry,
  });
  let running = 0;
  let closed = false;
  const jobTimeoutMs = queue.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const limited = <T>(event: WebhookEvent | undefined, work: (signal: AbortSignal) => Promise<T>) =>
    withinLimit(jobTimeoutMs, work, (lateMs) => observer.overran(event, lateMs));

  const handle = async (job: WebhookJob, context: WebhookJobContext): Promise<JobOutcome> => {
    let { event } = job;
    if (ordering && isAppointmentEvent(event)) {
      const state = await resolveIn(ordering, event, read);
      if (!state) {
        await onStale?.(event);
        return 'stale';
      }
      if (state !== event.data) event = { ...event, data: state };
    }
    const typed = on[event.type] as AnyHandler | undefined;
    if (typed) await typed(event, context);
    if (options.onAny) await options.onAny(event, context);
    if (ordering && isAppointmentEvent(event)) await recordApplied(ordering, event);
    return 'processed';
  };

  const process = async (
    data: StoredWebhookJob,
    attempt: WebhookJobAttempt,
  ): Promise<WebhookJobResult> => {
    running += 1;
    try {
      const checked = checkJob(data);
      if (checked.kind === 'task') {
        // A schedule left by another configuration: nothing to run here.
        if (reconcile && ordering) {
          const { client, apply } = reconcile;
          await observer.reconcile(() =>
            limited(undefined, (signal) =>
              reconcileAppointments({ client, ordering, apply, signal }),
            ),
          );
        }
        return undefined;
      }
      if (checked.kind === 'invalid') {
        observer.invalid(checked.reason, checked.id);
        return { deadLetter: checked.reason };
      }
      const { job } = checked;
      await observer.run(job, attempt, () =>
        limited(job.event, (signal) => handle(job, { jobId: job.id, ...attempt, signal })),
      );
      return undefined;
    } finally {
      running -= 1;
    }
  };

  if (reconcile) await queue.schedule('reconcile', reconcile.everyMs);
  const consumer: WebhookConsumer = await queue.consume(process, {
    concurrency: options.concurrency ?? 10,
    onDeadLetter: (letter) => observer.deadLettered(letter),
    onError: (error) => observer.consumerError(error),
  });
  return {
    close: async ({ timeoutMs = 30_000 } = {}) => {
      closed = true;
      await consumer.close(timeoutMs);
    },
    get running() {
      return running;
    },
    idle: () => queue.idle(),
    async health() {
      const depth = await within(queue.depth(), HEALTH_TIMEOUT_MS).catch(() => undefined);
      const { lastJobAt } = observer;
      return {
        connected: depth !== undefined,
        running: !closed,
        ...(lastJobAt === undefined ? {} : { lastJobAt }),
        ...(depth === undefined ? {} : { depth }),
      };
    },
  };
}
