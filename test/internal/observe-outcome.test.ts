/**
 * Issue 37, items 3 to 5, on what the real OpenTelemetry SDK, the hooks and the logger receive:
 * each call's outcome (`success`, `refusal`, `failure`, `cancelled`) on its span, its metric
 * point, its hook event and its log line (refusals below `warn`); the call span's
 * `clinic_scheduling.call_id`; `trace_id`/`span_id` on each log line while tracing; a 400's
 * field names and a 409's or 422's code on its line, never a value; `server.port` and
 * `error.type` alike on spans and metric points.
 */
import * as otel from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { ClientOptions, ErrorEvent, LogFields, SuccessEvent } from '../../src/index.ts';
import {
  APPOINTMENT_ID,
  appointmentWire,
  captureLogger,
  createBody,
  json,
  makeClient,
  rejection,
  roomWire,
} from '../client/helpers.ts';
import { type Answer, byKind, points, scripted, useOpenTelemetry } from '../helpers/otel.ts';

useOpenTelemetry();

function client(answers: Answer[], options: ClientOptions = {}) {
  return makeClient({ fetch: scripted(answers), openTelemetry: otel, maxRetries: 1, ...options });
}

const answer =
  (status: number, body: unknown = { detail: 'Ana Souza 52998224725' }) =>
  () =>
    json(body, status, { 'retry-after': '0' });

/** One call answered `answers`: its outcome everywhere it is told, and its log line's level. */
async function outcomeOf(answers: Answer[], options: ClientOptions = {}) {
  const events: (ErrorEvent | SuccessEvent)[] = [];
  const { logger, messages, fields } = captureLogger();
  await client(answers, {
    logger,
    logLevel: 'info',
    hooks: { onError: (e) => events.push(e), onSuccess: (e) => events.push(e) },
    ...options,
  })
    .rooms.retrieve(2)
    .catch(() => {});
  const [call] = byKind(otel.SpanKind.INTERNAL);
  const [point] = await points('clinic_scheduling.client.call.duration');
  const last = messages.at(-1)?.split(':')[0];
  return {
    span: call!.attributes['clinic_scheduling.outcome'],
    failed: call!.status.code === otel.SpanStatusCode.ERROR,
    metric: point!.attributes['clinic_scheduling.outcome'],
    hook: events[0]!.outcome,
    log: fields.at(-1)?.outcome,
    level: events[0]!.outcome === 'success' ? undefined : last,
  };
}

