/**
 * The retry policy, stated per operation and handed to ky as its `retry` options: which
 * requests are retried, on what, after how long. ky runs the loop, counts the attempts, reads
 * `Retry-After`, waits (aborting the wait with the caller's signal) and times each attempt out.
 *
 * @module
 */
import { isHTTPError, type RetryOptions } from 'ky';
import { APIConnectionError, parseRetryAfter } from './errors.ts';

/**
 * When a request may be sent again.
 * - `safe`: on connection errors, timeouts, 408, 429 and 5xx (GET, PATCH, and
 *   POST /appointments, which carries an `Idempotency-Key`).
 * - `rate-limit-only`: only on 429, when the service says it did not process the request
 *   (POST /patients and cancel, which cannot be deduplicated by the service).
 */
export type RetryPolicy = 'safe' | 'rate-limit-only';

/**
 * The longest `Retry-After` a call waits out before retrying. When the service asks for longer,
 * the call does not retry: it throws the `RateLimitError` (or `InternalServerError`) at once,
 * with `retryAfterMs` set, so the caller can schedule the retry.
 */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;

/** The backoff before retry number `retry` (0 for the first), before jitter: 0.5 s doubling up to 8 s. */
function baseDelay(retry: number): number {
  return Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
}

/** The jitter: up to 25 % off a wait, by `spread` (0 to 1), so that many clients do not retry in step. */
function jitter(wait: number, spread: number): number {
  return wait * (1 - 0.25 * spread);
}

/** The backoff before retry number `retry` (0 for the first): {@link baseDelay} minus jitter. */
export function backoffDelay(retry: number, random = Math.random): number {
  return jitter(baseDelay(retry), random());
}

/** Whether `status` may be retried under `policy`. */
export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  if (status === 429) return true;
  if (policy === 'rate-limit-only') return false;
  return status === 408 || status >= 500;
}

/**
 * ky's `retry` options for `policy`, built once per client and policy. The policy depends on
 * the operation, not on the method (POST /appointments is retried, POST /patients is not after
 * a lost answer), so every method the SDK sends is listed and the policy picks the statuses and
 * failures. ky reads `Retry-After` on each of them (`afterStatusCodes`).
 */
export function policyRetry(policy: RetryPolicy): RetryOptions {
  const statusCodes = Array.from({ length: 200 }, (_, i) => 400 + i).filter((status) =>
    isRetryableStatus(policy, status),
  );
  return {
    methods: ['get', 'post', 'patch'],
    statusCodes,
    afterStatusCodes: statusCodes,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    backoffLimit: MAX_RETRY_DELAY_MS,
    // Whether a timeout is retried is shouldRetry's answer (ky asks it first): true lets its
    // `undefined` mean yes under `safe`.
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      // A wait longer than the cap is not waited out (maxRetryAfter would shorten it): the
      // caller gets the error at once, with retryAfterMs, and schedules the retry.
      if (isHTTPError(error)) return beyondCap(error.response.headers) ? false : undefined;
      if (error instanceof BodyOverCapError) return false;
      // No answer: the request may have been processed, so only `safe` sends it again.
      if (policy === 'rate-limit-only') return false;
      // ky recognises only the network-failure messages of the runtimes it knows, so a custom
      // fetch's TypeError is a network failure too; so is a 2xx whose body was cut off.
      return isTypeError(error) || error instanceof APIConnectionError ? true : undefined;
    },
  };
}

/**
 * The per-call part of ky's `retry` options: the call's `maxRetries`, and the backoff, whose
 * jitter is drawn once per call (`spread`) so that the retry log line can say what ky waited.
 */
export function callRetry(limit: number, spread: number): RetryOptions {
  return {
    limit,
    delay: (attempt) => baseDelay(attempt - 1),
    jitter: (wait) => jitter(wait, spread),
  };
}

/**
 * The wait ky chose before retry number `retry` (1 for the first), for its log line: the
 * answer's `Retry-After` (read as of `answeredAt`), else the call's backoff.
 */
export function retryWait(error: Error, retry: number, spread: number, answeredAt: number): number {
  const asked = isHTTPError(error)
    ? parseRetryAfter(error.response.headers, answeredAt)
    : undefined;
  return asked ?? backoffDelay(retry - 1, () => spread);
}

function beyondCap(headers: Headers): boolean {
  const wait = parseRetryAfter(headers);
  return wait !== undefined && wait > MAX_RETRY_AFTER_MS;
}

/** A 2xx body over `maxResponseBytes`: never retried, the same answer would come again. */
export class BodyOverCapError extends APIConnectionError {}

/** Whether `error` is a `TypeError`, the type fetch rejects with when the network fails. */
export function isTypeError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (Object.prototype.toString.call(error) === '[object Error]' &&
      (error as Error).name === 'TypeError')
  );
}
