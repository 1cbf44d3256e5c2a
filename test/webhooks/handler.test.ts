import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClinicError, ConfigurationError } from '../../src/core/errors/index.ts';
import type { ClaimResult, DedupeStore } from '../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../src/webhooks/dedupe/memory.ts';
import {
  WebhookNotProcessedError,
  WebhookPayloadError,
  WebhookVerificationError,
} from '../../src/webhooks/errors.ts';
import type { WebhookEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../src/webhooks/options.ts';
import { appointmentEvent, pingEvent, post } from './fixtures.ts';

/** A handler whose errors are collected instead of logged. */
function setup(options: Partial<WebhookHandlerOptions> = {}) {
  const errors: Array<{ error: unknown; event?: WebhookEvent }> = [];
  const seen: WebhookEvent[] = [];
  const handler = createWebhookHandler({
    verify: 'unsigned',
    on: {
      'appointment.created': (event) => {
        seen.push(event);
      },
    },
    onError: (error, event) => {
      errors.push({ error, event });
    },
    ...options,
  });
  return { handler, errors, seen };
}

/** The 503 of a delivery whose event was not claimed before the ackAfterMs deadline. */
const NOT_IN_TIME = 'The event could not be claimed in time; retry later.';
const STORE_DOWN = 'The deduplication store is unavailable; retry later.';

async function answer(response: Response) {
  return { status: response.status, body: await response.json() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request checks', () => {
  it('answers 405 with Allow: POST to anything but POST', async () => {
    const { handler, seen } = setup();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await handler(new Request('https://consumer.example/webhooks', { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({ detail: 'Webhook deliveries are POST requests.' });
    }
    expect(seen).toEqual([]);
  });

  it('answers 415 to a Content-Type that is not JSON', async () => {
    const { handler, errors } = setup();
    const response = await handler(
      post(JSON.stringify(appointmentEvent()), { 'content-type': 'text/plain' }),
    );
    expect(await answer(response)).toEqual({
      status: 415,
      body: { detail: 'Webhook bodies are JSON: send Content-Type application/json.' },
    });
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookPayloadError)]);
  });

  it('accepts application/json with a charset, a +json type, and no Content-Type at all', async () => {
    const { handler, seen } = setup();
    for (const contentType of ['application/json; charset=utf-8', 'application/vnd.clinic+json']) {
      const response = await handler(post(appointmentEvent(), { 'content-type': contentType }));
      expect(response.status).toBe(200);
    }
    const bare = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify(appointmentEvent())),
    });
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await handler(bare)).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('answers 400 to a body that is not JSON or not UTF-8', async () => {
    const { handler } = setup();
    expect(await answer(await handler(post('{"id":')))).toEqual({
      status: 400,
      body: { detail: 'The webhook body is not valid JSON.', paths: [] },
    });
    const notUtf8 = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(await answer(await handler(notUtf8))).toEqual({
      status: 400,
      body: { detail: 'The webhook body is not valid UTF-8 text.', paths: [] },
    });
  });

  it('answers 413 to a body over the size cap, declared or streamed', async () => {
    const { handler, seen } = setup({ maxBodyBytes: 1000 });
    const big = JSON.stringify({ ...appointmentEvent(), padding: 'x'.repeat(2000) });
    expect(await answer(await handler(post(big)))).toEqual({
      status: 413,
      body: { detail: 'The body is larger than 1000 bytes.' },
    });
    // No Content-Length: the cap is enforced while reading the stream.
    const chunks = [
      new TextEncoder().encode(big.slice(0, 600)),
      new TextEncoder().encode(big.slice(600)),
    ];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect((await handler(streamed)).status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('cancels a body it will not read before answering 405 and 415, so the runtime can discard it', async () => {
    const { handler } = setup();
    const cancelled: string[] = [];
    const unread = (label: string) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        },
        cancel() {
          cancelled.push(label);
        },
      });
    const put = new Request('https://consumer.example/webhooks', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: unread('405'),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(put)).status).toBe(405);
    const text = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: unread('415'),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(text)).status).toBe(415);
    expect(cancelled).toEqual(['405', '415']);
  });

  it('cancels a body whose declared length is over the cap without reading it (413)', async () => {
    const { handler } = setup({ maxBodyBytes: 1000 });
    let pulled = 0;
    let cancelled = false;
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '5000' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1000));
        },
        cancel() {
          cancelled = true;
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(1); // the stream's own first pull, nothing read by the handler
  });

  it('reads a body that arrives in several chunks, byte for byte', async () => {
    const bodies: string[] = [];
    const { handler, seen } = setup({
      verify: (_request, rawBody) => {
        bodies.push(new TextDecoder().decode(rawBody));
        return true;
      },
    });
    const text = JSON.stringify(appointmentEvent(), null, 2);
    const bytes = new TextEncoder().encode(text);
    const thirds = [0, 1, 2].map((i) =>
      bytes.slice((i * bytes.length) / 3, ((i + 1) * bytes.length) / 3),
    );
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of thirds) controller.enqueue(part);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(200);
    expect(bodies).toEqual([text]);
    expect(seen).toHaveLength(1);
  });

  it('answers 408 to a body that trickles in past bodyTimeoutMs (5 s), and cancels it', async () => {
    vi.useFakeTimers();
    const { handler, seen, errors } = setup();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    let response: Response | undefined;
    const done = handler(request).then((r) => {
      response = r;
      return r;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer(await done)).toEqual({
      status: 408,
      body: { detail: 'The body did not arrive within 5000 ms.' },
    });
    expect(cancelled).toBe(true);
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookPayloadError)]);
    const tooLong = () => createWebhookHandler({ verify: 'unsigned', bodyTimeoutMs: 10_000 });
    expect(tooLong).toThrow(ConfigurationError);
    expect(tooLong).toThrow(/^bodyTimeoutMs .*10000 ms/);
  });

  it('answers 400 naming api_version when it is not v1', async () => {
    const { handler, seen } = setup();
    const response = await handler(post({ ...appointmentEvent(), api_version: 'v2' }));
    expect(await answer(response)).toEqual({
      status: 400,
      body: {
        detail: 'The body is not a webhook envelope of API v1; invalid: api_version.',
        paths: ['api_version'],
      },
    });
    expect(seen).toEqual([]);
  });

  it('answers 400 naming the paths of an envelope that breaks spec 6.1, without echoing values', async () => {
    const { handler } = setup();
    const event = appointmentEvent();
    const response = await handler(
      post({ ...event, data: { ...event.data, start_at: 'Ana Souza tomorrow' } }),
    );
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      detail: 'The body is not a webhook envelope of API v1; invalid: data.start_at.',
      paths: ['data.start_at'],
    });
    expect(text).not.toContain('Ana Souza');
  });
});

