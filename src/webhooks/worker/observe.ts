/**
 * What a worker tells the outside: a span per job (a `CONSUMER` span linked to the delivery's
 * trace), metrics of jobs, letters and the queue's depth, and log lines. Ids and types only,
 * never a payload (health data). @module
 */
import type { TelemetrySpan } from '../../core/hooks.ts';
import type { Logger } from '../../core/logger.ts';
import { VERSION } from '../../version.ts';
import { WebhookPayloadError } from '../errors.ts';
import type { WebhookEvent } from '../events.ts';
import type { DeadLetter, WebhookJob, WebhookJobAttempt, WebhookQueue } from '../queue/contract.ts';
import type { ReconcileResult } from '../reconcile.ts';
import { eventFields, LOG_PREFIX } from '../shared/logging.ts';
import {
  errorType,
  messagingAttributes,
  SPAN_ERROR,
  SPAN_KIND,
  WEBHOOK_METRICS,
  WEBHOOK_SCOPE,
  type WebhookMetricAttributes,
  type WebhookOpenTelemetryApi,
} from '../telemetry.ts';

/** How a job run ended. */
export type JobOutcome = 'processed' | 'stale' | 'failed' | 'invalid';

export interface WorkerObserver {
  /** Runs one event job in its span; rethrows what `work` throws, once told. */
  run(job: WebhookJob, attempt: WebhookJobAttempt, work: () => Promise<JobOutcome>): Promise<void>;
  /** A stored job that failed its check: dead-lettered at once. */
  invalid(reason: string, id: string | undefined): void;
  /** The queue wrote a letter. */
  deadLettered(letter: DeadLetter): void;
  /** Runs a scheduled reconciliation; never throws (the next period runs it again). */
  reconcile(work: () => Promise<ReconcileResult>): Promise<void>;
  /** The consumer's own failure (a dead-letter write it tries again). */
  consumerError(error: unknown): void;
  /** When a job last ended here, in epoch ms. */
  readonly lastJobAt: number | undefined;
}

export interface WorkerObserverConfig {
  queue: WebhookQueue;
  logger: Logger;
  /** The application's `onError`, if any: it replaces the failure lines. */
  onError: ((error: unknown, event?: WebhookEvent) => unknown) | undefined;
  otel: WebhookOpenTelemetryApi | undefined;
}

const BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const LAG_BUCKETS_S = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400];
const ATTEMPT_BUCKETS = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20];
/** A depth reading slower than this is skipped for that collection. */
const DEPTH_TIMEOUT_MS = 5_000;

/** Within `ms`, or a rejection. */
export function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function instruments(otel: WebhookOpenTelemetryApi, queue: WebhookQueue) {
  const meter = otel.metrics.getMeter(WEBHOOK_SCOPE, VERSION);
  const seconds = (name: string, description: string, buckets: number[]) =>
    meter.createHistogram(name, {
      description,
      unit: 's',
      advice: { explicitBucketBoundaries: buckets },
    });
  const depth = meter.createObservableGauge?.(WEBHOOK_METRICS.queueDepth, {
    description: 'Jobs in the webhook queue by state; dead_letter: the dead-letter queue.',
    unit: '{job}',
  });
  depth?.addCallback(async (result) => {
    const read = await within(queue.depth(), DEPTH_TIMEOUT_MS).catch(() => undefined);
    if (!read) return;
    const at = (state: string) => ({
      'clinic_scheduling.webhook.queue.state': state,
      'messaging.destination.name': queue.name,
    });
    result.observe(read.waiting, at('waiting'));
    result.observe(read.delayed, at('delayed'));
    result.observe(read.active, at('active'));
    result.observe(read.deadLetters, at('dead_letter'));
  });
  return {
    jobs: meter.createCounter(WEBHOOK_METRICS.jobs, {
      description:
        'Job runs by outcome: processed, stale, failed (retried or dead-lettered), invalid.',
      unit: '{run}',
    }),
    duration: seconds(WEBHOOK_METRICS.jobDuration, 'One job run, start to outcome.', BUCKETS_S),
    lag: seconds(
      WEBHOOK_METRICS.jobLag,
      "From a delivery's arrival to the start of its job's run.",
      LAG_BUCKETS_S,
    ),
    attempts: meter.createHistogram(WEBHOOK_METRICS.jobAttempts, {
      description: 'The attempt each job run was: 1 the first.',
      unit: '{attempt}',
      advice: { explicitBucketBoundaries: ATTEMPT_BUCKETS },
    }),
    deadLetters: meter.createCounter(WEBHOOK_METRICS.deadLetters, {
      description: 'Events dead-lettered, by kind: failed, invalid, refused.',
      unit: '{event}',
    }),
    reconcileRuns: meter.createCounter(WEBHOOK_METRICS.reconcileRuns, {
      description: 'Reconciliation runs by outcome: success, failure.',
      unit: '{run}',
    }),
    reconciled: meter.createCounter(WEBHOOK_METRICS.reconcileAppointments, {
      description: 'Appointments a reconciliation walked: applied (missed by the events), skipped.',
      unit: '{appointment}',
    }),
  };
}

/** The link to the delivery's span, from the job's `traceparent`. */
function linksOf(job: WebhookJob) {
  const parts = job.trace?.traceparent.split('-');
  if (!parts) return [];
  const [, traceId, spanId, flags] = parts as [string, string, string, string];
  return [{ context: { traceId, spanId, traceFlags: Number.parseInt(flags, 16), isRemote: true } }];
}

