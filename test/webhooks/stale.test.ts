import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { compareUpdatedAt, StaleEventGuard } from '../../src/webhooks/stale.ts';
import { appointmentWire } from '../fixtures.ts';
import { appointmentEvent, pingEvent } from './fixtures.ts';

const ID = '3f1c2b9a-6d7e-4f80-9a1b-2c3d4e5f6a7b';

describe('compareUpdatedAt', () => {
  it('compares instants, honouring offsets', () => {
    expect(compareUpdatedAt('2026-03-01T10:00:00-03:00', '2026-03-01T13:00:00Z')).toBe(0);
    expect(
      compareUpdatedAt('2026-03-01T10:00:00-03:00', '2026-03-01T12:00:00+00:00'),
    ).toBeGreaterThan(0);
    expect(compareUpdatedAt('2026-03-01T10:00:00-0300', '2026-03-01T10:00:01-03:00')).toBeLessThan(
      0,
    );
  });

  it('compares fractions of a second of any length', () => {
    expect(
      compareUpdatedAt('2026-03-01T10:00:00.123456-03:00', '2026-03-01T10:00:00.123457-03:00'),
    ).toBe(-1);
    expect(
      compareUpdatedAt('2026-03-01T10:00:00.5-03:00', '2026-03-01T10:00:00.500000-03:00'),
    ).toBe(0);
    expect(compareUpdatedAt('2026-03-01T10:00:00.1-03:00', '2026-03-01T10:00:00-03:00')).toBe(1);
  });

  it('is NaN when a value is not a date-time', () => {
    expect(compareUpdatedAt('yesterday', '2026-03-01T10:00:00Z')).toBeNaN();
  });
});

