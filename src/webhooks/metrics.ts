/**
 * The webhook metrics, defined once: each name of {@link WEBHOOK_METRICS} with its instrument,
 * unit, meaning, attributes and who records it. The handler and the worker create their
 * instruments from these, and docs/webhooks-operations.md's table is generated from them
 * (`npm run docs:tables`). @module
 */
import type { Assert, Equals } from '../internal/type-equality.ts';
import type { DeadLetterKind } from './queue/contract.ts';

/**
 * The metric names, under `clinic_scheduling.webhook.*`; each one's instrument, unit, attributes
 * and meaning: docs/webhooks-operations.md.
 */
export const WEBHOOK_METRICS = {
  /** The handler's deliveries answered. */
  deliveries: 'clinic_scheduling.webhook.deliveries',
  /** The handler's deliveries of an event it already holds. */
  dedupeHits: 'clinic_scheduling.webhook.dedupe.hits',
  /** The handler's time to answer a delivery. */
  ackDuration: 'clinic_scheduling.webhook.ack.duration',
  /** The worker's job runs. */
  jobs: 'clinic_scheduling.webhook.jobs',
  /** The worker's time per job run. */
  jobDuration: 'clinic_scheduling.webhook.job.duration',
  /** The attempt each job run was. */
  jobAttempts: 'clinic_scheduling.webhook.job.attempts',
  /** From a delivery's arrival to its job's run. */
  jobLag: 'clinic_scheduling.webhook.job.lag',
  /** Events dead-lettered. */
  deadLetters: 'clinic_scheduling.webhook.dead_letters',
  /** Jobs in the queue by state. */
  queueDepth: 'clinic_scheduling.webhook.queue.depth',
  /** Scheduled reconciliation runs. */
  reconcileRuns: 'clinic_scheduling.webhook.reconcile.runs',
  /** Appointments a reconciliation walked. */
  reconcileAppointments: 'clinic_scheduling.webhook.reconcile.appointments',
} as const;

/** A key of {@link WEBHOOK_METRICS}. */
export type WebhookMetricKey = keyof typeof WEBHOOK_METRICS;

/** What became of a delivery (`WebhookOutcome`, which telemetry.ts ties to this list). */
export const DELIVERY_OUTCOMES = [
  'processed',
  'queued',
  'accepted',
  'duplicate',
  'refused',
  'failed',
] as const;
/** How a job run ended. */
export const JOB_OUTCOMES = ['processed', 'stale', 'failed', 'invalid'] as const;
const DEAD_LETTER_KINDS = ['failed', 'invalid', 'refused'] as const;
type _kinds = Assert<Equals<(typeof DEAD_LETTER_KINDS)[number], DeadLetterKind>>;

/** One attribute of a metric's points: its key, and its values when they are a closed set. */
export interface MetricAttribute {
  key: string;
  values?: readonly string[];
}

const attribute = (key: string, values?: readonly string[]): MetricAttribute =>
  values ? { key, values } : { key };

/** The attributes of the webhook metrics' points; bounded: never an id. */
export const METRIC_ATTRIBUTES = {
  outcome: attribute('clinic_scheduling.webhook.outcome', DELIVERY_OUTCOMES),
  eventType: attribute('clinic_scheduling.webhook.event_type'),
  status: attribute('http.response.status_code'),
  dedupeResult: attribute('clinic_scheduling.webhook.dedupe.result', ['done', 'processing']),
  jobOutcome: attribute('clinic_scheduling.webhook.job.outcome', JOB_OUTCOMES),
  deadLetterKind: attribute('clinic_scheduling.webhook.dead_letter.kind', DEAD_LETTER_KINDS),
  queueState: attribute('clinic_scheduling.webhook.queue.state', [
    'waiting',
    'delayed',
    'active',
    'dead_letter',
  ]),
  destination: attribute('messaging.destination.name'),
  reconcileOutcome: attribute('clinic_scheduling.webhook.reconcile.outcome', [
    'success',
    'failure',
  ]),
  reconcileResult: attribute('clinic_scheduling.webhook.reconcile.result', ['applied', 'skipped']),
} as const;

