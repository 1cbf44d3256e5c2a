/**
 * An attempt's end as the call reports it: a timed-out attempt ends when ky gave up on it, not
 * when a fetch that ignores its signal settles later (so `onRetry.delayMs` is the wait ky took);
 * a call aborted before sending records a call, never a request, in the metrics.
 */
import * as otel from '@opentelemetry/api';
import { MeterProvider, MetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { afterAll, afterEach, beforeEach, expect, it, vi } from 'vitest';
import { APIUserAbortError } from '../../src/index.ts';
import { json, makeClient, rejection, roomWire, settle, useFakeClock } from '../client/helpers.ts';

class TestReader extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}
let reader = new TestReader();

beforeEach(() => {
  otel.metrics.disable();
  reader = new TestReader();
  otel.metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => otel.metrics.disable());

async function points(name: string) {
  const { resourceMetrics } = (await reader.collect()) as { resourceMetrics: ResourceMetrics };
  const metric = resourceMetrics.scopeMetrics
    .flatMap((s) => s.metrics)
    .find((m) => m.descriptor.name === name);
  return metric?.dataPoints ?? [];
}

it('a fetch settling after its timeout does not shorten the wait onRetry reports', async () => {
  useFakeClock();
  vi.spyOn(Math, 'random').mockReturnValue(0.4);
  let sent = 0;
  // The first attempt ignores its signal and answers 100 ms after the 1 s timeout.
  const fetch = (async () => {
    sent++;
    if (sent > 1) return json(roomWire());
    return new Promise<Response>((resolve) => setTimeout(() => resolve(json(roomWire())), 1_100));
  }) as typeof globalThis.fetch;
  const delays: number[] = [];
  const clinic = makeClient({
    fetch,
    timeout: 1_000,
    maxRetries: 1,
    hooks: { onRetry: (event) => void delays.push(event.delayMs) },
  });
  const outcome = await settle(clinic.rooms.retrieve(2), { stepMs: 10 });
  expect(outcome.ok).toBe(true);
  expect(sent).toBe(2);
  // ky's backoff for the first retry: 500 ms less the jitter drawn (25 % × 0.4).
  expect(delays).toEqual([450]);
});

it('a call aborted before sending records its call duration and no request', async () => {
  const clinic = makeClient({ fetch: async () => json(roomWire()), openTelemetry: otel });
  const error = await rejection(clinic.rooms.retrieve(2, { signal: AbortSignal.abort() }));
  expect(error).toBeInstanceOf(APIUserAbortError);
  expect(await points('http.client.request.duration')).toEqual([]);
  const calls = await points('clinic_scheduling.client.call.duration');
  expect(calls).toHaveLength(1);
  expect(calls[0]!.attributes).toMatchObject({ 'error.type': 'APIUserAbortError' });
});
