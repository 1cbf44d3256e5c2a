/**
 * What the OpenTelemetry SDK receives from a call, beyond observe.test.ts: the instruments'
 * units and buckets, durations in seconds matching the hook events', which outcome attributes
 * each span and point carries, `server.port`, the query in `url.full`, `tracestate`, and an
 * API without a propagator, a meter provider or a recording tracer.
 */
import * as otel from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';
import type { Histogram } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import type { ClientOptions, ErrorEvent, ResponseEvent, SuccessEvent } from '../../src/index.ts';
import {
  appointmentWire,
  createBody,
  json,
  makeClient,
  rejection,
  roomWire,
} from '../client/helpers.ts';
import {
  type Answer,
  byKind,
  metric,
  points,
  registerTracer,
  scripted,
  spans,
  useOpenTelemetry,
} from '../helpers/otel.ts';

useOpenTelemetry();

const ROOM_TEMPLATE = '/api/public/v1/rooms/{id}';
const busy = () => json({ detail: 'busy' }, 503, { 'retry-after': '0' });
const lost = () => new TypeError('fetch failed');
const room = () => json(roomWire());

/** A fetch that answers after a few milliseconds, so that every duration is above zero. */
function slow(answers: Answer[], sent: Headers[] = []): typeof fetch {
  const inner = scripted(answers, sent);
  return async (input, init) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return inner(input, init);
  };
}

function client(answers: Answer[], options: ClientOptions = {}, sent: Headers[] = []) {
  return makeClient({ fetch: slow(answers, sent), openTelemetry: otel, maxRetries: 2, ...options });
}

const sum = (point: { value: unknown }) => (point.value as Histogram).sum;

describe('the instruments', () => {
  it('durations in seconds with the conventions’ buckets; counts in their own units', async () => {
    const replay = () => json(appointmentWire(), 201, { 'idempotent-replayed': 'true' });
    await client([busy, replay]).appointments.create(createBody);
    await client([() => json({ ...roomWire(), brand_new: 1 })]).rooms.retrieve(2);
    const requests = await metric('http.client.request.duration');
    expect(requests?.descriptor.unit).toBe('s');
    const advised = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];
    for (const point of requests!.dataPoints) {
      expect((point.value as Histogram).buckets.boundaries).toEqual(advised);
    }
    const calls = await metric('clinic_scheduling.client.call.duration');
    expect(calls?.descriptor.unit).toBe('s');
    for (const point of calls!.dataPoints) {
      expect((point.value as Histogram).buckets.boundaries).toEqual([...advised, 30, 60, 120]);
    }
    expect((await metric('clinic_scheduling.client.retries'))?.descriptor.unit).toBe('{retry}');
    expect((await metric('clinic_scheduling.client.replays'))?.descriptor.unit).toBe('{call}');
    expect((await metric('clinic_scheduling.client.response_drift'))?.descriptor.unit).toBe(
      '{report}',
    );
  });

  it('a create answered as new is not counted as a replay', async () => {
    await client([() => json(appointmentWire(), 201)]).appointments.create(createBody);
    expect(await points('clinic_scheduling.client.replays')).toEqual([]);
  });
});

