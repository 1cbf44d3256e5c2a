/**
 * Pins of `MemoryDedupeStore` (issue 11, item 0), through its public methods with a fake clock:
 * the sweep drops only expired entries and runs at most once a minute, `release` frees only the
 * caller's own claim, the id completed longest ago is the one evicted (a claim in progress never
 * is), and the bounds of `ttlMs` and `maxEntries`.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/index.ts';
import { DEFAULT_DEDUPE_TTL_MS, MemoryDedupeStore } from '../../../src/webhooks/index.ts';

const HORIZON_MS = (8 * 60 + 36) * 60_000;

function clocked(options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: 0 };
  const store = new MemoryDedupeStore({ ...options, now: () => clock.now });
  return { store, clock };
}

describe('the sweep', () => {
  it('keeps live entries, processing and done, and drops expired ones', () => {
    const { store, clock } = clocked();
    store.claim('evt_short', 1_000, 't1'); // a lease that ends at 1 s
    store.claim('evt_live_claim', 10 * 60_000, 't2'); // a lease of 10 min
    store.claim('evt_done', 1_000, 't3');
    store.complete('evt_done'); // kept 24 h
    expect(store.size).toBe(3);
    clock.now = 2 * 60_000; // past the first sweep's minute
    store.claim('evt_new', 1_000, 't4'); // a write sweeps
    expect(store.size).toBe(3);
    expect(store.claim('evt_live_claim', 1_000, 'other')).toBe('processing');
    expect(store.claim('evt_done', 1_000, 'other')).toBe('done');
    expect(store.claim('evt_short', 1_000, 'other')).toBe('claimed');
  });

  it('drops an entry that expires exactly at the sweep time', () => {
    const { store, clock } = clocked();
    store.claim('evt_a', 60_000, 't');
    store.claim('evt_b', 60_001, 't');
    clock.now = 60_000;
    store.claim('evt_c', 60_000, 't'); // a claim sweeps
    expect(store.size).toBe(2); // evt_a swept, evt_b and evt_c kept
    expect(store.claim('evt_b', 1, 'other')).toBe('processing');
  });

  it('runs at most once a minute: an entry that expired since waits for the next one', () => {
    const { store, clock } = clocked();
    store.claim('evt_first', 1_000, 't'); // sweeps at 0; the next sweep is due at 60 s
    clock.now = 30_000;
    store.claim('evt_second', 1_000, 't'); // no sweep: evt_first stays, expired
    expect(store.size).toBe(2);
    clock.now = 59_999;
    store.claim('evt_third', 1, 't'); // expires at 60 s
    expect(store.size).toBe(3);
    clock.now = 60_000;
    store.claim('evt_fourth', 60_000, 't'); // the sweep is due: the three expired go
    expect(store.size).toBe(1);
    clock.now = 90_000;
    store.claim('evt_fifth', 1_000, 't'); // the next one is due at 120 s
    expect(store.size).toBe(2);
  });

  it('a claim whose lease ran out is claimed again before any sweep', () => {
    const { store, clock } = clocked();
    store.claim('evt_a', 1_000, 't1');
    clock.now = 1_000;
    expect(store.claim('evt_a', 1_000, 't2')).toBe('claimed');
    clock.now = 1_999;
    expect(store.claim('evt_a', 1_000, 't3')).toBe('processing');
  });
});

describe('processed ids that expire', () => {
  const TTL = HORIZON_MS + 60_000;

  it('an expired processed id is claimed again before any sweep, and its entry is dropped', () => {
    const { store, clock } = clocked({ ttlMs: TTL });
    store.claim('evt_a', 1_000, 't1');
    store.complete('evt_a'); // processed until TTL
    clock.now = TTL - 30_000;
    store.claim('evt_x', TTL, 't2'); // sweeps now; the next sweep is due at TTL + 30 s
    expect(store.size).toBe(2);
    clock.now = TTL + 1; // evt_a expired, no sweep due
    expect(store.claim('evt_a', 1_000, 't3')).toBe('claimed');
    expect(store.size).toBe(2); // evt_x and the new claim of evt_a, not the old entry
  });

  it('a processed id that expires exactly at the sweep time is dropped', () => {
    const { store, clock } = clocked({ ttlMs: TTL });
    store.claim('evt_a', 1_000, 't1');
    store.complete('evt_a');
    clock.now = TTL;
    store.claim('evt_b', 1_000, 't2'); // sweeps
    expect(store.size).toBe(1);
  });

  it('completing an id again makes it the newest: the sweep drops what expires before it', () => {
    const { store, clock } = clocked({ ttlMs: TTL });
    store.claim('evt_a', 1_000, 't');
    store.complete('evt_a'); // until TTL
    clock.now = 1_000;
    store.claim('evt_b', 1_000, 't');
    store.complete('evt_b'); // until TTL + 1 s
    clock.now = 2_000;
    store.complete('evt_a'); // again: until TTL + 2 s, now after evt_b
    clock.now = TTL + 1_500;
    store.claim('evt_c', 1_000, 't'); // sweeps: evt_b expired, evt_a not
    expect(store.size).toBe(2);
    expect(store.claim('evt_b', 1_000, 'other')).toBe('claimed');
    expect(store.claim('evt_a', 1_000, 'other')).toBe('done');
  });
});

describe('a full store', () => {
  it('completing an id it does not hold evicts the oldest processed id first', () => {
    const { store } = clocked({ maxEntries: 2 });
    store.claim('evt_a', 60_000, 't');
    store.complete('evt_a');
    store.claim('evt_b', 60_000, 't');
    store.complete('evt_c'); // its claim was swept, say: the store is full
    expect(store.size).toBe(2);
    expect(store.claim('evt_a', 60_000, 'other')).toBe('claimed'); // evicted
  });

  it('sweeps expired claims before it evicts a processed id', () => {
    const { store, clock } = clocked({ maxEntries: 2 });
    store.claim('evt_a', 100, 't'); // sweeps at 0; the next sweep is due at 60 s
    store.claim('evt_d', 60_000, 't');
    store.complete('evt_d');
    clock.now = 200; // evt_a's lease is over; no sweep due
    expect(store.claim('evt_b', 60_000, 't')).toBe('claimed');
    expect(store.claim('evt_d', 60_000, 'other')).toBe('done'); // kept: evt_a made the room
  });
});

describe('release', () => {
  it("frees the caller's own claim, so the id can be claimed again", () => {
    const { store } = clocked();
    store.claim('evt_a', 60_000, 'mine');
    store.release('evt_a', 'mine');
    expect(store.size).toBe(0);
    expect(store.claim('evt_a', 60_000, 'next')).toBe('claimed');
  });

  it("leaves another caller's claim alone", () => {
    const { store } = clocked();
    store.claim('evt_a', 60_000, 'theirs');
    store.release('evt_a', 'mine');
    expect(store.size).toBe(1);
    expect(store.claim('evt_a', 60_000, 'mine')).toBe('processing');
  });

  it('never forgets a processed id, whatever the token', () => {
    const { store } = clocked();
    store.claim('evt_a', 60_000, 'mine');
    store.complete('evt_a');
    store.release('evt_a', 'mine');
    store.release('evt_a', undefined as unknown as string);
    expect(store.claim('evt_a', 60_000, 'mine')).toBe('done');
  });

  it('of an unknown id does nothing', () => {
    const { store } = clocked();
    store.release('evt_unknown', 'mine');
    expect(store.size).toBe(0);
  });
});

describe('eviction at maxEntries', () => {
  it('drops the id completed longest ago, whatever the order of the claims', () => {
    const { store } = clocked({ maxEntries: 2 });
    store.claim('evt_a', 60_000, 't');
    store.claim('evt_b', 60_000, 't');
    store.complete('evt_b');
    store.complete('evt_a'); // evt_a completed last: the newest
    store.claim('evt_c', 60_000, 't'); // evicts evt_b, completed first
    expect(store.size).toBe(2);
    expect(store.claim('evt_a', 60_000, 'x')).toBe('done');
    expect(store.claim('evt_b', 60_000, 'x')).toBe('claimed');
  });

  it('holds one id with maxEntries 1', () => {
    const { store } = clocked({ maxEntries: 1 });
    store.claim('evt_a', 60_000, 't');
    store.complete('evt_a');
    expect(store.size).toBe(1);
    store.claim('evt_b', 60_000, 't'); // evicts evt_a, processed
    expect(store.size).toBe(1);
    store.complete('evt_b');
    expect(store.claim('evt_a', 60_000, 't')).toBe('claimed');
  });

  it('holds 100 000 ids by default', () => {
    const { store } = clocked();
    for (let i = 0; i <= 100_000; i++) {
      store.claim(`evt_${i}`, 60_000, 't');
      store.complete(`evt_${i}`);
    }
    expect(store.size).toBe(100_000); // evt_0, completed first, evicted
    expect(store.claim('evt_0', 60_000, 'x')).toBe('claimed');
  });
});

describe('options', () => {
  it('keeps processed ids for the given ttlMs', () => {
    const ttlMs = HORIZON_MS + 1;
    const { store, clock } = clocked({ ttlMs });
    store.claim('evt_a', 1_000, 't');
    store.complete('evt_a');
    clock.now = ttlMs - 1;
    expect(store.claim('evt_a', 1_000, 't')).toBe('done');
    clock.now = ttlMs;
    expect(store.claim('evt_a', 1_000, 't')).toBe('claimed');
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['the horizon itself', HORIZON_MS],
  ])('refuses a ttlMs of %s', (_, ttlMs) => {
    expect(() => new MemoryDedupeStore({ ttlMs })).toThrow(ConfigurationError);
  });

  it.each([0, -1, 2.5, Number.NaN])('refuses maxEntries %s', (maxEntries) => {
    expect(() => new MemoryDedupeStore({ maxEntries })).toThrow(ConfigurationError);
  });

  it('uses Date.now by default and a 24 h retention', () => {
    const store = new MemoryDedupeStore();
    store.claim('evt_a', 1, 't');
    store.complete('evt_a');
    expect(store.claim('evt_a', 1, 't')).toBe('done');
    expect(DEFAULT_DEDUPE_TTL_MS).toBe(24 * 60 * 60_000);
  });
});
