/**
 * The real OpenTelemetry SDK for a test file: an in-memory span exporter, a metric reader
 * collected on demand, sdk-trace's synchronous context manager and the W3C propagators, registered
 * globally by {@link useOpenTelemetry} (fresh spans and metrics before each test).
 */
import * as otel from '@opentelemetry/api';
import {
  CompositePropagator,
  W3CBaggagePropagator,
  W3CTraceContextPropagator,
} from '@opentelemetry/core';
import { MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  StackContextManager,
  TracerProvider,
} from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/** The spans ended since the test began. */
export const spans = new InMemorySpanExporter();

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}
let reader = new TestReader();

/** Registers the tracer provider (on {@link spans}); call once at a file's top level. */
export function registerTracer(): void {
  otel.trace.setGlobalTracerProvider(
    new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] }),
  );
}

/** Registers the SDK before the file's tests, fresh spans and metrics before each, none after. */
export function useOpenTelemetry(): void {
  beforeAll(() => {
    registerTracer();
    otel.context.setGlobalContextManager(new StackContextManager().enable());
    otel.propagation.setGlobalPropagator(
      new CompositePropagator({
        propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()],
      }),
    );
  });
  beforeEach(() => {
    spans.reset();
    otel.metrics.disable();
    reader = new TestReader();
    otel.metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  });
  afterAll(() => {
    otel.trace.disable();
    otel.context.disable();
    otel.propagation.disable();
    otel.metrics.disable();
  });
}

/** The ended spans of one kind, in the order they ended. */
export function byKind(kind: otel.SpanKind): ReadableSpan[] {
  return spans.getFinishedSpans().filter((s) => s.kind === kind);
}

/** Everything the meter provider holds now. */
export async function collect(): Promise<ResourceMetrics> {
  return ((await reader.collect()) as { resourceMetrics: ResourceMetrics }).resourceMetrics;
}

/** One metric as collected now (its descriptor and points), `undefined` when never recorded. */
export async function metric(name: string) {
  return (await collect()).scopeMetrics
    .flatMap((s) => s.metrics)
    .find((m) => m.descriptor.name === name);
}

/** One metric's data points now (none when it was never recorded). */
export async function points(name: string) {
  return (await metric(name))?.dataPoints ?? [];
}

/** One scripted answer: a Response, or an Error the fetch throws. */
export type Answer = () => Response | Error;

/** A `fetch` answering each attempt with the next answer, recording what was sent. */
export function scripted(answers: Answer[], sent: Headers[] = []): typeof fetch {
  let i = 0;
  return async (_url, init) => {
    sent.push(new Headers(init?.headers));
    const answer = answers[Math.min(i++, answers.length - 1)]!();
    if (answer instanceof Error) throw answer;
    return answer;
  };
}
