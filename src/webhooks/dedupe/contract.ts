/** The dedupe store contract: delivery is at-least-once, deduplicated by `id` (spec 6.3). @module */
import { ConfigurationError } from '../../core/errors/index.ts';
import { WEBHOOK_DELIVERY } from '../delivery-schedule.ts';

/** What {@link DedupeStore.claim} found: `claimed` (now yours), `processing` (another's), `done`. */
export type ClaimResult = 'claimed' | 'processing' | 'done';

/**
 * Where the handler remembers events seen. `claim` must be atomic, answer `claimed` again under
 * its own token (clients resend lost replies); `release` frees only a claim its token still holds.
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
