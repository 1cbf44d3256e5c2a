/**
 * The observer with the real OpenTelemetry SDK (issue 28): one CLIENT span per HTTP request
 * under one INTERNAL call span, W3C trace context naming the attempt's span, baggage only on
 * opt-in, metrics per request and per call, `onSuccess` and `callId`, and no key, CPF, name,
 * phone or e-mail in any span, metric attribute, hook event or log line.
 */
import { inspect } from 'node:util';
import * as otel from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { describe, expect, it } from 'vitest';
import { type ClientOptions, ConflictError, type Hooks } from '../../src/index.ts';
import {
  API_KEY,
  APPOINTMENT_ID,
  appointmentWire,
  captureLogger,
  createBody,
  json,
  makeClient,
  patientWire,
  rejection,
  roomWire,
  SECRET,
} from '../client/helpers.ts';
import {
  type Answer,
  byKind,
  collect,
  points,
  scripted,
  spans,
  useOpenTelemetry,
} from '../helpers/otel.ts';

useOpenTelemetry();

function client(answers: Answer[], options: ClientOptions = {}, sent: Headers[] = []) {
  return makeClient({
    fetch: scripted(answers, sent),
    openTelemetry: otel,
    maxRetries: 2,
    ...options,
  });
}

const busy = () => json({ detail: 'busy' }, 503, { 'retry-after': '0' });
const ROOM = 'GET /api/public/v1/rooms/{id}';

describe('spans by the HTTP client conventions (issue 28, item 1)', () => {
  it('retried twice: one INTERNAL call span, one CLIENT span per request, its children', async () => {
    await client([busy, busy, () => json(roomWire(), 200)]).rooms.retrieve(2);
    const [call, ...rest] = byKind(otel.SpanKind.INTERNAL);
    expect(rest).toHaveLength(0);
    expect(call!.name).toBe('retrieveRoom');
    expect(call!.attributes['http.response.status_code']).toBe(200);
    expect(call!.attributes['error.type']).toBeUndefined();
    const attempts = byKind(otel.SpanKind.CLIENT);
    expect(attempts).toHaveLength(3);
    for (const [i, span] of attempts.entries()) {
      expect(span.name).toBe(ROOM);
      expect(span.parentSpanContext?.spanId).toBe(call!.spanContext().spanId);
      expect(span.spanContext().traceId).toBe(call!.spanContext().traceId);
      expect(span.attributes).toMatchObject({
        'http.request.method': 'GET',
        'url.template': '/api/public/v1/rooms/{id}',
        'url.full': 'https://clinic.test/api/public/v1/rooms/2',
        'server.address': 'clinic.test',
        'server.port': 443,
        'http.response.status_code': i < 2 ? 503 : 200,
      });
      expect(span.attributes['http.request.resend_count']).toBe(i === 0 ? undefined : i);
      expect(span.attributes['error.type']).toBe(i < 2 ? '503' : undefined);
    }
  });

  it('a failed call: the call span carries the final outcome only', async () => {
    const lost = () => new TypeError('fetch failed');
    const error = await rejection(client([busy, lost], { maxRetries: 1 }).rooms.retrieve(2));
    const [call] = byKind(otel.SpanKind.INTERNAL);
    expect(call!.attributes['error.type']).toBe((error as Error).name);
    // The earlier 503 is not the call's status: the last attempt got no answer.
    expect(call!.attributes['http.response.status_code']).toBeUndefined();
    expect(call!.status.code).toBe(otel.SpanStatusCode.ERROR);
    const attempts = byKind(otel.SpanKind.CLIENT);
    expect(attempts.map((s) => s.attributes['error.type'])).toEqual(['503', 'APIConnectionError']);
  });

  it('a read-back is part of its call: the GET is one more CLIENT span under the same call span', async () => {
    const sent: Headers[] = [];
    const seen: string[] = [];
    await client(
      [() => json({ ok: true }), () => json(appointmentWire())],
      { hooks: { onSuccess: (e) => seen.push(`${e.operation} ${e.attempts}`) } },
      sent,
    ).appointments.update(APPOINTMENT_ID, { note: 'x' });
    const [call] = byKind(otel.SpanKind.INTERNAL);
    expect(call!.name).toBe('updateAppointment');
    expect(byKind(otel.SpanKind.CLIENT).map((s) => s.name)).toEqual([
      'PATCH /api/public/v1/appointments/{id}',
      'GET /api/public/v1/appointments/{id}',
    ]);
    expect(seen).toEqual(['updateAppointment 2']);
  });
});

