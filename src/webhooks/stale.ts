/**
 * Telling an event that is older than what the consumer already knows. Retries deliver events
 * out of order (a failed delivery comes back 1 min to 6 h later, after newer ones), and an
 * integrator's own writes come back as events (spec 6.2 rule 1), possibly after a newer change.
 * The appointment's `updated_at` orders its states; `data.id` keys them.
 *
 * @module
 */
import { ConfigurationError } from '../core/errors.ts';
import type { Appointment } from '../schemas/appointments.ts';
import type { WebhookEvent } from './events.ts';

const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;

/** Epoch ms of the whole seconds, and the fraction digits as written (trailing zeros cut). */
function instant(value: string): [ms: number, fraction: string] {
  const m = INSTANT.exec(value.trim());
  if (!m) return [Date.parse(value), ''];
  const [, base, fraction = '', zone] = m;
  // No offset: read as UTC, the same for every such value, so their order is kept.
  const offset =
    !zone || zone.toUpperCase() === 'Z' ? 'Z' : zone.replace(/^([+-]\d{2})(\d{2})$/, '$1:$2');
  return [Date.parse(`${base}${offset}`), fraction.replace(/0+$/, '')];
}

/**
 * Compares two `updated_at` values as instants: offsets are honoured (`10:00:00-03:00` equals
 * `13:00:00Z`) and fractions of a second of any length are compared digit by digit.
 *
 * @returns a negative number when `a` is earlier, 0 when equal, a positive number when later;
 *   `NaN` when either is not an ISO 8601 date-time.
 */
export function compareUpdatedAt(a: string, b: string): number {
  const [aMs, aFraction] = instant(a);
  const [bMs, bFraction] = instant(b);
  if (Number.isNaN(aMs) || Number.isNaN(bMs)) return Number.NaN;
  if (aMs !== bMs) return aMs - bMs;
  const width = Math.max(aFraction.length, bFraction.length);
  const af = aFraction.padEnd(width, '0');
  const bf = bFraction.padEnd(width, '0');
  return af < bf ? -1 : af > bf ? 1 : 0;
}

/**
 * Where an event (or an appointment read from the API) stands against the newest state the
 * guard has recorded for the same appointment:
 * - `newer`: later than anything recorded, or the appointment is unknown: apply it;
 * - `same`: the very state already recorded: a redelivery, or the echo of your own write;
 *   applying it again changes nothing;
 * - `older`: a newer state was recorded already: skip it.
 */
export type Freshness = 'newer' | 'same' | 'older';

/** An appointment event, or an appointment as the client returns it (for your own writes). */
export type StaleGuardInput = WebhookEvent | Appointment;

/** Options of {@link StaleEventGuard}. */
export interface StaleEventGuardOptions {
  /**
   * At most this many appointments are remembered (default 100 000); past it the one recorded
   * longest ago is forgotten, and an old event about it would then read as `newer`.
   */
  maxEntries?: number | undefined;
}

function appointmentOf(input: StaleGuardInput): Appointment | undefined {
  if ('type' in input && 'api_version' in input)
    return input.type === 'ping' ? undefined : input.data;
  return input as Appointment;
}

/**
 * Tells whether an event is older than the newest state already seen for its appointment, by
 * `data.id` and `data.updated_at`. Record what you apply, both events and the appointments
 * your own writes return, and skip what {@link StaleEventGuard.isStale} calls stale.
 *
 * It lives in memory. A consumer on several machines, or one that must survive restarts,
 * should keep `updated_at` beside each stored appointment and compare with
 * {@link compareUpdatedAt} instead. Two changes within the same instant carry the same
 * `updated_at` and cannot be ordered by it.
 *
 * `ping` events and appointments without an id are never stale and are not recorded.
 *
 * @example
 * ```ts
 * const guard = new StaleEventGuard();
 * const created = await clinic.appointments.create(body);
 * guard.record(created); // our own write: its echo will read as 'same'
 *
 * createWebhookHandler({
 *   on: {
 *     'appointment.updated': async (event) => {
 *       if (guard.isStale(event)) return; // a newer state was applied already
 *       await db.upsertAppointment(event.data);
 *       guard.record(event);
 *     },
 *   },
 * });
 * ```
 */
export class StaleEventGuard {
  readonly #maxEntries: number;
  /** appointment id → newest `updated_at`; insertion order is recording order. */
  readonly #newest = new Map<string, string>();

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `maxEntries` is not a positive integer. */
  constructor(options: StaleEventGuardOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 100_000;
    if (!Number.isInteger(this.#maxEntries) || this.#maxEntries < 1) {
      throw new ConfigurationError(
        'StaleEventGuard: maxEntries must be a positive integer (default 100 000); size it above ' +
          'the number of appointments whose events you receive.',
      );
    }
  }

  /** How many appointments the guard remembers. */
  get size(): number {
    return this.#newest.size;
  }

  /** Where `input` stands against the newest recorded state of its appointment. */
  freshness(input: StaleGuardInput): Freshness {
    const appointment = appointmentOf(input);
    if (!appointment?.id) return 'newer';
    const newest = this.#newest.get(appointment.id);
    if (newest === undefined) return 'newer';
    const order = compareUpdatedAt(appointment.updated_at, newest);
    if (Number.isNaN(order)) return 'newer';
    return order > 0 ? 'newer' : order === 0 ? 'same' : 'older';
  }

  /** Whether a newer state of the same appointment was recorded already: skip the event. */
  isStale(input: StaleGuardInput): boolean {
    return this.freshness(input) === 'older';
  }

  /** Remembers the state in `input` when it is newer than the one recorded. */
  record(input: StaleGuardInput): void {
    const appointment = appointmentOf(input);
    if (!appointment?.id || this.freshness(input) !== 'newer') return;
    this.#newest.delete(appointment.id);
    if (this.#newest.size >= this.#maxEntries) {
      const oldest = this.#newest.keys().next();
      if (!oldest.done) this.#newest.delete(oldest.value);
    }
    this.#newest.set(appointment.id, appointment.updated_at);
  }

  /** The newest `updated_at` recorded for an appointment id, if any. */
  newest(appointmentId: string): string | undefined {
    return this.#newest.get(appointmentId);
  }

  /** Forgets everything recorded. */
  clear(): void {
    this.#newest.clear();
  }
}
