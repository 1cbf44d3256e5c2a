/**
 * The docs' metrics tables against what the SDK records into the real OpenTelemetry SDK
 * (`@opentelemetry/sdk-metrics`): the webhook metrics' table of docs/webhooks-operations.md is
 * generated from their definitions (src/webhooks/metrics.ts, `npm run docs:tables`), and the
 * handler's and worker's instruments are made and recorded as defined; the client's table of
 * docs/observability.md, written by hand beside the client's instruments, names each metric the
 * client records with its instrument, unit, meaning (the instrument's description) and every
 * attribute and value its points carry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as otel from '@opentelemetry/api';
import { DataPointType, type MetricData } from '@opentelemetry/sdk-metrics';
import { describe, expect, it } from 'vitest';
import { withGenerated } from '../../scripts/docs-tables.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { METRIC_DEFINITIONS, WEBHOOK_METRICS } from '../../src/webhooks/metrics.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import type { WebhookQueue } from '../../src/webhooks/queue/contract.ts';
import { MemoryWebhookQueue } from '../../src/webhooks/queue/memory.ts';
import { WEBHOOK_SCOPE } from '../../src/webhooks/telemetry.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import {
  appointmentWire,
  createBody,
  json,
  makeClient,
  rejection,
  roomWire,
} from '../client/helpers.ts';
import { collect, scripted, useOpenTelemetry } from '../helpers/otel.ts';
import { appointmentEvent, pingEvent, post } from '../webhooks/fixtures.ts';

useOpenTelemetry();

const DOCS = join(import.meta.dirname, '..', '..', 'docs');
const CLIENT_DOC = join(DOCS, 'observability.md');
const WEBHOOKS_DOC = join(DOCS, 'webhooks-operations.md');

interface Row {
  name: string;
  kind: string;
  unit: string;
  /** Attribute key → its documented values, or `undefined` when open. */
  attributes: Map<string, string[] | undefined>;
  meaning: string;
}

/** The rows of the table under `header` in `doc`, read by its column names. */
function table(doc: string, header: string): Row[] {
  const lines = readFileSync(doc, 'utf8').split('\n');
  const at = lines.indexOf(header);
  expect(at, `${doc} has the table ${header}`).toBeGreaterThan(-1);
  const names = header.split(' | ').map((c) => c.replace(/^\| |\s*\|$/g, ''));
  const rows: Row[] = [];
  for (const line of lines.slice(at + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.replace(/^\| | \|$/g, '').split(' | ');
    const cell = (name: string) => cells[names.indexOf(name)]!;
    const [kind, unit] = cell('instrument, unit').split(', ');
    const attributes = new Map<string, string[] | undefined>();
    for (const m of cell('attributes').matchAll(/`([^`]+)`(?: \(([^)]*)\))?/g)) {
      attributes.set(
        m[1]!,
        m[2]?.split(', ').map((v) => v.replaceAll('`', '')),
      );
    }
    rows.push({
      name: cell('metric').replaceAll('`', ''),
      kind: kind!,
      unit: unit!.replaceAll('`', ''),
      attributes,
      meaning: cell('meaning'),
    });
  }
  return rows;
}

function kindOf(metric: MetricData): string {
  if (metric.dataPointType === DataPointType.HISTOGRAM) return 'histogram';
  if (metric.dataPointType === DataPointType.GAUGE) return 'gauge';
  return metric.dataPointType === DataPointType.SUM && metric.isMonotonic ? 'counter' : 'other';
}

/** The metrics of one instrumentation scope, as collected now. */
async function scope(name: string): Promise<MetricData[]> {
  const { scopeMetrics } = await collect();
  return scopeMetrics.filter((s) => s.scope.name === name).flatMap((s) => s.metrics);
}

/** What `rows` state holds of `recorded`: each metric, each attribute key and value seen. */
function expectDocumented(rows: Row[], recorded: MetricData[]): void {
  expect(recorded.map((m) => m.descriptor.name).sort()).toEqual(rows.map((r) => r.name).sort());
  for (const metric of recorded) {
    const { name, unit, description } = metric.descriptor;
    const row = rows.find((r) => r.name === name)!;
    expect([name, kindOf(metric), unit, description]).toEqual([
      name,
      row.kind,
      row.unit,
      row.meaning,
    ]);
    const seen = new Set<string>();
    for (const point of metric.dataPoints) {
      for (const [key, value] of Object.entries(point.attributes)) {
        seen.add(key);
        expect([name, key, row.attributes.has(key)]).toEqual([name, key, true]);
        const values = row.attributes.get(key);
        if (values) expect(values, `${name} ${key}`).toContain(String(value));
      }
    }
    // Every documented attribute is one the scenarios below saw.
    expect([name, [...seen].sort()]).toEqual([name, [...row.attributes.keys()].sort()]);
  }
}

