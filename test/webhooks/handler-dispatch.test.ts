/**
 * How the handler runs `on[type]` and `onAny`, answers each outcome (200, 2xx to a ping, 500 on a
 * throw), reports failures to `onError` or the logger, and refuses options out of range.
 */
import { describe, expect, it, vi } from 'vitest';
import { ClinicError, ConfigurationError } from '../../src/core/errors/index.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../src/webhooks/options.ts';
import { answerOf, appointmentEvent, collectingHandler, pingEvent, post } from './fixtures.ts';

describe('dispatch', () => {
  it('an envelope with members of its own named status and body is still an event', async () => {
    const calls: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      onAny: (event) => void calls.push(event.type),
    });
    const event = appointmentEvent('appointment.created');
    const sent = { ...event, status: 401, body: { detail: 'x' } };
    expect(await answerOf(await handler(post(sent)))).toEqual({
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
    expect(await answerOf(await handler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(calls).toEqual(['cancelled cancelled POST', 'any appointment.cancelled']);
  });

  it('answers 200 to an event type that has no handler', async () => {
    const { handler, seen } = collectingHandler();
    const event = appointmentEvent('appointment.updated');
    expect(await answerOf(await handler(post(event)))).toEqual({
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
    expect(await answerOf(await withHandler(post(event)))).toEqual({
      status: 200,
      body: { status: 'processed', id: event.id },
    });
    expect(pings).toEqual(['Test event']);
    const { handler } = collectingHandler();
    expect((await handler(post(pingEvent()))).status).toBe(200);
  });

  it('answers 500 when a handler throws, so the service retries; the body holds no error text', async () => {
    const { handler, errors } = collectingHandler({
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
      detail: expect.any(String),
      id: event.id,
    });
    expect(text).not.toContain('Ana Souza');
    await handler.drain();
    expect(errors.map((e) => [(e.error as Error).message, e.event?.id])).toEqual([
      ['database down for Ana Souza', event.id],
    ]);
  });

  it('a throw in onAny is a failure too', async () => {
    const { handler } = collectingHandler({
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