describe('the verify hook (the spec shows no signature scheme)', () => {
  it('is required: without verify, or with anything but a function or the opt-out, the handler refuses to start', () => {
    const missing = () => createWebhookHandler({ on: {} } as unknown as WebhookHandlerOptions);
    expect(missing).toThrow(ConfigurationError);
    // The message is the documented interface here: it names the option and the opt-out.
    expect(missing).toThrow(/verify.*'unsigned'/s);
    for (const verify of [true, 'none', null, {}]) {
      expect(() => createWebhookHandler({ verify } as unknown as WebhookHandlerOptions)).toThrow(
        ConfigurationError,
      );
    }
  });

  it("verify: 'unsigned' accepts every well-formed envelope unchecked (local tests)", async () => {
    const { handler, seen } = setup({ verify: 'unsigned' });
    expect((await handler(post(appointmentEvent()))).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('passes the request and the raw bytes; true accepts', async () => {
    const body = JSON.stringify(appointmentEvent());
    const verify = vi.fn((request: Request, rawBody: Uint8Array) => {
      return (
        request.headers.get('x-test-signature') === 'good' &&
        new TextDecoder().decode(rawBody) === body
      );
    });
    const { handler, seen } = setup({ verify });
    expect((await handler(post(body, { 'x-test-signature': 'good' }))).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('answers 401 when verify returns false, and handlers do not run', async () => {
    const { handler, seen, errors } = setup({ verify: () => false });
    expect(await answer(await handler(post(appointmentEvent())))).toEqual({
      status: 401,
      body: { detail: 'The request could not be verified.' },
    });
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookVerificationError)]);
    // Nothing was thrown: the error has no cause, not even an undefined one.
    expect(Object.hasOwn(errors[0]?.error as object, 'cause')).toBe(false);
  });

  it('answers 401 when verify throws or returns something other than true', async () => {
    const boom = new Error('bad key');
    const threw = setup({
      verify: () => {
        throw boom;
      },
    });
    expect((await threw.handler(post(appointmentEvent()))).status).toBe(401);
    await threw.handler.drain();
    expect(threw.errors.map((e) => (e.error as Error).cause)).toEqual([boom]);
    const truthy = setup({ verify: (() => 'yes') as unknown as () => boolean });
    expect((await truthy.handler(post(appointmentEvent()))).status).toBe(401);
  });

  it('runs before the body is parsed: an unverified body that is not JSON gets 401, not 400', async () => {
    const { handler } = setup({ verify: async () => false });
    expect((await handler(post('not json'))).status).toBe(401);
  });
});

describe('dispatch', () => {
  it('an envelope with members of its own named status and body is still an event', async () => {
    const calls: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      onAny: (event) => void calls.push(event.type),
    });
    const event = appointmentEvent('appointment.created');
    const sent = { ...event, status: 401, body: { detail: 'x' } };
    expect(await answer(await handler(post(sent)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(calls).toEqual(['appointment.created']);
  });

  it('runs on[type] with the typed event, then onAny, and answers 200 processed', async () => {
    const calls: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.cancelled': (event, context) => {
          calls.push(`cancelled ${event.data.status} ${context.request.method}`);
        },
      },
      onAny: (event) => {
        calls.push(`any ${event.type}`);
      },
    });
    const event = appointmentEvent('appointment.cancelled', { status: 'cancelled' });
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(calls).toEqual(['cancelled cancelled POST', 'any appointment.cancelled']);
  });

  it('answers 200 to an event type that has no handler', async () => {
    const { handler, seen } = setup();
    const event = appointmentEvent('appointment.updated');
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(seen).toEqual([]);
  });

  it('answers 2xx to a ping, with or without a ping handler', async () => {
    const pings: string[] = [];
    const withHandler = createWebhookHandler({
      verify: 'unsigned',
      on: { ping: (event) => void pings.push(event.data.message) },
    });
    const event = pingEvent();
    expect(await answer(await withHandler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(pings).toEqual(['Test event']);
    const { handler } = setup();
    expect((await handler(post(pingEvent()))).status).toBe(200);
  });

  it('answers 500 when a handler throws, so the service retries; the body holds no error text', async () => {
    const { handler, errors } = setup({
      on: {
        'appointment.created': () => {
          throw new Error('database down for Ana Souza');
        },
      },
    });
    const event = appointmentEvent();
    const response = await handler(post(event));
    const text = await response.text();
    expect(response.status).toBe(500);
    expect(JSON.parse(text)).toEqual({
      detail: 'A handler failed; the service will retry this delivery.',
      id: event.id,
    });
    expect(text).not.toContain('Ana Souza');
    await handler.drain();
    expect(errors.map((e) => [(e.error as Error).message, e.event?.id])).toEqual([
      ['database down for Ana Souza', event.id],
    ]);
  });

  it('a throw in onAny is a failure too', async () => {
    const { handler } = setup({
      onAny: () => {
        throw new Error('x');
      },
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(500);
  });

  it('refuses an on key that is not an event type, and options out of range', () => {
    expect(() =>
      createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.canceled': () => {} } as never,
      }),
    ).toThrow(/^on\['appointment\.canceled'\] .*appointment\.cancelled/);
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: 10_000 })).toThrow(
      ConfigurationError,
    );
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: -1 })).toThrow(
      ConfigurationError,
    );
    expect(() => createWebhookHandler({ verify: 'unsigned', maxBodyBytes: 0 })).toThrow(
      ConfigurationError,
    );
    expect(() => createWebhookHandler({ verify: 'unsigned', dedupeLeaseMs: 0 })).toThrow(
      ConfigurationError,
    );
    // Each names its option and the limit it broke (the texts: test/messages.test.ts).
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: 10_000 })).toThrow(
      /^ackAfterMs .*10000 ms/,
    );
    expect(() => createWebhookHandler({ verify: 'unsigned', maxBodyBytes: 1.5 })).toThrow(
      /^maxBodyBytes .*integer/,
    );
    expect(() => createWebhookHandler({ verify: 'unsigned', dedupeLeaseMs: Number.NaN })).toThrow(
      /^dedupeLeaseMs /,
    );
    expect(() => createWebhookHandler(undefined as never)).toThrow(ConfigurationError);
  });

  it('every error it throws for bad options is a ClinicError', () => {
    const bad: WebhookHandlerOptions[] = [
      { verify: 'unsigned', on: { nope: () => {} } as never },
      { verify: 'unsigned', ackAfterMs: 10_000 },
      { verify: 'unsigned', maxBodyBytes: -1 },
      { verify: 'unsigned', dedupeLeaseMs: -1 },
      null as never,
    ];
    for (const options of bad) {
      expect(() => createWebhookHandler(options)).toThrow(ClinicError);
    }
  });

  it('an onError that throws does not change the answer', async () => {
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          throw new Error('x');
        },
      },
      onError: () => {
        throw new Error('logging failed');
      },
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(500);
    await handler.drain();
  });

  it('logs to the logger (console by default) when no onError is given, naming the event but not its data', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const handler = createWebhookHandler({
        verify: 'unsigned',
        on: {
          'appointment.created': () => {
            throw new Error('x');
          },
        },
      });
      const event = appointmentEvent();
      await handler(post(event));
      await handler.drain();
      expect(spy).toHaveBeenCalledTimes(1);
      const [line, { error: _, ...fields }] = spy.mock.calls[0] as [string, object & { error: 0 }];
      expect(typeof line).toBe('string'); // its wording: test/messages.test.ts
      expect(fields).toMatchObject({ eventId: event.id, eventType: 'appointment.created' });
      const text = JSON.stringify([line, fields]);
      for (const data of [event.data.id, event.data.patient!.name])
        expect(text).not.toContain(data);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('spec 6.3 rule 1: deduplication by envelope id', () => {
  it('a duplicate of a processed event is answered 200 without running handlers', async () => {
    const { handler, seen } = setup();
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(seen).toHaveLength(1);
  });

  it('the same appointment in another event (another id) is processed', async () => {
    const { handler, seen } = setup();
    await handler(post(appointmentEvent()));
    await handler(post(appointmentEvent()));
    expect(seen).toHaveLength(2);
  });

  it('a delivery whose handler failed is released, so the retry runs the handlers', async () => {
    let fail = true;
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': (event) => {
          runs.push(event.id);
          if (fail) throw new Error('transient');
        },
      },
      onError: () => {},
    });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(500);
    fail = false;
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect((await handler(post(event))).status).toBe(200);
    expect(runs).toEqual([event.id, event.id]);
  });

  it('a duplicate arriving while the first is running gets 409 with Retry-After, not 2xx', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async (event) => {
          runs.push(event.id);
          await gate;
        },
      },
      ackAfterMs: false,
    });
    const event = appointmentEvent();
    const first = handler(post(event));
    await vi.waitFor(() => expect(runs).toHaveLength(1));
    const second = await handler(post(event));
    expect(second.status).toBe(409);
    expect(second.headers.get('retry-after')).toBe('60');
    expect(await second.json()).toEqual({
      detail: 'An earlier delivery of this event is still being processed; retry later.',
      id: event.id,
    });
    finish();
    expect((await first).status).toBe(200);
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(runs).toHaveLength(1);
  });

  it('a claim left by a process that died expires after dedupeLeaseMs', async () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    const event = appointmentEvent();
    expect(store.claim(event.id, 60_000, 'the-dead-process')).toBe('claimed');
    const { handler, seen } = setup({ dedupe: store, dedupeLeaseMs: 60_000 });
    expect((await handler(post(event))).status).toBe(409);
    now = 60_000;
    expect((await handler(post(event))).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('passes dedupeLeaseMs to the store, completes on success, releases on failure', async () => {
    const calls: string[] = [];
    const store: DedupeStore = {
      claim: (id, lease): ClaimResult => {
        calls.push(`claim ${id.slice(-2)} ${lease}`);
        return 'claimed';
      },
      complete: (id) => void calls.push(`complete ${id.slice(-2)}`),
      release: (id) => void calls.push(`release ${id.slice(-2)}`),
    };
    let fail = false;
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          if (fail) throw new Error('x');
        },
      },
      dedupe: store,
      dedupeLeaseMs: 1234,
      onError: () => {},
    });
    const ok = appointmentEvent();
    await handler(post(ok));
    fail = true;
    const bad = appointmentEvent();
    await handler(post(bad));
    expect(calls).toEqual([
      `claim ${ok.id.slice(-2)} 1234`,
      `complete ${ok.id.slice(-2)}`,
      `claim ${bad.id.slice(-2)} 1234`,
      `release ${bad.id.slice(-2)}`,
    ]);
  });

  it('claims under a token of its own per delivery, and releases with that token', async () => {
    const claims: Array<[string, string]> = [];
    const releases: Array<[string, string]> = [];
    const store: DedupeStore = {
      claim: (id, _lease, token): ClaimResult => {
        claims.push([id, token]);
        return 'claimed';
      },
      complete: () => {},
      release: (id, token) => void releases.push([id, token]),
    };
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          throw new Error('x');
        },
      },
      dedupe: store,
      onError: () => {},
    });
    const event = appointmentEvent();
    await handler(post(event));
    await handler(post(event));
    expect(claims).toHaveLength(2);
    expect(claims[0]![1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims[0]![1]).not.toBe(claims[1]![1]);
    expect(releases).toEqual(claims);
  });

  it('a delivery whose lease ran out does not release the claim of the delivery that took over', async () => {
    let now = 0;
    const store = new MemoryDedupeStore({ now: () => now });
    const gates: Array<() => void> = [];
    const runs: string[] = [];
    let attempt = 0;
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async () => {
          attempt += 1;
          const mine = attempt;
          runs.push(`start ${mine}`);
          await new Promise<void>((resolve) => gates.push(resolve));
          if (mine === 1) throw new Error('the first delivery fails, late');
          runs.push(`done ${mine}`);
        },
      },
      dedupe: store,
      dedupeLeaseMs: 60_000,
      ackAfterMs: false,
      onError: () => {},
    });
    const event = appointmentEvent();
    const first = handler(post(event));
    await vi.waitFor(() => expect(runs).toEqual(['start 1']));
    now = 60_000; // the first delivery's lease ends while its handler still runs
    const second = handler(post(event));
    await vi.waitFor(() => expect(runs).toEqual(['start 1', 'start 2']));
    gates[0]!(); // the first fails and releases: it must not release the second's claim
    expect((await first).status).toBe(500);
    const third = await handler(post(event));
    expect(third.status).toBe(409);
    expect(runs).toEqual(['start 1', 'start 2']);
    gates[1]!();
    expect((await second).status).toBe(200);
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
  });

  it('answers 503 when the store cannot claim, without running handlers', async () => {
    const down: DedupeStore = {
      claim: async () => {
        throw new Error('ECONNREFUSED');
      },
      complete: async () => {},
      release: async () => {},
    };
    const { handler, seen, errors } = setup({ dedupe: down });
    const event = appointmentEvent();
    expect(await answer(await handler(post(event)))).toEqual({
      status: 503,
      body: { detail: 'The deduplication store is unavailable; retry later.', id: event.id },
    });
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => (e.error as Error).message)).toEqual(['ECONNREFUSED']);
  });

  it('answers 200 when the handlers succeeded but complete failed (a retry would run them again); gives up on complete when the lease ends', async () => {
    vi.useFakeTimers();
    const completes: number[] = [];
    const started = Date.now();
    const store: DedupeStore = {
      claim: () => 'claimed',
      complete: async () => {
        completes.push(Date.now() - started);
        throw new Error('store down');
      },
      release: () => {},
    };
    const { handler, errors } = setup({ dedupe: store, dedupeLeaseMs: 5_000 });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    await vi.advanceTimersByTimeAsync(10_000);
    await handler.drain();
    // Tried again after 100 ms, then after waits doubling up to storeTimeoutMs (2 s), while
    // the lease (5 s) has not ended when the wait begins.
    expect(completes).toEqual([0, 100, 300, 700, 1500, 3100, 5100]);
    expect(errors.map((e) => (e.error as Error).message)).toEqual([
      'store down',
      `The dedupe store could not complete event ${event.id} within its lease (5000 ms).`,
    ]);
  });

  it('the same uuid in upper- and lower-case hex is one event, in any store (ids reach it lower-cased)', async () => {
    const keys: string[] = [];
    const inner = new MemoryDedupeStore();
    const recording: DedupeStore = {
      claim: (id, leaseMs, token) => {
        keys.push(id);
        return inner.claim(id, leaseMs, token);
      },
      complete: (id) => inner.complete(id),
      release: (id, token) => inner.release(id, token),
    };
    for (const dedupe of [new MemoryDedupeStore(), recording]) {
      const { handler, seen } = setup({ dedupe });
      const event = appointmentEvent();
      event.id = event.id.replace('evt_00000000', 'evt_abcdef0a'); // hex letters
      const upper = { ...event, id: `evt_${event.id.slice(4).toUpperCase()}` };
      expect((await handler(post(upper))).status).toBe(200);
      expect(await answer(await handler(post(event)))).toEqual({
        status: 200,
        body: { status: 'duplicate', id: event.id },
      });
      expect(seen).toHaveLength(1);
    }
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(keys[0]!.toLowerCase());
  });

  it('dedupe: false runs the handlers on every delivery', async () => {
    const { handler, seen } = setup({ dedupe: false });
    const event = appointmentEvent();
    await handler(post(event));
    await handler(post(event));
    expect(seen).toHaveLength(2);
  });
});

