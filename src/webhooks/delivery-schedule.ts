/** How the service delivers webhook events (spec 6.3): facts of the service, not settings; read
 * by the consumer side and by the delivery simulator. @module */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;

/** How the service delivers webhook events (spec 6.3 and 8). */
export const WEBHOOK_DELIVERY = {
  /** The consumer must answer with a 2xx status within this many milliseconds (10 s). */
  responseTimeoutMs: 10_000,
  /** Waits between attempts when the answer is not 2xx: 1 min, 5 min, 30 min, 2 h, 6 h. */
  retryDelaysMs: RETRY_DELAYS_MS,
  /** Attempts per delivery, the first one included (6). */
  attempts: RETRY_DELAYS_MS.length + 1,
  /** First to last attempt (8 h 36 min): deduplication must remember ids for longer. */
  retryHorizonMs: RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0),
  /** Consecutive deliveries that exhaust all attempts before the endpoint is disabled (20). */
  disableAfterConsecutiveFailures: 20,
} as const;