describe('W3C trace context per attempt (issue 28, item 2)', () => {
  it('each attempt sends a traceparent naming its own span; no baggage without the opt-in', async () => {
    const sent: Headers[] = [];
    const bag = otel.propagation.setBaggage(
      otel.context.active(),
      otel.propagation.createBaggage({ tenant: { value: 'clinic-7' } }),
    );
    await otel.context.with(bag, () =>
      client([busy, () => json(roomWire())], {}, sent).rooms.retrieve(2),
    );
    const attempts = byKind(otel.SpanKind.CLIENT);
    expect(sent).toHaveLength(2);
    const w3c = new W3CTraceContextPropagator();
    for (const [i, headers] of sent.entries()) {
      const carrier = Object.fromEntries(headers);
      const context = w3c.extract(otel.ROOT_CONTEXT, carrier, otel.defaultTextMapGetter);
      const remote = otel.trace.getSpanContext(context);
      expect(remote?.spanId).toBe(attempts[i]!.spanContext().spanId);
      expect(remote?.traceId).toBe(attempts[i]!.spanContext().traceId);
      expect(headers.has('baggage')).toBe(false);
    }
  });

  it('propagateBaggage: true lets the registered propagator write baggage too', async () => {
    const sent: Headers[] = [];
    const bag = otel.propagation.setBaggage(
      otel.context.active(),
      otel.propagation.createBaggage({ tenant: { value: 'clinic-7' } }),
    );
    await otel.context.with(bag, () =>
      client([() => json(roomWire())], { propagateBaggage: true }, sent).rooms.retrieve(2),
    );
    expect(sent[0]!.get('baggage')).toBe('tenant=clinic-7');
    expect(sent[0]!.get('traceparent')).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
  });

  it('without openTelemetry nothing is injected', async () => {
    const sent: Headers[] = [];
    await makeClient({ fetch: scripted([() => json(roomWire())], sent) }).rooms.retrieve(2);
    expect(sent[0]!.has('traceparent')).toBe(false);
    expect(spans.getFinishedSpans()).toHaveLength(0);
  });
});

describe('metrics through the same option (issue 28, item 3)', () => {
  it('http.client.request.duration per request, the call duration, retries by error.type', async () => {
    await client([busy, busy, () => json(roomWire())]).rooms.retrieve(2);
    const requests = await points('http.client.request.duration');
    const count = (p: { value: unknown }) => (p.value as { count: number }).count;
    expect(requests.reduce((n, p) => n + count(p), 0)).toBe(3);
    expect(requests.map((p) => p.attributes)).toEqual(
      expect.arrayContaining([
        {
          'http.request.method': 'GET',
          'url.template': '/api/public/v1/rooms/{id}',
          'server.address': 'clinic.test',
          'server.port': 443,
          'http.response.status_code': 503,
          'error.type': '503',
        },
        {
          'http.request.method': 'GET',
          'url.template': '/api/public/v1/rooms/{id}',
          'server.address': 'clinic.test',
          'server.port': 443,
          'http.response.status_code': 200,
        },
      ]),
    );
    const calls = await points('clinic_scheduling.client.call.duration');
    expect(calls.map(count)).toEqual([1]);
    expect(calls[0]!.attributes).toEqual({
      'clinic_scheduling.operation': 'retrieveRoom',
      'http.request.method': 'GET',
      'url.template': '/api/public/v1/rooms/{id}',
      'http.response.status_code': 200,
      'clinic_scheduling.outcome': 'success',
    });
    const retries = await points('clinic_scheduling.client.retries');
    expect(retries.map((p) => [p.attributes['error.type'], p.value])).toEqual([['503', 2]]);
  });

  it('an idempotent replay is counted; a failed call records its error.type', async () => {
    const replay = () => json(appointmentWire(), 201, { 'idempotent-replayed': 'true' });
    await client([replay]).appointments.create(createBody);
    const replays = await points('clinic_scheduling.client.replays');
    expect(replays.map((p) => [p.value, p.attributes])).toEqual([
      [
        1,
        {
          'clinic_scheduling.operation': 'createAppointment',
          'http.request.method': 'POST',
          'url.template': '/api/public/v1/appointments',
        },
      ],
    ]);
    await rejection(
      client([() => json({ code: 'slot_blocked' }, 409)]).appointments.create(createBody),
    );
    const failed = (await points('clinic_scheduling.client.call.duration')).find(
      (p) => p.attributes['error.type'] !== undefined,
    );
    expect(failed?.attributes['error.type']).toBe('SlotBlockedError');
  });

  it('a response drift report is counted by kind and template', async () => {
    await client([() => json({ ...roomWire(), brand_new: 1 })]).rooms.retrieve(2);
    const drift = await points('clinic_scheduling.client.response_drift');
    expect(drift.map((p) => [p.attributes, p.value])).toEqual([
      [
        {
          'clinic_scheduling.drift.kind': 'member',
          'http.request.method': 'GET',
          'url.template': '/api/public/v1/rooms/{id}',
        },
        1,
      ],
    ]);
  });
});