describe('durations and outcomes', () => {
  it('each request and the call record what onResponse and onSuccess report, in seconds', async () => {
    const responses: ResponseEvent[] = [];
    const successes: SuccessEvent[] = [];
    await client([busy, room], {
      hooks: { onResponse: (e) => responses.push(e), onSuccess: (e) => successes.push(e) },
    }).rooms.retrieve(2);
    const requests = await points('http.client.request.duration');
    expect(requests).toHaveLength(2);
    for (const event of responses) {
      expect(event.durationMs).toBeGreaterThan(0);
      expect(event.durationMs).toBeLessThanOrEqual(successes[0]!.durationMs);
      const point = requests.find(
        (p) => p.attributes['http.response.status_code'] === event.status,
      );
      expect(sum(point!)).toBeCloseTo(event.durationMs / 1000, 9);
    }
    const [call] = await points('clinic_scheduling.client.call.duration');
    expect(successes[0]!.durationMs).toBeGreaterThan(0);
    expect(sum(call!)).toBeCloseTo(successes[0]!.durationMs / 1000, 9);
  });

  it('an attempt that got no answer, then retried: its span and point carry error.type alone', async () => {
    const retried: string[] = [];
    await client([lost, room], {
      hooks: { onRetry: (e) => retried.push(e.errorType) },
    }).rooms.retrieve(2);
    const [first, second] = byKind(otel.SpanKind.CLIENT);
    expect(byKind(otel.SpanKind.CLIENT)).toHaveLength(2);
    expect(first!.attributes['error.type']).toBe(retried[0]);
    expect(first!.attributes).not.toHaveProperty('http.response.status_code');
    expect(first!.status.code).toBe(otel.SpanStatusCode.ERROR);
    expect(second!.attributes['http.response.status_code']).toBe(200);
    expect(second!.attributes).not.toHaveProperty('error.type');
    expect(second!.status.code).toBe(otel.SpanStatusCode.UNSET);
    const requests = await points('http.client.request.duration');
    const failed = requests.find((p) => p.attributes['error.type'] !== undefined);
    expect(failed?.attributes['error.type']).toBe(retried[0]);
    expect(failed?.attributes).not.toHaveProperty('http.response.status_code');
    const answered = requests.find((p) => p.attributes['http.response.status_code'] === 200);
    expect(answered?.attributes).not.toHaveProperty('error.type');
    const [call] = await points('clinic_scheduling.client.call.duration');
    expect(call?.attributes).not.toHaveProperty('error.type');
    // The unanswered attempt's duration: its own time, within the call's.
    expect(sum(failed!)).toBeGreaterThan(0);
    expect(sum(failed!)).toBeLessThanOrEqual(sum(call!) ?? 0);
  });

  it('a last attempt that got no answer records its own duration, within the call’s', async () => {
    await rejection(client([lost], { maxRetries: 0 }).rooms.retrieve(2));
    const [request] = await points('http.client.request.duration');
    const [call] = await points('clinic_scheduling.client.call.duration');
    expect(request?.attributes['error.type']).toBe('APIConnectionError');
    expect(sum(request!)).toBeGreaterThan(0);
    expect(sum(request!)).toBeLessThanOrEqual(sum(call!) ?? 0);
  });

  it('a 400 fails its attempt and the call; the call point keeps the status and the class', async () => {
    const failures: ErrorEvent[] = [];
    await rejection(
      client([() => json({ detail: 'no' }, 400)], {
        hooks: { onError: (e) => failures.push(e) },
      }).rooms.retrieve(2),
    );
    const [attempt] = byKind(otel.SpanKind.CLIENT);
    expect(attempt!.attributes['error.type']).toBe('400');
    expect(attempt!.status.code).toBe(otel.SpanStatusCode.ERROR);
    const [call] = await points('clinic_scheduling.client.call.duration');
    expect(call!.attributes).toMatchObject({
      'http.response.status_code': 400,
      'error.type': failures[0]!.errorType,
    });
    expect(failures[0]!.durationMs).toBeGreaterThan(0);
    expect(sum(call!)).toBeCloseTo(failures[0]!.durationMs / 1000, 9);
  });

  it('a call that got no answer at all: its point has error.type and no status', async () => {
    await rejection(client([lost], { maxRetries: 0 }).rooms.retrieve(2));
    const [call] = await points('clinic_scheduling.client.call.duration');
    expect(call!.attributes['error.type']).toBe('APIConnectionError');
    expect(call!.attributes).not.toHaveProperty('http.response.status_code');
  });
});

describe('the attempt span’s address', () => {
  it('server.port is the scheme’s default unless the base URL names one', async () => {
    await client([room], { baseUrl: 'http://localhost' }).rooms.retrieve(2);
    await client([room], { baseUrl: 'https://clinic.test:8443' }).rooms.retrieve(2);
    expect(byKind(otel.SpanKind.CLIENT).map((s) => s.attributes['server.port'])).toEqual([
      80, 8443,
    ]);
  });

  it('url.full keeps each query name, every value REDACTED', async () => {
    const page = () => json({ results: [], next: null, previous: null });
    await client([page])
      .patients.list({ name: 'Maria Silva', cpf: '52998224725' })
      .toArray({ limit: 5 });
    const [attempt] = byKind(otel.SpanKind.CLIENT);
    const full = new URL(String(attempt!.attributes['url.full']));
    expect(full.pathname).toBe('/api/public/v1/patients');
    expect([...full.searchParams.keys()].sort()).toEqual(['cpf', 'name']);
    expect([...full.searchParams.values()]).toEqual(['REDACTED', 'REDACTED']);
  });
});

