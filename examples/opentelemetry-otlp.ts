/**
 * The production setup, ready to copy: `@opentelemetry/sdk-node` with the auto-instrumentations
 * (undici and http among them, as OpenTelemetry's Node.js getting-started registers them)
 * exports spans and metrics over OTLP/HTTP, the SDK traces its own calls (`openTelemetry`), and
 * pino writes its log lines.
 *
 * - One `CLIENT` span, one `traceparent` and one `http.client.request.duration` point per
 *   request: the SDK's fetch runs with tracing suppressed below it, and undici's instrumentation
 *   is told to leave the SDK's requests to the SDK (`ignoreRequestHook: isClinicSdkRequest`).
 * - The call's `INTERNAL` span carries `clinic_scheduling.call_id` and
 *   `clinic_scheduling.outcome` (`success`, `refusal`, `failure`, `cancelled`); each log line
 *   carries `callId`, `outcome`, `trace_id` and `span_id`. A refusal (a 409 here) is an `info`
 *   line, a failure an `error` line.
 * - No query value (a CPF), body or key in any span, metric or log line.
 * - The collector comes from the standard `OTEL_EXPORTER_OTLP_ENDPOINT` (default
 *   `http://localhost:4318`).
 *
 * The service: `CLINIC_BASE_URL` and `CLINIC_API_KEY`, pointed at a reference server (it writes a
 * patient and appointments: `npx clinic-scheduling-mock --seed demo` prints both), or, without
 * them, the reference server in memory (no HTTP request, so nothing for undici to see). Either
 * way the professionals list answers one 503 first (a retry) and the rooms list 503 until the
 * retries run out (a failure); then `sdk.shutdown()` flushes every span and metric.
 *
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 node examples/opentelemetry-otlp.ts
 */
import { ClinicClient, ClinicError, isClinicSdkRequest, type Logger } from '@clinic-scheduling/sdk';
import { createReferenceServer, generateCpf } from '@clinic-scheduling/sdk/testing';
import * as otel from '@opentelemetry/api';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
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
  instrumentations: [
    getNodeAutoInstrumentations({
      // The SDK traces and counts its own requests (openTelemetry below): undici skips them.
      '@opentelemetry/instrumentation-undici': { ignoreRequestHook: isClinicSdkRequest },
    }),
  ],
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

// Without CLINIC_BASE_URL: the reference server in memory, with the same two faults.
const memory = process.env.CLINIC_BASE_URL
  ? undefined
  : createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
memory?.faults.inject({
  path: '/api/public/v1/professionals',
  status: 503,
  headers: { 'retry-after': '0' },
});
memory?.faults.inject({
  path: '/api/public/v1/rooms',
  status: 503,
  headers: { 'retry-after': '0' },
  times: 3,
});
const clinic = new ClinicClient({
  ...(memory && {
    apiKey: memory.issueApiKey({ preset: 'full_access' }), // a key of this in-memory server only
    baseUrl: memory.baseUrl,
    fetch: memory.fetch,
  }),
  openTelemetry: otel,
  logLevel: 'info',
  logger,
});

/** A refusal or failure is the SDK's to log (with its outcome); the flow goes on. */
const handled = (error: unknown) => {
  if (!(error instanceof ClinicError)) throw error;
};

try {
  const professionals = await clinic.professionals.list(); // 503, retried: success
  const types = await clinic.appointmentTypes.list();
  const helena = professionals.results.find((p) => p.name === 'Dra. Helena Prado');
  const consulta = types.results.find((t) => t.name === 'Consulta');
  if (!helena || !consulta) throw new Error('the demo clinic has no Dra. Helena Prado/Consulta');

  const cpf = generateCpf(37);
  const marina = { name: 'Marina Costa', phone: '11912345678', cpf };
  const patient = await clinic.patients.create({ ...marina, email: 'marina.costa@example.com' });
  // The CPF travels in the query: no span holds it.
  await clinic.patients.list({ cpf });
  // The same CPF again: PatientCpfExistsError, a refusal (logged at info, with its code).
  await clinic.patients.create({ ...marina, name: 'Marina C. Costa' }).catch(handled);

  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + 86_400_000,
  );
  const booking = {
    patient_id: patient.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T10:30:00`,
  };
  const appointment = await clinic.appointments.create(booking);
  await clinic.appointments.update(appointment.id!, { status: 'confirmed' });
  // 12:30 is blocked in Dra. Helena's agenda: SlotBlockedError, a refusal.
  await clinic.appointments.create({ ...booking, start_at: `${tomorrow}T12:30:00` }).catch(handled);
  // The rooms list answers 503 past the retries: InternalServerError, a failure.
  await clinic.rooms.list().catch(handled);
  // The caller gave up: APIUserAbortError, cancelled.
  await clinic.rooms.list({}, { signal: AbortSignal.abort() }).catch(handled);
  log.info({ appointment: appointment.id }, 'appointment booked and confirmed');
} finally {
  // Without this the last batch of spans and the metrics never leave the process.
  await sdk.shutdown();
}
