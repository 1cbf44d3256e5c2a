/**
 * The delivery simulator against a fake event source (the URL rule: section-6-webhook-urls), the schedule, the 10 s
 * limit, disabling, ping, duplicates and reordering (spec 6 and 6.3).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClinicError } from '../../src/core/errors/index.ts';
import { PING_MESSAGE } from '../../src/testing/delivery/simulator.ts';
import type {
  DeliverySimulatorOptions,
  WebhookEndpoint,
} from '../../src/testing/delivery/types.ts';
import type { WebhookEnvelope } from '../../src/testing/server/events.ts';
import type { AppointmentEventType } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { setupSimulator } from './delivery-helpers.ts';

const START = Date.parse('2026-03-02T12:00:00Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

const setup = (options: Partial<DeliverySimulatorOptions> = {}) => setupSimulator(START, options);

/** A handler target that answers `status` and records the envelopes it got. */
function target(status: number | (() => number) = 200) {
  const received: WebhookEnvelope[] = [];
  const requests: Request[] = [];
  const handler = async (request: Request) => {
    requests.push(request);
    received.push(await request.clone().json());
    return new Response(null, { status: typeof status === 'function' ? status() : status });
  };
  return { handler, received, requests };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('registration', () => {
  it('takes exactly one of url and handler, and appointment event types', () => {
    const { webhooks } = setup();
    const handler = target().handler;
    expect(() => webhooks.register({ events: ['appointment.created'] })).toThrow(TypeError);
    expect(() =>
      webhooks.register({ url: 'https://a.example/', handler, events: ['appointment.created'] }),
    ).toThrow(TypeError);
    expect(() => webhooks.register({ handler, events: [] })).toThrow(
      /appointment\.created, appointment\.updated, appointment\.cancelled/,
    );
    expect(() => webhooks.register({ handler, events: ['ping' as AppointmentEventType] })).toThrow(
      /^ping .*appointment\.created, appointment\.updated, appointment\.cancelled.*ping\(endpoint\)/,
    );
  });

  it('numbers endpoints and starts them enabled with no failures', () => {
    const { webhooks } = setup();
    const a = webhooks.register({ handler: target().handler, events: ['appointment.created'] });
    const b = webhooks.register({
      url: 'https://b.example/',
      events: ['appointment.updated'],
      companyId: 2,
    });
    expect([a.id, a.enabled, a.consecutiveFailures, a.companyId]).toEqual(['we_1', true, 0, 1]);
    expect([b.id, b.url, b.companyId]).toEqual(['we_2', 'https://b.example/', 2]);
    expect(webhooks.endpoints).toEqual([a, b]);
  });
});

describe('dispatch', () => {
  it('POSTs the envelope as JSON with Content-Type application/json and no signature header of its own', async () => {
    const consumer = target();
    const { webhooks, emit } = setup();
    webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    const envelope = emit();
    await webhooks.settle();
    expect(consumer.received).toEqual([JSON.parse(JSON.stringify(envelope))]);
    const request = consumer.requests[0]!;
    expect(request.method).toBe('POST');
    expect([...request.headers.keys()]).toEqual(['content-type']);
    expect(request.headers.get('content-type')).toBe('application/json');
  });

  it('routes a URL endpoint through the given fetch, never the network', async () => {
    const consumer = target();
    const { webhooks, emit } = setup({ fetch: consumer.handler });
    webhooks.register({
      url: 'https://consumer.example/webhooks',
      events: ['appointment.created'],
    });
    emit();
    await webhooks.settle();
    expect(consumer.requests.map((r) => r.url)).toEqual(['https://consumer.example/webhooks']);
  });

  it('without fetch, a URL endpoint fails with a message saying what to pass', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    const { webhooks, emit } = setup();
    webhooks.register({
      url: 'https://consumer.example/webhooks',
      events: ['appointment.created'],
    });
    emit();
    await webhooks.settle();
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(webhooks.attempts.map((a) => [a.outcome, a.error])).toEqual([
      ['network_error', expect.stringContaining('{ fetch }')],
    ]);
  });

  it('adds the endpoint headers, computed from the body when a function', async () => {
    const consumer = target();
    const { webhooks, emit } = setup();
    webhooks.register({
      handler: consumer.handler,
      events: ['appointment.created'],
      headers: (body) => ({ 'x-test-length': String(body.length) }),
    });
    const envelope = emit();
    await webhooks.settle();
    expect(consumer.requests[0]!.headers.get('x-test-length')).toBe(
      String(JSON.stringify(envelope).length),
    );
  });

  it('sends an endpoint only the types it is subscribed to, of its own clinic', async () => {
    const created = target();
    const cancelled = target();
    const otherClinic = target();
    const { webhooks, emit } = setup();
    webhooks.register({ handler: created.handler, events: ['appointment.created'] });
    webhooks.register({
      handler: cancelled.handler,
      events: ['appointment.cancelled', 'appointment.updated'],
    });
    webhooks.register({
      handler: otherClinic.handler,
      events: ['appointment.created'],
      companyId: 2,
    });
    emit('appointment.created');
    emit('appointment.updated');
    emit('appointment.cancelled');
    emit('appointment.created', 2);
    await webhooks.settle();
    expect(created.received.map((e) => [e.type, e.company_id])).toEqual([
      ['appointment.created', 1],
    ]);
    expect(cancelled.received.map((e) => e.type)).toEqual([
      'appointment.updated',
      'appointment.cancelled',
    ]);
    expect(otherClinic.received.map((e) => [e.type, e.company_id])).toEqual([
      ['appointment.created', 2],
    ]);
  });

  it('starts the first attempt right away, asynchronously, not inside the emitter', async () => {
    const consumer = target();
    const { webhooks, emit, clock } = setup();
    webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    emit();
    expect(consumer.requests).toHaveLength(0);
    await webhooks.settle();
    expect(webhooks.attempts.map((a) => [a.attempt, a.at, a.outcome, a.status])).toEqual([
      [1, clock.now(), 'success', 200],
    ]);
    expect(webhooks.deliveries.map((d) => d.state)).toEqual(['succeeded']);
  });
});

