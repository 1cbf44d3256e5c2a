/** An `Idempotency-Key` for one booking intent. @module */
import { ConfigurationError, ValidationError } from './core/errors/index.ts';
import { AppointmentCreateParams } from './schemas/appointments.ts';
import { issuesToFields } from './schemas/errors.ts';
import { IdempotencyKey, LIMITS } from './schemas/fields/index.ts';

/** Options of {@link bookingIntentKey}. */
export interface BookingIntentKeyOptions {
  /** Your booking request id, e.g. `booking-42` (new after a cancel); ≤ 190 header-safe chars. */
  scope: string;
}

/** `scope:` and 64 hex digits must fit in the key's length (spec 8). */
const MAX_SCOPE_LENGTH = LIMITS.idempotencyKeyLength - 1 - 64;

/** An `Idempotency-Key` for `appointments.create`: `scope` and a SHA-256 of the body as sent, so
 * a retry replays and a changed body gets a new key. A `Date` hashes as its `+00:00` instant. */
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