describe('a call’s outcome (item 3)', () => {
  const cases: [string, Answer[], string, string | undefined][] = [
    ['200', [() => json(roomWire())], 'success', undefined],
    ['400', [answer(400, { name: ['Ana Souza'] })], 'refusal', 'info'],
    ['404', [answer(404)], 'refusal', 'info'],
    ['409', [answer(409, { code: 'x', detail: 'Ana' })], 'refusal', 'info'],
    ['422', [answer(422, { code: 'x', detail: 'Ana' })], 'refusal', 'info'],
    ['401', [answer(401)], 'failure', 'error'],
    ['403', [answer(403)], 'failure', 'error'],
    ['429 twice (retries exhausted)', [answer(429), answer(429)], 'failure', 'error'],
    ['503 twice', [answer(503), answer(503)], 'failure', 'error'],
    ['no answer twice', [() => new TypeError('fetch failed')], 'failure', 'error'],
    ['a 200 whose body fails its check', [() => json({ id: 'x' })], 'failure', 'error'],
  ];
  for (const [name, answers, outcome, level] of cases) {
    it(`${name}: ${outcome} on the span, the metric, the hook event and the log line`, async () => {
      const seen = await outcomeOf(answers);
      expect(seen).toEqual({
        span: outcome,
        failed: outcome === 'failure',
        metric: outcome,
        hook: outcome,
        log: outcome === 'success' ? undefined : outcome,
        level,
      });
    });
  }

  it('the caller’s abort: cancelled, below warn, the call span not failed', async () => {
    const controller = new AbortController();
    const events: ErrorEvent[] = [];
    const { logger, messages, fields } = captureLogger();
    const fetch: typeof globalThis.fetch = (_url, init) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        controller.abort();
      });
    await rejection(
      makeClient({ fetch, openTelemetry: otel, logger, logLevel: 'info' }).rooms.retrieve(2, {
        signal: controller.signal,
        hooks: { onError: (e) => events.push(e) },
      }),
    );
    const [call] = byKind(otel.SpanKind.INTERNAL);
    expect(call!.attributes['clinic_scheduling.outcome']).toBe('cancelled');
    expect(call!.status.code).toBe(otel.SpanStatusCode.UNSET);
    expect(events[0]!.outcome).toBe('cancelled');
    expect(messages).toEqual([
      'info: clinic-scheduling: GET /api/public/v1/rooms/{id} cancelled: APIUserAbortError after 1 attempt(s).',
    ]);
    expect(fields[0]!.outcome).toBe('cancelled');
  });

  it('a refusal’s CLIENT span keeps the HTTP conventions: status ERROR, error.type the status', async () => {
    await outcomeOf([answer(404)]);
    const [attempt] = byKind(otel.SpanKind.CLIENT);
    expect(attempt!.status.code).toBe(otel.SpanStatusCode.ERROR);
    expect(attempt!.attributes['error.type']).toBe('404');
  });
});

