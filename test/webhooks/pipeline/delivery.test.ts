/**
 * The steps of one delivery (src/webhooks/pipeline/delivery.ts), without a clock: the receiver's time
 * limit and background retry are stand-ins that record what they were given.
 */
import { describe, expect, it } from 'vitest';
import { ClinicError } from '../../../src/core/errors/index.ts';
import { MemoryDedupeStore } from '../../../src/webhooks/dedupe/memory.ts';
import type { WebhookEvent } from '../../../src/webhooks/events.ts';
import {
  claimDelivery,
  isAnswer,
  processDelivery,
  type Receiver,
} from '../../../src/webhooks/pipeline/delivery.ts';
import { appointmentEvent, post } from '../fixtures.ts';

/** A receiver over `store` whose store time limit never passes (or always has, with `timedOut`). */
function receiverOf(store: MemoryDedupeStore, { timedOut = false, fail = false } = {}) {
  const reported: unknown[] = [];
  const persisted: string[] = [];
  const background: Promise<unknown>[] = [];
  const receiver: Receiver = {
    verify: 'unsigned',
    on: {
      'appointment.created': () => {
        if (fail) throw new Error('handler failed');
      },
    },
    store,
    leaseMs: 60_000,
    report: (error) => void reported.push(error),
    // The store's limit (no limitMs) has passed when timedOut; the lease-long wait never does.
    within: (call, what, limitMs) =>
      timedOut && limitMs === undefined ? Promise.reject(new ClinicError(`late: ${what}`)) : call,
    persist: (call, what) => {
      persisted.push(what);
      call();
    },
    track: (work) => void background.push(work),
  };
  return { receiver, reported, persisted, background };
}

describe('claimDelivery', () => {
  it('a claim confirmed after the delivery was abandoned is released, and the answer is 503', async () => {
    const store = new MemoryDedupeStore();
    const { receiver } = receiverOf(store);
    const event = appointmentEvent() as WebhookEvent;
    const result = await claimDelivery(receiver, event, () => true);
    expect(result).toEqual({
      status: 503,
      body: { detail: expect.any(String), id: event.id },
    });
    expect(store.size).toBe(0);
  });

  it('a claim past its time limit is 503; once it lands it is released', async () => {
    const store = new MemoryDedupeStore();
    const { receiver, reported, background } = receiverOf(store, { timedOut: true });
    const event = appointmentEvent() as WebhookEvent;
    const result = await claimDelivery(receiver, event, () => false);
    expect(isAnswer(result) && result.status).toBe(503);
    expect(reported.map((e) => (e as Error).message)).toEqual([`late: claim of event ${event.id}`]);
    await Promise.allSettled(background);
    // Released by the persisted release (the stand-in's time limit has always passed).
    expect(store.claim(event.id, 1_000, 'retry')).toBe('claimed');
  });
});

describe('claimDelivery after a store failure', () => {
  it('a claim applied though its reply was lost (the connection broke) is released under its token', async () => {
    const inner = new MemoryDedupeStore();
    const store = Object.assign(Object.create(inner) as MemoryDedupeStore, {
      claim(id: string, leaseMs: number, token: string) {
        inner.claim(id, leaseMs, token);
        throw new Error('Socket closed unexpectedly');
      },
      complete: (id: string) => inner.complete(id),
      release: (id: string, token: string) => inner.release(id, token),
    });
    const { receiver, reported, background } = receiverOf(store);
    const event = appointmentEvent() as WebhookEvent;
    const result = await claimDelivery(receiver, event, () => false);
    expect(isAnswer(result) && result.status).toBe(503);
    expect(reported.map((e) => (e as Error).message)).toEqual(['Socket closed unexpectedly']);
    await Promise.allSettled(background);
    expect(inner.claim(event.id, 1_000, 'the-retry')).toBe('claimed');
  });
});

describe('processDelivery', () => {
  it('a complete past its time limit still answers 200, and is handed to persist', async () => {
    const store = new MemoryDedupeStore();
    const event = appointmentEvent() as WebhookEvent;
    store.claim(event.id, 60_000, 'mine');
    const { receiver, persisted } = receiverOf(store, { timedOut: true });
    const answer = await processDelivery(
      receiver,
      event,
      { request: post(event) },
      { token: 'mine' },
    );
    expect(answer).toEqual({ status: 200, body: { status: 'processed', id: event.id } });
    expect(persisted).toEqual(['complete']);
    expect(store.claim(event.id, 1_000, 'later')).toBe('done');
  });

  it('a failing handler releases its own claim and answers 500', async () => {
    const store = new MemoryDedupeStore();
    const event = appointmentEvent() as WebhookEvent;
    store.claim(event.id, 60_000, 'mine');
    const { receiver, reported, background } = receiverOf(store, { fail: true });
    const answer = await processDelivery(
      receiver,
      event,
      { request: post(event) },
      { token: 'mine' },
    );
    expect(answer).toEqual({
      status: 500,
      body: { detail: expect.any(String), id: event.id },
    });
    await Promise.all(background);
    expect(reported.map((e) => (e as Error).message)).toEqual(['handler failed']);
    expect(store.claim(event.id, 1_000, 'retry')).toBe('claimed');
  });
});
