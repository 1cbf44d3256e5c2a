/**
 * Observing calls: hooks for metrics, and OpenTelemetry spans.
 *
 * - `hooks` (client-wide, or per call in the request options): `onRequest`, `onResponse`,
 *   `onRetry` and `onError` receive the facts of each step: operation, method, path template,
 *   attempt, status, delay, duration, request id, the call's Idempotency-Key.
 * - `openTelemetry`: pass the `@opentelemetry/api` module, and each call makes a span named
 *   after its operation, each attempt a child span with the HTTP client attributes. The SDK
 *   never imports OpenTelemetry itself: without this option nothing of it is loaded.
 *
 * Runs against the reference server, which answers one 503 and one 409.
 *
 *   node examples/hooks-and-tracing.ts
 */
import { ClinicClient, ClinicError } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import * as otel from '@opentelemetry/api';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

// The application's tracing setup; a real one exports to a collector (OTLP) instead.
const exporter = new InMemorySpanExporter();
otel.trace.setGlobalTracerProvider(
  new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
);

// Metrics kept by the hooks: a counter of retries and the duration of each answer.
const retries = new Map<string, number>();
const durations: string[] = [];

const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'full_access' }),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
  openTelemetry: otel,
  hooks: {
    onResponse: ({ operation, attempt, status, durationMs }) =>
      durations.push(
        `${operation} #${attempt} → ${status} (${durationMs < 1_000 ? '<1 s' : 'slow'})`,
      ),
    onRetry: ({ operation }) => retries.set(operation, (retries.get(operation) ?? 0) + 1),
    onError: ({ operation, errorType, status }) =>
      console.log(`onError: ${operation} failed with ${errorType} (${status})`),
  },
});

console.log('1. A list answered 503, then 200');
api.faults.inject({ path: '/api/public/v1/rooms', status: 503, headers: { 'retry-after': '0' } });
await clinic.rooms.list();
console.log('2. A create answered 409');
api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', status: 409 });
try {
  await clinic.appointments.create(
    { patient_id: 1, professional_id: 1, appointment_type_id: 1, start_at: '2026-03-05T10:00:00' },
    // A call's own hooks run after the client's.
    {
      hooks: {
        onRequest: ({ idempotencyKey }) =>
          console.log(`   key sent: ${idempotencyKey !== undefined}`),
      },
    },
  );
} catch (error) {
  if (!(error instanceof ClinicError)) throw error;
}

console.log('3. What the hooks measured');
for (const line of durations) console.log(`   ${line}`);
console.log(`   retries: ${JSON.stringify(Object.fromEntries(retries))}`);

console.log('4. The spans (children indented under their call)');
const spans = exporter.getFinishedSpans();
const ids = new Set(spans.map((s) => s.spanContext().spanId));
for (const span of spans) {
  const child = ids.has(span.parentSpanContext?.spanId ?? '');
  const a = span.attributes;
  console.log(
    `   ${child ? '  attempt' : 'call'} ${span.name} ${a['http.request.method']} ${a['url.template']}` +
      ` status=${a['http.response.status_code'] ?? '-'} resend=${a['http.request.resend_count'] ?? 0}` +
      ` error=${a['error.type'] ?? '-'}`,
  );
}
