/**
 * OpenTelemetry spans, checked through the SDK's in-memory exporter: one span per call named
 * after the operation, one child per attempt, the HTTP client attributes, the retry count, and
 * no attribute that holds the API key, a query string or a CPF.
 */
import * as otel from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClientOptions } from '../../src/index.ts';
import {
  API_KEY,
  createBody,
  json,
  makeClient,
  patientWire,
  rejection,
  roomWire,
  SECRET,
} from '../client/helpers.ts';

const exporter = new InMemorySpanExporter();

/** A context manager without async propagation: enough for a call started synchronously. */
class StackContextManager implements otel.ContextManager {
  #current = otel.ROOT_CONTEXT;
  active() {
    return this.#current;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: otel.Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const previous = this.#current;
    this.#current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.#current = previous;
    }
  }
  bind<T>(_context: otel.Context, target: T): T {
    return target;
  }
  enable() {
    return this;
  }
  disable() {
    return this;
  }
}

beforeAll(() => {
  otel.trace.setGlobalTracerProvider(
    new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
  );
  otel.context.setGlobalContextManager(new StackContextManager());
});
afterEach(() => exporter.reset());
afterAll(() => {
  otel.trace.disable();
  otel.context.disable();
});

function scripted(answers: Array<() => Response | Error>): typeof fetch {
  let i = 0;
  return async () => {
    const answer = answers[Math.min(i++, answers.length - 1)]!();
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

function client(answers: Array<() => Response | Error>, options: ClientOptions = {}) {
  return makeClient({ fetch: scripted(answers), openTelemetry: otel, maxRetries: 2, ...options });
}

/** The finished spans: the call's (no SDK parent) and its attempts, in start order. */
function spans(): { call: ReadableSpan; attempts: ReadableSpan[] } {
  const all = [...exporter.getFinishedSpans()].sort(
    (a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1],
  );
  const call = all.find(
    (s) => !all.some((p) => p.spanContext().spanId === s.parentSpanContext?.spanId),
  )!;
  return { call, attempts: all.filter((s) => s !== call) };
}

const busy = () => json({}, 503, { 'retry-after': '0' });
const common = {
  'http.request.method': 'GET',
  'url.template': '/api/public/v1/rooms/{id}',
  'server.address': 'clinic.test',
  'server.port': 443,
};

describe('OpenTelemetry spans', () => {
  it('a call is a span named after its operation, its attempt a child span', async () => {
    await client([() => json(roomWire())]).rooms.retrieve(2);
    const { call, attempts } = spans();
    expect(call.name).toBe('retrieveRoom');
    expect(call.kind).toBe(otel.SpanKind.CLIENT);
    expect(call.attributes).toEqual({ ...common, 'http.response.status_code': 200 });
    expect(call.status.code).not.toBe(otel.SpanStatusCode.ERROR);
    expect(attempts).toHaveLength(1);
    const [attempt] = attempts;
    expect(attempt!.name).toBe('retrieveRoom');
    expect(attempt!.kind).toBe(otel.SpanKind.CLIENT);
    expect(attempt!.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    expect(attempt!.spanContext().traceId).toBe(call.spanContext().traceId);
    expect(attempt!.attributes).toEqual({ ...common, 'http.response.status_code': 200 });
  });

  it('each retry is one more child, with http.request.resend_count; the failed one has error.type', async () => {
    await client([busy, busy, () => json(roomWire())]).rooms.retrieve(2);
    const { call, attempts } = spans();
    expect(attempts.map((s) => s.attributes)).toEqual([
      { ...common, 'http.response.status_code': 503, 'error.type': '503' },
      {
        ...common,
        'http.response.status_code': 503,
        'error.type': '503',
        'http.request.resend_count': 1,
      },
      { ...common, 'http.response.status_code': 200, 'http.request.resend_count': 2 },
    ]);
    expect(attempts.map((s) => s.status.code === otel.SpanStatusCode.ERROR)).toEqual([
      true,
      true,
      false,
    ]);
    for (const attempt of attempts) {
      expect(attempt.parentSpanContext?.spanId).toBe(call.spanContext().spanId);
    }
    expect(call.attributes).toEqual({
      ...common,
      'http.response.status_code': 200,
      'http.request.resend_count': 2,
    });
    expect(call.status.code).not.toBe(otel.SpanStatusCode.ERROR);
  });

  it('a failed call: error.type is the error class, the status that of the last answer', async () => {
    const clinic = client([() => json({ code: 'slot_taken' }, 409)]);
    await rejection(clinic.appointments.create(createBody));
    const { call } = spans();
    expect(call.name).toBe('createAppointment');
    expect(call.attributes).toMatchObject({
      'http.request.method': 'POST',
      'url.template': '/api/public/v1/appointments',
      'http.response.status_code': 409,
      'error.type': 'ConflictError',
    });
    expect(call.status.code).toBe(otel.SpanStatusCode.ERROR);
  });

  it('a 400 answer: its attempt span has error.type 400, the call span the error class', async () => {
    const clinic = client([() => json({ name: ['This field is required.'] }, 400)], {
      maxRetries: 0,
    });
    await rejection(clinic.rooms.retrieve(2));
    const { call, attempts } = spans();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.attributes).toMatchObject({
      'http.response.status_code': 400,
      'error.type': '400',
    });
    expect(call.attributes['error.type']).toBe('BadRequestError');
  });

  it('no answer: error.type names the connection error, no status code', async () => {
    const clinic = client([() => new TypeError('fetch failed')], { maxRetries: 0 });
    await rejection(clinic.rooms.retrieve(2));
    const { call, attempts } = spans();
    expect(call.attributes['error.type']).toBe('APIConnectionError');
    expect(call.attributes).not.toHaveProperty('http.response.status_code');
    expect(attempts[0]!.attributes['error.type']).toBe('APIConnectionError');
  });

  it("the call's span is a child of the application's active span", async () => {
    const parent = otel.trace.getTracer('app').startSpan('handle-request');
    const clinic = client([() => json(roomWire())]);
    await otel.context.with(otel.trace.setSpan(otel.context.active(), parent), () =>
      clinic.rooms.retrieve(2),
    );
    parent.end();
    const call = exporter
      .getFinishedSpans()
      .find(
        (s) =>
          s.name === 'retrieveRoom' && s.parentSpanContext?.spanId === parent.spanContext().spanId,
      );
    expect(call).toBeDefined();
  });

  it('no span name or attribute holds the API key, a query string or a CPF', async () => {
    const page = { results: [patientWire()], next: null, previous: null, count: 1 };
    const echo = () =>
      json({ detail: API_KEY }, 503, { 'retry-after': '0', 'x-request-id': API_KEY });
    const clinic = client([echo, () => json(page)]);
    await clinic.patients.list({ cpf: '111.444.777-35', name: 'Ana Souza' }).toArray({ limit: 5 });
    const all = exporter.getFinishedSpans();
    expect(all.length).toBe(3);
    const texts = all.flatMap((s) => [s.name, ...Object.entries(s.attributes).flat().map(String)]);
    for (const text of texts) {
      for (const secret of [
        SECRET,
        encodeURIComponent(SECRET),
        '111.444.777-35',
        '11144477735',
        'Ana',
        '?',
        'cpf',
      ]) {
        expect(text).not.toContain(secret);
      }
    }
  });

  it('without the option, no span is made even with a provider registered', async () => {
    await makeClient({ fetch: scripted([() => json(roomWire())]) }).rooms.retrieve(2);
    expect(exporter.getFinishedSpans()).toEqual([]);
  });
});