describe('hooks that add up (issue 28, item 4)', () => {
  function recording(seen: Array<[string, Record<string, unknown>]>): Hooks {
    const at = (name: string) => (e: object) => seen.push([name, e as Record<string, unknown>]);
    return {
      onRequest: at('onRequest'),
      onResponse: at('onResponse'),
      onRetry: at('onRetry'),
      onError: at('onError'),
      onSuccess: at('onSuccess'),
    };
  }

  it('onSuccess once per call, whole duration, attempts, replayed and the key; one callId per call', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const replay = () =>
      json(appointmentWire(), 201, { 'idempotent-replayed': 'true', 'x-request-id': 'r-9' });
    const clinic = client([busy, replay], { hooks: recording(seen) });
    const { idempotencyKey } = await clinic.appointments.create(createBody).withResponse();
    const success = seen.filter(([name]) => name === 'onSuccess');
    expect(success).toEqual([
      [
        'onSuccess',
        {
          callId: seen[0]![1].callId,
          operation: 'createAppointment',
          method: 'POST',
          path: '/api/public/v1/appointments',
          attempts: 2,
          durationMs: expect.any(Number),
          status: 201,
          requestId: 'r-9',
          replayed: true,
          idempotencyKey,
          outcome: 'success',
        },
      ],
    ]);
    expect(new Set(seen.map(([, e]) => e.callId)).size).toBe(1);
  });

  it('onError and onSuccess together see every call once: a list walk is one call per page', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const page = (next: string | null) => () =>
      json({ results: [patientWire()], next, previous: null });
    const clinic = client([page('https://clinic.test/api/public/v1/patients?page=2'), page(null)], {
      hooks: recording(seen),
    });
    await clinic.patients.list().toArray({ limit: 10 });
    const ends = seen.filter(([name]) => name === 'onSuccess' || name === 'onError');
    expect(ends.map(([name]) => name)).toEqual(['onSuccess', 'onSuccess']);
    expect(ends[0]![1].callId).not.toBe(ends[1]![1].callId);
  });

  it('a response that fails its check fires onError (the call failed), not onSuccess', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    await rejection(
      client([() => json({ id: 'x' })], { hooks: recording(seen) }).rooms.retrieve(2),
    );
    expect(seen.map(([name]) => name)).toEqual(['onRequest', 'onResponse', 'onError']);
    expect(seen[2]![1].errorType).toBe('ResponseValidationError');
  });

  it('an input refused before anything is sent fires no hook', async () => {
    const seen: Array<[string, Record<string, unknown>]> = [];
    const clinic = client([() => json(roomWire())], { hooks: recording(seen) });
    await rejection(clinic.rooms.retrieve(-1 as never));
    await rejection(clinic.rooms.retrieve(2, { headers: { 'Idempotency-Key': 'k' } }));
    expect(seen).toEqual([]);
  });
});

