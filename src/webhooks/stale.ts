/**
 * Telling a stale event: retries arrive out of order and your own writes echo back (spec 6.2
 * rule 1). `updated_at` orders an appointment's states, but has whole seconds (spec 2.1). @module
 */
import { ConfigurationError } from '../core/errors/index.ts';
import type { Appointment } from '../schemas/appointments.ts';
import type { WebhookEvent } from './events.ts';

const INSTANT =
  /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?(?:Z|([+-])(\d{2}):?(\d{2}))?$/i;

/** Epoch ms of the whole seconds, and the fraction digits as written: any precision compares. */
function instant(value: string): [ms: number, fraction: string] {
  const m = INSTANT.exec(value.trim());
  if (!m) return [Date.parse(value), ''];
  const [, base, fraction = '', sign, hours = '0', minutes = '0'] = m;
  // The offset applied here, not by Date.parse, which not every runtime reads in all its forms.
  // No offset: read as UTC, the same for every such value, so their order is kept.
  const offset = (Number(hours) * 60 + Number(minutes)) * 60_000;
  return [Date.parse(`${base}Z`) - (sign === '-' ? -offset : offset), fraction];
}

/** `updated_at` in epoch ms (whole ms; offsets read), or `NaN` when unreadable. */
export function updatedAtMs(updatedAt: string): number {
  return instant(updatedAt)[0];
}

/**
 * How far ahead of this machine's clock an `updated_at` may be and still be recorded as the newest
 * state of its appointment: 1 hour. One further ahead (a corrupted or edited event, a service
 * whose clock is wrong) would make every later real event of that appointment look stale.
 */
export const MAX_UPDATED_AT_AHEAD_MS = 60 * 60_000;

/** Whether `updated_at` is further ahead of `now` than {@link MAX_UPDATED_AT_AHEAD_MS}. */
export function isTooFarAhead(updatedAt: string, now = Date.now()): boolean {
  return updatedAtMs(updatedAt) > now + MAX_UPDATED_AT_AHEAD_MS;
}

/**
 * `updated_at` as text that sorts as the instants do (whole ms, then nine fraction digits), for
 * shared stores that compare in Redis or SQL; `undefined` when unreadable.
 */
export function orderKey(updatedAt: string): string | undefined {
  const [ms, fraction] = instant(updatedAt);
  if (!(Number.isFinite(ms) && ms >= 0)) return undefined;
  return `${String(ms).padStart(16, '0')}.${fraction.padEnd(9, '0').slice(0, 9)}`;
}

/** Compares two `updated_at` instants (offsets, any fraction): <0, 0, >0, or `NaN` if unreadable. */
export function compareUpdatedAt(a: string, b: string): number {
  const [aMs, aFraction] = instant(a);
  const [bMs, bFraction] = instant(b);
  // NaN when either is: NaN is never equal, and NaN minus anything is NaN.
  if (aMs !== bMs) return aMs - bMs;
  const width = Math.max(aFraction.length, bFraction.length);
  const af = aFraction.padEnd(width, '0');
  const bf = bFraction.padEnd(width, '0');
  return af < bf ? -1 : af > bf ? 1 : 0;
}

/**
 * An event against the newest recorded state of its appointment: `newer` (or unknown: apply
 * it), `same` (a redelivery or echo), `older` (skip it), or `unordered` (same `updated_at`,
 * other data: read the appointment, as {@link StaleEventGuard.resolve} does).
 */
export type Freshness = 'newer' | 'same' | 'unordered' | 'older';

/** An appointment event, or an appointment as the client returns it (for your own writes). */
export type StaleGuardInput = WebhookEvent | Appointment;

/** Options of {@link StaleEventGuard}. */
export interface StaleEventGuardOptions {
  /** Appointments remembered (default 100 000); past it the oldest is forgotten (then `newer`). */
  maxEntries?: number | undefined;
}

interface Recorded {
  updatedAt: string;
  digest: string;
}

/** JSON with sorted keys, so that the same data always gives the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** Two chained FNV-1a lanes: 16 characters, synchronous; a collision (~2^-64) reads as `same`. */
export function digestOf(appointment: Appointment): string {
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

export function appointmentOf(input: StaleGuardInput): Appointment | undefined {
  if ('api_version' in input) return input.type === 'ping' ? undefined : input.data;
  return input as Appointment;
}

/**
 * Tells whether an event is older than the newest state seen for its appointment; record what you
 * apply, your own writes included. In memory only: across processes, compare stored `updated_at`.
 */
export class StaleEventGuard {
  readonly #maxEntries: number;
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
    if (order < 0) return 'older';
    // Unreadable (NaN) reads as newer: applying it is safer than dropping it.
    if (order !== 0) return 'newer';
    return digestOf(appointment) === newest.digest ? 'same' : 'unordered';
  }

  /** The state to apply, or `undefined`: `unordered` reads it with `read(id)`; records nothing. */
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

  /** Whether a newer state was recorded already; `unordered` is not stale: use `resolve`. */
  isStale(input: StaleGuardInput): boolean {
    return this.freshness(input) === 'older';
  }

  /**
   * Remembers the state in `input`, once applied, when it is `newer` or `unordered`; never one
   * whose `updated_at` is over {@link MAX_UPDATED_AT_AHEAD_MS} ahead of now (it would pin it).
   */
  record(input: StaleGuardInput): void {
    const appointment = appointmentOf(input);
    const freshness = this.freshness(input);
    if (!appointment?.id || (freshness !== 'newer' && freshness !== 'unordered')) return;
    if (isTooFarAhead(appointment.updated_at)) return;
    this.#newest.delete(appointment.id);
    if (this.#newest.size >= this.#maxEntries) {
      this.#newest.delete(this.#newest.keys().next().value as string);
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
