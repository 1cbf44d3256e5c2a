/**
 * Telling an event that is older than what the consumer already knows. Retries deliver events
 * out of order (a failed delivery comes back 1 min to 6 h later, after newer ones), and an
 * integrator's own writes come back as events (spec 6.2 rule 1), possibly after a newer change.
 * The appointment's `updated_at` orders its states; `data.id` keys them. `updated_at` has whole
 * seconds (spec 2.1): two changes within one second share it, and only a read of the
 * appointment tells which of them is current.
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
 * - `same`: the very state already recorded (same `updated_at`, same data): a redelivery, or
 *   the echo of your own write; applying it again changes nothing;
 * - `unordered`: the same `updated_at` as the recorded state but other data: two changes
 *   within one second, which `updated_at` cannot order. Neither apply nor skip it: read the
 *   appointment ({@link StaleEventGuard.resolve} does) and apply what the API returns;
 * - `older`: a newer state was recorded already: skip it.
 */
export type Freshness = 'newer' | 'same' | 'unordered' | 'older';

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

/** What the guard keeps per appointment: its newest `updated_at` and a digest of its data. */
interface Recorded {
  updatedAt: string;
  digest: string;
}

/** JSON with object keys sorted, so that the same data always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/**
 * A 64-bit digest of the canonical data (two chained 32-bit FNV-1a lanes): 16 characters per
 * appointment instead of the whole record, synchronous, and no runtime crypto needed. A
 * collision (about 2^-64) would read another state as `same`.
 */
function digestOf(appointment: Appointment): string {
  const text = canonical(appointment);
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 13);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
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
 * {@link compareUpdatedAt} instead. Two changes within the same second carry the same
 * `updated_at` and cannot be ordered by it: the guard answers `unordered` for a state that
 * shares the recorded `updated_at` but not its data, and {@link StaleEventGuard.resolve}
 * reads the appointment then.
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
 *   verify,
 *   on: {
 *     'appointment.updated': async (event) => {
 *       // The state to apply: the event's, or the API's when updated_at cannot order them.
 *       const state = await guard.resolve(event, (id) => clinic.appointments.retrieve(id));
 *       if (!state) return; // older, or the state already applied
 *       await db.upsertAppointment(state);
 *       guard.record(state);
 *     },
 *   },
 * });
 * ```
 */
export class StaleEventGuard {
  readonly #maxEntries: number;
  /** appointment id → newest recorded state; insertion order is recording order. */
  readonly #newest = new Map<string, Recorded>();

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
    const order = compareUpdatedAt(appointment.updated_at, newest.updatedAt);
    if (Number.isNaN(order)) return 'newer';
    if (order !== 0) return order > 0 ? 'newer' : 'older';
    return digestOf(appointment) === newest.digest ? 'same' : 'unordered';
  }

  /**
   * The state to apply for `input`, or `undefined` when there is nothing to apply: `newer`
   * gives its own appointment; `older` and `same` give `undefined`; `unordered` calls
   * `read(id)`, the appointment as the API has it now (such as
   * `(id) => clinic.appointments.retrieve(id)`), and gives it unless it is the state
   * recorded already. It records nothing: record the state once you have applied it, so that a
   * failed apply is retried.
   *
   * @throws what `read` throws: let it fail the delivery, and the service retries it.
   */
  async resolve(
    input: StaleGuardInput,
    read: (appointmentId: string) => Promise<Appointment>,
  ): Promise<Appointment | undefined> {
    const freshness = this.freshness(input);
    const appointment = appointmentOf(input);
    if (freshness === 'newer') return appointment;
    if (freshness !== 'unordered' || !appointment?.id) return undefined;
    const current = await read(appointment.id);
    const now = this.freshness(current);
    return now === 'newer' || now === 'unordered' ? current : undefined;
  }

  /**
   * Whether a newer state of the same appointment was recorded already: skip the event. An
   * `unordered` state is not stale, nor safe to apply: use {@link StaleEventGuard.resolve}.
   */
  isStale(input: StaleGuardInput): boolean {
    return this.freshness(input) === 'older';
  }

  /**
   * Remembers the state in `input`, once applied, when it is `newer` than the one recorded,
   * or `unordered` (the state read from the API after an `unordered` event).
   */
  record(input: StaleGuardInput): void {
    const appointment = appointmentOf(input);
    const freshness = this.freshness(input);
    if (!appointment?.id || (freshness !== 'newer' && freshness !== 'unordered')) return;
    this.#newest.delete(appointment.id);
    if (this.#newest.size >= this.#maxEntries) {
      const oldest = this.#newest.keys().next();
      if (!oldest.done) this.#newest.delete(oldest.value);
    }
    this.#newest.set(appointment.id, {
      updatedAt: appointment.updated_at,
      digest: digestOf(appointment),
    });
  }

  /** The newest `updated_at` recorded for an appointment id, if any. */
  newest(appointmentId: string): string | undefined {
    return this.#newest.get(appointmentId)?.updatedAt;
  }

  /** Forgets everything recorded. */
  clear(): void {
    this.#newest.clear();
  }
}
