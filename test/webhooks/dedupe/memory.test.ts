import { describe, expect, it } from 'vitest';
import { ClinicError, ConfigurationError } from '../../../src/core/errors/index.ts';
import { DEFAULT_DEDUPE_TTL_MS } from '../../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../../src/webhooks/dedupe/memory.ts';
import { WEBHOOK_DELIVERY } from '../../../src/webhooks/delivery-schedule.ts';
import { dedupeStoreContract } from './contract.ts';

const HOUR = 3_600_000;

describe('spec 6.3: the delivery policy', () => {
  it('retries after 1 min, 5 min, 30 min, 2 h, 6 h: 6 attempts over 8 h 36 min', () => {
    expect(WEBHOOK_DELIVERY.retryDelaysMs).toEqual([
      60_000, 300_000, 1_800_000, 7_200_000, 21_600_000,
    ]);
    expect(WEBHOOK_DELIVERY.attempts).toBe(6);
    expect(WEBHOOK_DELIVERY.retryHorizonMs).toBe(8 * HOUR + 36 * 60_000);
    expect(WEBHOOK_DELIVERY.responseTimeoutMs).toBe(10_000);
    expect(WEBHOOK_DELIVERY.disableAfterConsecutiveFailures).toBe(20);
  });
});

describe('MemoryDedupeStore', () => {
  let store = new MemoryDedupeStore();
  describe('the DedupeStore contract', () => {
    dedupeStoreContract(() => store);
  });

  it('keeps processed ids 24 h by default, longer than the retry horizon', () => {
    let now = 0;
    store = new MemoryDedupeStore({ now: () => now });
    store.claim('evt_a', 1000, 'token');
    store.complete('evt_a');
    now = WEBHOOK_DELIVERY.retryHorizonMs + 60_000; // the last retry, and then some
    expect(store.claim('evt_a', 1000, 'token')).toBe('done');
    now = DEFAULT_DEDUPE_TTL_MS - 1;
    expect(store.claim('evt_a', 1000, 'token')).toBe('done');
    now = DEFAULT_DEDUPE_TTL_MS;
    expect(store.claim('evt_a', 1000, 'token')).toBe('claimed');
    expect(DEFAULT_DEDUPE_TTL_MS).toBe(24 * HOUR);
  });

  it('refuses a ttlMs that does not outlive the retry horizon', () => {
    expect(() => new MemoryDedupeStore({ ttlMs: WEBHOOK_DELIVERY.retryHorizonMs })).toThrow(
      ConfigurationError,
    );
    expect(() => new MemoryDedupeStore({ ttlMs: WEBHOOK_DELIVERY.retryHorizonMs })).toThrow(
      new RegExp(`^ttlMs .*${WEBHOOK_DELIVERY.retryHorizonMs} ms`),
    );
    expect(() => new MemoryDedupeStore({ ttlMs: 9 * HOUR })).not.toThrow();
  });

  it('a claim expires after its lease (the process that held it died)', () => {
    let now = 0;
    store = new MemoryDedupeStore({ now: () => now });
    expect(store.claim('evt_a', 5_000, 'died')).toBe('claimed');
    now = 4_999;
    expect(store.claim('evt_a', 5_000, 'retry')).toBe('processing');
    now = 5_000;
    expect(store.claim('evt_a', 5_000, 'retry')).toBe('claimed');
  });

  it('holds at most maxEntries ids, dropping the oldest first', () => {
    store = new MemoryDedupeStore({ maxEntries: 3 });
    for (const id of ['evt_1', 'evt_2', 'evt_3', 'evt_4']) {
      store.claim(id, 60_000, 'token');
      store.complete(id);
    }
    expect(store.size).toBe(3);
    expect(store.claim('evt_4', 60_000, 'token')).toBe('done');
    expect(store.claim('evt_2', 60_000, 'token')).toBe('done');
    expect(store.claim('evt_1', 60_000, 'token')).toBe('claimed'); // evicted: the oldest
    expect(store.size).toBe(3);
    expect(() => new MemoryDedupeStore({ maxEntries: 0 })).toThrow(ConfigurationError);
    expect(() => new MemoryDedupeStore({ maxEntries: 1.5 })).toThrow(ConfigurationError);
    expect(() => new MemoryDedupeStore({ maxEntries: 1.5 })).toThrow(
      /^MemoryDedupeStore: maxEntries /,
    );
  });

  it('sweeps expired ids, so the size does not grow with time', () => {
    let now = 0;
    store = new MemoryDedupeStore({ now: () => now });
    for (let i = 0; i < 100; i++) {
      store.claim(`evt_${i}`, 1000, 'token');
      store.complete(`evt_${i}`);
    }
    expect(store.size).toBe(100);
    now = DEFAULT_DEDUPE_TTL_MS + 1;
    store.claim('evt_new', 1000, 'token');
    expect(store.size).toBe(1);
  });

  it('a sweep drops only what expired: live claims and processed ids stay', () => {
    let now = 0;
    store = new MemoryDedupeStore({ now: () => now });
    store.claim('evt_old', 1_000, 'o');
    store.complete('evt_old'); // expires at 24 h
    now = 3_600_000;
    store.claim('evt_kept', 1_000, 'k');
    store.complete('evt_kept'); // expires at 25 h
    store.claim('evt_short', 1_000, 's'); // lease ends at 1 h + 1 s
    store.claim('evt_long', 48 * HOUR, 'l'); // lease ends at 49 h
    now = DEFAULT_DEDUPE_TTL_MS + 1; // a sweep is due: evt_old and evt_short expired
    store.claim('evt_new', 1_000, 'n');
    expect(store.size).toBe(3);
    expect(store.claim('evt_kept', 1_000, 'x')).toBe('done');
    expect(store.claim('evt_long', 1_000, 'x')).toBe('processing');
    expect(store.claim('evt_old', 1_000, 'x')).toBe('claimed');
  });

  it('never evicts a claim in progress: full of them, a new claim throws (the handler answers 503)', () => {
    store = new MemoryDedupeStore({ maxEntries: 3 });
    for (const id of ['evt_1', 'evt_2', 'evt_3'])
      expect(store.claim(id, 60_000, id)).toBe('claimed');
    expect(() => store.claim('evt_4', 60_000, 'evt_4')).toThrow(ClinicError);
    expect(() => store.claim('evt_4', 60_000, 'evt_4')).toThrow(/\b3 entries \(maxEntries\)/);
    // The three claims are all still held.
    for (const id of ['evt_1', 'evt_2', 'evt_3'])
      expect(store.claim(id, 60_000, 'other')).toBe('processing');
    store.complete('evt_2');
    expect(store.claim('evt_4', 60_000, 'evt_4')).toBe('claimed'); // evicts evt_2, done
    expect(store.claim('evt_1', 60_000, 'other')).toBe('processing');
    expect(store.claim('evt_3', 60_000, 'other')).toBe('processing');
  });

  it('evicts completed entries oldest first, claims in progress never, whatever their age', () => {
    store = new MemoryDedupeStore({ maxEntries: 4 });
    store.claim('evt_old_claim', 60_000, 't');
    for (const id of ['evt_a', 'evt_b']) {
      store.claim(id, 60_000, 't');
      store.complete(id);
    }
    store.claim('evt_c', 60_000, 't'); // full: old claim, a, b, c
    store.complete('evt_c');
    store.claim('evt_d', 60_000, 't'); // evicts a (the oldest completed)
    expect(store.claim('evt_old_claim', 60_000, 'other')).toBe('processing');
    expect(store.claim('evt_b', 60_000, 'other')).toBe('done');
    expect(store.claim('evt_c', 60_000, 'other')).toBe('done');
    expect(store.claim('evt_a', 60_000, 'other')).toBe('claimed'); // evicts b
    expect(store.claim('evt_b', 60_000, 'other')).toBe('claimed'); // evicted; c makes room
    expect(store.size).toBe(4);
    expect(() => store.claim('evt_c', 60_000, 'other')).toThrow(ClinicError); // all four in progress
  });

  it('the same uuid in upper- and lower-case hex is one event', () => {
    store = new MemoryDedupeStore();
    const lower = 'evt_0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(store.claim(lower, 60_000, 'a')).toBe('claimed');
    expect(store.claim(lower.toUpperCase(), 60_000, 'b')).toBe('processing');
    store.complete('evt_0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D');
    expect(store.claim(lower, 60_000, 'c')).toBe('done');
  });
});
