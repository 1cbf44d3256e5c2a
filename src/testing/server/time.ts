/** Instants: epoch ms inside, America/Sao_Paulo outside, offsets from the IANA zone (never a
 * fixed `-03:00`), so Brazil's daylight-saving years are right too. @module */
import { parseStartAt, zoneOffsetOf } from '../../schemas/fields/index.ts';

/** The zone the spec reads `start_at` in and renders instants in. */
export const CLINIC_TIME_ZONE = 'America/Sao_Paulo';

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * HOUR_MS;

const wallFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: CLINIC_TIME_ZONE,
  hourCycle: 'h23',
  // The era tells year 1 BC (ISO year 0) from AD 1: Intl writes both as year 1.
  era: 'short',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Offsets by UTC hour: zone transitions fall on whole hours, and `Intl` is slow. */
const offsetCache = new Map<number, number>();

function utc(year: number, month: number, day: number, hour: number, minute: number, second = 0) {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** America/Sao_Paulo's offset from UTC at the instant `ms`, in minutes (`-180` for `-03:00`). */
export function zoneOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  const cached = offsetCache.get(hour);
  if (cached !== undefined) return cached;
  const at = hour * HOUR_MS;
  const parts: Record<string, number> = {};
  let beforeChrist = false;
  for (const part of wallFormat.formatToParts(new Date(at))) {
    if (part.type === 'era') beforeChrist = part.value === 'BC';
    else if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = utc(
    beforeChrist ? 1 - parts.year! : parts.year!,
    parts.month!,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  const offset = Math.round((wall - at) / MINUTE_MS);
  if (offsetCache.size > 50_000) offsetCache.clear();
  offsetCache.set(hour, offset);
  return offset;
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Whether the instant falls in the years 0000 to 9999, the ones the spec's format can write. */
export function isWritableInstant(ms: number): boolean {
  return /^\d{4}-/.test(formatClinicInstant(ms));
}

/**
 * Writes an instant of the server's own records (the request log, deliveries, endpoints, the
 * clock) in UTC with an explicit offset and milliseconds: `2026-03-02T12:00:00.000+00:00`. One
 * form for all of them; the API's records and envelopes keep {@link formatClinicInstant}'s.
 */
export function formatUtcInstant(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}+00:00`;
}

/** Writes an instant as the spec does, in its Sao Paulo offset: `2026-03-02T14:30:00-03:00`. */
export function formatClinicInstant(ms: number): string {
  const offset = zoneOffsetMinutes(ms);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset * MINUTE_MS);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}` +
    `T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}` +
    `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
  );
}

/**
 * The instant at which America/Sao_Paulo's wall clock shows this time: in a daylight-saving gap
 * (a time that never happened) the later reading, in an overlap the earlier instant.
 */
export function clinicWallTimeToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second = 0,
): number {
  const asUtc = utc(year, month, day, hour, minute, second);
  const before = zoneOffsetMinutes(asUtc - DAY_MS);
  const after = zoneOffsetMinutes(asUtc + DAY_MS);
  let best: number | undefined;
  for (const offset of before === after ? [before] : [before, after]) {
    const at = asUtc - offset * MINUTE_MS;
    if (zoneOffsetMinutes(at) === offset && (best === undefined || at < best)) best = at;
  }
  return best ?? asUtc - before * MINUTE_MS;
}

/** Epoch ms of a date-time `StartAt` accepts (no zone: Sao Paulo); `undefined` when malformed. */
export function parseClinicDateTime(value: string): number | undefined {
  const parts = parseStartAt(value);
  if (!parts || Number.isNaN(parts.second)) return undefined;
  const { year, month, day, hour, minute, second, zone } = parts;
  if (zone === undefined) return clinicWallTimeToInstant(year, month, day, hour, minute, second);
  const asUtc = utc(year, month, day, hour, minute, second);
  const offset = zoneOffsetOf(zone);
  return offset === undefined ? undefined : asUtc - offset * MINUTE_MS;
}
