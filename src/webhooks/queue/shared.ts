/**
 * What the queue adapters share: option checks, the reason of a failure, a bounded close, the
 * replay rule, the backoff, and how a stored letter reads. @module
 */
import { ConfigurationError } from '../../core/errors/index.ts';
import type { WebhookEvent } from '../events.ts';
import type { DeadLetter, DeadLetterKind, WebhookJob, WebhookRetryOptions } from './contract.ts';

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
  checkJobTimeout(options.jobTimeoutMs, who);
  return options;
}

/** The longest `jobTimeoutMs`: pg-boss's ceiling on a job's expiry. */
export const MAX_JOB_TIMEOUT_MS = 24 * 60 * 60_000;

/** A valid `jobTimeoutMs`, or `undefined` when not set. */
export function checkJobTimeout(value: unknown, who: string): number | undefined {
  if (value === undefined) return undefined;
  if (!(typeof value === 'number' && value > 0 && value <= MAX_JOB_TIMEOUT_MS)) {
    throw new ConfigurationError(
      `${who}: jobTimeoutMs must be a number of ms above 0, at most 24 h (default 15 min): how long one run of a job may take.`,
    );
  }
  return value;
}

/** The shortest period of a scheduled task: a reconciliation walks every appointment. */
export const MIN_SCHEDULE_MS = 1_000;

export function checkEveryMs(everyMs: unknown, who: string): number {
  if (!(typeof everyMs === 'number' && Number.isFinite(everyMs) && everyMs >= MIN_SCHEDULE_MS)) {
    throw new ConfigurationError(
      `${who}: everyMs must be a number of ms, at least ${MIN_SCHEDULE_MS} (a reconciliation walks every appointment; an hour is typical).`,
    );
  }
  return everyMs;
}

/** The error's name and message: never its stack, nor the event (health data). */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** BullMQ's and pg-boss's failure text for a job whose worker stopped mid-job every time. */
const STALLED = /stalled more than allowable limit|started more than allowable limit/i;

/** A broker's failure text, with what a stalled job means said in words. */
export function failedReason(text: string | undefined): string {
  const reason = text || 'failed its last attempt';
  return STALLED.test(reason)
    ? `${reason}: its worker stopped mid-job each time (killed, out of memory, or its event loop blocked)`
    : reason;
}

/** The wait before retry `attempt + 1`, as BullMQ's exponential backoff computes it. */
export function backoffDelay(backoffMs: number, attempt: number): number {
  return Math.round(backoffMs * 2 ** (attempt - 1));
}

/** A letter as the adapters store it: the job, and why it is there. */
export type StoredLetter = WebhookJob & { reason?: string; kind?: DeadLetterKind; ran?: boolean };

/** A stored letter as {@link DeadLetter}; one written before kinds existed reads as `failed`. */
export function letterOf(stored: StoredLetter, fallbackReason?: string): DeadLetter {
  const event = stored.event as WebhookEvent;
  return {
    id: typeof stored.id === 'string' ? stored.id : String(event?.id),
    event,
    reason: stored.reason ?? fallbackReason ?? 'failed its last attempt',
    kind: stored.kind ?? 'failed',
    ran: stored.ran === true,
  };
}

/** Where the queue holds the letter's event now. */
export type HeldState = 'none' | 'queued' | 'done' | 'failed';

/**
 * What a replay does with one letter: `drop` it (the event ran to its end, or is queued again),
 * `keep` it (refused as too old, and not named), or `requeue` its event with attempts anew.
 */
export function replayStep(
  letter: DeadLetter,
  named: boolean,
  held: HeldState,
): 'drop' | 'keep' | 'requeue' {
  if (letter.ran || held === 'done') return 'drop';
  if (letter.kind === 'refused' && !named) return 'keep';
  if (held === 'queued') return 'drop';
  return 'requeue';
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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
