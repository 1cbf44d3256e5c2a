/**
 * `Idempotency-Key` (spec 4.4, 8): a key binds to its endpoint and body for 24 h (another body
 * or endpoint is 422, code `idempotencyErrorCode`); where it replays, a repeat answers the first
 * success (`replayBody`). A refused first request binds the key but is not replayed (it runs
 * again). @module
 */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../internal/wire.ts';
import { issuesToFields } from '../../schemas/errors.ts';
import { IdempotencyKey, LIMITS } from '../../schemas/fields/index.ts';
import { badRequest, unprocessable } from './responses.ts';
import type { ClinicState, IdempotencyEntry } from './store.ts';

/** The header, or 400 when it is empty or over 255 characters. */
export function readIdempotencyKey(headers: Headers): string | undefined {
  const value = headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return undefined;
  const parsed = IdempotencyKey.safeParse(value);
  if (!parsed.success) throw badRequest(issuesToFields(parsed.error.issues, IDEMPOTENCY_HEADER));
  return parsed.data;
}

/**
 * A body's text with keys sorted. `fromEntries`, not assignment, so `"__proto__"` stays an own
 * member and counts.
 */
export function fingerprint(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(record)
          .sort()
          .map((k) => [k, record[k]]),
      );
    }
    return value;
  });
}

/** Spec 4.4 rule 2: 422 when the live `key` is bound to another endpoint; else its entry. */
export function assertSameEndpoint(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  now: number,
): IdempotencyEntry | undefined {
  const entry = clinic.idempotency.get(key);
  if (!entry) return undefined;
  if (now - entry.created_at >= LIMITS.idempotencyWindowMs) {
    clinic.idempotency.delete(key);
    return undefined;
  }
  if (entry.endpoint !== endpoint) {
    throw unprocessable(
      clinic.settings.idempotencyErrorCode,
      // The fact only: the SDK's IdempotencyKeyReuseError says what to do, once.
      `This Idempotency-Key was used on ${entry.endpoint} within the last 24 hours.`,
    );
  }
  return entry;
}

/** The remembered answer, `undefined` when the request is to run, or 422 for another body or
 * endpoint. */
export function replay(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  print: string,
  now: number,
): Response | undefined {
  const entry = assertSameEndpoint(clinic, key, endpoint, now);
  if (!entry) return undefined;
  if (entry.fingerprint !== print) {
    throw unprocessable(
      clinic.settings.idempotencyErrorCode,
      'This Idempotency-Key was used with another body within the last 24 hours.',
    );
  }
  if (entry.status === undefined) return undefined;
  const body =
    clinic.settings.replayBody === 'current' && entry.current
      ? JSON.stringify(entry.current())
      : entry.body;
  return new Response(body ?? null, {
    status: entry.status,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      [REPLAYED_HEADER]: 'true',
    },
  });
}

/**
 * Binds `key` (with the answer, if it succeeded). A success's window starts at its creation
 * (spec 4.4 rule 1), so a retry late in a refusal's window cannot book twice.
 */
export function bind(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  print: string,
  now: number,
  answer?: { status: number; body: string | undefined; current?: (() => unknown) | undefined },
): void {
  const first = clinic.idempotency.get(key);
  const created_at = first?.endpoint === endpoint && answer === undefined ? first.created_at : now;
  // A key whose window starts anew moves to the end, so the map stays in window order and the
  // sweep below stops at the first live key.
  if (first && created_at !== first.created_at) clinic.idempotency.delete(key);
  clinic.idempotency.set(key, {
    endpoint,
    fingerprint: print,
    status: answer?.status,
    body: answer?.body,
    current: answer?.current,
    created_at,
  });
  sweep(clinic, now);
}

/**
 * Forgets keys whose 24 h window has ended, oldest first: every write binds its key, so a server
 * that runs for days would otherwise keep every key (and its answer) it ever saw.
 */
function sweep(clinic: ClinicState, now: number): void {
  for (const [key, entry] of clinic.idempotency) {
    if (now - entry.created_at < LIMITS.idempotencyWindowMs) return;
    clinic.idempotency.delete(key);
  }
}