describe('spec 6.3 rule 3: retried after 1 min, 5 min, 30 min, 2 h, 6 h', () => {
  it('makes 6 attempts over 8 h 36 min, then counts one failure', async () => {
    const consumer = target(503);
    const { webhooks, emit, clock } = setup();
    const endpoint = webhooks.register({
      handler: consumer.handler,
      events: ['appointment.created'],
    });
    emit();
    await webhooks.settle();
    expect(webhooks.deliveries[0]!.nextAttemptAt).toBe(START + MIN);
    await webhooks.flush();
    expect(webhooks.attempts.map((a) => [a.attempt, a.at - START, a.outcome, a.status])).toEqual([
      [1, 0, 'http_error', 503],
      [2, MIN, 'http_error', 503],
      [3, 6 * MIN, 'http_error', 503],
      [4, 36 * MIN, 'http_error', 503],
      [5, 2 * HOUR + 36 * MIN, 'http_error', 503],
      [6, 8 * HOUR + 36 * MIN, 'http_error', 503],
    ]);
    expect(clock.now() - START).toBe(8 * HOUR + 36 * MIN);
    expect(webhooks.deliveries[0]!.state).toBe('exhausted');
    expect(endpoint.consecutiveFailures).toBe(1);
    expect(endpoint.enabled).toBe(true);
  });

  it('a retry that is not yet due does not run', async () => {
    const { webhooks, emit, clock } = setup();
    webhooks.register({ handler: target(500).handler, events: ['appointment.created'] });
    emit();
    await webhooks.settle();
    await clock.advance(MIN - 1);
    expect(webhooks.attempts).toHaveLength(1);
    await clock.advance(1);
    expect(webhooks.attempts).toHaveLength(2);
  });

  it('stops at the first 2xx (200, 202, 204) and resets the failure count', async () => {
    for (const okStatus of [200, 202, 204]) {
      const statuses = [500, 302, 404, okStatus];
      const { webhooks, emit } = setup();
      const endpoint = webhooks.register({
        handler: target(() => statuses.shift()!).handler,
        events: ['appointment.created'],
      });
      emit();
      await webhooks.flush();
      expect(webhooks.attempts.map((a) => [a.outcome, a.status])).toEqual([
        ['http_error', 500],
        ['http_error', 302],
        ['http_error', 404],
        ['success', okStatus],
      ]);
      expect(webhooks.deliveries[0]!.state).toBe('succeeded');
      expect(endpoint.consecutiveFailures).toBe(0);
    }
  });

  it('a consumer that throws is a network error, retried', async () => {
    let calls = 0;
    const { webhooks, emit } = setup();
    webhooks.register({
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('ECONNRESET');
        return new Response(null, { status: 200 });
      },
      events: ['appointment.created'],
    });
    emit();
    await webhooks.flush();
    expect(webhooks.attempts.map((a) => [a.outcome, a.error])).toEqual([
      ['network_error', 'ECONNRESET'],
      ['success', undefined],
    ]);
  });
});