describe("docs/observability.md: the client's metrics", () => {
  it('names each metric the client records, with its instrument, unit, meaning, attributes and values', async () => {
    const client = (answers: Array<() => Response | Error>, maxRetries = 2) =>
      makeClient({ fetch: scripted(answers), openTelemetry: otel, maxRetries });
    const busy = () => json({ detail: 'busy' }, 503, { 'retry-after': '0' });
    const replay = () => json(appointmentWire(), 201, { 'idempotent-replayed': 'true' });
    await client([busy, replay]).appointments.create(createBody); // a retry, a replay
    await client([() => json({ ...roomWire(), brand_new: 1 })]).rooms.retrieve(2); // drift
    await client([() => json({ ...roomWire(), status: 'gone' })])
      .rooms.retrieve(2)
      .catch(() => {}); // an enum value the spec does not list
    await rejection(client([() => json({ detail: 'no' }, 400)]).rooms.retrieve(2)); // refusal
    await rejection(client([() => new TypeError('fetch failed')], 0).rooms.retrieve(2)); // failure
    const aborted = AbortSignal.abort();
    await rejection(client([() => json(roomWire())]).rooms.retrieve(2, { signal: aborted }));
    const rows = table(CLIENT_DOC, '| metric | instrument, unit | attributes | meaning |');
    expectDocumented(rows, await scope('@clinic-scheduling/sdk'));
  });
});

/** A memory queue whose consumer's `process` a test can call with a task, as a schedule would. */
function withTasks(queue: MemoryWebhookQueue) {
  let process: Parameters<WebhookQueue['consume']>[0] | undefined;
  const wrapped: WebhookQueue = {
    name: queue.name,
    retentionMs: queue.retentionMs,
    jobTimeoutMs: queue.jobTimeoutMs,
    enqueue: (job) => queue.enqueue(job),
    deadLetter: (job, reason, kind) => queue.deadLetter(job, reason, kind),
    consume: (run, options) => {
      process = run;
      return queue.consume(run, options);
    },
    deadLetters: (limit) => queue.deadLetters(limit),
    replayDeadLetters: (options) => queue.replayDeadLetters(options),
    idle: () => queue.idle(),
    depth: () => queue.depth(),
    schedule: async () => {},
    unschedule: async () => {},
  };
  return { wrapped, reconcile: () => process!({ kind: 'reconcile' }, { attempt: 1, attempts: 1 }) };
}

describe('docs/webhooks-operations.md: the webhook metrics', () => {
  it('is the table npm run docs:tables generates from their definitions', () => {
    const text = readFileSync(WEBHOOKS_DOC, 'utf8');
    expect(text).toBe(withGenerated(WEBHOOKS_DOC, text));
  });

  it("the handler's and the worker's instruments are made as defined, and record only the defined attributes and values", async () => {
    const queue = new MemoryWebhookQueue({ attempts: 2, backoffMs: 0 });
    const { wrapped, reconcile } = withTasks(queue);
    const handler = createWebhookHandler({
      verify: (request) => request.headers.get('x-signed') === 'yes',
      queue: wrapped,
      openTelemetry: otel,
      onError: () => {},
    });
    const known = appointmentEvent('appointment.created');
    const worker = await createWebhookWorker({
      queue: wrapped,
      openTelemetry: otel,
      ordering: new MemoryOrderingStore(),
      reconcile: {
        client: {
          appointments: {
            async *list() {
              yield known.data;
            },
          },
        },
        apply: () => {},
        everyMs: 3_600_000,
      },
      on: {
        'appointment.updated': () => {
          throw new Error('injected');
        },
      },
      onError: () => {},
      logLevel: 'off',
    });
    const signed = { 'x-signed': 'yes' };
    await handler(post(known, signed)); // queued
    await handler(post(known, signed)); // duplicate
    await handler(post(appointmentEvent('appointment.updated'), signed)); // failed, then a letter
    const old = pingEvent({ created_at: new Date(Date.now() - 30 * 3_600_000).toISOString() });
    await handler(post(old, signed)); // refused: too old
    const forged = appointmentEvent();
    await queue.enqueue({
      id: forged.id,
      event: { ...forged, company_id: 'x' } as never,
      receivedAt: Date.now(),
    }); // invalid
    await worker.idle();
    await reconcile();
    await worker.close();

    const rows = table(
      WEBHOOKS_DOC,
      '| metric | recorded by | instrument, unit | attributes | meaning |',
    );
    expect(rows.map((r) => r.name)).toEqual(Object.values(WEBHOOK_METRICS));
    const recorded = await scope(WEBHOOK_SCOPE);
    for (const [key, name] of Object.entries(WEBHOOK_METRICS)) {
      const metric = recorded.find((m) => m.descriptor.name === name);
      const buckets = METRIC_DEFINITIONS[key as keyof typeof WEBHOOK_METRICS].buckets;
      if (buckets && metric?.dataPointType === DataPointType.HISTOGRAM) {
        for (const point of metric.dataPoints) {
          expect(point.value.buckets.boundaries).toEqual(buckets);
        }
      }
    }
    expectDocumented(rows, recorded);
  });
});
