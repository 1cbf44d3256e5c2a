/**
 * Pins of what the webhook handler tells `onError` (issue 11, item 0), through
 * `createWebhookHandler`: why `verify` refused, a body over the cap, a dedupe store whose
 * release fails, and nothing about a store when `dedupe: false`.
 */
import { describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  type DedupeStore,
  WebhookPayloadError,
  WebhookVerificationError,
} from '../../src/webhooks/index.ts';
import { appointmentEvent, post } from './fixtures.ts';

function collecting() {
  const errors: unknown[] = [];
  return {
    errors,
    onError: (error: unknown) => {
      errors.push(error);
    },
  };
}

describe('what onError is told', () => {
  it('verify returning false: a WebhookVerificationError without a cause', async () => {
    const { errors, onError } = collecting();
    const handler = createWebhookHandler({ verify: () => false, onError });
    expect((await handler(post(appointmentEvent()))).status).toBe(401);
    await handler.drain();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WebhookVerificationError);
    expect((errors[0] as Error).message).toMatch(/did not return true/);
    expect((errors[0] as Error).cause).toBeUndefined();
  });

  it('verify throwing: a WebhookVerificationError whose cause is the throw', async () => {
    const { errors, onError } = collecting();
    const thrown = new Error('bad signature header');
    const handler = createWebhookHandler({
      verify: () => {
        throw thrown;
      },
      onError,
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(401);
    await handler.drain();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toMatch(/threw/);
    expect((errors[0] as Error).cause).toBe(thrown);
  });

  it('a body over maxBodyBytes: a WebhookPayloadError', async () => {
    const { errors, onError } = collecting();
    const handler = createWebhookHandler({ verify: 'unsigned', maxBodyBytes: 10, onError });
    expect((await handler(post(appointmentEvent()))).status).toBe(413);
    await handler.drain();
    expect(errors).toEqual([expect.any(WebhookPayloadError)]);
    expect((errors[0] as Error).message).toContain('10 bytes');
  });

  it('a store whose release fails once after a handler failed: both, and the answer is 500', async () => {
    const { errors, onError } = collecting();
    const handlerError = new Error('handler failed');
    const storeError = new Error('store down');
    let failures = 1;
    const store: DedupeStore = {
      claim: () => 'claimed',
      complete: () => {},
      release: () => {
        // Fails once; the handler retries a release in the background until it lands.
        if (failures-- > 0) throw storeError;
      },
    };
    const handler = createWebhookHandler({
      verify: 'unsigned',
      dedupe: store,
      onAny: () => {
        throw handlerError;
      },
      onError,
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(500);
    await handler.drain();
    expect(errors).toEqual([handlerError, storeError]); // the 500 first, never held up by the release
  });

  it('dedupe: false: a handler failure alone, and nothing on success', async () => {
    const { errors, onError } = collecting();
    const handlerError = new Error('handler failed');
    let fail = true;
    const handler = createWebhookHandler({
      verify: 'unsigned',
      dedupe: false,
      onAny: () => {
        if (fail) throw handlerError;
      },
      onError,
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(500);
    fail = false;
    expect((await handler(post(appointmentEvent()))).status).toBe(200);
    await handler.drain();
    expect(errors).toEqual([handlerError]);
  });
});

describe('ackAfterMs bounds', () => {
  it('accepts 0 (answer 202 at once when nothing is ready) and 9999; refuses 10000', () => {
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: 0 })).not.toThrow();
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: 9_999 })).not.toThrow();
    expect(() => createWebhookHandler({ verify: 'unsigned', ackAfterMs: 10_000 })).toThrow(
      /ackAfterMs/,
    );
  });
});
