/** What the queue adapters share: option checks, the reason of a failure, a bounded close. @module */
import { ConfigurationError } from '../../core/errors.ts';
import type { WebhookRetryOptions } from './contract.ts';

export function checkRetryOptions(options: WebhookRetryOptions, who: string): WebhookRetryOptions {
  const { attempts, backoffMs, retentionMs } = options;
  if (attempts !== undefined && !(Number.isInteger(attempts) && attempts >= 1)) {
    throw new ConfigurationError(`${who}: attempts must be an integer of at least 1 (default 8).`);
  }
  if (backoffMs !== undefined && !(Number.isFinite(backoffMs) && backoffMs >= 0)) {
    throw new ConfigurationError(`${who}: backoffMs must be a number of ms >= 0 (default 1000).`);
  }
  if (retentionMs !== undefined && !(Number.isFinite(retentionMs) && retentionMs >= 1000)) {
    throw new ConfigurationError(
      `${who}: retentionMs must be a number of ms, at least the handler's maxEventAgeMs (default 48 h).`,
    );
  }
  return options;
}

/** The error's name and message: never its stack, nor the event (health data). */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Waits for `closing` up to `timeoutMs`, then forces. */
export async function closeWithin(
  closing: Promise<unknown>,
  timeoutMs: number,
  force: () => Promise<unknown>,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  const outcome = await Promise.race([closing.then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') await force();
}
