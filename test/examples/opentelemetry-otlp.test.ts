/**
 * examples/opentelemetry-otlp.ts run as an SRE runs it, with the project's pinned OpenTelemetry
 * packages: auto-instrumentation on, OTEL_EXPORTER_OTLP_ENDPOINT pointed at a collector here,
 * CLINIC_BASE_URL at the reference server's command line. Issue 37's items 1 to 5 hold on what
 * the collector and the service received (test/otel-company/; the newest releases: newest.test.ts
 * there, from .ci/run).
 */
import { expect, test } from 'vitest';
import { generateCpf } from '../../src/testing/index.ts';
import { assertInCompany, SDK_SCOPE, secretsOf } from '../otel-company/assertions.ts';
import { EXAMPLE_PATIENT, runExampleInCompany } from '../otel-company/run.ts';
import { assertBuilt } from './run.ts';

test('beside auto-instrumentation: one span, one traceparent, one count per request; outcomes; no patient data', async () => {
  assertBuilt();
  const { run, seen, apiKey, posts } = await runExampleInCompany();
  expect(run.stderr).toBe('');
  expect(run.code).toBe(0);
  expect(posts.map((p) => p.path)).toEqual(expect.arrayContaining(['/v1/traces', '/v1/metrics']));
  assertInCompany(seen, secretsOf(apiKey, [...EXAMPLE_PATIENT, generateCpf(37)]));
  // The professionals list was retried under its call's span; its spans are the SDK's.
  const retried = seen.spans.filter((s) => s.name === 'GET /api/public/v1/professionals');
  expect(retried.map((s) => [s.scope, s.attributes['http.response.status_code']])).toEqual([
    [SDK_SCOPE, 503],
    [SDK_SCOPE, 200],
  ]);
  expect(new Set(retried.map((s) => s.parentSpanId)).size).toBe(1);
});