describe('spec 6.3 rule 2: a 2xx within 10 s', () => {
  function slowConsumer(ms: number) {
    const signals: AbortSignal[] = [];
    const handler = async (request: Request) => {
      signals.push(request.signal);
      await new Promise((resolve) => setTimeout(resolve, ms));
      return new Response(null, { status: 200 });
    };
    return { handler, signals };
  }

  it('an answer after 10 s is a timeout, and the request is aborted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consumer = slowConsumer(10_001);
    const { webhooks, emit } = setup();
    webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    emit();
    await vi.advanceTimersByTimeAsync(10_000);
    await webhooks.settle();
    expect(webhooks.attempts.map((a) => [a.outcome, a.status, a.error])).toEqual([
      ['timeout', undefined, 'no answer within 10 s'],
    ]);
    expect(consumer.signals[0]!.aborted).toBe(true);
    expect(webhooks.deliveries[0]!.nextAttemptAt).toBe(START + MIN);
  });

  it('an answer just within 10 s is a success', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const consumer = slowConsumer(9_999);
    const { webhooks, emit } = setup();
    webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    emit();
    await vi.advanceTimersByTimeAsync(9_999);
    await webhooks.settle();
    expect(webhooks.attempts.map((a) => a.outcome)).toEqual(['success']);
  });

  it('createWebhookHandler answers 202 at 9 s to a 15 s handler: a success, not a timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const done: string[] = [];
    const consumer = createWebhookHandler({
      verify: 'unsigned',
      maxEventAgeMs: false, // the server's fixed clock makes envelopes older than 24 h
      on: {
        'appointment.created': async (event) => {
          await new Promise((resolve) => setTimeout(resolve, 15_000));
          done.push(event.id);
        },
      },
    });
    const { webhooks, emit } = setup();
    webhooks.register({ handler: consumer, events: ['appointment.created'] });
    const envelope = emit();
    await vi.advanceTimersByTimeAsync(9_000);
    await webhooks.settle();
    expect(webhooks.attempts.map((a) => [a.outcome, a.status])).toEqual([['success', 202]]);
    await vi.advanceTimersByTimeAsync(6_000);
    await consumer.drain();
    expect(done).toEqual([envelope.id]);
  });
});

