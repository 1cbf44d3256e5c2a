/**
 * What `createWebhookHandler` leaves behind once a delivery is answered and `drain()` resolved:
 * no timer (a timer left running keeps a short script or a serverless function alive), and no
 * work that `drain()` did not wait for (a late admission's claim, released in the background);
 * and the store its `dedupe` option gives.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebhookHandler, MemoryDedupeStore } from '../../src/webhooks/index.ts';
import { appointmentEvent, post } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('no timer is left once a delivery is answered and drained', () => {
  it('a processed delivery, with the default memory store and its time limits', async () => {
    vi.useFakeTimers();
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': () => {} },
    });
    const answered = handler(post(appointmentEvent()));
    await vi.advanceTimersByTimeAsync(0);
    expect((await answered).status).toBe(200);
    await handler.drain();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('drain() waits for a delivery answered 503 because its admission was late', () => {
  it('until its verify settles and its claim is released', async () => {
    let finishVerify: (ok: boolean) => void = () => {};
    const store = new MemoryDedupeStore();
    const errors: unknown[] = [];
    const handler = createWebhookHandler({
      ackAfterMs: 20,
      dedupe: store,
      verify: () =>
        new Promise<boolean>((resolve) => {
          finishVerify = resolve;
        }),
      onError: (error) => void errors.push(error),
    });
    expect((await handler(post(appointmentEvent()))).status).toBe(503);
    let drained = false;
    const drain = handler.drain().then(() => {
      drained = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(drained).toBe(false);
    finishVerify(true);
    await drain;
    expect(drained).toBe(true);
    expect(store.size).toBe(0);
  });
});

describe('the dedupe option', () => {
  it.each([
    ['not given', {}, 'duplicate'],
    ['null (from JavaScript)', { dedupe: null }, 'duplicate'],
    ['false', { dedupe: false }, 'processed'],
  ])('%s: a delivery sent twice is answered %s the second time', async (_name, extra, second) => {
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': () => {} },
      ...(extra as { dedupe?: false }),
    });
    const event = appointmentEvent();
    const first = await handler(post(event));
    expect(((await first.json()) as { status: string }).status).toBe('processed');
    const again = await handler(post(event));
    expect(((await again.json()) as { status: string }).status).toBe(second);
  });
});
