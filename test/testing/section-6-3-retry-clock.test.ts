/**
 * Spec 6.3 rule 3 whatever the order of calls (issue 30 item 2): every clock move first settles
 * the attempts in flight, so creating and then moving the clock at once, without `settle()`,
 * keeps the schedule 1, 5, 30, 120, 360 minutes.
 */
import { describe, expect, test } from 'vitest';
import { WEBHOOK_DELIVERY } from '../../src/webhooks/delivery-schedule.ts';
import { createBody, setup } from './helpers.ts';

const MINUTES = WEBHOOK_DELIVERY.retryDelaysMs.map((ms) => ms / 60_000);

/** A consumer that answers 500 a macrotask later, as one over the network would. */
const slowFailure = () =>
  new Promise<Response>((resolve) =>
    setImmediate(() => resolve(new Response(null, { status: 500 }))),
  );

const gaps = (attempts: readonly { at: number }[]) =>
  attempts.slice(1).map((a, i) => (a.at - attempts[i]!.at) / 60_000);

describe('the clock settles the attempts in flight before it moves', () => {
  test('create, then advance 9 h at once, 40 times: every delivery keeps the schedule', async () => {
    const s = setup();
    const endpoint = s.api.webhooks.register({
      handler: slowFailure,
      events: ['appointment.created'],
    });
    for (let i = 0; i < 40; i++) {
      endpoint.enable(); // 20 exhausted deliveries in a row would disable it (spec 6.3 rule 4)
      const day = String(1 + (i % 28)).padStart(2, '0');
      const created = await s.send('POST', '/appointments', {
        json: createBody(s, {
          start_at: `2026-04-${day}T${String(8 + (i % 9)).padStart(2, '0')}:00:00`,
        }),
      });
      expect(created.status).toBe(201);
      await s.api.clock.advance(9 * 3_600_000);
    }
    expect(s.api.webhooks.deliveries).toHaveLength(40);
    for (const delivery of s.api.webhooks.deliveries) {
      expect(delivery.state).toBe('exhausted');
      expect(gaps(delivery.attempts)).toEqual(MINUTES);
    }
  });

  test('create, then set the clock forward at once, 20 times: the same', async () => {
    const s = setup();
    s.api.webhooks.register({ handler: slowFailure, events: ['appointment.created'] });
    for (let i = 0; i < 20; i++) {
      await s.send('POST', '/appointments', {
        json: createBody(s, { start_at: `2026-05-${String(1 + i).padStart(2, '0')}T10:00:00` }),
      });
      await s.api.clock.set(s.api.clock.now() + 10 * 3_600_000);
    }
    for (const delivery of s.api.webhooks.deliveries) {
      expect(gaps(delivery.attempts)).toEqual(MINUTES);
    }
  });
});