describe('spec 6.3 rule 4: disabled after 20 consecutive failed deliveries', () => {
  async function failTimes(
    webhooks: ReturnType<typeof setup>['webhooks'],
    emit: ReturnType<typeof setup>['emit'],
    n: number,
  ) {
    for (let i = 0; i < n; i++) emit();
    await webhooks.flush();
  }

  it('disables the endpoint at the 20th exhausted delivery; then nothing is sent', async () => {
    let status = 500;
    const consumer = target(() => status);
    const { webhooks, emit, clock } = setup();
    const endpoint = webhooks.register({
      handler: consumer.handler,
      events: ['appointment.created'],
    });
    await failTimes(webhooks, emit, 19);
    expect([endpoint.enabled, endpoint.consecutiveFailures]).toEqual([true, 19]);
    await failTimes(webhooks, emit, 1);
    expect([endpoint.enabled, endpoint.consecutiveFailures, endpoint.disabledAt]).toEqual([
      false,
      20,
      clock.now(),
    ]);
    const before = consumer.requests.length;
    status = 200;
    emit();
    await webhooks.flush();
    expect(consumer.requests).toHaveLength(before);
    expect(webhooks.deliveries.at(-1)!.state).toBe('dropped');
    expect(webhooks.deliveries.at(-1)!.attempts).toEqual([]);
  });

  it('counts deliveries, not attempts, and a success in between restarts the count', async () => {
    let status = 500;
    const consumer = target(() => status);
    const { webhooks, emit } = setup();
    const endpoint = webhooks.register({
      handler: consumer.handler,
      events: ['appointment.created'],
    });
    await failTimes(webhooks, emit, 19);
    status = 200;
    emit();
    await webhooks.settle();
    expect(endpoint.consecutiveFailures).toBe(0);
    status = 500;
    await failTimes(webhooks, emit, 19);
    expect([endpoint.enabled, endpoint.consecutiveFailures]).toEqual([true, 19]);
  });

  it('drops the pending retries of an endpoint once it is disabled', async () => {
    const { webhooks, emit, clock } = setup();
    const endpoint = webhooks.register({
      handler: target(500).handler,
      events: ['appointment.created'],
    });
    emit();
    await webhooks.settle();
    endpoint.disable();
    await clock.advance(MIN);
    expect(webhooks.attempts).toHaveLength(1);
    expect(webhooks.deliveries[0]!.state).toBe('dropped');
  });

  it('enable() reactivates it with the count at 0; events of the disabled time are not replayed', async () => {
    const consumer = target(200);
    const { webhooks, emit } = setup();
    const endpoint = webhooks.register({
      handler: consumer.handler,
      events: ['appointment.created'],
    });
    endpoint.disable();
    emit();
    endpoint.enable();
    expect([endpoint.enabled, endpoint.consecutiveFailures, endpoint.disabledAt]).toEqual([
      true,
      0,
      undefined,
    ]);
    const after = emit();
    await webhooks.flush();
    expect(consumer.received.map((e) => e.id)).toEqual([after.id]);
  });
});

describe('ping (the test button)', () => {
  it('sends a ping envelope to one endpoint, whatever it subscribes to', async () => {
    const consumer = target();
    const { webhooks, clock } = setup();
    const endpoint = webhooks.register({
      handler: consumer.handler,
      events: ['appointment.cancelled'],
      companyId: 3,
    });
    const delivery = webhooks.ping(endpoint);
    await webhooks.settle();
    expect(delivery.state).toBe('succeeded');
    expect(consumer.received).toEqual([
      {
        id: expect.stringMatching(/^evt_[0-9a-f-]{36}$/),
        type: 'ping',
        created_at: '2026-03-02T09:00:00-03:00',
        api_version: 'v1',
        company_id: 3,
        data: { message: PING_MESSAGE },
      },
    ]);
    expect(clock.now()).toBe(START);
  });

  it('is answered 200 by createWebhookHandler', async () => {
    const { webhooks } = setup();
    const endpoint = webhooks.register({
      handler: createWebhookHandler({ verify: 'unsigned' }),
      events: ['appointment.created'],
    });
    webhooks.ping(endpoint);
    await webhooks.settle();
    expect(webhooks.attempts.map((a) => [a.eventType, a.status])).toEqual([['ping', 200]]);
  });

  it('refuses a disabled or removed endpoint', () => {
    const { webhooks } = setup();
    const endpoint = webhooks.register({
      handler: target().handler,
      events: ['appointment.created'],
    });
    endpoint.disable();
    expect(() => webhooks.ping(endpoint)).toThrow(ClinicError);
    expect(() => webhooks.ping(endpoint)).toThrow(/enable\(\)/);
    webhooks.remove(endpoint);
    expect(() => webhooks.ping(endpoint)).toThrow(ClinicError);
    expect(() => webhooks.ping(endpoint)).not.toThrow(/enable\(\)/);
    expect(webhooks.endpoints).toEqual([]);
  });
});

