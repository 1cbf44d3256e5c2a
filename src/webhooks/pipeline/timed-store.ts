/**
 * Every call to the dedupe store is bounded in time (`storeTimeoutMs`): a store that hangs,
 * such as an ioredis client queueing commands while Redis is down, must not hold the answer.
 * A `complete` or `release` that fails is retried in the background until its lease ends.
 *
 * Internal: not exported from the package; it may change in any release.
 *
 * @module
 */
import { ClinicError } from '../../core/errors.ts';
import type { WebhookEvent } from '../events.ts';

/** Calls `call` now, its result or its throw as a promise. */
export function invoke<T>(call: () => T): Promise<Awaited<T>> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/**
 * Settles with `call`, or rejects with an error naming `what` once `limitMs` passes first;
 * `storeTimeoutMs` is named in the message when it is the limit that ran out.
 */
export function within<T>(
  call: Promise<T>,
  what: string,
  limitMs: number,
  storeTimeoutMs: number,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const option = limitMs === storeTimeoutMs ? ' (storeTimeoutMs).' : '.';
      reject(
        new ClinicError(`The dedupe store did not answer ${what} within ${limitMs} ms${option}`),
      );
    }, limitMs);
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

/** What {@link persistUntilLeaseEnds} needs from the handler. */
export interface PersistContext {
  leaseMs: number;
  storeTimeoutMs: number;
  report(error: unknown, event?: WebhookEvent): void;
}

/**
 * Retries a store call (with backoff from 100 ms up to `storeTimeoutMs`) until it lands or the
 * claim's lease ends; then reports that it never landed. Each attempt's failure was reported
 * once already, by the caller.
 */
export async function persistUntilLeaseEnds(
  context: PersistContext,
  call: () => unknown,
  what: string,
  event: WebhookEvent,
): Promise<void> {
  const { leaseMs, storeTimeoutMs } = context;
  const giveUpAt = Date.now() + leaseMs;
  for (let wait = 100; Date.now() < giveUpAt; wait = Math.min(wait * 2, storeTimeoutMs)) {
    await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      await within(invoke(call), `${what} of event ${event.id}`, storeTimeoutMs, storeTimeoutMs);
      return;
    } catch {
      // The next attempt follows.
    }
  }
  context.report(
    new ClinicError(
      `The dedupe store could not ${what} event ${event.id} within its lease (${leaseMs} ms).`,
    ),
    event,
  );
}
