/**
 * Issue 37 in company, in `npm test`: `@opentelemetry/sdk-node` with the auto-instrumentations
 * registered as OpenTelemetry's Node.js getting-started does (undici and http on), in-memory
 * exporters (the pinned packages; no stub), the client's calls sent over HTTP to the reference
 * server's command line. Items 1 to 5 hold (assertions.ts); the setup the docs give is needed
 * (without `ignoreRequestHook` undici counts each request again) and is enough; without the
 * client's `openTelemetry` undici's spans stay, and the docs' `startSpanHook` keeps the CPF out.
 */
import * as otel from '@opentelemetry/api';
import { getNodeAutoInstrumentations } from '@opentelemetry/auto-instrumentations-node';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  PeriodicExportingMetricReader,
} from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ClientOptions,
  ClinicClient,
  ClinicError,
  type ErrorEvent,
  isClinicSdkRequest,
  type LogFields,
  type SuccessEvent,
} from '../../src/index.ts';
import { generateCpf } from '../../src/testing/index.ts';
import type { RunningCli } from '../testing/cli-helpers.ts';
import {
  assertInCompany,
  SDK_SCOPE,
  type Seen,
  type SeenLine,
  type SeenPoint,
  type SeenSpan,
  secretsOf,
} from './assertions.ts';
import { killCli, receivedBy, startService } from './run.ts';

const spans = new InMemorySpanExporter();
const metrics = new InMemoryMetricExporter(AggregationTemporality.DELTA);
const reader = new PeriodicExportingMetricReader({
  exporter: metrics,
  exportIntervalMillis: 3.6e6,
});
const instrumentations = getNodeAutoInstrumentations({
  '@opentelemetry/instrumentation-undici': { ignoreRequestHook: isClinicSdkRequest },
});
/** undici's instrumentation, its config changed by a test (its hooks' options). */
const undici = instrumentations.find(
  (i) => i.instrumentationName === '@opentelemetry/instrumentation-undici',
) as unknown as { setConfig(config: Record<string, unknown>): void };
const sdk = new NodeSDK({
  serviceName: 'front-desk',
  spanProcessors: [new SimpleSpanProcessor({ exporter: spans })],
  metricReaders: [reader],
  instrumentations,
});

let service: RunningCli;
beforeAll(async () => {
  sdk.start();
  service = await startService();
});
afterAll(async () => {
  killCli(service);
  await sdk.shutdown();
});

const PATIENT = {
  name: 'Joana Ribeiro',
  phone: '21987654321',
  cpf: generateCpf(91),
  email: 'joana.ribeiro@example.com',
};
const SCOPES = { 0: 'INTERNAL', 1: 'SERVER', 2: 'CLIENT', 3: 'PRODUCER', 4: 'CONSUMER' } as const;
const STATUS = ['UNSET', 'OK', 'ERROR'] as const;

/**
 * What `run` left: the spans and points exported while it ran, the requests the service received
 * meanwhile (the request log, read before and after: those reads are the test's own, and their
 * spans and points fall outside), and `lines`.
 */
async function measure(run: () => PromiseLike<unknown>, lines: SeenLine[] = []): Promise<Seen> {
  const since = (await receivedBy(service)).length;
  await reader.forceFlush();
  spans.reset();
  metrics.reset();
  await run();
  await reader.forceFlush();
  const exported: SeenSpan[] = spans.getFinishedSpans().map((s) => ({
    scope: s.instrumentationScope.name,
    name: s.name,
    kind: SCOPES[s.kind],
    traceId: s.spanContext().traceId,
    spanId: s.spanContext().spanId,
    parentSpanId: s.parentSpanContext?.spanId,
    status: STATUS[s.status.code],
    attributes: { ...s.attributes },
  }));
  const points: SeenPoint[] = metrics.getMetrics().flatMap((r) =>
    r.scopeMetrics.flatMap((scope) =>
      scope.metrics.flatMap((m) =>
        (m.dataPoints as { attributes: object; value: unknown }[]).map((p) => ({
          scope: scope.scope.name,
          metric: m.descriptor.name,
          attributes: { ...p.attributes },
          count:
            typeof p.value === 'number' ? p.value : Number((p.value as { count: number }).count),
        })),
      ),
    ),
  );
  const resource = metrics.getMetrics().map((r) => JSON.stringify(r.resource.attributes));
  const events = spans.getFinishedSpans().map((s) => JSON.stringify(s.events));
  return {
    spans: exported,
    points,
    requests: (await receivedBy(service)).slice(since),
    lines,
    other: [...resource, ...events],
  };
}

