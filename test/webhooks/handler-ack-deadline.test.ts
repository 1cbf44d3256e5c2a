/**
 * Spec 6.3 rule 2 in the handler: an answer within 10 s, `202 accepted` at `ackAfterMs` (9 s by
 * default, counted from the request's arrival) while the handlers go on.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DedupeStore } from '../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../src/webhooks/dedupe/memory.ts';
import { WebhookNotProcessedError, WebhookVerificationError } from '../../src/webhooks/errors.ts';
import type { WebhookEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../src/webhooks/options.ts';
import { answerOf, appointmentEvent, post } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** The 503 of a delivery whose event was not claimed before the ackAfterMs deadline. */
/** The 503 of a claim not made in time (messages.test.ts pins its words). */
const NOT_IN_TIME = expect.any(String);

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
    expect(await answerOf(await pending)).toEqual({
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
    expect(await answerOf(await done)).toEqual({
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
    expect(await answerOf(await done)).toEqual({
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
