/**
 * Observing calls as an SRE wires it: OpenTelemetry spans and metrics through the
 * `openTelemetry` option, and hooks that add up (`onSuccess` and `onError` see every call once,
 * every event carries the call's `callId`).
 *
 * - Spans: one `INTERNAL` span per call, named after its operation, and under it one `CLIENT`
 *   span per HTTP request, named `{METHOD} {url.template}`; each request carries a W3C
 *   `traceparent` naming its own span.
 * - Metrics: `http.client.request.duration` per request, `clinic_scheduling.client.*` per call.
 *
 * In production the providers below come from `@opentelemetry/sdk-node` exporting over OTLP
 * (docs/observability.md); here they keep what they get in memory and the script prints it.
 * Runs against the reference server, which answers one 503 and one 409.
 *
 *   node examples/hooks-and-tracing.ts
 */
import { ClinicClient, ClinicError } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import * as otel from '@opentelemetry/api';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import {
  InMemorySpanExporter,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace';

// The application's telemetry setup (sdk-node's, in production).
const exporter = new InMemorySpanExporter();
otel.trace.setGlobalTracerProvider(
  new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter })] }),
);
class Collect extends MetricReader {
  protected override async onForceFlush(): Promise<void> {}
  protected override async onShutdown(): Promise<void> {}
}
const reader = new Collect();
otel.metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));

const calls: string[] = [];
const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'full_access' }),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
  openTelemetry: otel,
  // The hooks report here; examples/pino-logging.ts shows the log lines.
  logLevel: 'off',
  hooks: {
    onRetry: ({ operation, attempt, errorType }) =>
      console.log(`onRetry: ${operation} sends attempt ${attempt} after ${errorType}`),
    onSuccess: ({ callId, operation, attempts, status }) =>
      calls.push(`${callId.length > 0 ? 'ok' : '?'} ${operation} ${status} in ${attempts}`),
    onError: ({ operation, errorType, status, attempts }) =>
      calls.push(`failed ${operation} ${errorType} (${status}) in ${attempts}`),
  },
});

console.log('1. A list answered 503, then 200');
api.faults.inject({ path: '/api/public/v1/rooms', status: 503, headers: { 'retry-after': '0' } });
await clinic.rooms.list();
console.log('2. A create answered 409');
api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', status: 409 });
try {
  await clinic.appointments.create({
    patient_id: 1,
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2026-03-05T10:00:00',
  });
} catch (error) {
  if (!(error instanceof ClinicError)) throw error;
}

console.log('3. The calls, as onSuccess and onError saw them');
for (const line of calls) console.log(`   ${line}`);

console.log('4. The spans (requests indented under their call)');
const spans = exporter.getFinishedSpans();
for (const span of spans) {
  const a = span.attributes;
  const request = span.kind === otel.SpanKind.CLIENT;
  console.log(
    `   ${request ? '  request' : 'call'} ${span.name}` +
      ` status=${a['http.response.status_code'] ?? '-'} resend=${a['http.request.resend_count'] ?? 0}` +
      ` error=${a['error.type'] ?? '-'}`,
  );
}

console.log('5. The metrics (data points: count by attributes)');
const { resourceMetrics } = await reader.collect();
for (const metric of resourceMetrics.scopeMetrics.flatMap((s) => s.metrics)) {
  for (const point of metric.dataPoints) {
    const value = point.value as number | { count: number };
    const count = typeof value === 'number' ? value : value.count;
    const a = point.attributes;
    console.log(
      `   ${metric.descriptor.name} ${a['url.template'] ?? ''} ${a['http.response.status_code'] ?? '-'}` +
        ` ${a['error.type'] ?? '-'}: ${count}`,
    );
  }
}
