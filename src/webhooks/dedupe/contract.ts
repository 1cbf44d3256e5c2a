/**
 * The contract of a dedupe store (spec 6.3 rule 1: delivery is at-least-once, consumers
 * deduplicate by the envelope `id`): what `claim`, `complete` and `release` must do, the key an
 * id is stored under, and the retention every store must keep. The stores beside this file
 * (memory, Redis, PostgreSQL) implement it.
 *
 * @module
 */
import { ConfigurationError } from '../../core/errors.ts';
import { WEBHOOK_DELIVERY } from '../policy.ts';

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
 * storage when none of `MemoryDedupeStore`, `RedisDedupeStore` and `PostgresDedupeStore`
 * fits; `claim` must be atomic (two concurrent claims of one id: one gets `claimed`, the other
 * `processing`).
 *
 * Each claim is made under a `token`, a random string the webhook handler makes for each
 * delivery. Keep it with the claim, and let `release` forget the claim only when it still holds
 * that token: a delivery whose lease ran out while its handlers were still running must not
 * forget the claim a newer delivery has taken since (a third one could then run beside it). A
 * claim repeated under the token that holds it answers `claimed`: a client that resends a
 * command whose reply was lost (ioredis does, after a reconnection) must not lock the delivery
 * out of its own claim.
 *
 * The handler passes ids lower-cased, so the same uuid in upper- and lower-case hex is one
 * event whatever the store.
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

/**
 * The key of an envelope id in a store: lower-cased, so that the same uuid written in upper-
 * and lower-case hex is one event. The handler passes ids through it, and the stores of this
 * package apply it too (for callers that use a store directly).
 */
export function dedupeKey(id: string): string {
  return id.toLowerCase();
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