/** A logger keeping the SDK's lines, as pino would write them. */
function lineLogger(lines: SeenLine[]) {
  const at =
    (level: SeenLine['level']) =>
    (msg: string, fields: LogFields = {}) =>
      lines.push({ level, msg, fields: { ...fields } as Record<string, unknown> });
  return { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

function client(options: ClientOptions = {}) {
  return new ClinicClient({
    apiKey: service.apiKey,
    baseUrl: service.baseUrl,
    openTelemetry: otel,
    logLevel: 'info',
    ...options,
  });
}

const handled = (error: unknown) => {
  if (!(error instanceof ClinicError)) throw error;
};

/** Every outcome over HTTP: retries, a CPF in a query, refusals (400, 404, 409), a failure, a
 * cancel. The service answers the professionals list 503 once and the rooms list 503 3 times. */
async function flow(clinic: ClinicClient): Promise<void> {
  const professionals = await clinic.professionals.list();
  const types = await clinic.appointmentTypes.list();
  const helena = professionals.results.find((p) => p.name === 'Dra. Helena Prado')!;
  const consulta = types.results.find((t) => t.name === 'Consulta')!;
  const patient = await clinic.patients.create(PATIENT);
  await clinic.patients.list({ cpf: PATIENT.cpf, name: PATIENT.name });
  await clinic.patients.create({ ...PATIENT, name: 'Joana R.' }).catch(handled);
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    Date.now() + 86_400_000,
  );
  const booking = {
    patient_id: patient.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T09:30:00`,
  };
  await clinic.appointments.create(booking);
  await clinic.appointments.create({ ...booking, start_at: `${tomorrow}T12:30:00` }).catch(handled);
  await clinic.appointments.create({ ...booking, patient_id: 987_654 }).catch(handled);
  await clinic.appointments.retrieve('00000000-0000-4000-8000-000000000000').catch(handled);
  await clinic.rooms.list().catch(handled);
  await clinic.rooms.list({}, { signal: AbortSignal.abort() }).catch(handled);
}

describe('beside auto-instrumentation, set up as the docs say', () => {
  it('items 1 to 5 hold on every scope’s spans and points, the service’s requests and the log lines', async () => {
    const lines: SeenLine[] = [];
    const events: (ErrorEvent | SuccessEvent)[] = [];
    const clinic = client({
      logger: lineLogger(lines),
      hooks: { onError: (e) => events.push(e), onSuccess: (e) => events.push(e) },
    });
    const result = await measure(() => flow(clinic), lines);
    assertInCompany(result, secretsOf(service.apiKey, Object.values(PATIENT)));
    // The hooks' callId is the span's call_id; their outcome the span's.
    const calls = result.spans.filter((s) => s.scope === SDK_SCOPE && s.kind === 'INTERNAL');
    expect(
      calls
        .map((s) => [
          s.attributes['clinic_scheduling.call_id'],
          s.attributes['clinic_scheduling.outcome'],
        ])
        .sort(),
    ).toEqual(events.map((e) => [e.callId, e.outcome]).sort());
    // The 400 (an unknown patient) named its field, never a value.
    const refused400 = lines.find((l) => l.fields.status === 400);
    expect(refused400?.fields.fields).toEqual(['patient_id']);
  });

  it('without ignoreRequestHook, undici counts each request again (under its own scope): the hook is needed', async () => {
    undici.setConfig({});
    try {
      const result = await measure(() => client().professionals.list());
      const counted = (scope: string) =>
        result.points
          .filter((p) => p.metric === 'http.client.request.duration' && p.scope === scope)
          .reduce((n, p) => n + p.count, 0);
      expect(counted(SDK_SCOPE)).toBe(result.requests.length);
      expect(counted('@opentelemetry/instrumentation-undici')).toBe(result.requests.length);
      // Tracing suppressed below the SDK: still no span and no traceparent of undici's.
      expect(result.spans.filter((s) => s.kind === 'CLIENT' && s.scope !== SDK_SCOPE)).toEqual([]);
      for (const r of result.requests) expect(r.headers.traceparent?.split(',')).toHaveLength(1);
    } finally {
      undici.setConfig({ ignoreRequestHook: isClinicSdkRequest });
    }
  });

  it('baggage leaves only with propagateBaggage: true, even with undici told nothing', async () => {
    const bag = otel.propagation.setBaggage(
      otel.context.active(),
      otel.propagation.createBaggage({ tenant: { value: 'north' } }),
    );
    undici.setConfig({});
    try {
      const { requests } = await measure(async () => {
        await otel.context.with(bag, () => client().rooms.retrieve(1).catch(handled));
        await otel.context.with(bag, () =>
          client({ propagateBaggage: true }).rooms.retrieve(1).catch(handled),
        );
      });
      const [off, on] = requests;
      expect(off!.headers).not.toHaveProperty('baggage');
      expect(on!.headers.baggage).toBe('tenant=north');
      for (const r of requests) expect(r.headers.traceparent?.split(',')).toHaveLength(1);
    } finally {
      undici.setConfig({ ignoreRequestHook: isClinicSdkRequest });
    }
  });
});

describe('without the client’s openTelemetry', () => {
  /** The docs' undici setup for a client without `openTelemetry`: its query values out. */
  const startSpanHook = (request: { origin: string; path: string }) => {
    if (!isClinicSdkRequest(request)) return {};
    const url = new URL(request.path, request.origin);
    for (const key of [...url.searchParams.keys()]) url.searchParams.set(key, 'REDACTED');
    return { 'url.full': url.href, 'url.query': url.search };
  };

  it('undici’s spans stay as they are; with the docs’ startSpanHook they hold no CPF', async () => {
    const plain = client({ openTelemetry: undefined });
    undici.setConfig({});
    try {
      let [span] = (await measure(() => plain.patients.list({ cpf: PATIENT.cpf }))).spans;
      expect(span?.scope).toBe('@opentelemetry/instrumentation-undici');
      expect(String(span?.attributes['url.full'])).toContain(PATIENT.cpf);
      undici.setConfig({ startSpanHook });
      const after = await measure(() => plain.patients.list({ cpf: PATIENT.cpf }));
      [span] = after.spans;
      expect(span?.attributes['url.full']).toBe(
        `${service.baseUrl}/api/public/v1/patients?cpf=REDACTED`,
      );
      expect(span?.attributes['url.query']).toBe('?cpf=REDACTED');
      expect(JSON.stringify(after.spans)).not.toContain(PATIENT.cpf);
    } finally {
      undici.setConfig({ ignoreRequestHook: isClinicSdkRequest });
    }
  });
});