describe('spec 6.3 rule 2: an answer within 10 s (ackAfterMs)', () => {
  function slow(ms: number, fail = false) {
    const finished: string[] = [];
    const errors: unknown[] = [];
    const store = new MemoryDedupeStore();
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async (event) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          if (fail) throw new Error('late failure');
          finished.push(event.id);
        },
      },
      dedupe: store,
      onError: (error) => void errors.push(error),
    });
    return { handler, finished, errors, store };
  }

  it('answers 202 accepted at 9 s by default while the handler goes on, then marks it done', async () => {
    vi.useFakeTimers();
    const { handler, finished, store } = slow(15_000);
    const event = appointmentEvent();
    let settled = false;
    const pending = handler(post(event)).then((r) => {
      settled = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(8_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer(await pending)).toEqual({
      status: 202,
      body: { status: 'accepted', id: event.id },
    });
    expect(handler.pending).toBe(1);
    expect(finished).toEqual([]);
    // A duplicate while it still runs: not acknowledged as done.
    expect((await handler(post(event))).status).toBe(409);
    await vi.advanceTimersByTimeAsync(6_000);
    await handler.drain();
    expect(finished).toEqual([event.id]);
    expect(store.claim(event.id, 1000, 'a-later-delivery')).toBe('done');
  });

  it('a handler that fails after the 202 reaches onError and its claim is released', async () => {
    vi.useFakeTimers();
    const { handler, errors, store } = slow(12_000, true);
    const event = appointmentEvent();
    const pending = handler(post(event));
    await vi.advanceTimersByTimeAsync(9_000);
    expect((await pending).status).toBe(202);
    await vi.advanceTimersByTimeAsync(3_000);
    await handler.drain();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('late failure');
    // Released: a redelivery of this event would be processed.
    expect(store.claim(event.id, 1000, 'a-later-delivery')).toBe('claimed');
  });

  it('a handler that finishes before ackAfterMs gets its own answer (200 or 500)', async () => {
    vi.useFakeTimers();
    const ok = slow(8_000);
    const answered = ok.handler(post(appointmentEvent()));
    await vi.advanceTimersByTimeAsync(8_000);
    expect((await answered).status).toBe(200);
    const bad = slow(8_000, true);
    const failed = bad.handler(post(appointmentEvent()));
    await vi.advanceTimersByTimeAsync(8_000);
    expect((await failed).status).toBe(500);
  });

  it('honours a custom ackAfterMs, and false waits for the handlers', async () => {
    vi.useFakeTimers();
    const early = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': () => new Promise((r) => setTimeout(r, 5_000)) },
      ackAfterMs: 2_000,
    });
    const a = early(post(appointmentEvent()));
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await a).status).toBe(202);
    await vi.advanceTimersByTimeAsync(3_000);
    await early.drain();

    const waits = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': () => new Promise((r) => setTimeout(r, 30_000)) },
      ackAfterMs: false,
    });
    let done = false;
    const b = waits(post(appointmentEvent())).then((r) => {
      done = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await b).status).toBe(200);
  });
});