describe('duplicates and reordering (at-least-once, out of order)', () => {
  it('duplicate: 1 delivers every envelope twice, some copies at once, some later', async () => {
    const consumer = target();
    const { webhooks, emit } = setup({ duplicate: 1, seed: 7 });
    webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
    const sent = Array.from({ length: 10 }, () => emit());
    await webhooks.settle();
    const atOnce = consumer.received.length;
    await webhooks.flush();
    expect(consumer.received).toHaveLength(20);
    for (const envelope of sent) {
      expect(consumer.received.filter((e) => e.id === envelope.id)).toHaveLength(2);
    }
    expect(atOnce).toBeGreaterThan(10);
    expect(atOnce).toBeLessThan(20);
    expect(webhooks.deliveries.filter((d) => d.duplicate)).toHaveLength(10);
  });

  it('duplicate: 0.3 copies about a third, the same ones for the same seed', async () => {
    const copies = async (seed: number) => {
      const { webhooks, emit } = setup({ duplicate: 0.3, seed });
      webhooks.register({ handler: target().handler, events: ['appointment.created'] });
      const sent = Array.from({ length: 100 }, () => emit());
      await webhooks.flush();
      return webhooks.deliveries
        .filter((d) => d.duplicate)
        .map((d) => sent.indexOf(d.event as never));
    };
    const first = await copies(42);
    expect(first.length).toBeGreaterThan(15);
    expect(first.length).toBeLessThan(45);
    expect(await copies(42)).toEqual(first);
    expect(() => setup({ duplicate: 2 })).toThrow(/duplicate.*<=1/);
  });

  it('reorder delivers envelopes out of emission order, repeatably for a seed', async () => {
    const order = async (seed: number) => {
      const consumer = target();
      const { webhooks, emit } = setup({ reorder: true, seed });
      webhooks.register({ handler: consumer.handler, events: ['appointment.created'] });
      const sent = Array.from({ length: 10 }, () => emit().id);
      await webhooks.flush();
      return consumer.received.map((e) => sent.indexOf(e.id));
    };
    const arrived = await order(3);
    expect([...arrived].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(arrived).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(await order(3)).toEqual(arrived);
  });

  it('reorder spreads first attempts within windowMs on the clock', async () => {
    const { webhooks, emit } = setup({ reorder: { windowMs: 5_000 }, seed: 9 });
    webhooks.register({ handler: target().handler, events: ['appointment.created'] });
    for (let i = 0; i < 10; i++) emit();
    await webhooks.flush();
    for (const a of webhooks.attempts) expect(a.at - START).toBeLessThan(5_000);
  });
});

describe('lifecycle', () => {
  it('reset() drops endpoints, deliveries, the log and scheduled retries', async () => {
    const { webhooks, emit, clock } = setup();
    webhooks.register({ handler: target(500).handler, events: ['appointment.created'] });
    emit();
    await webhooks.settle();
    webhooks.reset();
    expect([webhooks.endpoints, webhooks.deliveries, webhooks.attempts]).toEqual([[], [], []]);
    await clock.advance(HOUR);
    expect(webhooks.attempts).toEqual([]);
    const endpoint: WebhookEndpoint = webhooks.register({
      handler: target().handler,
      events: ['appointment.created'],
    });
    expect(endpoint.id).toBe('we_1');
  });

  it('close() unsubscribes from the event source', () => {
    const { webhooks, listeners } = setup();
    expect(listeners.size).toBe(1);
    webhooks.close();
    expect(listeners.size).toBe(0);
  });
});
