/**
 * The retry policy as ky's `retry` options. ky runs the loop, reads the timing headers and waits;
 * the SDK only says which failures a row retries and refuses a wait beyond the cap. @module
 */
import { isHTTPError, isTimeoutError, type RetryOptions } from 'ky';
import { APIConnectionError, parseRetryAfter } from '../core/errors/index.ts';
import type { RetryPolicy } from '../operations.ts';

/** The longest wait a timing header may ask; longer, the call throws at once with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Whether `policy` retries an answer of `status`. */
export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  return status === 429 || (policy === 'safe' && (status === 408 || status >= 500));
}

/** The statuses ky retries by its own rule (its default `statusCodes`, less 413), reading their
 * timing headers; another retryable one is retried on backoff. */
const TIMED = [408, 429, 500, 502, 503, 504];

/**
 * ky's `retry` for `policy` and `limit`: all methods, as the policy is the row's, not the
 * method's. ky normalises each member on every call (about 0.5 µs each): `shouldRetry` decides
 * every failure, so ky's default `statusCodes` stay, and the jitter is the delay's own.
 */
export function retryOptions(policy: RetryPolicy, limit: number): RetryOptions {
  return {
    limit,
    methods: ['get', 'post', 'patch'],
    afterStatusCodes: TIMED,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    // 0.5 s doubling up to 8 s, minus up to 25 % so that clients spread out.
    delay: (attempt) => Math.min(500 * 2 ** (attempt - 1), 8_000) * (1 - 0.25 * Math.random()),
    shouldRetry: ({ error }) => {
      if (isHTTPError(error)) {
        const { status, headers } = error.response;
        // Beyond the cap the caller gets the error at once (ky would shorten the wait instead).
        if ((parseRetryAfter(headers) ?? 0) > MAX_RETRY_AFTER_MS) return false;
        if (!isRetryableStatus(policy, status)) return false;
        return TIMED.includes(status) ? undefined : true;
      }
      // No answer: the request may have been processed, so only `safe` sends it again (a timeout
      // too, which ky alone would not).
      if (policy === 'rate-limit-only' || error instanceof BodyOverCapError) return false;
      // ky knows known runtimes' messages only: any TypeError, or a 2xx cut off, is one too.
      return isTypeError(error) || error instanceof APIConnectionError || isTimeoutError(error)
        ? true
        : undefined;
    },
  };
}

/** A 2xx body over `maxResponseBytes`: never retried, the same answer would come again. */
export class BodyOverCapError extends APIConnectionError {}

/** Whether `error` is a `TypeError` (a subclass, or another realm's): fetch's network failure. */
export function isTypeError(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (Object.prototype.toString.call(error) === '[object Error]' &&
      (error as Error).name === 'TypeError')
  );
}
