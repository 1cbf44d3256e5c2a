/**
 * The contract of a dedupe store: delivery is at-least-once and consumers deduplicate by the
 * envelope `id` (spec 6.3 rule 1).
 *
 * @module
 */
import { ConfigurationError } from '../../core/errors.ts';
import { WEBHOOK_DELIVERY } from '../policy.ts';

/**
 * What {@link DedupeStore.claim} found: `claimed` (unknown or expired: the caller now holds it
 * and must `complete` or `release` it), `processing` (another delivery holds it), `done`.
 */
export type ClaimResult = 'claimed' | 'processing' | 'done';

/**
 * Where the webhook handler remembers which events it has seen; implement it when none of the
 * shipped stores fits. `claim` must be atomic: of two concurrent claims, one gets `claimed`.
 *
 * Keep each claim's `token` (random, one per delivery) and let `release` forget only a claim
 * that still holds it: a delivery whose lease ran out must not free the claim a newer one took.
 * A claim repeated under its own token answers `claimed`, since clients such as ioredis resend
 * a command whose reply was lost. The handler passes ids lower-cased.
 */
export interface DedupeStore {
  /** Claims `id` atomically under `token`, for `leaseMs` unless completed or released first. */
  claim(id: string, leaseMs: number, token: string): Promise<ClaimResult> | ClaimResult;
  /** Marks `id` processed, whoever holds its claim, and keeps it past the retry horizon. */
  complete(id: string): Promise<void> | void;
  /** Forgets the claim of `id` if `token` still holds it, so a retry runs; never a processed id. */
  release(id: string, token: string): Promise<void> | void;
}

/** The key of an envelope id in a store: lower-cased, so a uuid in either case is one event. */
export function dedupeKey(id: string): string {
  return id.toLowerCase();
}

/** The retention of processed ids by default: 24 hours, well past the 8 h 36 min retry horizon. */
export const DEFAULT_DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;

/** Throws a `ConfigurationError` unless `ttlMs` outlives the retry horizon. */
export function assertDedupeTtl(ttlMs: number): void {
  if (!Number.isFinite(ttlMs) || ttlMs <= WEBHOOK_DELIVERY.retryHorizonMs) {
    throw new ConfigurationError(
      `ttlMs must be longer than the retry horizon of ${WEBHOOK_DELIVERY.retryHorizonMs} ms ` +
        '(8 h 36 min), or a late retry of a processed event would run again; the default is 24 h.',
    );
  }
}
