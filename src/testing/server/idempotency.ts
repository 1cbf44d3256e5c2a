/**
 * The `Idempotency-Key` header (spec 4.4 and 8): at most 255 characters; the same request
 * repeated with the same key within 24 hours (on the server clock) answers the response of the
 * first one again, with `Idempotent-Replayed: true`, and changes nothing; the same key with
 * another body or on another endpoint answers 422.
 *
 * Keys are remembered per clinic, in a map (no scan), where the clinic's `idempotencyReplay`
 * setting says (default: POST /appointments only, where the spec describes replay). A key is
 * bound to its first endpoint and body whatever that request's outcome: a success is replayed
 * for 24 hours from the creation; after a refusal (400, 409...) the same body runs again, and
 * another body is 422, for 24 hours from the first use.
 *
 * @module
 */
import { IDEMPOTENCY_HEADER, REPLAYED_HEADER } from '../../internal/wire.ts';
import { issuesToFields } from '../../schemas/errors.ts';
import { IdempotencyKey, LIMITS } from '../../schemas/fields/index.ts';
import { badRequest, unprocessable } from './responses.ts';
import type { ClinicState, IdempotencyEntry } from './store.ts';

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

/**
 * A canonical text of a parsed body: object keys sorted, so key order does not matter. Every
 * member counts, `"__proto__"` included (`fromEntries` defines it as an own property, where an
 * assignment would set the prototype and drop it from the text).
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

/**
 * Spec 4.4 rule 2: 422 when `key` is bound, within its 24 h window, to another endpoint than
 * `endpoint`. Returns the live entry (or `undefined` when the key is free).
 *
 * @throws ApiProblem 422 `{code: 'idempotency_key_reused', detail}`.
 */
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
      'idempotency_key_reused',
      `This Idempotency-Key was used on ${entry.endpoint} within the last 24 hours; ` +
        'use a new key for a new request.',
    );
  }
  return entry;
}

/**
 * The replay of the remembered answer for `key`, or `undefined` when the request is to run:
 * the key is new (or its 24 h window has passed), or its first request was refused.
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
  const entry = assertSameEndpoint(clinic, key, endpoint, now);
  if (!entry) return undefined;
  if (entry.fingerprint !== print) {
    throw unprocessable(
      'idempotency_key_reused',
      'This Idempotency-Key was used with another body within the last 24 hours; ' +
        'use a new key for a new request.',
    );
  }
  if (entry.status === undefined) return undefined;
  return new Response(entry.body ?? null, {
    status: entry.status,
    headers: { 'content-type': 'application/json', [REPLAYED_HEADER]: 'true' },
  });
}

/**
 * Binds `key` to `endpoint` and the body's `print`, with the answer to replay when there is one
 * (`status` undefined: a refusal). A refusal's binding lasts 24 h from the key's first use; a
 * record created later with the key (the same body run again) is replayed for 24 h from that
 * creation (spec 4.4 rule 1), so a retry at the end of the first window cannot book twice.
 */
export function bind(
  clinic: ClinicState,
  key: string,
  endpoint: string,
  print: string,
  now: number,
  answer?: { status: number; body: string },
): void {
  const first = clinic.idempotency.get(key);
  clinic.idempotency.set(key, {
    endpoint,
    fingerprint: print,
    status: answer?.status,
    body: answer?.body,
    created_at: first?.endpoint === endpoint && answer === undefined ? first.created_at : now,
  });
}
