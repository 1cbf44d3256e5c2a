/**
 * The retry policy as ky's `retry` options. ky runs the loop, reads the timing headers and waits;
 * the SDK only says which failures a row retries and refuses a wait beyond the cap. @module
 */
import { isHTTPError, type RetryOptions } from 'ky';
import { APIConnectionError, parseRetryAfter } from '../core/errors/index.ts';
import type { RetryPolicy } from '../operations.ts';

/** The longest wait a timing header may ask; longer, the call throws at once with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;

/** Whether `policy` retries an answer of `status`. */
export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  return status === 429 || (policy === 'safe' && (status === 408 || status >= 500));
}

/** ky's `retry` for `policy` and `limit`: all methods, as the policy is the row's, not the method's. */
export function retryOptions(policy: RetryPolicy, limit: number): RetryOptions {
  // The usual statuses, whose timing headers ky reads; another 5xx is retried on backoff.
  const statusCodes = policy === 'safe' ? [408, 429, 500, 502, 503, 504] : [429];
  return {
    limit,
    methods: ['get', 'post', 'patch'],
    statusCodes,
    afterStatusCodes: statusCodes,
    maxRetryAfter: MAX_RETRY_AFTER_MS,
    // 0.5 s doubling up to 8 s, minus up to 25 % so that clients spread out.
    delay: (attempt) => 500 * 2 ** (attempt - 1),
    jitter: (wait) => wait * (1 - 0.25 * Math.random()),
    backoffLimit: 8_000,
    // Only for `safe`: `shouldRetry` refuses every failure without an answer to the others.
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      if (isHTTPError(error)) {
        const { status, headers } = error.response;
        // Beyond the cap the caller gets the error at once (ky would shorten the wait instead).
        if ((parseRetryAfter(headers) ?? 0) > MAX_RETRY_AFTER_MS) return false;
        return isRetryableStatus(policy, status) && !statusCodes.includes(status)
          ? true
          : undefined;
      }
      // No answer: the request may have been processed, so only `safe` sends it again.
      if (policy === 'rate-limit-only' || error instanceof BodyOverCapError) return false;
      // ky knows known runtimes' messages only: any TypeError, or a 2xx cut off, is one too.
      return isTypeError(error) || error instanceof APIConnectionError ? true : undefined;
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
