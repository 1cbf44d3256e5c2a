/**
 * The webhook handler's and worker's OpenTelemetry instruments, through the `@opentelemetry/api`
 * module the application passes as `openTelemetry`; nothing is imported. Metric attributes are
 * bounded: an outcome, an event type, a status, a queue's name, never an id. @module
 */
import type { TelemetrySpan, TelemetrySpanContext } from '../core/hooks.ts';
import { VERSION } from '../version.ts';
import type { WebhookEvent } from './events.ts';
import type { WebhookTraceContext } from './queue/contract.ts';

/** An answer as the handler builds it (pipeline/delivery.ts), as far as the metrics read it. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** The attributes of a data point or a span: strings and numbers. */
export type WebhookMetricAttributes = Record<string, string | number>;

/** The slice of an OpenTelemetry `Meter` the handler and the worker use. */
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
  /** An asynchronous gauge, read at each collection (the queue's depth). */
  createObservableGauge?(
    name: string,
    options?: { description?: string; unit?: string },
  ): {
    /** Registers the callback a collection calls. */
    addCallback(
      callback: (result: {
        /** Reports one value with its attributes. */
        observe(value: number, attributes?: WebhookMetricAttributes): void;
      }) => void | Promise<void>,
    ): void;
  };
}

/** The slice of `@opentelemetry/api` the webhook handler and worker use: pass the module itself. */
export interface WebhookOpenTelemetryApi {
  /** The registered MeterProvider's meters (a no-op one when none is). */
  metrics: {
    /** A meter of the instrumentation scope `name`. */
    getMeter(name: string, version?: string): WebhookMeter;
  };
  /** Tracers (a span per job, and per enqueue); without it, no span. */
  trace?:
    | {
        /** The registered provider's tracer (a no-op one when none is). */
        getTracer(
          name: string,
          version?: string,
        ): {
          /** Starts a span, a child of `context`'s span when given. */
          startSpan(
            name: string,
            options?: {
              kind?: number;
              attributes?: WebhookMetricAttributes;
              /** Links to other spans: `{ context: SpanContext }`, as the API states them. */
              links?: never;
            },
            context?: never,
          ): TelemetrySpan;
        };
        /** A context holding `span`. */
        setSpan(context: never, span: never): unknown;
        /** The span of a context, if any. */
        getSpan(context: never): TelemetrySpan | undefined;
        /** Whether a span context is a real one (a no-op tracer's is not). */
        isSpanContextValid(spanContext: never): boolean;
      }
    | undefined;
  /** The active context; a job's handlers run in its span's. */
  context?:
    | {
        /** The active context. */
        active(): unknown;
        /**
         * Runs `fn` with `context` active.
         * @typeParam A - `fn`'s arguments.
         * @typeParam F - `fn`.
         */
        with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
          context: never,
          fn: F,
          thisArg?: ThisParameterType<F>,
          ...args: A
        ): ReturnType<F>;
      }
    | undefined;
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

/** The metric names, under `clinic_scheduling.webhook.*` (docs/webhooks-operations.md). */
export const WEBHOOK_METRICS = {
  /** Counter: deliveries answered, by outcome, event type and status. */
  deliveries: 'clinic_scheduling.webhook.deliveries',
  /** Counter: deliveries of an event already done (`done`) or running (`processing`, a 409). */
  dedupeHits: 'clinic_scheduling.webhook.dedupe.hits',
  /** Histogram, seconds: from a delivery's arrival to its answer. */
  ackDuration: 'clinic_scheduling.webhook.ack.duration',
  /** Counter: job runs by outcome (`processed`, `stale`, `failed`, `invalid`) and event type. */
  jobs: 'clinic_scheduling.webhook.jobs',
  /** Histogram, seconds: one job run, from its start to its outcome. */
  jobDuration: 'clinic_scheduling.webhook.job.duration',
  /** Histogram: the attempt each run was (1 the first), by outcome. */
  jobAttempts: 'clinic_scheduling.webhook.job.attempts',
  /** Histogram, seconds: from a delivery's arrival to the start of its job's run. */
  jobLag: 'clinic_scheduling.webhook.job.lag',
  /** Counter: events dead-lettered, by kind (`failed`, `invalid`, `refused`) and event type. */
  deadLetters: 'clinic_scheduling.webhook.dead_letters',
  /** Gauge: jobs in the queue by state (`waiting`, `delayed`, `active`, `dead_letter`). */
  queueDepth: 'clinic_scheduling.webhook.queue.depth',
  /** Counter: reconciliation runs by outcome (`success`, `failure`). */
  reconcileRuns: 'clinic_scheduling.webhook.reconcile.runs',
  /** Counter: appointments a reconciliation walked, by result (`applied`, `skipped`). */
  reconcileAppointments: 'clinic_scheduling.webhook.reconcile.appointments',
} as const;

