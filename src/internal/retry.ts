/** The retry policy as ky's `retry` options: ky runs the loop, reads `Retry-After` and waits. @module */
import { isHTTPError, type RetryOptions } from 'ky';
import { APIConnectionError, parseRetryAfter } from '../core/errors.ts';

/** `safe`: retried on connection errors, timeouts, 408, 429, 5xx; `rate-limit-only`: on 429. */
export type RetryPolicy = 'safe' | 'rate-limit-only';

/** The longest `Retry-After` waited out; longer, the call throws at once with `retryAfterMs`. */
export const MAX_RETRY_AFTER_MS = 60_000;
const INITIAL_RETRY_DELAY_MS = 500;
const MAX_RETRY_DELAY_MS = 8_000;

function baseDelay(retry: number): number {
  return Math.min(INITIAL_RETRY_DELAY_MS * 2 ** retry, MAX_RETRY_DELAY_MS);
}

function jitter(wait: number, spread: number): number {
  return wait * (1 - 0.25 * spread);
}

/** The backoff before retry `retry` (0 for the first): 0.5 s doubling up to 8 s, minus up to 25 %. */
export function backoffDelay(retry: number, random = Math.random): number {
  return jitter(baseDelay(retry), random());
}

export function isRetryableStatus(policy: RetryPolicy, status: number): boolean {
  if (status === 429) return true;
  if (policy === 'rate-limit-only') return false;
  return status === 408 || status >= 500;
}

/** ky's `retry` for `policy`; all methods, as the policy is the operation's, not the method's. */
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
    retryOnTimeout: true,
    shouldRetry: ({ error }) => {
      // Beyond the cap the caller gets the error at once (maxRetryAfter would shorten the wait).
      if (isHTTPError(error)) return beyondCap(error.response.headers) ? false : undefined;
      if (error instanceof BodyOverCapError) return false;
      // No answer: the request may have been processed, so only `safe` sends it again.
      if (policy === 'rate-limit-only') return false;
      // ky knows known runtimes' messages only: any TypeError, or a 2xx cut off, is one too.
      return isTypeError(error) || error instanceof APIConnectionError ? true : undefined;
    },
  };
}

/** The call's part of ky's `retry`: its limit, and a jitter drawn once (`spread`, 0 to 1). */
export function callRetry(limit: number, spread: number): RetryOptions {
  return {
    limit,
    delay: (attempt) => baseDelay(attempt - 1),
    jitter: (wait) => jitter(wait, spread),
  };
}

/** The wait ky took before retry `retry` (from 1): `Retry-After` as of `answeredAt`, else backoff. */
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
