/**
 * The handler's `verify` hook (the spec shows no signature scheme): required, called with the
 * request and its raw bytes before the body is parsed, and a 401 for anything but `true`.
 */
import { describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { WebhookVerificationError } from '../../src/webhooks/errors.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../src/webhooks/options.ts';
import { answerOf, appointmentEvent, collectingHandler, post } from './fixtures.ts';

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
    const { handler, seen } = collectingHandler({ verify: 'unsigned' });
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
    const { handler, seen } = collectingHandler({ verify });
    expect((await handler(post(body, { 'x-test-signature': 'good' }))).status).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    expect(seen).toHaveLength(1);
  });

  it('answers 401 when verify returns false, and handlers do not run', async () => {
    const { handler, seen, errors } = collectingHandler({ verify: () => false });
    expect(await answerOf(await handler(post(appointmentEvent())))).toEqual({
      status: 401,
      body: { detail: expect.any(String) },
    });
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookVerificationError)]);
    // Nothing was thrown: the error has no cause, not even an undefined one.
    expect(Object.hasOwn(errors[0]?.error as object, 'cause')).toBe(false);
  });

  it('answers 401 when verify throws or returns something other than true', async () => {
    const boom = new Error('bad key');
    const threw = collectingHandler({
      verify: () => {
        throw boom;
      },
    });
    expect((await threw.handler(post(appointmentEvent()))).status).toBe(401);
    await threw.handler.drain();
    expect(threw.errors.map((e) => (e.error as Error).cause)).toEqual([boom]);
    const truthy = collectingHandler({ verify: (() => 'yes') as unknown as () => boolean });
    expect((await truthy.handler(post(appointmentEvent()))).status).toBe(401);
  });

  it('runs before the body is parsed: an unverified body that is not JSON gets 401, not 400', async () => {
    const { handler } = collectingHandler({ verify: async () => false });
    expect((await handler(post('not json'))).status).toBe(401);
  });
});
