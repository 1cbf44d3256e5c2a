/**
 * The production setup, ready to copy: `@opentelemetry/sdk-node` exports the SDK's spans and
 * metrics over OTLP/HTTP, pino writes its log lines, hooks log each call's outcome.
 *
 * - Spans: one `INTERNAL` span per call, the parent of one `CLIENT` span per HTTP request named
 *   `{METHOD} {url.template}`.
 * - Metrics: `http.client.request.duration` per request, `clinic_scheduling.client.*` per call,
 *   with bounded attributes (templates, never ids).
 * - The collector comes from the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (default
 *   `http://localhost:4318`); the exporters post to its `/v1/traces` and `/v1/metrics`.
 *
 * Books an appointment against the reference server (which answers one 503 first, so a call
 * retries), then shuts the SDK down, which flushes every span and metric before exit.
 *
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 node examples/opentelemetry-otlp.ts
 */
import { ClinicClient, type Logger } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import * as otel from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import pino from 'pino';

// In an application this part lives in telemetry.ts, loaded first (node --import).
const sdk = new NodeSDK({
  serviceName: 'front-desk',
  traceExporter: new OTLPTraceExporter(),
  metricReaders: [new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter() })],
});
sdk.start();

const log = pino({ base: { service: 'front-desk' } });
/** pino takes `(fields, message)`; the SDK calls `(message, fields)`. */
const logger: Logger = {
  error: (message, fields) => log.error(fields, message),
  warn: (message, fields) => log.warn(fields, message),
  info: (message, fields) => log.info(fields, message),
  debug: (message, fields) => log.debug(fields, message),
};

const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'full_access' }), // a key of this in-memory server only
  baseUrl: api.baseUrl,
  fetch: api.fetch,
  openTelemetry: otel,
  logLevel: 'info',
  logger,
  hooks: {
    onSuccess: ({ callId, operation, status, attempts }) =>
      log.info({ callId, operation, status, attempts }, 'call succeeded'),
    onError: ({ callId, operation, errorType, status, attempts }) =>
      log.warn({ callId, operation, errorType, status, attempts }, 'call failed'),
  },
});

try {
  api.faults.inject({
    path: '/api/public/v1/professionals',
    status: 503,
    headers: { 'retry-after': '0' },
  });
  const professionals = await clinic.professionals.list();
  const types = await clinic.appointmentTypes.list();
  const helena = professionals.results.find((p) => p.name === 'Dra. Helena Prado');
  const consulta = types.results.find((t) => t.name === 'Consulta');
  if (!helena || !consulta) throw new Error('the demo clinic has no Dra. Helena Prado/Consulta');

  const patient = await clinic.patients.create({ name: 'Marina Costa', phone: '11912345678' });
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + 86_400_000,
  );
  const appointment = await clinic.appointments.create({
    patient_id: patient.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T10:30:00`,
  });
  await clinic.appointments.update(appointment.id!, { status: 'confirmed' });
  log.info({ appointment: appointment.id }, 'appointment booked and confirmed');
} finally {
  // Without this the last batch of spans and the metrics never leave the process.
  await sdk.shutdown();
}
