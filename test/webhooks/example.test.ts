/**
 * examples/webhook-consumer.ts runs: the reference server delivers to it over node:http.
 */
import { describe, expect, it } from 'vitest';
import { demo } from '../../examples/webhook-consumer.ts';

describe('examples/webhook-consumer.ts', () => {
  it('ends with the same appointment as the server, every delivery answered 2xx', async () => {
    const { consumer, server, attempts } = await demo({ log: false });
    expect(consumer).toEqual(server);
    expect(server.status).toBe('cancelled');
    expect(attempts.length).toBeGreaterThanOrEqual(4); // ping + created, updated, cancelled
    expect(attempts.every((a) => a.status === 200)).toBe(true);
    expect(attempts.map((a) => a.eventType)).toContain('ping');
  });
});
