/**
 * The webhook handler's and worker's OpenTelemetry instruments, through the `@opentelemetry/api`
 * module the application passes as `openTelemetry`; nothing is imported. Metric attributes are
 * bounded: an outcome, an event type, a status, a queue's name, never an id. @module
 */
import type { TelemetrySpan, TelemetrySpanContext } from '../core/hooks.ts';
import type { Assert, Equals } from '../internal/type-equality.ts';
import { VERSION } from '../version.ts';
import type { WebhookEvent } from './events.ts';
import {
  type DELIVERY_OUTCOMES,
  METRIC_DEFINITIONS,
  WEBHOOK_METRICS,
  type WebhookMetricKey,
} from './metrics.ts';
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

/** The instrumentation scope of the webhook handler's and worker's spans and metrics. */
export const WEBHOOK_SCOPE = '@clinic-scheduling/sdk/webhooks';

type _outcomes = Assert<Equals<WebhookOutcome, (typeof DELIVERY_OUTCOMES)[number]>>;

/** A meter's webhook instruments, each made as its definition says (metrics.ts). */
export function webhookInstruments(meter: WebhookMeter) {
  const options = (key: WebhookMetricKey) => {
    const { description, unit, buckets } = METRIC_DEFINITIONS[key];
    const advice = buckets && { advice: { explicitBucketBoundaries: [...buckets] } };
    return { description, unit, ...advice };
  };
  return {
    counter: (key: WebhookMetricKey) => meter.createCounter(WEBHOOK_METRICS[key], options(key)),
    histogram: (key: WebhookMetricKey) => meter.createHistogram(WEBHOOK_METRICS[key], options(key)),
    /** Absent when the meter has no asynchronous gauges. */
    gauge: (key: WebhookMetricKey) =>
      meter.createObservableGauge?.(WEBHOOK_METRICS[key], options(key)),
  };
}

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
  const deadLetters = webhookInstruments(api.metrics.getMeter(WEBHOOK_SCOPE, VERSION)).counter(
    'deadLetters',
  );
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
  const instruments = webhookInstruments(api.metrics.getMeter(WEBHOOK_SCOPE, VERSION));
  const deliveries = instruments.counter('deliveries');
  const dedupeHits = instruments.counter('dedupeHits');
  const ackDuration = instruments.histogram('ackDuration');
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