describe('joinable (item 4)', () => {
  it('the call span carries the callId of the hooks; every line carries its span’s trace_id and span_id', async () => {
    const events: ErrorEvent[] = [];
    const { logger, fields, messages } = captureLogger();
    await rejection(
      client([answer(503), answer(503)], {
        logger,
        logLevel: 'debug',
        hooks: { onError: (e) => events.push(e) },
      }).rooms.retrieve(2),
    );
    const [call] = byKind(otel.SpanKind.INTERNAL);
    const attempts = byKind(otel.SpanKind.CLIENT);
    expect(call!.attributes['clinic_scheduling.call_id']).toBe(events[0]!.callId);
    const ids = (span: typeof call) => ({
      trace_id: span!.spanContext().traceId,
      span_id: span!.spanContext().spanId,
    });
    expect(messages.map((m) => m.replace(/ \d+ ms/g, ' N ms'))).toEqual([
      'debug: clinic-scheduling: GET /api/public/v1/rooms/{id} attempt 1',
      'debug: clinic-scheduling: GET /api/public/v1/rooms/{id} → 503 in N ms',
      'info: clinic-scheduling: GET /api/public/v1/rooms/{id} failed (503); retry 1 of 1, after N ms.',
      'debug: clinic-scheduling: GET /api/public/v1/rooms/{id} attempt 2',
      'debug: clinic-scheduling: GET /api/public/v1/rooms/{id} → 503 in N ms',
      'error: clinic-scheduling: GET /api/public/v1/rooms/{id} failed: InternalServerError (503) after 2 attempt(s).',
    ]);
    const expected = [attempts[0], attempts[0], call, attempts[1], attempts[1], call].map(ids);
    expect(fields.map(({ trace_id, span_id }) => ({ trace_id, span_id }))).toEqual(expected);
  });

  it('a drift line (a status the spec does not list) carries its call span’s trace_id and span_id, on an object and on a page', async () => {
    const { logger, fields } = captureLogger();
    const clinic = client(
      [
        () => json(appointmentWire({ status: 'waitlisted' })),
        () =>
          json({
            results: [appointmentWire({ status: 'on_hold' })],
            next: null,
            previous: null,
          }),
      ],
      { logger, logLevel: 'warn' },
    );
    await clinic.appointments.retrieve(APPOINTMENT_ID);
    await clinic.appointments.list();
    const calls = byKind(otel.SpanKind.INTERNAL);
    // A drift line's fields: its `event` and the ResponseDrift, beside the trace.
    const lines = fields as (LogFields & { event?: string })[];
    expect(lines.map(({ event, trace_id, span_id }) => ({ event, trace_id, span_id }))).toEqual(
      calls.map((call) => ({
        event: 'clinic.response_drift',
        trace_id: call.spanContext().traceId,
        span_id: call.spanContext().spanId,
      })),
    );
    expect(calls).toHaveLength(2);
  });

  it('without openTelemetry no line carries trace_id', async () => {
    const { logger, fields } = captureLogger();
    await rejection(
      makeClient({
        fetch: scripted([answer(503)]),
        logger,
        logLevel: 'debug',
        maxRetries: 0,
      }).rooms.retrieve(2),
    );
    expect(fields.length).toBeGreaterThan(0);
    for (const line of fields) expect(line).not.toHaveProperty('trace_id');
  });

  it('a 400’s line names its fields, a 409’s or 422’s its code: never a value', async () => {
    const { logger, messages, fields } = captureLogger();
    const body400 = { name: ['Ana Souza is taken'], cpf: ['52998224725'], 'Ana Souza': ['x'] };
    const create = (body: unknown, status: number) =>
      client([answer(status, body)], { logger, logLevel: 'info' }).patients.create({
        name: 'Ana Souza',
        phone: '11912345678',
      });
    await rejection(create(body400, 400));
    await rejection(create({ code: 'patient_cpf_exists', detail: '52998224725' }, 409));
    await rejection(create({ code: 'some_code', detail: 'Ana Souza' }, 422));
    expect(messages).toEqual([
      'info: clinic-scheduling: POST /api/public/v1/patients refused: BadRequestError (400: name, cpf) after 1 attempt(s).',
      'info: clinic-scheduling: POST /api/public/v1/patients refused: PatientCpfExistsError (409: patient_cpf_exists) after 1 attempt(s).',
      'info: clinic-scheduling: POST /api/public/v1/patients refused: UnprocessableEntityError (422: some_code) after 1 attempt(s).',
    ]);
    expect(fields.map((f) => [f.fields, f.code])).toEqual([
      [['name', 'cpf'], undefined],
      [undefined, 'patient_cpf_exists'],
      [undefined, 'some_code'],
    ]);
    expect(JSON.stringify(fields)).not.toMatch(/Ana|52998224725/);
  });
});

describe('conventions complete (item 5)', () => {
  it('server.port on every duration point; error.type alike on each span and its point', async () => {
    await client([answer(503), () => json(roomWire())], {
      baseUrl: 'http://localhost',
    }).rooms.retrieve(2);
    await client([() => new TypeError('fetch failed')], { maxRetries: 0 })
      .rooms.retrieve(2)
      .catch(() => {});
    await client([answer(409, { code: 'slot_blocked' })])
      .appointments.create(createBody)
      .catch(() => {});
    const requests = await points('http.client.request.duration');
    expect(requests.map((p) => p.attributes['server.port']).sort()).toEqual([443, 443, 80, 80]);
    const pointKey = (a: otel.Attributes) =>
      `${a['url.template']} ${a['http.response.status_code']} ${a['error.type']}`;
    expect(
      byKind(otel.SpanKind.CLIENT)
        .map((s) => pointKey(s.attributes))
        .sort(),
    ).toEqual(requests.map((p) => pointKey(p.attributes)).sort());
    const calls = await points('clinic_scheduling.client.call.duration');
    expect(
      byKind(otel.SpanKind.INTERNAL)
        .map((s) => s.attributes['error.type'])
        .sort(),
    ).toEqual(calls.map((p) => p.attributes['error.type']).sort());
    expect(calls.map((p) => p.attributes['error.type']).sort()).toEqual([
      'APIConnectionError',
      'SlotBlockedError',
      undefined,
    ]);
  });
});
