/** The default dedupe store, in the memory of one process. @module */
import { ClinicError, ConfigurationError } from '../../core/errors/index.ts';
import {
  assertDedupeTtl,
  type ClaimResult,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeStore,
  dedupeKey,
} from './contract.ts';

/** Options of {@link MemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** How long processed ids are kept, in ms. Default 24 h; must exceed the retry horizon. */
  ttlMs?: number | undefined;
  /** Ids kept (default 100 000): above the events your endpoint receives in `ttlMs`. */
  maxEntries?: number | undefined;
  /** The clock, in epoch ms (default `Date.now`), for tests. */
  now?: (() => number) | undefined;
}

const SWEEP_INTERVAL_MS = 60_000;

interface Claim {
  expiresAt: number;
  token: string;
}

/**
 * The default {@link DedupeStore}, for one process (lost on restart). Past `maxEntries` the oldest
 * processed id goes, never a claim: a store full of claims refuses the next one.
 */
export class MemoryDedupeStore implements DedupeStore {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #claims = new Map<string, Claim>();
  /** Insertion order is completion order: the first is the oldest. */
  readonly #done = new Map<string, number>();
  #nextSweepAt = 0;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for an option out of range. */
  constructor(options: MemoryDedupeStoreOptions = {}) {
    this.#ttlMs = options.ttlMs ?? DEFAULT_DEDUPE_TTL_MS;
    assertDedupeTtl(this.#ttlMs);
    this.#maxEntries = options.maxEntries ?? 100_000;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new ConfigurationError(
        'MemoryDedupeStore: maxEntries must be a positive integer (default 100 000); size it above ' +
          'the number of events your endpoint receives in ttlMs.',
      );
    }
    this.#now = options.now ?? Date.now;
  }

  /** Ids held (claims and processed), expired ones not yet swept included. */
  get size(): number {
    return this.#claims.size + this.#done.size;
  }

  /** How long processed ids are kept, in ms: the handler checks it against `maxEventAgeMs`. */
  get ttlMs(): number {
    return this.#ttlMs;
  }

  /**
   * {@inheritDoc DedupeStore.claim}
   * @throws {@link "@clinic-scheduling/sdk"!ClinicError | ClinicError} when all are claims.
   */
  claim(id: string, leaseMs: number, token: string): ClaimResult {
    const key = dedupeKey(id);
    const now = this.#now();
    if (now >= this.#nextSweepAt) this.#sweep(now);
    const doneUntil = this.#done.get(key);
    if (doneUntil !== undefined && doneUntil > now) return 'done';
    const held = this.#claims.get(key);
    if (held && held.expiresAt > now) return held.token === token ? 'claimed' : 'processing';
    this.#done.delete(key);
    if (!held) this.#makeRoom(now);
    this.#claims.set(key, { expiresAt: now + leaseMs, token });
    return 'claimed';
  }

  /** {@inheritDoc DedupeStore.complete} */
  complete(id: string): void {
    const key = dedupeKey(id);
    this.#claims.delete(key);
    this.#done.delete(key);
    while (this.size >= this.#maxEntries && this.#evictOldestDone()) {}
    this.#done.set(key, this.#now() + this.#ttlMs);
  }

  /** {@inheritDoc DedupeStore.release} */
  release(id: string, token: string): void {
    const key = dedupeKey(id);
    if (this.#claims.get(key)?.token === token) this.#claims.delete(key);
  }

  /** Frees one entry for a new claim: an expired one, else the oldest processed id; else throws. */
  #makeRoom(now: number): void {
    if (this.size < this.#maxEntries) return;
    this.#sweep(now);
    while (this.size >= this.#maxEntries) {
      if (!this.#evictOldestDone()) {
        throw new ClinicError(
          `MemoryDedupeStore is full: its ${this.#maxEntries} entries (maxEntries) are all claims ` +
            'in progress, which are never evicted. Raise maxEntries above the number of events ' +
            'your handlers process at once.',
        );
      }
    }
  }

  #evictOldestDone(): boolean {
    const oldest = this.#done.keys().next();
    if (oldest.done) return false;
    this.#done.delete(oldest.value);
    return true;
  }

  /** Drops expired entries; runs at most once a minute, so a claim stays O(1) on average. */
  #sweep(now: number): void {
    for (const [key, expiresAt] of this.#done) {
      if (expiresAt > now) break; // completion order is expiry order: the rest expire later
      this.#done.delete(key);
    }
    for (const [key, claim] of this.#claims) {
      if (claim.expiresAt <= now) this.#claims.delete(key);
    }
    this.#nextSweepAt = now + SWEEP_INTERVAL_MS;
  }
}
