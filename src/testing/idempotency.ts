/**
 * The `Idempotency-Key` header (spec 4.4 and 8): at most 255 characters; the same request
 * repeated with the same key within 24 hours (on the server clock) answers the response of the
 * first one again, with `Idempotent-Replayed: true`, and changes nothing; the same key with
 * another body or on another endpoint answers 422.
 *
 * Keys are remembered per clinic, in a map (no scan), for every write that carries one; only
 * successful answers are remembered, so a request refused with 400 or 409 may be retried with
 * its key once the cause is fixed.
 *
 * @module
 */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../internal/wire.ts';
import { IdempotencyKey, LIMITS } from '../schemas/common.ts';
import { issuesToFields } from '../schemas/errors.ts';
import { badRequest, unprocessable } from './responses.ts';
import type { ClinicState } from './store.ts';

/**
 * Reads and checks the header.
 *
 * @throws ApiProblem 400 `{ "Idempotency-Key": [...] }` when it is empty or longer than 255
 *   characters.
 */
export function readIdempotencyKey(headers: Headers): string | undefined {
  const value = headers.get(IDEMPOTENCY_HEADER);
  if (value === null) return undefined;
  const parsed = IdempotencyKey.safeParse(value);
  if (!parsed.success) throw badRequest(issuesToFields(parsed.error.issues, IDEMPOTENCY_HEADER));
  return parsed.data;
}

/** A canonical text of a parsed body: object keys sorted, so key order does not matter. */
export function fingerprint(body: unknown): string {
  return JSON.stringify(body, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(value).sort()) sorted[k] = (value as Record<string, unknown>)[k];
      return sorted;
    }
    return value;
  });
}

/**
 * The replay of a remembered answer for `key`, or `undefined` when the key is new (or its 24 h
 * window has passed).
 *
 * @throws ApiProblem 422 `{code: 'idempotency_key_reused', detail}` when the key was used with
 *   another body or on another endpoint.
 */
export function replay(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  print: string,
  now: number,
): Response | undefined {
  const entry = clinic.idempotency.get(key);
  if (!entry) return undefined;
  if (now - entry.created_at >= LIMITS.idempotencyWindowMs) {
    clinic.idempotency.delete(key);
    return undefined;
  }
  if (entry.endpoint !== endpoint) {
    throw unprocessable(
      'idempotency_key_reused',
      `This Idempotency-Key was used on ${entry.endpoint} within the last 24 hours; ` +
        'use a new key for a new request.',
    );
  }
  if (entry.fingerprint !== print) {
    throw unprocessable(
      'idempotency_key_reused',
      'This Idempotency-Key was used with another body within the last 24 hours; ' +
        'use a new key for a new request.',
    );
  }
  return new Response(entry.body, {
    status: entry.status,
    headers: { 'content-type': 'application/json', [REPLAYED_HEADER]: 'true' },
  });
}

/** Remembers a successful answer for `key`, and answers it. */
export function remember(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  print: string,
  now: number,
  status: number,
  body: unknown,
): Response {
  const text = JSON.stringify(body);
  clinic.idempotency.set(key, {
    endpoint,
    fingerprint: print,
    status,
    body: text,
    created_at: now,
  });
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}