/** One metric: its instrument, unit, meaning (the instrument's description) and attributes. */
export interface MetricDefinition {
  kind: 'counter' | 'histogram' | 'gauge';
  unit: string;
  description: string;
  attributes: readonly MetricAttribute[];
  /** Who records it. */
  from: readonly ('handler' | 'worker')[];
  /** A histogram's bucket boundaries. */
  buckets?: readonly number[];
}

// The HTTP server duration buckets of the semantic conventions, in seconds.
const ACK_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
const RUN_BUCKETS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
const LAG_BUCKETS_S = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 21600, 86400];
const ATTEMPT_BUCKETS = [1, 2, 3, 4, 5, 6, 8, 10, 15, 20];

const A = METRIC_ATTRIBUTES;
const HANDLER = ['handler'] as const;
const WORKER = ['worker'] as const;

/** Each webhook metric's definition, by its key in {@link WEBHOOK_METRICS}. */
export const METRIC_DEFINITIONS: { readonly [K in WebhookMetricKey]: MetricDefinition } = {
  deliveries: {
    kind: 'counter',
    unit: '{delivery}',
    description: 'Webhook deliveries answered, by what became of each.',
    attributes: [A.outcome, A.eventType, A.status],
    from: HANDLER,
  },
  dedupeHits: {
    kind: 'counter',
    unit: '{delivery}',
    description:
      'Deliveries of an event already processed or queued (done), or still being processed (processing: answered 409).',
    attributes: [A.dedupeResult, A.eventType],
    from: HANDLER,
  },
  ackDuration: {
    kind: 'histogram',
    unit: 's',
    description: 'From the arrival of a delivery to its answer.',
    attributes: [A.outcome, A.eventType, A.status],
    from: HANDLER,
    buckets: ACK_BUCKETS_S,
  },
  jobs: {
    kind: 'counter',
    unit: '{run}',
    description: 'Job runs, by how each ended (failed: retried or dead-lettered).',
    attributes: [A.jobOutcome, A.eventType],
    from: WORKER,
  },
  jobDuration: {
    kind: 'histogram',
    unit: 's',
    description: 'One job run, from its start to its outcome.',
    attributes: [A.jobOutcome, A.eventType],
    from: WORKER,
    buckets: RUN_BUCKETS_S,
  },
  jobAttempts: {
    kind: 'histogram',
    unit: '{attempt}',
    description: 'The attempt each job run was: 1 the first.',
    attributes: [A.jobOutcome],
    from: WORKER,
    buckets: ATTEMPT_BUCKETS,
  },
  jobLag: {
    kind: 'histogram',
    unit: 's',
    description: "From a delivery's arrival to the start of its job's run.",
    attributes: [A.eventType],
    from: WORKER,
    buckets: LAG_BUCKETS_S,
  },
  deadLetters: {
    kind: 'counter',
    unit: '{event}',
    description: 'Events dead-lettered, by why (refused: by the handler, as too old).',
    attributes: [A.deadLetterKind, A.eventType],
    from: ['handler', 'worker'],
  },
  queueDepth: {
    kind: 'gauge',
    unit: '{job}',
    description:
      'Jobs in the webhook queue by state, read from the adapter at each collection (dead_letter: the dead-letter queue).',
    attributes: [A.queueState, A.destination],
    from: WORKER,
  },
  reconcileRuns: {
    kind: 'counter',
    unit: '{run}',
    description: 'Scheduled reconciliation runs, by outcome.',
    attributes: [A.reconcileOutcome],
    from: WORKER,
  },
  reconcileAppointments: {
    kind: 'counter',
    unit: '{appointment}',
    description:
      'Appointments a reconciliation walked: applied (a change the events never brought) or skipped.',
    attributes: [A.reconcileResult],
    from: WORKER,
  },
};
