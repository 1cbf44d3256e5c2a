/**
 * The webhook handler's OpenTelemetry metrics, through the `@opentelemetry/api` module the
 * application passes as `openTelemetry`; nothing is imported. Attributes are bounded: an outcome,
 * an event type and a status, never an id. @module
 */
import { VERSION } from '../version.ts';
import type { WebhookEvent } from './events.ts';

/** An answer as the handler builds it (pipeline/delivery.ts), as far as the metrics read it. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The attributes of a data point: strings and numbers. */
export type WebhookMetricAttributes = Record<string, string | number>;

/** The slice of an OpenTelemetry `Meter` the handler uses. */
export interface WebhookMeter {
  /** A counter (`add`). */
  createCounter(
    name: string,
    options?: { description?: string; unit?: string },
  ): {
    /** Adds `value` to the data point of `attributes`. */
    add(value: number, attributes?: WebhookMetricAttributes): void;
  };
  /** A histogram (`record`). */
  createHistogram(
    name: string,
    options?: {
      description?: string;
      unit?: string;
      advice?: { explicitBucketBoundaries?: number[] };
    },
  ): {
    /** Records `value` in the data point of `attributes`. */
    record(value: number, attributes?: WebhookMetricAttributes): void;
  };
}

/** The slice of `@opentelemetry/api` the webhook handler uses: pass the module itself. */
export interface WebhookOpenTelemetryApi {
  /** The registered MeterProvider's meters (a no-op one when none is). */
  metrics: {
    /** A meter of the instrumentation scope `name`. */
    getMeter(name: string, version?: string): WebhookMeter;
  };
}

/**
 * What became of a delivery: `processed`, `queued` (the broker has it), `accepted` (202, handlers
 * still running), `duplicate`, `refused` (too old, unverified, or not an envelope) or `failed`
 * (5xx or 409: the service retries it).
 */
export type WebhookOutcome =
  | 'processed'
  | 'queued'
  | 'accepted'
  | 'duplicate'
  | 'refused'
  | 'failed';

/** The metric names, under `clinic_scheduling.webhook.*`. */
export const WEBHOOK_METRICS = {
  /** Counter: deliveries answered, by outcome, event type and status. */
  deliveries: 'clinic_scheduling.webhook.deliveries',
  /** Counter: deliveries of an event already done (`done`) or running (`processing`, a 409). */
  dedupeHits: 'clinic_scheduling.webhook.dedupe.hits',
  /** Histogram, seconds: from a delivery's arrival to its answer. */
  ackDuration: 'clinic_scheduling.webhook.ack.duration',
} as const;

// The HTTP server duration buckets of the semantic conventions, in seconds.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

export function outcomeOf(answer: Answer): WebhookOutcome {
  const { status } = answer;
  const said = answer.body.status;
  if (status === 202) return 'accepted';
  if (status >= 200 && status < 300) {
    if (said === 'duplicate' || said === 'refused' || said === 'queued') return said;
    return 'processed';
  }
  return status >= 500 || status === 409 ? 'failed' : 'refused';
}

/** Records one answered delivery. */
export type DeliveryRecorder = (
  answer: Answer,
  event: WebhookEvent | undefined,
  ms: number,
) => void;

export function createRecorder(api: WebhookOpenTelemetryApi): DeliveryRecorder {
  const meter = api.metrics.getMeter('@clinic-scheduling/sdk/webhooks', VERSION);
  const deliveries = meter.createCounter(WEBHOOK_METRICS.deliveries, {
    description: 'Webhook deliveries answered, by outcome and event type.',
    unit: '{delivery}',
  });
  const dedupeHits = meter.createCounter(WEBHOOK_METRICS.dedupeHits, {
    description: 'Deliveries of an event already processed, queued, or being processed.',
    unit: '{delivery}',
  });
  const ackDuration = meter.createHistogram(WEBHOOK_METRICS.ackDuration, {
    description: 'From the arrival of a delivery to its answer.',
    unit: 's',
    advice: { explicitBucketBoundaries: BUCKETS },
  });
  return (answer, event, ms) => {
    const outcome = outcomeOf(answer);
    const attributes: WebhookMetricAttributes = {
      'clinic_scheduling.webhook.outcome': outcome,
      'http.response.status_code': answer.status,
    };
    if (event) attributes['clinic_scheduling.webhook.event_type'] = event.type;
    deliveries.add(1, attributes);
    ackDuration.record(ms / 1000, attributes);
    if (outcome === 'duplicate' || answer.status === 409) {
      dedupeHits.add(1, {
        'clinic_scheduling.webhook.dedupe.result': outcome === 'duplicate' ? 'done' : 'processing',
        ...(event ? { 'clinic_scheduling.webhook.event_type': event.type } : {}),
      });
    }
  };
}
