/**
 * Issue 37 item 7, with the real OpenTelemetry SDK registered (test/helpers/otel.ts:
 * `@opentelemetry/sdk-trace`'s in-memory span exporter, `@opentelemetry/sdk-metrics`), and
 * `@opentelemetry/context-async-hooks`' context manager (a context that follows `await`, as
 * `@opentelemetry/sdk-node` registers it):
 * the handler's `PRODUCER` span per enqueue, its context carried in the job; the worker's
 * `CONSUMER` span per job linked to it, your spans inside it; job, letter, lag and depth
 * metrics named in WEBHOOK_METRICS; log lines joined to the spans; `health()`; and a scan of
 * every attribute and line for the key and patient data.
 */
import * as otel from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClinicClient } from '../../src/client.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { WEBHOOK_METRICS } from '../../src/webhooks/metrics.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import type { WebhookQueue } from '../../src/webhooks/queue/contract.ts';
import { MemoryWebhookQueue } from '../../src/webhooks/queue/memory.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import { points, spans, useOpenTelemetry } from '../helpers/otel.ts';
import { appointmentEvent, post } from './fixtures.ts';

// The SDK as the other telemetry suites register it, with a context that follows `await`.
useOpenTelemetry();
beforeAll(() => {
  otel.context.disable();
  otel.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
});
afterAll(() => {
  otel.context.disable();
});

const span = (name: string) => spans.getFinishedSpans().filter((s) => s.name === name);
const tracer = otel.trace.getTracer('the application');

/** A delivery handled inside an HTTP server span, as instrumentation-http would start it. */
const deliver = (handler: (request: Request) => Promise<Response>, body: unknown) =>
  tracer.startActiveSpan('POST /webhooks', { kind: otel.SpanKind.SERVER }, async (server) => {
    const response = await handler(body instanceof Request ? body : post(body));
    server.end();
    return response;
  });

function consumer() {
  const lines: Array<[string, string, Record<string, unknown>]> = [];
  const logger = Object.fromEntries(
    (['error', 'warn', 'info', 'debug'] as const).map((level) => [
      level,
      (message: string, fields: Record<string, unknown>) =>
        void lines.push([level, message, fields]),
    ]),
  ) as unknown as Console;
  const queue = new MemoryWebhookQueue({ attempts: 2, backoffMs: 0 });
  const handler = createWebhookHandler({ verify: 'unsigned', queue, openTelemetry: otel, logger });
  return { lines, logger, queue, handler };
}

