/**
 * A job run's time limit (the queue's `jobTimeoutMs`), kept by the worker so that it holds alike
 * on every adapter: past it, the run's signal aborts and the run rejects with a
 * {@link WebhookJobTimeoutError}, which the queue treats as any failed attempt (retry, or the
 * dead-letter queue after the last) while it frees the run's concurrency slot. A promise cannot
 * be stopped from outside: a handler that ignores the signal runs on, and is reported when it
 * ends. @module
 */
import { WebhookJobTimeoutError } from '../errors.ts';

/** A run that ends within this after its limit stopped on its signal; a later one ignored it. */
export const OVERRUN_GRACE_MS = 1_000;

/**
 * Runs `work` with a signal that aborts after `limitMs`, and settles by then: with what `work`
 * settled with, or a {@link WebhookJobTimeoutError}. `overran` is told, once `work` settles after
 * all, how many ms past the limit it ran, when that is more than {@link OVERRUN_GRACE_MS}.
 */
export async function withinLimit<T>(
  limitMs: number,
  work: (signal: AbortSignal) => Promise<T>,
  overran: (lateMs: number) => void,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new WebhookJobTimeoutError(limitMs);
      controller.abort(error);
      reject(error);
    }, limitMs);
  });
  const running = work(controller.signal);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
    if (controller.signal.aborted) {
      const abandonedAt = Date.now();
      const late = () => {
        const lateMs = Date.now() - abandonedAt;
        if (lateMs > OVERRUN_GRACE_MS) overran(lateMs);
      };
      running.then(late, late);
    }
  }
}
