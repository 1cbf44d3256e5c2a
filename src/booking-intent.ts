/**
 * An `Idempotency-Key` for one booking intent.
 *
 * @module
 */
import { ConfigurationError, ValidationError } from './core/errors.ts';
import { AppointmentCreateParams } from './schemas/appointments.ts';
import { issuesToFields } from './schemas/errors.ts';
import { IdempotencyKey } from './schemas/fields/index.ts';

/** Options of {@link bookingIntentKey}. */
export interface BookingIntentKeyOptions {
  /**
   * Your id of the booking request, such as `booking-42` (new when they book again after a
   * cancel): at most 190 characters a header carries.
   */
  scope: string;
}

/** `scope:` and 64 hex digits must fit the spec's 255 characters. */
const MAX_SCOPE_LENGTH = 255 - 1 - 64;

/**
 * An `Idempotency-Key` for `appointments.create`: `scope` and a SHA-256 of the body as sent. A
 * retry of the same intent replays; any change of the body (another slot after a 409) gets a
 * new key instead of a 422 `IdempotencyKeyReuseError`. A `Date` hashes as its `+00:00`
 * instant; the same instant written with another offset is another key.
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