describe('the worker in OpenTelemetry (issue 37 item 7)', () => {
  it('a CONSUMER span per job, linked to the PRODUCER span of its delivery, with your spans inside it', async () => {
    const { queue, handler, logger } = consumer();
    const inside: string[] = [];
    const worker = await createWebhookWorker({
      queue,
      openTelemetry: otel,
      logger,
      on: {
        'appointment.created': async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          const own = tracer.startSpan('INSERT appointments');
          inside.push(own.spanContext().traceId);
          own.end();
        },
      },
    });
    const event = appointmentEvent();
    expect((await deliver(handler, event)).status).toBe(200);
    await worker.idle();
    const [server] = span('POST /webhooks');
    const [send] = span('send clinic-scheduling-webhooks');
    const [job] = span('process clinic-scheduling-webhooks');
    const [own] = span('INSERT appointments');
    expect(send!.kind).toBe(otel.SpanKind.PRODUCER);
    expect(send!.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
    expect(send!.attributes).toMatchObject({
      'messaging.operation.type': 'send',
      'messaging.destination.name': 'clinic-scheduling-webhooks',
      'messaging.message.id': event.id,
      'clinic_scheduling.webhook.outcome': 'queued',
    });
    expect(job!.kind).toBe(otel.SpanKind.CONSUMER);
    expect(job!.links.map((l) => [l.context.traceId, l.context.spanId])).toEqual([
      [send!.spanContext().traceId, send!.spanContext().spanId],
    ]);
    expect(job!.attributes).toMatchObject({
      'messaging.operation.type': 'process',
      'messaging.message.id': event.id,
      'clinic_scheduling.webhook.event_type': 'appointment.created',
      'clinic_scheduling.webhook.attempt': 1,
      'clinic_scheduling.webhook.job.outcome': 'processed',
    });
    expect(own!.parentSpanContext?.spanId).toBe(job!.spanContext().spanId);
    expect(inside).toEqual([job!.spanContext().traceId]);
    await worker.close();
  });

  it('a failed run: the span is an error named by its class, the log line carries trace_id and span_id; metrics count jobs, letters, attempts, lag and depth', async () => {
    const { queue, handler, lines, logger } = consumer();
    const worker = await createWebhookWorker({
      queue,
      openTelemetry: otel,
      logger,
      ordering: new MemoryOrderingStore(),
      on: {
        'appointment.updated': () => {
          throw new RangeError('the database refused Ana Souza');
        },
      },
    });
    const failing = appointmentEvent('appointment.updated');
    await deliver(handler, failing);
    await deliver(
      handler,
      appointmentEvent('appointment.created', { id: '7d3f1c2a-5b6e-4f80-9a1b-2c3d4e5f6a7b' }),
    );
    const old = appointmentEvent(
      'appointment.cancelled',
      {},
      {
        created_at: new Date(Date.now() - 25 * 3_600_000).toISOString(),
      },
    );
    await deliver(handler, old); // refused: too old
    const forged = appointmentEvent();
    await queue.enqueue({
      id: forged.id,
      event: { ...forged, company_id: 'x' } as never,
      receivedAt: Date.now(),
    });
    await worker.idle();

    const runs = span('process clinic-scheduling-webhooks').filter(
      (s) => s.attributes['messaging.message.id'] === failing.id,
    );
    expect(runs.map((s) => [s.status.code, s.attributes['error.type']])).toEqual([
      [otel.SpanStatusCode.ERROR, 'RangeError'],
      [otel.SpanStatusCode.ERROR, 'RangeError'],
    ]);
    expect(runs.every((s) => s.status.message === undefined)).toBe(true);
    const failure = lines.filter(([, message]) => /job failed/.test(message));
    expect(failure.map(([level]) => level)).toEqual(['warn', 'error']); // retried, then its last
    expect(failure[0]![2]).toMatchObject({
      eventId: failing.id,
      attempt: 1,
      attempts: 2,
      errorType: 'RangeError',
      trace_id: runs[0]!.spanContext().traceId,
      span_id: runs[0]!.spanContext().spanId,
    });
    expect(lines.filter(([l, m]) => l === 'error' && /dead-lettered/.test(m))).toHaveLength(2);

    const metrics = new Map<string, Awaited<ReturnType<typeof points>>>();
    for (const name of Object.values(WEBHOOK_METRICS)) metrics.set(name, await points(name));
    const sum = (name: string, where: Record<string, unknown>) =>
      (metrics.get(name) ?? [])
        .filter((p) => Object.entries(where).every(([k, v]) => p.attributes[k] === v))
        .reduce(
          (n, p) =>
            n + (typeof p.value === 'number' ? p.value : (p.value as { count: number }).count),
          0,
        );
    const outcome = (value: string) => ({ 'clinic_scheduling.webhook.job.outcome': value });
    expect(sum(WEBHOOK_METRICS.jobs, outcome('failed'))).toBe(2);
    expect(sum(WEBHOOK_METRICS.jobs, outcome('processed'))).toBe(1);
    expect(sum(WEBHOOK_METRICS.jobs, outcome('invalid'))).toBe(1);
    expect(sum(WEBHOOK_METRICS.jobDuration, outcome('failed'))).toBe(2);
    expect(sum(WEBHOOK_METRICS.jobAttempts, outcome('failed'))).toBe(2);
    expect(sum(WEBHOOK_METRICS.jobLag, {})).toBe(3);
    const kind = (value: string) => ({ 'clinic_scheduling.webhook.dead_letter.kind': value });
    expect(sum(WEBHOOK_METRICS.deadLetters, kind('failed'))).toBe(1);
    expect(sum(WEBHOOK_METRICS.deadLetters, kind('invalid'))).toBe(1);
    expect(sum(WEBHOOK_METRICS.deadLetters, kind('refused'))).toBe(1);
    const depth = Object.fromEntries(
      (metrics.get(WEBHOOK_METRICS.queueDepth) ?? []).map((p) => [
        p.attributes['clinic_scheduling.webhook.queue.state'],
        p.value,
      ]),
    );
    expect(depth).toEqual({ waiting: 0, delayed: 0, active: 0, dead_letter: 3 });
    await worker.close();
  });

  it('health() for a readiness probe: connected, running, lastJobAt and depth; running false once closed', async () => {
    const { queue, handler } = consumer();
    const worker = await createWebhookWorker({ queue, logLevel: 'off', on: {} });
    expect(await worker.health()).toEqual({
      connected: true,
      running: true,
      depth: { waiting: 0, delayed: 0, active: 0, deadLetters: 0 },
    });
    const before = Date.now();
    await handler(post(appointmentEvent()));
    await worker.idle();
    const health = await worker.health();
    expect(health.lastJobAt).toBeGreaterThanOrEqual(before);
    await worker.close();
    expect((await worker.health()).running).toBe(false);
    const silent: WebhookQueue = {
      name: queue.name,
      retentionMs: queue.retentionMs,
      enqueue: (job) => queue.enqueue(job),
      deadLetter: (job, reason, kind) => queue.deadLetter(job, reason, kind),
      consume: (process, options) => queue.consume(process, options),
      deadLetters: (limit) => queue.deadLetters(limit),
      replayDeadLetters: (options) => queue.replayDeadLetters(options),
      idle: () => queue.idle(),
      depth: () => new Promise(() => {}), // a broker that does not answer
      schedule: (task, everyMs) => queue.schedule(task, everyMs),
      unschedule: (task) => queue.unschedule(task),
    };
    const down = await createWebhookWorker({ queue: silent, logLevel: 'off' });
    expect(await down.health()).toEqual({ connected: false, running: true });
    await down.close();
  }, 10_000);

  it('no attribute of any span or data point, and no log line, holds the key, 12 characters of it, or patient data', async () => {
    const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
    const apiKey = api.issueApiKey({ preset: 'full_access' });
    const clinic = new ClinicClient({ apiKey, baseUrl: 'https://clinic.test', fetch: api.fetch });
    const patient = api.seed.patient({
      name: 'Maria Aparecida Nunes',
      phone: '+55 11 98765-4321',
      cpf: '529.982.247-25',
      email: 'maria.nunes@example.com',
    });
    const professional = api.seed.professional({ name: 'Dra. Helena Prado' });
    const type = api.seed.appointmentType({ name: 'Consulta' });
    const { queue, handler, lines, logger } = consumer();
    api.webhooks.register({
      handler: (request) => deliver(handler, request),
      events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
    });
    const ordering = new MemoryOrderingStore();
    const worker = await createWebhookWorker({
      queue,
      ordering,
      openTelemetry: otel,
      logger,
      logLevel: 'debug',
      read: (id) => clinic.appointments.retrieve(id),
      reconcile: { client: clinic, apply: () => {}, everyMs: 1_000 },
      on: {
        'appointment.updated': () => {
          throw new Error(`refused for ${patient.name}`);
        },
      },
    });
    const created = await clinic.appointments.create({
      patient_id: patient.id,
      professional_id: professional.id,
      appointment_type_id: type.id,
      start_at: '2027-03-10T09:00:00-03:00',
    });
    await clinic.appointments.update(created.id!, { status: 'confirmed' });
    await api.webhooks.settle();
    await worker.idle();
    await new Promise((resolve) => setTimeout(resolve, 1_200)); // one scheduled walk
    await worker.idle();
    expect(span('reconcile appointments').length).toBeGreaterThanOrEqual(1);

    const secrets = [patient.name, 'Maria', '98765', '529.982', '52998224725', 'maria.nunes'];
    for (let i = 0; i + 12 <= apiKey.length; i++) secrets.push(apiKey.slice(i, i + 12));
    const texts: string[] = [];
    const ended: ReadableSpan[] = spans.getFinishedSpans();
    for (const s of ended) {
      texts.push(s.name, JSON.stringify(s.attributes), JSON.stringify(s.status));
      for (const link of s.links) texts.push(JSON.stringify(link.attributes ?? {}));
      for (const e of s.events) texts.push(e.name, JSON.stringify(e.attributes ?? {}));
    }
    for (const name of Object.values(WEBHOOK_METRICS)) {
      texts.push(name, ...(await points(name)).map((p) => JSON.stringify(p.attributes)));
    }
    // The lines' own facts: the handler's error object is the application's to log.
    for (const [, message, { error: _, ...fields }] of lines)
      texts.push(message, JSON.stringify(fields));
    expect(ended.length).toBeGreaterThan(3);
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
    await worker.close();
  }, 15_000);
});
