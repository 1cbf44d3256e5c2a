/**
 * The webhook handler's metrics with the real OpenTelemetry SDK (`@opentelemetry/sdk-metrics`):
 * deliveries by outcome and event type, dedupe hits, acknowledgement latency; bounded attributes,
 * never an id.
 */
import type * as otelApi from '@opentelemetry/api';
import {
  AggregationTemporality,
  type DataPoint,
  MeterProvider,
  MetricReader,
} from '@opentelemetry/sdk-metrics';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { WEBHOOK_METRICS } from '../../src/webhooks/metrics.ts';
import type { WebhookOpenTelemetryApi } from '../../src/webhooks/telemetry.ts';
import { appointmentEvent, pingEvent, post } from './fixtures.ts';

class CollectingReader extends MetricReader {
  constructor() {
    super({ aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE });
  }
  protected async onForceFlush() {}
  protected async onShutdown() {}
}

async function points(reader: CollectingReader) {
  const { resourceMetrics } = await reader.collect();
  const byName = new Map<string, DataPoint<unknown>[]>();
  for (const scope of resourceMetrics.scopeMetrics) {
    expect(scope.scope.name).toBe('@clinic-scheduling/sdk/webhooks');
    for (const metric of scope.metrics) {
      byName.set(metric.descriptor.name, metric.dataPoints as DataPoint<unknown>[]);
    }
  }
  return byName;
}

describe('webhook metrics (openTelemetry)', () => {
  it('the @opentelemetry/api module is what the option takes', () => {
    expectTypeOf<typeof otelApi>().toMatchTypeOf<WebhookOpenTelemetryApi>();
  });

  it('counts deliveries by outcome and event type, dedupe hits, and records the acknowledgement latency; no attribute holds an id', async () => {
    const reader = new CollectingReader();
    const provider = new MeterProvider({ readers: [reader] });
    const handler = createWebhookHandler({
      verify: (request) => request.headers.get('x-signed') === 'yes',
      openTelemetry: { metrics: provider },
      on: {
        'appointment.updated': () => {
          throw new Error('injected');
        },
      },
      onError: () => {},
    });
    const signed = { 'x-signed': 'yes' };
    const created = appointmentEvent('appointment.created');
    const old = pingEvent({ created_at: new Date(Date.now() - 30 * 3_600_000).toISOString() });
    await handler(post(created, signed)); // processed
    await handler(post(created, signed)); // duplicate
    await handler(post(appointmentEvent('appointment.updated'), signed)); // failed (500)
    await handler(post(old, signed)); // refused (too old)
    await handler(post(pingEvent())); // refused (401)
    await handler.drain();

    const got = await points(reader);
    const deliveries = got.get(WEBHOOK_METRICS.deliveries)!;
    const summary = deliveries
      .map((p) => [
        p.attributes['clinic_scheduling.webhook.outcome'],
        p.attributes['clinic_scheduling.webhook.event_type'] ?? '-',
        p.attributes['http.response.status_code'],
        p.value,
      ])
      .sort();
    expect(summary).toEqual(
      [
        ['duplicate', 'appointment.created', 200, 1],
        ['failed', 'appointment.updated', 500, 1],
        ['processed', 'appointment.created', 200, 1],
        ['refused', '-', 401, 1],
        ['refused', 'ping', 200, 1],
      ].sort(),
    );
    const hits = got.get(WEBHOOK_METRICS.dedupeHits)!;
    expect(hits.map((p) => [p.attributes, p.value])).toEqual([
      [
        {
          'clinic_scheduling.webhook.dedupe.result': 'done',
          'clinic_scheduling.webhook.event_type': 'appointment.created',
        },
        1,
      ],
    ]);
    const latency = got.get(WEBHOOK_METRICS.ackDuration)!;
    const count = latency.reduce((n, p) => n + (p.value as { count: number }).count, 0);
    expect(count).toBe(5);
    // Bounded attributes: no envelope id, appointment id or anything of the payload.
    const text = JSON.stringify([...got.values()].flat().map((p) => p.attributes));
    expect(text).not.toMatch(/evt_|apt_|[0-9a-f]{8}-[0-9a-f]{4}/i);
    expect(text).not.toContain(created.data.patient!.name);
  });
});
