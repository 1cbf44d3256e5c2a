/**
 * An attempt's end as the call reports it: a timed-out attempt ends when ky gave up on it, not
 * when a fetch that ignores its signal settles later (so `onRetry.delayMs` is the wait ky took);
 * a call aborted before sending records a call, never a request, in the metrics.
 */
import * as otel from '@opentelemetry/api';
import { afterEach, expect, it, vi } from 'vitest';
import { APIUserAbortError, type OpenTelemetryApi } from '../../src/index.ts';
import { json, makeClient, rejection, roomWire, settle, useFakeClock } from '../client/helpers.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

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
  // The API's tracing (no-op) with a meter that records each instrument's name and attributes.
  const recorded: Array<[string, Record<string, unknown> | undefined]> = [];
  const instrument = (name: string) => {
    const note = (_value: number, attributes?: Record<string, unknown>) =>
      void recorded.push([name, attributes]);
    return { record: note, add: note };
  };
  const meter = { createHistogram: instrument, createCounter: instrument };
  const openTelemetry = { ...otel, metrics: { getMeter: () => meter } } as OpenTelemetryApi;
  const clinic = makeClient({ fetch: async () => json(roomWire()), openTelemetry });
  const error = await rejection(clinic.rooms.retrieve(2, { signal: AbortSignal.abort() }));
  expect(error).toBeInstanceOf(APIUserAbortError);
  expect(recorded).toEqual([
    [
      'clinic_scheduling.client.call.duration',
      expect.objectContaining({ 'error.type': 'APIUserAbortError' }),
    ],
  ]);
});
