/**
 * Issue 37, items 1 to 5, asserted on what a run beside OpenTelemetry's auto-instrumentation
 * left behind: the spans and metric points of every scope (an in-memory exporter's or an OTLP
 * collector's), the requests the service received (the reference server's request log) and the
 * SDK's log lines. Used by the in-memory test (pinned packages, `npm test`) and by the runs of
 * examples/opentelemetry-otlp.ts (pinned, and the newest releases from `.ci/run`).
 */
import { expect } from 'vitest';

/** A span as exported, whatever the exporter. */
export interface SeenSpan {
  scope: string;
  name: string;
  kind: 'INTERNAL' | 'SERVER' | 'CLIENT' | 'PRODUCER' | 'CONSUMER';
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  status: 'UNSET' | 'OK' | 'ERROR';
  attributes: Record<string, unknown>;
}

/** A histogram or sum point as exported. */
export interface SeenPoint {
  scope: string;
  metric: string;
  attributes: Record<string, unknown>;
  /** A histogram's count, a sum's value. */
  count: number;
}

/** One SDK log line: its level, message and fields. */
export interface SeenLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  msg: string;
  fields: Record<string, unknown>;
}

/** What a run left behind. */
export interface Seen {
  spans: SeenSpan[];
  points: SeenPoint[];
  /** Each API request the service received, its headers by lower-case name (repeats joined). */
  requests: { method: string; path: string; headers: Record<string, string> }[];
  /** The SDK's log lines (`clinic-scheduling: ...`). */
  lines: SeenLine[];
  /** Everything else exported, as text: resources, log records, scopes. */
  other: string[];
}

export const SDK_SCOPE = '@clinic-scheduling/sdk';
const OUTCOMES = ['success', 'refusal', 'failure', 'cancelled'];
const REFUSED = [400, 404, 409, 422];

/** The key's text and every run of 12 of its characters, with the patient data the run sent. */
export function secretsOf(apiKey: string, patientData: string[]): string[] {
  const runs = Array.from({ length: apiKey.length - 11 }, (_, i) => apiKey.slice(i, i + 12));
  return [apiKey, ...runs, ...patientData];
}

/**
 * Items 1 to 5 on `seen`; `secrets` (the key, its runs, CPFs, phones, e-mails, names) appear
 * nowhere. The run must have met every outcome, a retry and a query: nothing holds vacuously.
 */