describe('trace context', () => {
  it('the active context’s tracestate is sent on; none is sent when it has none', async () => {
    const sent: Headers[] = [];
    const parent = otel.trace.setSpanContext(otel.ROOT_CONTEXT, {
      traceId: '4bf92f3577b34da6a3ce929d0e0e4736',
      spanId: '00f067aa0ba902b7',
      traceFlags: otel.TraceFlags.SAMPLED,
      isRemote: true,
      traceState: otel.createTraceState('vendor=abc'),
    });
    await otel.context.with(parent, () => client([room], {}, sent).rooms.retrieve(2));
    await client([room], {}, sent).rooms.retrieve(2);
    expect(sent[0]!.get('traceparent')).toMatch(/^00-4bf92f3577b34da6a3ce929d0e0e4736-/);
    expect(sent[0]!.get('tracestate')).toBe('vendor=abc');
    expect(sent[1]!.has('traceparent')).toBe(true);
    expect(sent[1]!.has('tracestate')).toBe(false);
  });

  it('no traceparent when no tracer provider records (its spans are invalid)', async () => {
    otel.trace.disable();
    try {
      const sent: Headers[] = [];
      await client([room], {}, sent).rooms.retrieve(2);
      expect(sent[0]!.has('traceparent')).toBe(false);
    } finally {
      registerTracer();
    }
  });

  it('propagateBaggage with an API that has no propagator: nothing injected, the call goes on', async () => {
    const sent: Headers[] = [];
    const api = { trace: otel.trace, context: otel.context, metrics: otel.metrics };
    const clinic = client([room], { openTelemetry: api, propagateBaggage: true }, sent);
    await expect(clinic.rooms.retrieve(2)).resolves.toMatchObject({ id: roomWire().id });
    expect(sent[0]!.has('traceparent')).toBe(false);
    expect(byKind(otel.SpanKind.CLIENT)).toHaveLength(1);
  });
});

describe('the fetch runs with tracing suppressed below the SDK (issue 37, item 1)', () => {
  it('in its attempt span’s context, under the key @opentelemetry/core’s suppressTracing sets', async () => {
    const seen: { suppressed: boolean; spanId: string | undefined }[] = [];
    const fetch: typeof globalThis.fetch = async () => {
      const active = otel.context.active();
      seen.push({
        suppressed: isTracingSuppressed(active),
        spanId: otel.trace.getSpan(active)?.spanContext().spanId,
      });
      return room();
    };
    await makeClient({ fetch, openTelemetry: otel }).rooms.retrieve(2);
    const [attempt] = byKind(otel.SpanKind.CLIENT);
    expect(seen).toEqual([{ suppressed: true, spanId: attempt!.spanContext().spanId }]);
  });

  it('without openTelemetry, the caller’s context as it was: nothing suppressed', async () => {
    let suppressed: boolean | undefined;
    const fetch: typeof globalThis.fetch = async () => {
      suppressed = isTracingSuppressed(otel.context.active());
      return room();
    };
    await makeClient({ fetch }).rooms.retrieve(2);
    expect(suppressed).toBe(false);
  });
});

describe('an API without metrics', () => {
  it('spans still; retries, replays, failures and drift reports go through', async () => {
    const api = { trace: otel.trace, context: otel.context, propagation: otel.propagation };
    const replay = () => json(appointmentWire(), 201, { 'idempotent-replayed': 'true' });
    await client([busy, replay], { openTelemetry: api }).appointments.create(createBody);
    await client([() => json({ ...roomWire(), brand_new: 1 })], {
      openTelemetry: api,
    }).rooms.retrieve(2);
    await rejection(client([lost], { openTelemetry: api, maxRetries: 0 }).rooms.retrieve(2));
    expect(byKind(otel.SpanKind.INTERNAL).map((s) => s.name)).toEqual([
      'createAppointment',
      'retrieveRoom',
      'retrieveRoom',
    ]);
    expect(byKind(otel.SpanKind.CLIENT).map((s) => s.name)).toEqual([
      'POST /api/public/v1/appointments',
      'POST /api/public/v1/appointments',
      `GET ${ROOM_TEMPLATE}`,
      `GET ${ROOM_TEMPLATE}`,
    ]);
    expect(spans.getFinishedSpans()).toHaveLength(7);
  });
});
