/** Instants: `start_at` as the spec reads it (a zone or America/Sao_Paulo, seconds 00) and as responses carry it. @module */
import * as z from 'zod';
import { typeError } from './limits.ts';

/** A date-time as returned by the service (ISO 8601, with or without an offset). */
export const ResponseDateTime = z.iso.datetime({
  offset: true,
  local: true,
  error: 'must be an ISO 8601 date-time',
});

const START_AT_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** The parts of a `start_at` string, or `undefined` when it is not of the accepted form. */
export interface StartAtParts {
  /** The year, such as 2026. */
  year: number;
  /** The month, 1 to 12. */
  month: number;
  /** The day of the month, 1 to 31. */
  day: number;
  /** The hour, 0 to 23. */
  hour: number;
  /** The minute, 0 to 59. */
  minute: number;
  /** The second (0 when omitted; `NaN` when a fraction is not zero). */
  second: number;
  /** `Z`, `±HH:MM`, or `undefined` when no zone was given (read as America/Sao_Paulo). */
  zone: string | undefined;
}

/** Splits a `start_at` string into its parts; `undefined` when it is not ISO 8601. */
export function parseStartAt(value: string): StartAtParts | undefined {
  const m = START_AT_PATTERN.exec(value);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const parts: StartAtParts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h),
    minute: Number(mi),
    second: s === undefined ? 0 : Number(s),
    zone,
  };
  if (frac !== undefined && /[1-9]/.test(frac)) parts.second = Number.NaN;
  return parts;
}

/** A zone's offset in minutes east of UTC (`-03:00` is -180); `undefined` beyond ±23:59. */
export function zoneOffsetOf(zone: string): number | undefined {
  if (zone === 'Z') return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!m) return undefined;
  const hours = Number(m[2]);
  const minutes = Number(m[3]);
  if (hours > 23 || minutes > 59) return undefined;
  return (m[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const last = new Date(0);
  last.setUTCFullYear(year, month, 0);
  return day <= last.getUTCDate();
}

/** Formats a `Date` (years 0000–9999) as `2026-03-02T17:30:00+00:00`. */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/**
 * `start_at` of a write: `YYYY-MM-DDThh:mm[:ss[.f]][Z|±hh:mm|±hhmm]` (no zone: America/Sao_Paulo;
 * seconds 00; a real date) or a `Date`; outputs the string sent on the wire.
 */
export const StartAt = z
  .union(
    [z.string(), z.date()],
    typeError('must be an ISO 8601 date-time string (seconds 00) or a Date'),
  )
  .superRefine((value, ctx) => {
    if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) {
        ctx.addIssue({ code: 'custom', message: 'must be a valid Date' });
      } else if (value.getUTCFullYear() < 0 || value.getUTCFullYear() > 9999) {
        ctx.addIssue({ code: 'custom', message: 'must be a Date in the years 0000 to 9999' });
      } else if (value.getUTCSeconds() !== 0 || value.getUTCMilliseconds() !== 0) {
        ctx.addIssue({ code: 'custom', message: 'seconds must be 00' });
      }
      return;
    }
    const parts = parseStartAt(value);
    if (
      !parts ||
      !isRealDate(parts.year, parts.month, parts.day) ||
      parts.hour > 23 ||
      parts.minute > 59 ||
      parts.second > 59
    ) {
      if (parts && Number.isNaN(parts.second)) {
        ctx.addIssue({ code: 'custom', message: 'seconds must be 00' });
        return;
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be an ISO 8601 date-time such as 2026-03-02T14:30:00-03:00',
      });
      return;
    }
    if (parts.zone !== undefined && zoneOffsetOf(parts.zone) === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'the UTC offset must be within -23:59 and +23:59, such as -03:00',
      });
      return;
    }
    if (parts.second !== 0) ctx.addIssue({ code: 'custom', message: 'seconds must be 00' });
  })
  .transform((value) => (value instanceof Date ? formatInstant(value) : value));
