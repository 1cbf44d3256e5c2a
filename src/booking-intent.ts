/**
 * {@link bookingIntentKey}: an `Idempotency-Key` for one booking intent.
 *
 * @module
 */
import { ConfigurationError, ValidationError } from './core/errors.ts';
import { AppointmentCreateParams } from './schemas/appointments.ts';
import { IdempotencyKey } from './schemas/common.ts';
import { issuesToFields } from './schemas/errors.ts';

/** Options of {@link bookingIntentKey}. */
export interface BookingIntentKeyOptions {
  /**
   * What makes this intent yours and new: the id of the booking request in your system (one
   * per request a person or a job makes, a new one when they book again after a cancel), such
   * as `booking-42`. At most 190 characters of text a header carries.
   */
  scope: string;
}

/** `scope:` and 64 hex digits must fit the spec's 255 characters. */
const MAX_SCOPE_LENGTH = 255 - 1 - 64;

/**
 * An `Idempotency-Key` for `appointments.create` that names one booking intent: your `scope`
 * and a SHA-256 of the body as the client sends it (patient, professional, type, `start_at`,
 * room, note). A retry of the same intent (after a crash, a lost response) gets the same key
 * and replays; a different slot after a 409 `slot_blocked`, or any other change of the body,
 * gets a new key, so the service books it instead of answering 422
 * `IdempotencyKeyReuseError` (spec 4.4: the same key with a different body). A `Date` hashes
 * as the `+00:00` instant the client sends for it; the same instant written with another
 * offset is another body, so another key.
 *
 * @example
 * ```ts
 * const body = { patient_id: 7, professional_id: 3, appointment_type_id: 1, start_at };
 * const idempotencyKey = await bookingIntentKey(body, { scope: `booking-${request.id}` });
 * await clinic.appointments.create(body, { idempotencyKey });
 * ```
 * @throws {@link ValidationError} when `body` breaks a rule of the spec (as `create` would).
 * @throws {@link ConfigurationError} when `scope` is empty, over 190 characters, or holds text
 *   a header cannot carry.
 */
export async function bookingIntentKey(
  body: AppointmentCreateParams,
  options: BookingIntentKeyOptions,
): Promise<string> {
  const scope: unknown = options?.scope;
  if (typeof scope !== 'string' || scope === '' || scope.length > MAX_SCOPE_LENGTH) {
    throw new ConfigurationError(
      `bookingIntentKey needs { scope }: the id of the booking request in your system, 1 to ${MAX_SCOPE_LENGTH} characters, such as \`booking-\${request.id}\`.`,
    );
  }
  const parsed = AppointmentCreateParams.safeParse(body);
  if (!parsed.success) throw new ValidationError(issuesToFields(parsed.error.issues), 'body');
  // Sorted keys, `undefined` dropped: the same body always hashes the same.
  const fields = Object.entries(parsed.data)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(JSON.stringify(fields)),
  );
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  const key = `${scope}:${hex}`;
  if (!IdempotencyKey.safeParse(key).success) {
    throw new ConfigurationError(
      'bookingIntentKey: scope must be text a header carries unchanged (no line breaks or ' +
        'control characters, nothing beyond Latin-1, no white space at either end).',
    );
  }
  return key;
}