describe('nothing sensitive anywhere (issue 28, item 6; issue 26, items 5 and 6)', () => {
  it('no key, CPF, name, phone or e-mail in spans, metric attributes, hook events or log lines', async () => {
    const cpf = '529.982.247-25';
    const person = { name: 'Maria Silva', phone: '+5511987654321', email: 'maria@example.com' };
    const echo = () =>
      json(
        { cpf: [`${cpf} exists`], name: [person.name], detail: `${person.email} ${person.phone}` },
        400,
        {
          'x-request-id': `Bearer ${API_KEY}`,
        },
      );
    const events: unknown[] = [];
    const { logger, lines } = captureLogger();
    const all = (e: unknown) => events.push(e);
    const hooks = { onRequest: all, onResponse: all, onRetry: all, onSuccess: all };
    const clinic = client([echo, () => json({ results: [], next: null, previous: null })], {
      hooks: {
        ...hooks,
        onError: ({ error: _, ...facts }) => events.push(facts),
      },
      logger,
      logLevel: 'debug',
      headers: { 'x-forwarded-authorization': `Bearer ${API_KEY}` },
    });
    const error = await rejection(
      clinic.patients.create({ name: person.name, cpf, phone: person.phone, email: person.email }),
    );
    expect((error as Error).message).not.toMatch(/Maria|529|98765|example/);
    await clinic.patients.list({ cpf, name: person.name }).toArray({ limit: 1 });
    const attributes = (await collect()).scopeMetrics
      .flatMap((s) => s.metrics)
      .flatMap((m) => m.dataPoints.map((p) => p.attributes));
    const reported = inspect(
      {
        spans: spans.getFinishedSpans().map((s) => [s.name, s.attributes]),
        attributes,
        events,
        lines,
      },
      { depth: 20 },
    );
    expect(lines.length).toBeGreaterThan(3);
    for (const text of [
      SECRET,
      SECRET.slice(0, 12),
      cpf,
      '52998224725',
      'Maria',
      'Silva',
      person.phone,
      '98765',
      person.email,
      encodeURIComponent(person.email),
    ]) {
      expect(reported).not.toContain(text);
    }
  });
});

describe('log lines (issue 28, item 5)', () => {
  it('messages name the path template, never an id; fields carry the callId', async () => {
    const { logger, messages, fields } = captureLogger();
    await rejection(
      client([busy, () => json({ code: 'slot_blocked' }, 409)], {
        logger,
        logLevel: 'debug',
      }).appointments.update(APPOINTMENT_ID, { note: 'x' }),
    );
    expect(messages.length).toBeGreaterThan(3);
    for (const message of messages) {
      expect(message).not.toContain(APPOINTMENT_ID);
      expect(message).toContain('/api/public/v1/appointments/{id}');
    }
    expect(new Set(fields.map((f) => f.callId)).size).toBe(1);
    expect(fields.at(-1)).toMatchObject({ errorType: 'SlotBlockedError', status: 409 });
  });

  it('a ConflictError with a code keeps it; the refusal line, at info, gives its class and code', async () => {
    const { logger, messages, fields } = captureLogger();
    const create = (logLevel: 'info' | 'warn') =>
      client([() => json({ code: 'slot_blocked', detail: 'Ana Souza' }, 409)], {
        logger,
        logLevel,
      }).appointments.create(createBody);
    expect(await rejection(create('warn'))).toBeInstanceOf(ConflictError);
    expect(messages).toEqual([]);
    await rejection(create('info'));
    expect(messages).toEqual([
      'info: clinic-scheduling: POST /api/public/v1/appointments refused: SlotBlockedError (409: slot_blocked) after 1 attempt(s).',
    ]);
    expect(fields[0]).toMatchObject({ outcome: 'refusal', code: 'slot_blocked' });
    expect(inspect(fields)).not.toContain('Ana');
  });
});
