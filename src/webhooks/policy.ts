/**
 * The delivery rules of spec section 6.3, in one place: the consumer side (`/webhooks`: the
 * dedupe retention, the early acknowledgement) and the reference server's delivery simulator
 * (`/testing`) both read them from here.
 *
 * @module
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The waits between attempts of one delivery (spec 6.3, rule 3): 1 min, 5 min, 30 min, 2 h, 6 h. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;

/**
 * How the service delivers webhook events (spec 6.3 and 8).
 *
 * @example
 * ```ts
 * import { WEBHOOK_DELIVERY } from '@clinic-scheduling/sdk/webhooks';
 * WEBHOOK_DELIVERY.retryHorizonMs; // 30_960_000 (8 h 36 min)
 * ```
 */
export const WEBHOOK_DELIVERY = {
  /** The consumer must answer with a 2xx status within this many milliseconds (10 s). */
  responseTimeoutMs: 10_000,
  /** Waits between attempts when the answer is not 2xx: 1 min, 5 min, 30 min, 2 h, 6 h. */
  retryDelaysMs: RETRY_DELAYS_MS,
  /** Attempts per delivery, the first one included (6). */
  attempts: RETRY_DELAYS_MS.length + 1,
  /**
   * Time from the first attempt to the last one (8 h 36 min). A redelivery of an event can
   * arrive this long after the first one, so deduplication must remember ids for longer.
   */
  retryHorizonMs: RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0),
  /** Deliveries that exhaust all attempts, in a row, after which the endpoint is disabled (20). */
  disableAfterConsecutiveFailures: 20,
} as const;