/** The instrumentation scope of the webhook handler's and worker's spans and metrics. */
export const WEBHOOK_SCOPE = '@clinic-scheduling/sdk/webhooks';

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

/** `SpanKind.PRODUCER`, `SpanKind.CONSUMER` and `SpanStatusCode.ERROR`, stable in the API's 1.x. */
export const SPAN_KIND = { producer: 3, consumer: 4 } as const;
export const SPAN_ERROR = 2;

/** W3C Trace Context: version 00, ids not all zeros. */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
/** At most 512 characters (the W3C limit), printable ASCII. */
const TRACESTATE = /^[\x20-\x7e]{0,512}$/;

/** A trace context as a job may carry it, or `undefined` when it is not one. */
export function traceContextOf(value: unknown): WebhookTraceContext | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { traceparent, tracestate } = value as Record<string, unknown>;
  if (typeof traceparent !== 'string' || !TRACEPARENT.test(traceparent)) return undefined;
  if (tracestate === undefined) return { traceparent };
  if (typeof tracestate !== 'string' || !TRACESTATE.test(tracestate)) return undefined;
  return { traceparent, tracestate };
}

/** A span context as the `traceparent` header writes it; a `tracestate` past 512 left out. */
export function traceContextFrom(context: TelemetrySpanContext): WebhookTraceContext | undefined {
  const traceparent = `00-${context.traceId}-${context.spanId}-0${context.traceFlags & 1}`;
  const tracestate = context.traceState?.serialize() || undefined;
  return traceContextOf({ traceparent, tracestate }) ?? traceContextOf({ traceparent });
}

/** The span attributes of a job or an enqueue: messaging conventions and the event's type. */
export function messagingAttributes(
  operation: 'send' | 'process',
  queue: string,
  event: WebhookEvent,
): WebhookMetricAttributes {
  return {
    'messaging.operation.type': operation,
    'messaging.operation.name': operation,
    'messaging.destination.name': queue,
    'messaging.message.id': event.id,
    'clinic_scheduling.webhook.event_type': event.type,
  };
}

/** The error's class, as `error.type` names it: never its message (a handler's may hold data). */
export function errorType(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}

/** The span of one enqueue: its context goes into the job, for the worker's link. */
export interface SendSpan {
  trace: WebhookTraceContext | undefined;
  end(outcome: string, error?: unknown): void;
}

/** Records one answered delivery. */
export type DeliveryRecorder = (
  answer: Answer,
  event: WebhookEvent | undefined,
  ms: number,
) => void;

/** What the handler tells OpenTelemetry. */
export interface HandlerTelemetry {
  record: DeliveryRecorder;
  /** The handler dead-lettered a refused event. */
  deadLettered(event: WebhookEvent): void;
  /** Starts the `PRODUCER` span of an enqueue (with `trace` in the API given). */
  send(event: WebhookEvent, queue: string): SendSpan;
}

export function createHandlerTelemetry(api: WebhookOpenTelemetryApi): HandlerTelemetry {
  const meter = api.metrics.getMeter(WEBHOOK_SCOPE, VERSION);
  const deadLetters = meter.createCounter(WEBHOOK_METRICS.deadLetters, {
    description: 'Events dead-lettered, by kind: failed, invalid, refused.',
    unit: '{event}',
  });
  const tracer = api.trace?.getTracer(WEBHOOK_SCOPE, VERSION);
  return {
    record: createRecorder(api),
    deadLettered: (event) =>
      deadLetters.add(1, {
        'clinic_scheduling.webhook.dead_letter.kind': 'refused',
        'clinic_scheduling.webhook.event_type': event.type,
      }),
    send(event, queue) {
      if (!tracer || !api.trace || !api.context) return { trace: undefined, end: () => {} };
      const span = tracer.startSpan(
        `send ${queue}`,
        { kind: SPAN_KIND.producer, attributes: messagingAttributes('send', queue, event) },
        api.context.active() as never,
      );
      const context = span.spanContext();
      const valid = api.trace.isSpanContextValid(context as never);
      return {
        trace: valid ? traceContextFrom(context) : undefined,
        end(outcome, error) {
          span.setAttribute('clinic_scheduling.webhook.outcome', outcome);
          if (error !== undefined) {
            span.setAttribute('error.type', errorType(error));
            span.setStatus({ code: SPAN_ERROR });
          }
          span.end();
        },
      };
    },
  };
}

function createRecorder(api: WebhookOpenTelemetryApi): DeliveryRecorder {
  const meter = api.metrics.getMeter(WEBHOOK_SCOPE, VERSION);
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