describe('StaleEventGuard: retries reorder events, own writes echo back (spec 6.2 rule 1, 6.3)', () => {
  const at = (time: string, type: Parameters<typeof appointmentEvent>[0] = 'appointment.updated') =>
    appointmentEvent(type, { id: ID, updated_at: `2026-03-01T${time}-03:00` });

  it('an unknown appointment is newer', () => {
    const guard = new StaleEventGuard();
    expect(guard.freshness(at('10:00:00'))).toBe('newer');
    expect(guard.isStale(at('10:00:00'))).toBe(false);
  });

  it('an event older than the recorded state is stale: a retry that arrives after a newer event', () => {
    const guard = new StaleEventGuard();
    guard.record(at('10:05:00', 'appointment.cancelled'));
    const lateRetry = at('10:01:00');
    expect(guard.freshness(lateRetry)).toBe('older');
    expect(guard.isStale(lateRetry)).toBe(true);
    guard.record(lateRetry); // recording an older state changes nothing
    expect(guard.newest(ID)).toBe('2026-03-01T10:05:00-03:00');
  });

  it('the same state is "same", not stale: a redelivery or the echo of your own write', () => {
    const guard = new StaleEventGuard();
    const ownWrite = appointmentWire({ id: ID, updated_at: '2026-03-01T10:00:00-03:00' });
    guard.record(ownWrite); // the appointment the API returned to our create
    const echo = appointmentEvent('appointment.created', ownWrite);
    expect(guard.freshness(echo)).toBe('same');
    expect(guard.isStale(echo)).toBe(false);
  });

  it('the same updated_at with other data is unordered, never "same": two changes within one second', () => {
    const guard = new StaleEventGuard();
    const confirmed = appointmentEvent('appointment.updated', {
      id: ID,
      status: 'confirmed',
      updated_at: '2026-03-01T10:00:00-03:00',
    });
    const created = appointmentEvent('appointment.created', {
      id: ID,
      status: 'scheduled',
      updated_at: '2026-03-01T10:00:00-03:00',
    });
    guard.record(confirmed); // the later change arrived first
    expect(guard.freshness(created)).toBe('unordered');
    expect(guard.isStale(created)).toBe(false);
    // The same data with its keys in another order is the same state.
    const reordered = Object.fromEntries(Object.entries(confirmed.data).reverse());
    expect(guard.freshness(reordered as typeof confirmed.data)).toBe('same');
  });

  it('resolve: newer gives the event, older and same give nothing, unordered reads the appointment', async () => {
    const guard = new StaleEventGuard();
    const reads: string[] = [];
    const service = appointmentWire({
      id: ID,
      status: 'confirmed',
      updated_at: '2026-03-01T10:00:00-03:00',
    });
    const read = async (id: string) => {
      reads.push(id);
      return service;
    };
    const created = appointmentEvent('appointment.created', {
      id: ID,
      status: 'scheduled',
      updated_at: '2026-03-01T10:00:00-03:00',
    });
    expect(await guard.resolve(created, read)).toEqual(created.data); // unknown: newer
    guard.record(created);
    expect(await guard.resolve(created, read)).toBeUndefined(); // same
    const confirmed = appointmentEvent('appointment.updated', service);
    // unordered: the API's state is applied, whatever the event says
    expect(await guard.resolve(confirmed, read)).toEqual(service);
    expect(reads).toEqual([ID]);
    guard.record(service);
    expect(guard.freshness(created)).toBe('unordered');
    // the API's state is the one recorded: nothing left to apply
    expect(await guard.resolve(created, read)).toBeUndefined();
    expect(await guard.resolve(at('09:59:59'), read)).toBeUndefined(); // older
    expect(reads).toEqual([ID, ID]);
    expect(await guard.resolve(pingEvent(), read)).toBeUndefined();
  });

  it('resolve passes on what read throws, and records nothing', async () => {
    const guard = new StaleEventGuard();
    guard.record(at('10:00:00'));
    const other = appointmentEvent('appointment.cancelled', {
      id: ID,
      status: 'cancelled',
      updated_at: '2026-03-01T10:00:00-03:00',
    });
    const refused = new Error('connection refused');
    await expect(guard.resolve(other, () => Promise.reject(refused))).rejects.toBe(refused);
    expect(guard.freshness(other)).toBe('unordered');
  });

  it('an own write older than a change made meanwhile by staff is stale when it echoes', () => {
    const guard = new StaleEventGuard();
    guard.record(appointmentWire({ id: ID, updated_at: '2026-03-01T10:00:00-03:00' })); // our PATCH
    guard.record(at('10:02:00')); // staff moved it in the web application
    expect(guard.isStale(at('10:00:00'))).toBe(true); // the echo of our PATCH, late
  });

  it('a newer event replaces the recorded state', () => {
    const guard = new StaleEventGuard();
    guard.record(at('10:00:00'));
    expect(guard.freshness(at('10:00:01'))).toBe('newer');
    guard.record(at('10:00:01'));
    expect(guard.newest(ID)).toBe('2026-03-01T10:00:01-03:00');
  });

  it('appointments are tracked apart', () => {
    const guard = new StaleEventGuard();
    guard.record(at('10:05:00'));
    const other = appointmentEvent('appointment.updated', {
      id: '00000000-0000-4000-8000-000000000001',
      updated_at: '2026-03-01T09:00:00-03:00',
    });
    expect(guard.isStale(other)).toBe(false);
  });

  it('a ping, or an appointment without an id, is never stale and never recorded', () => {
    const guard = new StaleEventGuard();
    expect(guard.isStale(pingEvent())).toBe(false);
    guard.record(pingEvent());
    guard.record(appointmentEvent('appointment.created', { id: null }));
    expect(guard.size).toBe(0);
  });

  it('remembers at most maxEntries appointments, forgetting the one recorded longest ago', () => {
    const guard = new StaleEventGuard({ maxEntries: 2 });
    const ids = [
      '00000000-0000-4000-8000-00000000000a',
      '00000000-0000-4000-8000-00000000000b',
      '00000000-0000-4000-8000-00000000000c',
    ];
    for (const id of ids) guard.record(appointmentWire({ id }));
    expect(guard.size).toBe(2);
    expect(guard.newest(ids[0]!)).toBeUndefined();
    expect(guard.newest(ids[2]!)).toBe('2026-03-01T10:00:00-03:00');
    guard.clear();
    expect(guard.size).toBe(0);
    expect(() => new StaleEventGuard({ maxEntries: 0 })).toThrow(ConfigurationError);
    expect(() => new StaleEventGuard({ maxEntries: 0 })).toThrow(/^StaleEventGuard: maxEntries /);
  });

  it('applying only fresh events in any arrival order ends at the newest state', () => {
    const states = ['10:00:00', '10:01:00', '10:02:00', '10:03:00'].map((t, i) =>
      appointmentEvent(i === 3 ? 'appointment.cancelled' : 'appointment.updated', {
        id: ID,
        updated_at: `2026-03-01T${t}-03:00`,
        status: i === 3 ? 'cancelled' : 'scheduled',
      }),
    );
    const orders = [
      [3, 2, 1, 0],
      [1, 3, 0, 2],
      [0, 2, 3, 1],
    ];
    for (const order of orders) {
      const guard = new StaleEventGuard();
      let view: (typeof states)[number]['data'] | undefined;
      for (const i of order) {
        const event = states[i]!;
        if (guard.isStale(event)) continue;
        view = event.data;
        guard.record(event);
      }
      expect(view).toEqual(states[3]!.data);
    }
  });
});