export function createWorkerObserver(config: WorkerObserverConfig): WorkerObserver {
  const { queue, logger, onError, otel } = config;
  const metrics = otel ? instruments(otel, queue) : undefined;
  const tracer = otel?.trace?.getTracer(WEBHOOK_SCOPE, VERSION);
  let lastJobAt: number | undefined;

  /** OpenTelemetry's log fields of the span, so that lines and traces join. */
  const traceFields = (span: TelemetrySpan | undefined): Record<string, string> => {
    const context = span?.spanContext();
    if (!context || !otel?.trace?.isSpanContextValid(context as never)) return {};
    return { trace_id: context.traceId, span_id: context.spanId };
  };

  const tell = async (error: unknown, event?: WebhookEvent): Promise<boolean> => {
    if (!onError) return false;
    try {
      await onError(error, event);
    } catch {
      // onError's own failure must not hide the handler's.
    }
    return true;
  };

  const inSpan = <T>(span: TelemetrySpan | undefined, work: () => Promise<T>): Promise<T> => {
    if (!span || !otel?.trace || !otel.context) return work();
    const context = otel.trace.setSpan(otel.context.active() as never, span as never);
    return otel.context.with(context as never, work);
  };

  return {
    get lastJobAt() {
      return lastJobAt;
    },

    async run(job, attempt, work) {
      const { event } = job;
      const started = performance.now();
      const type = { 'clinic_scheduling.webhook.event_type': event.type };
      metrics?.lag.record(Math.max(0, Date.now() - job.receivedAt) / 1000, type);
      const span = tracer?.startSpan(
        `process ${queue.name}`,
        {
          kind: SPAN_KIND.consumer,
          attributes: {
            ...messagingAttributes('process', queue.name, event),
            'clinic_scheduling.webhook.attempt': attempt.attempt,
          },
          links: linksOf(job) as never,
        },
        otel?.context?.active() as never,
      );
      const fields = {
        ...eventFields(event),
        attempt: attempt.attempt,
        attempts: attempt.attempts,
        ...traceFields(span),
      };
      const end = (outcome: JobOutcome) => {
        const attributes: WebhookMetricAttributes = {
          'clinic_scheduling.webhook.job.outcome': outcome,
          ...type,
        };
        metrics?.jobs.add(1, attributes);
        metrics?.duration.record((performance.now() - started) / 1000, attributes);
        metrics?.attempts.record(attempt.attempt, {
          'clinic_scheduling.webhook.job.outcome': outcome,
        });
        span?.setAttribute('clinic_scheduling.webhook.job.outcome', outcome);
        lastJobAt = Date.now();
      };
      try {
        const outcome = await inSpan(span, work);
        end(outcome);
        logger.debug(`${LOG_PREFIX} job ${outcome}`, { ...fields, outcome });
      } catch (error) {
        end('failed');
        span?.setAttribute('error.type', errorType(error));
        span?.setStatus({ code: SPAN_ERROR });
        if (!(await tell(error, event))) {
          const last = attempt.attempt >= attempt.attempts;
          const line = { ...fields, outcome: 'failure', errorType: errorType(error), error };
          if (last) logger.error(`${LOG_PREFIX} job failed its last attempt`, line);
          else logger.warn(`${LOG_PREFIX} job failed; the queue retries it`, line);
        }
        throw error;
      } finally {
        span?.end();
      }
    },

    invalid(reason, id) {
      metrics?.jobs.add(1, { 'clinic_scheduling.webhook.job.outcome': 'invalid' });
      lastJobAt = Date.now();
      // The letter's own line (deadLettered) says it by default.
      void tell(new WebhookPayloadError(id ? `${reason} (job ${id})` : reason));
    },

    deadLettered(letter) {
      metrics?.deadLetters.add(1, {
        'clinic_scheduling.webhook.dead_letter.kind': letter.kind,
        'clinic_scheduling.webhook.event_type': String(letter.event?.type),
      });
      // A failed letter's reason is the application's error message: its own line has it.
      const reason = letter.kind === 'failed' ? {} : { reason: letter.reason };
      logger.error(`${LOG_PREFIX} event dead-lettered (${letter.kind})`, {
        eventId: letter.id,
        kind: letter.kind,
        ...reason,
      });
    },

    async reconcile(work) {
      const span = tracer?.startSpan(
        'reconcile appointments',
        {},
        otel?.context?.active() as never,
      );
      try {
        const result = await inSpan(span, work);
        metrics?.reconcileRuns.add(1, { 'clinic_scheduling.webhook.reconcile.outcome': 'success' });
        const result_ = (value: string) => ({
          'clinic_scheduling.webhook.reconcile.result': value,
        });
        metrics?.reconciled.add(result.applied, result_('applied'));
        metrics?.reconciled.add(result.skipped, result_('skipped'));
        span?.setAttribute('clinic_scheduling.webhook.reconcile.applied', result.applied);
        const line = { ...result, ...traceFields(span) };
        if (result.applied > 0) {
          logger.warn(
            `${LOG_PREFIX} reconciliation applied ${result.applied} missed change(s)`,
            line,
          );
        } else logger.info(`${LOG_PREFIX} reconciliation found nothing missed`, line);
      } catch (error) {
        metrics?.reconcileRuns.add(1, { 'clinic_scheduling.webhook.reconcile.outcome': 'failure' });
        span?.setAttribute('error.type', errorType(error));
        span?.setStatus({ code: SPAN_ERROR });
        if (!(await tell(error))) {
          logger.error(`${LOG_PREFIX} reconciliation failed; the next period runs it again`, {
            errorType: errorType(error),
            error,
            ...traceFields(span),
          });
        }
      } finally {
        lastJobAt = Date.now();
        span?.end();
      }
    },

    consumerError(error) {
      void tell(error).then((told) => {
        if (!told) {
          logger.error(`${LOG_PREFIX} queue consumer error (${errorType(error)})`, {
            errorType: errorType(error),
            error,
          });
        }
      });
    },
  };
}
