/** Store and queue calls bounded by `storeTimeoutMs`: a hanging one must not hold the answer. @module */
import { ClinicError } from '../../core/errors/index.ts';
import type { WebhookEvent } from '../events.ts';

/** A synchronous throw becomes a rejection. */
export function invoke<T>(call: () => T): Promise<Awaited<T>> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

export function within<T>(
  call: Promise<T>,
  what: string,
  limitMs: number,
  storeTimeoutMs: number,
  subject = 'The dedupe store',
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const option = limitMs === storeTimeoutMs ? ' (storeTimeoutMs).' : '.';
      reject(new ClinicError(`${subject} did not answer ${what} within ${limitMs} ms${option}`));
    }, limitMs);
  });
  return Promise.race([call, limit]).finally(() => clearTimeout(timer));
}

export interface PersistContext {
  leaseMs: number;
  storeTimeoutMs: number;
  report(error: unknown, event?: WebhookEvent): void;
}

/** Backs off from 100 ms to `storeTimeoutMs`; reports only the give-up (the caller, the first). */
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
      // Retried until the lease ends.
    }
  }
  context.report(
    new ClinicError(
      `The dedupe store could not ${what} event ${event.id} within its lease (${leaseMs} ms).`,
    ),
    event,
  );
}