describe('spec 6.3 rule 2: the ackAfterMs deadline runs from the arrival of the request', () => {
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** A memory store whose claim answers after `ms`. */
  function slowStore(ms: number) {
    const inner = new MemoryDedupeStore();
    const store: DedupeStore = {
      claim: async (id, leaseMs, token) => {
        await sleep(ms);
        return inner.claim(id, leaseMs, token);
      },
      complete: (id) => inner.complete(id),
      release: (id, token) => inner.release(id, token),
    };
    return { store, inner };
  }

  /** A handler whose appointment.created takes `handlerMs`; its answer, timed. */
  function timed(options: Partial<WebhookHandlerOptions>, handlerMs: number) {
    const finished: string[] = [];
    const errors: Array<{ error: unknown; event?: WebhookEvent }> = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': async (event) => {
          if (handlerMs > 0) await sleep(handlerMs);
          finished.push(event.id);
        },
      },
      onError: (error, event) => void errors.push({ error, event }),
      ...options,
    });
    const send = (event: WebhookEvent) => {
      const result: { response?: Response } = {};
      const done = handler(post(event)).then((response) => {
        result.response = response;
        return response;
      });
      return { result, done };
    };
    return { handler, finished, errors, send };
  }

  /**
   * Sends `event`; asserts no answer at 8,999 ms, 202 accepted at 9,000 ms from arrival, and
   * the handler finished once drained.
   */
  async function expectAckAtNineSeconds(setup: ReturnType<typeof timed>, event: WebhookEvent) {
    const { result, done } = setup.send(event);
    await vi.advanceTimersByTimeAsync(8_999);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer(await done)).toEqual({
      status: 202,
      body: { status: 'accepted', id: event.id },
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await setup.handler.drain();
    expect(setup.finished).toEqual([event.id]);
  }

  it('a slow verify and a slow handler that together pass 9 s get the 202 at 9 s from arrival', async () => {
    vi.useFakeTimers();
    const setup = timed(
      {
        verify: async () => {
          await sleep(5_000);
          return true;
        },
      },
      5_000,
    );
    await expectAckAtNineSeconds(setup, appointmentEvent());
  });

  it('a slow dedupe store and a slow handler that together pass 9 s get the 202 at 9 s from arrival', async () => {
    vi.useFakeTimers();
    const { store, inner } = slowStore(1_500);
    const event = appointmentEvent();
    await expectAckAtNineSeconds(timed({ dedupe: store }, 8_000), event);
    expect(inner.claim(event.id, 1000, 'a-later-delivery')).toBe('done');
  });

  it('a verify slower than ackAfterMs: 503 at 9 s, never claimed, no handler runs', async () => {
    vi.useFakeTimers();
    const { store, inner } = slowStore(0);
    const { handler, finished, errors, send } = timed(
      {
        dedupe: store,
        verify: async () => {
          await sleep(20_000);
          return true;
        },
      },
      0,
    );
    const event = appointmentEvent();
    const { done } = send(event);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(await answer(await done)).toEqual({
      status: 503,
      body: { detail: NOT_IN_TIME },
    });
    await vi.advanceTimersByTimeAsync(11_000);
    await handler.drain();
    expect(finished).toEqual([]);
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookNotProcessedError)]);
    expect((errors[0]!.error as Error).message).toMatch(/ackAfterMs \(9000 ms\)/);
    // Never claimed: the service's retry is processed.
    expect(inner.claim(event.id, 1000, 'the-retry')).toBe('claimed');
  });

  it('a verify that refuses after the deadline: 503 at 9 s, then 401 is reported', async () => {
    vi.useFakeTimers();
    const { handler, finished, errors, send } = timed(
      {
        verify: async () => {
          await sleep(20_000);
          return false;
        },
      },
      0,
    );
    const { done } = send(appointmentEvent());
    await vi.advanceTimersByTimeAsync(9_000);
    expect((await done).status).toBe(503);
    await vi.advanceTimersByTimeAsync(11_000);
    await handler.drain();
    expect(finished).toEqual([]);
    expect(errors.map((e) => e.error)).toEqual([
      expect.any(WebhookNotProcessedError),
      expect.any(WebhookVerificationError),
    ]);
  });

  it('a claim held by another delivery before the deadline is still answered 409', async () => {
    vi.useFakeTimers();
    const { store, inner } = slowStore(1_000);
    const { handler, errors, send } = timed({ dedupe: store }, 0);
    const event = appointmentEvent();
    inner.claim(event.id, 60_000, 'another-delivery');
    const { done } = send(event);
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await done).status).toBe(409);
    await handler.drain();
    expect(errors).toEqual([]);
  });

  it('early answers clear the deadline: nothing is left pending', async () => {
    vi.useFakeTimers();
    const { handler } = timed({}, 0);
    const response = await handler(new Request('https://consumer.example/webhooks'));
    expect(response.status).toBe(405);
    expect(vi.getTimerCount()).toBe(0);
    expect(handler.pending).toBe(0);
  });
});

