/**
 * Records a test can assert on (issue 30 item 4): each request-log entry carries its status, its
 * time on the server clock, its duration, the attempt number the client sent and the fault or
 * chaos outcome that shaped it; each delivery its next attempt's time, in process and over HTTP.
 */
import { describe, expect, test } from 'vitest';
import { createControlHandler } from '../../src/testing/index.ts';
import { createAppointment, createBody, NOW, setup } from './helpers.ts';

describe('the request log', () => {
  test('status, time on the server clock and duration; the attempt number from X-Attempt', async () => {
    const s = setup();
    await s.send('GET', '/rooms', { headers: { 'X-Attempt': '3' } });
    await s.api.clock.advance(60_000);
    await s.send('GET', '/rooms/999');
    await s.send('GET', '/rooms', { headers: { 'X-Attempt': 'two' } });
    const [first, second, third] = s.api.requests;
    expect(first).toMatchObject({
      status: 200,
      time: NOW.toISOString().replace('Z', '+00:00'),
      attempt: 3,
    });
    expect(second).toMatchObject({
      status: 404,
      time: new Date(NOW.getTime() + 60_000).toISOString().replace('Z', '+00:00'),
    });
    expect(second).not.toHaveProperty('attempt');
    expect(third).not.toHaveProperty('attempt');
    for (const entry of s.api.requests) {
      expect(entry.durationMs).toBeGreaterThanOrEqual(0);
      expect(entry).not.toHaveProperty('outcome');
    }
  });

  test('the attemptHeader setting names another header, or none', async () => {
    const s = setup({ settings: { attemptHeader: 'X-Retry-Count' } });
    await s.send('GET', '/rooms', { headers: { 'X-Retry-Count': '2', 'X-Attempt': '5' } });
    s.api.applySettings({ attemptHeader: null });
    await s.send('GET', '/rooms', { headers: { 'X-Retry-Count': '2' } });
    expect(s.api.requests[0]!.attempt).toBe(2);
    expect(s.api.requests[1]).not.toHaveProperty('attempt');
  });

  test('each fault outcome: status answered, network error (0), response lost (the status made)', async () => {
    const s = setup();
    s.api.faults.inject({ path: '/api/public/v1/rooms', status: 503 });
    s.api.faults.inject({ path: '/api/public/v1/rooms', networkError: true });
    s.api.faults.inject({ method: 'POST', loseResponse: true });
    s.api.faults.inject({ path: '/api/public/v1/rooms', delayMs: 1 });
    await s.send('GET', '/rooms');
    await expect(s.send('GET', '/rooms')).rejects.toThrow(TypeError);
    await expect(s.send('POST', '/appointments', { json: createBody(s) })).rejects.toThrow(
      TypeError,
    );
    await s.send('GET', '/rooms');
    expect(s.api.requests.map((r) => [r.status, r.outcome])).toEqual([
      [503, { source: 'fault', action: 'status' }],
      [0, { source: 'fault', action: 'networkError' }],
      [201, { source: 'fault', action: 'loseResponse' }],
      [200, { source: 'fault', action: 'delay' }],
    ]);
  });

  test('a chaos draw is recorded as the chaos outcome', async () => {
    const s = setup();
    s.api.faults.chaos({ seed: 1, statusRate: 1, status: 502 });
    await s.send('GET', '/rooms');
    expect(s.api.requests[0]).toMatchObject({
      status: 502,
      outcome: { source: 'chaos', action: 'status' },
    });
  });
});

describe('the delivery records', () => {
  test('nextAttemptAt: the retry schedule in process (ms) and over HTTP (ISO 8601, or null)', async () => {
    const s = setup();
    let fail = true;
    s.api.webhooks.register({
      handler: () => new Response(null, { status: fail ? 500 : 204 }),
      events: ['appointment.created'],
    });
    await createAppointment(s);
    await s.api.webhooks.settle();
    const [delivery] = s.api.webhooks.deliveries;
    expect(delivery!.nextAttemptAt).toBe(NOW.getTime() + 60_000);

    const control = createControlHandler({ api: s.api, token: 't' });
    const read = async () => {
      const answer = await control(
        new Request('http://127.0.0.1/__control/webhooks', {
          headers: { authorization: 'Bearer t', host: '127.0.0.1' },
        }),
      );
      return (await answer.json()) as {
        deliveries: { nextAttemptAt: string | null; attempts: { durationMs: number }[] }[];
      };
    };
    const pending = (await read()).deliveries[0]!;
    expect(pending.nextAttemptAt).toBe(
      new Date(NOW.getTime() + 60_000).toISOString().replace('Z', '+00:00'),
    );
    expect(pending.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
    fail = false;
    await s.api.clock.advance(60_000);
    expect((await read()).deliveries[0]!.nextAttemptAt).toBeNull();
    expect(delivery!.nextAttemptAt).toBeUndefined();
  });
});
