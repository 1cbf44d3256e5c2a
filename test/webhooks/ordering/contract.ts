/**
 * The behaviour every OrderingStore must have (memory, Redis through node-redis and ioredis,
 * PostgreSQL): the newest applied state per appointment, compared and set atomically.
 */
import { expect, it } from 'vitest';
import {
  freshnessIn,
  type OrderingStore,
  recordApplied,
  resolveIn,
} from '../../../src/webhooks/ordering/contract.ts';
import { MAX_UPDATED_AT_AHEAD_MS } from '../../../src/webhooks/stale.ts';
import { appointmentWire } from '../../fixtures.ts';
import { appointmentEvent } from '../fixtures.ts';

let counter = 0;
/** An appointment id no other test uses (stores are shared within a suite). */
const fresh = () => `apt_order_${process.pid}_${++counter}`;

export function orderingStoreContract(store: () => OrderingStore): void {
  it('unknown is newer; once recorded, the same state is same, an older one older, a newer one newer', async () => {
    const id = fresh();
    const at = (updated_at: string, status = 'scheduled') =>
      appointmentEvent('appointment.updated', { id, updated_at, status } as never);
    const s = store();
    expect(await freshnessIn(s, at('2026-03-01T10:00:05-03:00'))).toBe('newer');
    await recordApplied(s, at('2026-03-01T10:00:05-03:00'));
    expect(await freshnessIn(s, at('2026-03-01T10:00:05-03:00'))).toBe('same');
    expect(await freshnessIn(s, at('2026-03-01T13:00:04Z'))).toBe('older'); // offsets read
    expect(await freshnessIn(s, at('2026-03-01T10:00:04.999-03:00'))).toBe('older');
    expect(await freshnessIn(s, at('2026-03-01T10:00:05.001-03:00'))).toBe('newer');
    expect(await freshnessIn(s, at('2026-03-01T10:00:05-03:00', 'confirmed'))).toBe('unordered');
  });

  it('recording an older state never overwrites a newer one (what another machine applied)', async () => {
    const id = fresh();
    const s = store();
    const newer = appointmentWire({ id, updated_at: '2026-03-01T10:00:09Z' });
    const older = appointmentWire({ id, updated_at: '2026-03-01T10:00:01Z' });
    await recordApplied(s, newer);
    await recordApplied(s, older);
    expect(await freshnessIn(s, older)).toBe('older');
    expect(await freshnessIn(s, newer)).toBe('same');
  });

  it('of concurrent records from many workers, the newest wins whatever the order they land in', async () => {
    const id = fresh();
    const s = store();
    const states = Array.from({ length: 20 }, (_, i) =>
      appointmentWire({ id, updated_at: `2026-03-01T10:00:${String(i).padStart(2, '0')}Z` }),
    );
    await Promise.all([...states].reverse().map((state) => recordApplied(s, state)));
    expect(await freshnessIn(s, states[19]!)).toBe('same');
    expect(await freshnessIn(s, states[18]!)).toBe('older');
  });

  it('resolve: older and same skip; unordered reads the appointment and applies what it read', async () => {
    const id = fresh();
    const s = store();
    const base = appointmentWire({ id, updated_at: '2026-03-01T10:00:05Z', status: 'scheduled' });
    await recordApplied(s, base);
    const sameSecond = appointmentWire({ ...base, status: 'confirmed' } as never);
    const read = async () => sameSecond;
    expect(await resolveIn(s, base, read)).toBeUndefined();
    expect(
      await resolveIn(s, appointmentWire({ id, updated_at: '2026-03-01T10:00:00Z' }), read),
    ).toBeUndefined();
    expect(await resolveIn(s, sameSecond, read)).toEqual(sameSecond);
    // Without read, an unordered state is applied as it came.
    expect(await resolveIn(s, sameSecond, undefined)).toEqual(sameSecond);
  });

  it('appointments do not interfere, and a ping or an unreadable updated_at is newer', async () => {
    const s = store();
    const a = fresh();
    const b = fresh();
    await recordApplied(s, appointmentWire({ id: a, updated_at: '2026-03-01T10:00:09Z' }));
    expect(
      await freshnessIn(s, appointmentWire({ id: b, updated_at: '2026-03-01T10:00:01Z' })),
    ).toBe('newer');
    expect(await freshnessIn(s, appointmentWire({ id: a, updated_at: 'yesterday' }))).toBe('newer');
  });

  it('a state further ahead of now than MAX_UPDATED_AT_AHEAD_MS is never recorded: it cannot pin the appointment', async () => {
    const id = fresh();
    const s = store();
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const pin = appointmentWire({ id, updated_at: '9999-12-31T23:59:59Z' });
    await recordApplied(s, pin);
    const real = appointmentWire({ id, updated_at: at(-60_000) });
    expect(await freshnessIn(s, real)).toBe('newer');
    await recordApplied(s, real);
    await recordApplied(
      s,
      appointmentWire({ id, updated_at: at(MAX_UPDATED_AT_AHEAD_MS + 60_000) }),
    );
    expect(await freshnessIn(s, real)).toBe('same');
    // Within the bound (a clock a little ahead) is recorded as usual.
    const ahead = appointmentWire({ id, updated_at: at(MAX_UPDATED_AT_AHEAD_MS - 60_000) });
    await recordApplied(s, ahead);
    expect(await freshnessIn(s, real)).toBe('older');
  });
}
