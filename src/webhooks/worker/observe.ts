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
import type { JOB_OUTCOMES } from '../metrics.ts';
import type { DeadLetter, WebhookJob, WebhookJobAttempt, WebhookQueue } from '../queue/contract.ts';
import type { ReconcileResult } from '../reconcile.ts';
import { eventFields, LOG_PREFIX } from '../shared/logging.ts';
import {
  errorType,
  messagingAttributes,
  SPAN_ERROR,
  SPAN_KIND,
  WEBHOOK_SCOPE,
  type WebhookMetricAttributes,
  type WebhookOpenTelemetryApi,
  webhookInstruments,
} from '../telemetry.ts';

/** How a job run ended. */
export type JobOutcome = (typeof JOB_OUTCOMES)[number];

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
  /** A run abandoned at its time limit ended after all, `lateMs` past it. */
  overran(event: WebhookEvent | undefined, lateMs: number): void;
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
  const make = webhookInstruments(otel.metrics.getMeter(WEBHOOK_SCOPE, VERSION));
  make.gauge('queueDepth')?.addCallback(async (result) => {
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
    jobs: make.counter('jobs'),
    duration: make.histogram('jobDuration'),
    lag: make.histogram('jobLag'),
    attempts: make.histogram('jobAttempts'),
    deadLetters: make.counter('deadLetters'),
    reconcileRuns: make.counter('reconcileRuns'),
    reconciled: make.counter('reconcileAppointments'),
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

    overran(event, lateMs) {
      // Its slot went to another job at the limit: such runs go on beyond `concurrency`.
      logger.warn(
        `${LOG_PREFIX} job ended after its time limit: its handlers ignored context.signal`,
        {
          ...eventFields(event),
          lateMs,
        },
      );
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