export function assertInCompany(seen: Seen, secrets: string[]): void {
  const { spans, points, requests, lines } = seen;
  const sdk = spans.filter((s) => s.scope === SDK_SCOPE);
  const clients = spans.filter((s) => s.kind === 'CLIENT');
  const calls = sdk.filter((s) => s.kind === 'INTERNAL');
  expect(requests.length).toBeGreaterThan(5);
  expect(requests.some((r) => r.path.includes('?'))).toBe(true);

  // 1. One span, one traceparent, one count per request, whatever else is registered.
  expect(clients.filter((s) => s.scope !== SDK_SCOPE)).toEqual([]);
  expect(clients).toHaveLength(requests.length);
  const bySpanId = new Map(spans.map((s) => [s.spanId, s]));
  for (const request of requests) {
    const parent = request.headers.traceparent ?? '';
    expect(parent.split(','), `${request.method} ${request.path}`).toHaveLength(1);
    const [, traceId, spanId] = parent.trim().split('-');
    const span = bySpanId.get(spanId ?? '');
    expect(span?.scope, `traceparent of ${request.method} ${request.path}`).toBe(SDK_SCOPE);
    expect(span?.kind).toBe('CLIENT');
    expect(span?.traceId).toBe(traceId);
    // 2. No baggage without propagateBaggage.
    expect(request.headers).not.toHaveProperty('baggage');
  }
  const durations = points.filter((p) => p.metric === 'http.client.request.duration');
  expect(durations.reduce((n, p) => n + p.count, 0)).toBe(requests.length);
  expect(durations.every((p) => p.scope === SDK_SCOPE)).toBe(true);

  // 2. No patient data, no key in any span, point or record of any scope.
  const everything = JSON.stringify([spans, points, seen.other, lines]);
  for (const secret of secrets) expect(everything, 'a secret was exported').not.toContain(secret);
  for (const span of spans) {
    const query = String(span.attributes['url.full'] ?? '').split('?')[1];
    for (const pair of query?.split('&') ?? []) expect(pair).toMatch(/^[\w.-]+=REDACTED$/);
    expect(span.attributes['url.query'] ?? '').toBe('');
  }

  // 3. Outcomes: every one met; a refusal is a 400/404/409/422; only a failure fails the span.
  const outcomes = calls.map((s) => String(s.attributes['clinic_scheduling.outcome']));
  expect(new Set(outcomes)).toEqual(new Set(OUTCOMES));
  for (const call of calls) {
    const outcome = call.attributes['clinic_scheduling.outcome'];
    expect(call.status === 'ERROR', call.name).toBe(outcome === 'failure');
    if (outcome === 'refusal') {
      expect(REFUSED).toContain(call.attributes['http.response.status_code']);
    }
  }
  const callPoints = points.filter((p) => p.metric === 'clinic_scheduling.client.call.duration');
  for (const outcome of OUTCOMES) {
    const counted = callPoints
      .filter((p) => p.attributes['clinic_scheduling.outcome'] === outcome)
      .reduce((n, p) => n + p.count, 0);
    expect(counted, outcome).toBe(outcomes.filter((o) => o === outcome).length);
  }
  // CLIENT spans keep the HTTP conventions: a 4xx is an error, its status its error.type.
  for (const span of clients) {
    const status = Number(span.attributes['http.response.status_code'] ?? 0);
    if (status >= 400) {
      expect([span.status, span.attributes['error.type']]).toEqual(['ERROR', String(status)]);
    }
  }

  // 4. Joinable: the call id on the span; trace ids on the lines; a refusal's line below warn.
  const callIds = new Set(calls.map((s) => s.attributes['clinic_scheduling.call_id']));
  expect(callIds.size).toBe(calls.length);
  expect(lines.length).toBeGreaterThan(0);
  for (const { level, msg, fields } of lines) {
    expect(callIds.has(fields.callId), msg).toBe(true);
    const span = bySpanId.get(String(fields.span_id));
    expect(span?.traceId, msg).toBe(fields.trace_id);
    if (fields.outcome === 'refusal' || fields.outcome === 'cancelled') expect(level).toBe('info');
    if (fields.outcome === 'failure') expect(level).toBe('error');
    if (fields.outcome === 'refusal' && fields.status === 400) {
      expect(fields.fields).toEqual(expect.arrayContaining([expect.stringMatching(/^\w+$/)]));
    }
    if (fields.status === 409 || fields.status === 422) expect(fields.code).toMatch(/^\w+$/);
  }
  for (const call of calls.filter((s) => s.attributes['clinic_scheduling.outcome'] !== 'success')) {
    const id = call.attributes['clinic_scheduling.call_id'];
    expect(lines.some((l) => l.fields.callId === id && l.fields.span_id === call.spanId)).toBe(
      true,
    );
  }

  // 5. server.port on the duration points and spans; error.type alike on spans and points.
  for (const p of durations) expect(p.attributes['server.port']).toEqual(expect.any(Number));
  for (const span of clients) expect(span.attributes['server.port']).toEqual(expect.any(Number));
  const key = (a: Record<string, unknown>) =>
    `${a['url.template']} ${a['http.response.status_code']} ${a['error.type']}`;
  const pointKeys = new Set(durations.map((p) => key(p.attributes)));
  for (const span of clients) expect(pointKeys).toContain(key(span.attributes));
  const callKeys = new Set(callPoints.map((p) => String(p.attributes['error.type'])));
  for (const call of calls) expect(callKeys).toContain(String(call.attributes['error.type']));
}
