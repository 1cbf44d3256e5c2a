/**
 * Deduplication of deliveries by envelope `id` (spec 6.3 rule 1: delivery is at-least-once).
 * A {@link DedupeStore} holds, for each id, whether it is being processed or done;
 * {@link MemoryDedupeStore} is the default, `RedisDedupeStore` (in `./redis.ts`) the one for
 * consumers that run on several machines.
 *
 * @module
 */
import { ConfigurationError } from '../core/errors.ts';
import { WEBHOOK_DELIVERY } from './policy.ts';

/**
 * What {@link DedupeStore.claim} found:
 * - `claimed`: the id was unknown (or its claim had expired); the caller now holds it, under its
 *   token, and must call `complete` or `release`;
 * - `processing`: another delivery of the same event holds the claim right now;
 * - `done`: the event was processed already.
 */
export type ClaimResult = 'claimed' | 'processing' | 'done';

/**
 * Where the webhook handler remembers which events it has seen. Implement it on your own
 * storage when neither {@link MemoryDedupeStore} nor `RedisDedupeStore` fits; `claim` must be
 * atomic (two concurrent claims of one id: one gets `claimed`, the other `processing`).
 *
 * Each claim is made under a `token`, a random string the webhook handler makes for each
 * delivery. Keep it with the claim, and let `release` forget the claim only when it still holds
 * that token: a delivery whose lease ran out while its handlers were still running must not
 * forget the claim a newer delivery has taken since (a third one could then run beside it).
 */
export interface DedupeStore {
  /**
   * Claims `id` for processing, atomically, under `token`. A claim that is neither completed
   * nor released (the process died) expires after `leaseMs`, so a later redelivery can run.
   */
  claim(id: string, leaseMs: number, token: string): Promise<ClaimResult> | ClaimResult;
  /**
   * Marks `id` as processed, whichever delivery holds its claim now (its handlers succeeded: the
   * event is processed); the store keeps it longer than the retry horizon (8 h 36 min).
   */
  complete(id: string): Promise<void> | void;
  /**
   * Forgets the claim of `id` (its handlers failed), so that the service's retry is processed;
   * only while the claim is the one made under `token`. A processed id is never forgotten.
   */
  release(id: string, token: string): Promise<void> | void;
}

/** The retention of processed ids by default: 24 hours, well past the 8 h 36 min retry horizon. */
export const DEFAULT_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Checks that a retention outlives the retry horizon: an id forgotten earlier would let a late
 * retry of an event already processed run again.
 *
 * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `ttlMs` is not longer than
 *   {@link WEBHOOK_DELIVERY.retryHorizonMs}.
 */
export function assertDedupeTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= WEBHOOK_DELIVERY.retryHorizonMs) {
    throw new ConfigurationError(
      `ttlMs must be longer than the retry horizon of ${WEBHOOK_DELIVERY.retryHorizonMs} ms ` +
        '(8 h 36 min), or a late retry of a processed event would run again; the default is 24 h.',
    );
  }
}

/** Options of {@link MemoryDedupeStore}. */
export interface MemoryDedupeStoreOptions {
  /** How long processed ids are kept, in ms. Default 24 h; must exceed the retry horizon. */
  ttlMs?: number;
  /**
   * At most this many ids are kept (default 100 000); past it the oldest entry is dropped.
   * Size it above the number of events your endpoint receives in `ttlMs`.
   */
  maxEntries?: number;
  /** The time source, in epoch ms (default `Date.now`); a test can pass a fake one. */
  now?: () => number;
}

const SWEEP_INTERVAL_MS = 60_000;

interface Entry {
  state: 'processing' | 'done';
  expiresAt: number;
  /** The token of the claim, while `processing`. */
  token?: string;
}

/**
 * A {@link DedupeStore} in the memory of one process: the default of `createWebhookHandler`.
 * It suits a consumer that runs as one process; ids are lost on restart, and several processes
 * do not share them (use `RedisDedupeStore` then).
 *
 * Entries expire after `ttlMs` (processed ids) or the claim's lease (ids being processed), and
 * the store never holds more than `maxEntries` ids.
 */
export class MemoryDedupeStore implements DedupeStore {
  readonly #ttlMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  /** Insertion order is age order: an entry is moved to the end when it changes state. */
  readonly #entries = new Map<string, Entry>();
  #nextSweepAt = 0;

  /**
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `ttlMs` does not exceed the retry horizon or
   *   `maxEntries` is not a positive integer.
   */
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

  /** How many ids the store holds, expired ones not yet swept included. */
  get size(): number {
    return this.#entries.size;
  }

  /** {@inheritDoc DedupeStore.claim} */
  claim(id: string, leaseMs: number, token: string): ClaimResult {
    const now = this.#now();
    const entry = this.#entries.get(id);
    if (entry && entry.expiresAt > now) return entry.state;
    this.#set(id, { state: 'processing', expiresAt: now + leaseMs, token });
    return 'claimed';
  }

  /** {@inheritDoc DedupeStore.complete} */
  complete(id: string): void {
    this.#set(id, { state: 'done', expiresAt: this.#now() + this.#ttlMs });
  }

  /** {@inheritDoc DedupeStore.release} */
  release(id: string, token: string): void {
    const entry = this.#entries.get(id);
    if (entry?.state === 'processing' && entry.token === token) this.#entries.delete(id);
  }

  #set(id: string, entry: Entry): void {
    this.#entries.delete(id);
    const now = this.#now();
    if (now >= this.#nextSweepAt) this.#sweep(now);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(id, entry);
  }

  /** Drops expired entries; runs at most once a minute, so a write stays O(1) on average. */
  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt <= now) this.#entries.delete(key);
    }
    this.#nextSweepAt = now + SWEEP_INTERVAL_MS;
  }
}