describe('never 2xx before the claim is secured (storeTimeoutMs)', () => {
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  /** A memory store whose every call answers after `ms` (never, for Infinity). */
  function delayed(ms: number, inner = new MemoryDedupeStore()) {
    const wait = () => (ms === Number.POSITIVE_INFINITY ? new Promise<void>(() => {}) : sleep(ms));
    const store: DedupeStore = {
      claim: async (id, leaseMs, token) => {
        await wait();
        return inner.claim(id, leaseMs, token);
      },
      complete: (id) => inner.complete(id),
      release: (id, token) => inner.release(id, token),
    };
    return { store, inner };
  }

  /** Sends `event`; the answer once it comes, and whether it came yet. */
  function send(handler: ReturnType<typeof createWebhookHandler>, event: WebhookEvent) {
    const result: { response?: Response } = {};
    const done = handler(post(event)).then((response) => {
      result.response = response;
      return response;
    });
    return { result, done };
  }

  it('a store that hangs: no answer before 2,000 ms, then 503 (never 202), and no handler runs', async () => {
    vi.useFakeTimers();
    const { store } = delayed(Number.POSITIVE_INFINITY);
    const { handler, seen, errors } = setup({ dedupe: store });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer(await done)).toEqual({
      status: 503,
      body: { detail: STORE_DOWN, id: event.id },
    });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(seen).toEqual([]);
    expect(errors.map((e) => e.error)).toEqual([expect.any(ClinicError)]);
    expect((errors[0]!.error as Error).message).toMatch(/claim .* 2000 ms \(storeTimeoutMs\)/);
  });

  it('a MemoryDedupeStore full of claims in progress answers 503; the claim held is kept', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { handler, seen, errors } = setup({
      dedupe: new MemoryDedupeStore({ maxEntries: 1 }),
      ackAfterMs: false,
      on: {
        'appointment.created': async (event) => {
          seen.push(event);
          await gate;
        },
      },
    });
    const running = appointmentEvent();
    const first = handler(post(running));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const other = appointmentEvent();
    expect(await answer(await handler(post(other)))).toEqual({
      status: 503,
      body: { detail: STORE_DOWN, id: other.id },
    });
    expect((await handler(post(running))).status).toBe(409);
    finish();
    expect((await first).status).toBe(200);
    expect((await handler(post(other))).status).toBe(200);
    await handler.drain();
    expect((errors[0]!.error as Error).message).toMatch(/^MemoryDedupeStore is full/);
  });

  it('a store slower than ackAfterMs is answered 503 at the deadline, not 202', async () => {
    vi.useFakeTimers();
    const { store, inner } = delayed(Number.POSITIVE_INFINITY);
    const { handler, seen, errors } = setup({ dedupe: store, ackAfterMs: 500 });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(499);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer(await done)).toEqual({
      status: 503,
      body: { detail: NOT_IN_TIME, id: event.id },
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toEqual([]);
    expect(errors[0]!.error).toBeInstanceOf(WebhookNotProcessedError);
    expect(errors[0]!.event?.id).toBe(event.id);
    expect(inner.size).toBe(0);
  });

  it('honours storeTimeoutMs, and refuses one that is not below the 10 s limit', async () => {
    vi.useFakeTimers();
    const { store } = delayed(Number.POSITIVE_INFINITY);
    const { handler } = setup({ dedupe: store, storeTimeoutMs: 300 });
    const { result, done } = send(handler, appointmentEvent());
    await vi.advanceTimersByTimeAsync(299);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).status).toBe(503);
    for (const storeTimeoutMs of [0, -1, 10_000, Number.NaN]) {
      const refused = () => createWebhookHandler({ verify: 'unsigned', storeTimeoutMs });
      expect(refused).toThrow(ConfigurationError);
      expect(refused).toThrow(/^storeTimeoutMs .*10000 ms.*ackAfterMs/);
    }
  });

  it('a claim that lands after its time limit is released at once: the retry is processed', async () => {
    vi.useFakeTimers();
    const { store, inner } = delayed(5_000);
    const { handler, seen } = setup({ dedupe: store });
    const event = appointmentEvent();
    const { done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(2_000);
    expect((await done).status).toBe(503);
    await vi.advanceTimersByTimeAsync(3_000);
    await handler.drain();
    expect(seen).toEqual([]);
    expect(inner.size).toBe(0);
    // The service retries (the store answers at once now): processed once.
    const retry = setup({ dedupe: inner });
    expect(await answer(await retry.handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(retry.seen).toHaveLength(1);
  });

  it('a complete that fails is retried in the background until it lands; a duplicate meanwhile gets 409', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let failures = 3;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: async (id) => {
        if (failures-- > 0) throw new Error('connection reset');
        inner.complete(id);
      },
      release: (id, token) => inner.release(id, token),
    };
    const { handler, seen, errors } = setup({ dedupe: store });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(200);
    expect((await handler(post(event))).status).toBe(409);
    expect(handler.pending).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1_000);
    await handler.drain();
    expect(await answer(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'duplicate', id: event.id },
    });
    expect(seen).toHaveLength(1);
    expect(errors.map((e) => (e.error as Error).message)).toEqual(['connection reset']);
  });

  it('a complete that hangs does not hold the answer past storeTimeoutMs', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let hang = true;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => (hang ? new Promise<void>(() => {}) : inner.complete(id)),
      release: (id, token) => inner.release(id, token),
    };
    const { handler } = setup({ dedupe: store });
    const event = appointmentEvent();
    const { result, done } = send(handler, event);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(result.response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((await done).status).toBe(200);
    hang = false;
    await vi.advanceTimersByTimeAsync(10_000);
    await handler.drain();
    expect(inner.claim(event.id, 1_000, 'later')).toBe('done');
  });

  it('a failed handler is answered 500 at once, never held up by its release (the deadline could turn it into a 202)', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => inner.complete(id),
      release: () => new Promise<void>(() => {}),
    };
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': () => {
          throw new Error('transient');
        },
      },
      dedupe: store,
      storeTimeoutMs: 900,
      ackAfterMs: 1_000,
      onError: () => {},
    });
    const { result } = send(handler, appointmentEvent());
    await vi.advanceTimersByTimeAsync(0);
    expect(result.response?.status).toBe(500);
  });

  it('a release that fails is retried too, so the retry of a failed handler is processed', async () => {
    vi.useFakeTimers();
    const inner = new MemoryDedupeStore();
    let failures = 2;
    let fail = true;
    const store: DedupeStore = {
      claim: (id, leaseMs, token) => inner.claim(id, leaseMs, token),
      complete: (id) => inner.complete(id),
      release: async (id, token) => {
        if (failures-- > 0) throw new Error('connection reset');
        inner.release(id, token);
      },
    };
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: {
        'appointment.created': (event) => {
          runs.push(event.id);
          if (fail) throw new Error('transient');
        },
      },
      dedupe: store,
      onError: () => {},
    });
    const event = appointmentEvent();
    expect((await handler(post(event))).status).toBe(500);
    await vi.advanceTimersByTimeAsync(1_000);
    await handler.drain();
    fail = false;
    expect((await handler(post(event))).status).toBe(200);
    expect(runs).toEqual([event.id, event.id]);
  });
});
