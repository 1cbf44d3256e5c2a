/**
 * The retry policy, stated per operation and handed to ky as its `retry` options: which
 * requests are retried, on what, after how long. ky runs the loop, counts the attempts, waits
 * (aborting the wait with the caller's signal) and times each attempt out.
 *
 * @module
 */
import { type HTTPError, isHTTPError, type RetryOptions } from 'ky';
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

/**
 * The backoff before retry number `retry` (0 for the first): 0.5 s doubling up to 8 s, minus up
 * to 25 % jitter so that many clients do not retry in step.
 */
export function backoffDelay(retry: number, random = Math.random): number {
  const base = Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
  return base * (1 - 0.25 * random());
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
 * failures. `afterStatusCodes` is empty: the service's wait is read by {@link parseRetryAfter}
 * (the same reading that sets `retryAfterMs`, including `retry-after-ms` and fractional seconds,
 * which ky does not read) and reaches ky through the call's `delay` ({@link callRetry}).
 */
export function policyRetry(policy: RetryPolicy): RetryOptions {
  return {
    methods: ['get', 'post', 'patch'],
    statusCodes: Array.from({ length: 200 }, (_, i) => 400 + i).filter((status) =>
      isRetryableStatus(policy, status),
    ),
    afterStatusCodes: [],
    // Whether a timeout is retried is shouldRetry's answer (ky asks it first): true lets its
    // `undefined` mean yes under `safe`.
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      // A wait longer than the cap is not waited out (ky's maxRetryAfter would shorten it):
      // the caller gets the error at once, with retryAfterMs, and schedules the retry.
      if (isHTTPError(error)) return beyondCap(error) ? false : undefined;
      if (error instanceof BodyOverCapError) return false;
      // No answer: the request may have been processed, so only `safe` sends it again.
      if (policy === 'rate-limit-only') return false;
      // fetch rejects with a TypeError when the network fails; ky recognises only the messages
      // of the runtimes it knows, so a custom fetch's TypeError is a network failure too.
      // A 2xx whose body was cut off (core/attempt.ts) is retried like a lost connection.
      return isTypeError(error) || error instanceof APIConnectionError ? true : undefined;
    },
  };
}

/**
 * The per-call part of ky's `retry` options: the call's `maxRetries`, and the wait before each
 * retry: the service's `Retry-After` when the last answer carried one, else the backoff.
 */
export function callRetry(limit: number, state: RetryState): RetryOptions {
  return {
    limit,
    delay: (attempt) => {
      state.delay = state.serverWait ?? backoffDelay(attempt - 1);
      return state.delay;
    },
  };
}

/** What one call's retries need to know between attempts. */
export interface RetryState {
  /** The wait the last answer asked for (`Retry-After`), reset before each attempt. */
  serverWait: number | undefined;
  /** The wait chosen before the latest retry (for its log line). */
  delay: number;
}

function beyondCap(error: HTTPError): boolean {
  const wait = parseRetryAfter(error.response.headers);
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