describe('compareUpdatedAt: every form the spec allows, on every runtime', () => {
  it.each([
    ['a compact offset (+0530)', '2026-03-01T15:30:00+0530', '2026-03-01T10:00:00Z'],
    ['a negative compact offset (-0330)', '2026-03-01T06:30:00-0330', '2026-03-01T10:00:00Z'],
    ['a lower-case z', '2026-03-01T10:00:00z', '2026-03-01T10:00:00Z'],
    ['no offset: read as UTC', '2026-03-01T10:00:00', '2026-03-01T10:00:00Z'],
    ['no seconds', '2026-03-01T07:00-03:00', '2026-03-01T10:00:00Z'],
    ['white space around it', ' 2026-03-01T10:00:00.0001Z ', '2026-03-01T10:00:00.0001Z'],
    ['a comma before the fraction', '2026-03-01T10:00:00,25Z', '2026-03-01T10:00:00.250Z'],
  ])('%s', (_form, a, b) => {
    expect(compareUpdatedAt(a, b)).toBe(0);
    expect(compareUpdatedAt(a, '2026-03-01T10:00:01Z')).toBeLessThan(0);
  });

  it('fractions beyond the millisecond, of unequal lengths, still order', () => {
    expect(compareUpdatedAt('2026-03-01T10:00:00.5Z', '2026-03-01T10:00:00.55Z')).toBe(-1);
    expect(compareUpdatedAt('2026-03-01T10:00:00.0002Z', '2026-03-01T10:00:00.0001Z')).toBe(1);
  });

  it('another form Date.parse reads is compared by its milliseconds', () => {
    expect(compareUpdatedAt('Sun, 01 Mar 2026 10:00:00 GMT', '2026-03-01T10:00:01Z')).toBeLessThan(
      0,
    );
  });
});

describe('StaleEventGuard: the edges', () => {
  const at = (updated_at: string, data: Record<string, unknown> = {}) =>
    appointmentEvent('appointment.updated', { id: ID, updated_at, ...data });

  it('an event whose updated_at cannot be read is newer: applied, never dropped', () => {
    const guard = new StaleEventGuard();
    guard.record(at('2026-03-01T10:00:00Z'));
    expect(guard.freshness(at('soon'))).toBe('newer');
  });

  it('a member undefined is the same state as a member absent', () => {
    const guard = new StaleEventGuard();
    const event = at('2026-03-01T10:00:00Z');
    guard.record(event);
    expect(guard.freshness({ ...event.data, notes: undefined } as typeof event.data)).toBe('same');
  });

  it('an array member is not the same state as an object with its indexes as keys', () => {
    const guard = new StaleEventGuard();
    guard.record(at('2026-03-01T10:00:00Z', { tags: ['a'] }));
    expect(guard.freshness(at('2026-03-01T10:00:00Z', { tags: { 0: 'a' } }))).toBe('unordered');
    expect(guard.freshness(at('2026-03-01T10:00:00Z', { tags: ['a'] }))).toBe('same');
  });

  it('resolve of an unordered event applies the state read when it is newer', async () => {
    const guard = new StaleEventGuard();
    guard.record(at('2026-03-01T10:00:00Z', { status: 'confirmed' }));
    const later = appointmentWire({ id: ID, updated_at: '2026-03-01T10:00:05Z' });
    const read = async () => later;
    expect(await guard.resolve(at('2026-03-01T10:00:00Z', { status: 'scheduled' }), read)).toEqual(
      later,
    );
  });

  it('maxEntries 1 is allowed: the guard remembers the last appointment', () => {
    const guard = new StaleEventGuard({ maxEntries: 1 });
    guard.record(appointmentWire({ id: ID }));
    expect(guard.size).toBe(1);
    expect(guard.newest(ID)).toBe('2026-03-01T10:00:00-03:00');
  });

  it('recording an appointment again makes it the most recent: the eviction takes another', () => {
    const guard = new StaleEventGuard({ maxEntries: 2 });
    const [a, b, c] = ['a', 'b', 'c'].map((x) => `00000000-0000-4000-8000-00000000000${x}`);
    guard.record(appointmentWire({ id: a, updated_at: '2026-03-01T10:00:00Z' }));
    guard.record(appointmentWire({ id: b, updated_at: '2026-03-01T10:00:00Z' }));
    guard.record(appointmentWire({ id: a, updated_at: '2026-03-01T10:00:01Z' }));
    guard.record(appointmentWire({ id: c, updated_at: '2026-03-01T10:00:00Z' }));
    expect(guard.newest(a!)).toBe('2026-03-01T10:00:01Z');
    expect(guard.newest(b!)).toBeUndefined();
  });
});

describe('StaleEventGuard and a state far ahead of now', () => {
  it('never records an updated_at over MAX_UPDATED_AT_AHEAD_MS ahead: a later real state still applies', () => {
    const guard = new StaleEventGuard();
    const id = '0b6f4a52-6f7e-4d0e-8d39-61c3d4f1c0aa';
    guard.record(appointmentWire({ id, updated_at: '9999-12-31T23:59:59Z' }));
    expect(guard.newest(id)).toBeUndefined();
    const real = appointmentWire({ id, updated_at: new Date().toISOString() });
    expect(guard.freshness(real)).toBe('newer');
  });
});
