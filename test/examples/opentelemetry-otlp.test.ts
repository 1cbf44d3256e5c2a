/**
 * examples/opentelemetry-otlp.ts run as an SRE runs it, with OTEL_EXPORTER_OTLP_ENDPOINT pointed
 * at a collector here that keeps what the exporters post (OTLP/HTTP, JSON encoding).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { assertBuilt, runExample } from './run.ts';

interface KeyValue {
  key: string;
  value: { stringValue?: string; intValue?: number | string };
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: KeyValue[];
}
interface OtlpMetric {
  name: string;
  histogram?: { dataPoints: { attributes: KeyValue[]; count: number | string }[] };
}

// OTLP's SpanKind numbers.
const INTERNAL = 1;
const CLIENT = 3;

const received: { path: string; contentType: string; body: string }[] = [];
let collector: Server;
let endpoint: string;

beforeAll(async () => {
  assertBuilt();
  collector = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
});
afterAll(async () => {
  collector.closeAllConnections();
  await new Promise((resolve) => collector.close(resolve));
});

function attributes(list: KeyValue[]): Record<string, string | number | undefined> {
  return Object.fromEntries(
    list.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue === undefined ? undefined : Number(value.intValue)),
    ]),
  );
}

test('spans and metrics reach the OTLP endpoint: request spans under call spans, bounded metric attributes, no key', async () => {
  const env: Record<string, string> = {
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
  };
  const { code, stdout, stderr } = await runExample('opentelemetry-otlp.ts', { env });
  expect(stderr).toBe('');
  expect(code).toBe(0);

  const posts = (path: string) =>
    received.filter((r) => r.path === path).map((r) => JSON.parse(r.body));
  expect(received.every((r) => r.contentType.startsWith('application/json'))).toBe(true);

  const spans: OtlpSpan[] = posts('/v1/traces').flatMap((p) =>
    p.resourceSpans.flatMap((r: { scopeSpans: { spans: OtlpSpan[] }[] }) =>
      r.scopeSpans.flatMap((s) => s.spans),
    ),
  );
  const requests = spans.filter((s) => s.kind === CLIENT);
  expect(requests.map((s) => s.name)).toEqual([
    'GET /api/public/v1/professionals',
    'GET /api/public/v1/professionals',
    'GET /api/public/v1/appointment-types',
    'POST /api/public/v1/patients',
    'POST /api/public/v1/appointments',
    'PATCH /api/public/v1/appointments/{id}',
  ]);
  for (const request of requests) {
    const a = attributes(request.attributes);
    expect(request.name).toBe(`${a['http.request.method']} ${a['url.template']}`);
    const parent = spans.find((s) => s.spanId === request.parentSpanId);
    expect(parent?.kind).toBe(INTERNAL);
    expect(parent?.traceId).toBe(request.traceId);
  }
  const retried = requests.filter((s) => s.name === 'GET /api/public/v1/professionals');
  expect(retried.map((s) => attributes(s.attributes)['http.response.status_code'])).toEqual([
    503, 200,
  ]);
  expect(retried[0]!.parentSpanId).toBe(retried[1]!.parentSpanId);

  const metrics: OtlpMetric[] = posts('/v1/metrics').flatMap((p) =>
    p.resourceMetrics.flatMap((r: { scopeMetrics: { metrics: OtlpMetric[] }[] }) =>
      r.scopeMetrics.flatMap((s) => s.metrics),
    ),
  );
  const duration = metrics.find((m) => m.name === 'http.client.request.duration');
  const points = duration?.histogram?.dataPoints ?? [];
  expect(points.reduce((sum, p) => sum + Number(p.count), 0)).toBe(requests.length);
  const bounded = [
    'http.request.method',
    'url.template',
    'server.address',
    'server.port',
    'http.response.status_code',
    'error.type',
  ];
  for (const point of points) {
    const a = attributes(point.attributes);
    expect(bounded).toEqual(expect.arrayContaining(Object.keys(a)));
    expect(String(a['url.template'])).toMatch(/^\/api\/public\/v1\/[a-z-]+(\/\{id\})?$/);
  }

  // The key is `csk_live_<id>.<secret>`: nothing of it in a span, a metric or a log line.
  for (const text of [stdout, ...received.map((r) => r.body)]) {
    expect(text).not.toMatch(/_live_|csk|bearer|authorization/i);
  }
});
