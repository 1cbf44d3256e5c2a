/**
 * examples/webhook-consumer.ts runs: the reference server delivers to it over node:http.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../examples/webhook-consumer.ts';

describe('examples/webhook-consumer.ts', () => {
  it('ends with the same appointment as the server, every delivery answered 2xx', async () => {
    const { consumer, server, deliveries, attempts, forgedStatus } = await demo({ log: false });
    expect(consumer).toEqual(server);
    expect(forgedStatus).toBe(401);
    expect(server.status).toBe('cancelled');
    // ping, created, updated, cancelled, and the copies the demo's duplicate option made
    expect(deliveries.length).toBeGreaterThanOrEqual(4);
    expect(deliveries.every((d) => d.state === 'succeeded')).toBe(true);
    expect(attempts.map((a) => a.eventType)).toContain('ping');
  });
});
