/**
 * Field rules shared by several resources. Each rule of the spec lives here once and is used
 * both by the client (to check inputs before anything is sent) and by the reference server in
 * `@clinic-scheduling/sdk/testing` (to enforce the same rule on the wire).
 *
 * @module
 */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import { EXACT_HEADER_VALUE } from '../internal/wire.ts';

/** Limits stated in section 8 of the spec. */
export const LIMITS = {
  /** `Idempotency-Key` header: at most 255 characters. */
  idempotencyKeyLength: 255,
  /** Idempotency replay window: 24 hours. */
  idempotencyWindowMs: 24 * 60 * 60 * 1000,
  /** Appointment `note`: at most 2000 characters. */
  noteLength: 2000,
  /** Patient `name`: at most 255 characters. */
  patientNameLength: 255,
  /** Patient `phone`: at most 40 characters. */
  patientPhoneLength: 40,
  /** Patient `cpf`: at most 20 characters. */
  patientCpfLength: 20,
  /** Patient `email`: at most 100 characters. */
  patientEmailLength: 100,
  /** List page size: default 50. */
  defaultPageSize: 50,
  /** List page size: maximum 100. */
  maxPageSize: 100,
} as const;

/**
 * A zod error option that says "is required" when the value is missing and `message` otherwise,
 * so a missing field and a wrong one read differently in `ValidationError.fields`. Every field
 * schema uses it for its type check (a missing patient `name` reads "is required", not "must
 * be a string").
 */
export function typeError(message: string) {
  return {
    /** The message of an issue: `is required` for a missing value, else `message`. */
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
  };
}

/** Resource ids other than the appointment id: positive integers. */
export const IntegerId = z
  .number(typeError('must be a positive integer id'))
  .int({ error: 'must be a positive integer id' })
  .min(1, { error: 'must be a positive integer id' });

/**
 * The appointment id: a UUID in its canonical 8-4-4-4-12 hexadecimal form. Any version is
 * accepted, since the spec says only "uuid".
 */
export const AppointmentId = z.guid(typeError('must be a UUID (the appointment id)'));

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

/**
 * The offset of a `start_at` zone in minutes east of UTC (`Z` is 0, `-03:00` is -180), or
 * `undefined` when it is out of the range ISO 8601 allows here, -23:59 to +23:59.
 */
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

/**
 * Formats a `Date` of the years 0000 to 9999 as an ISO 8601 instant to the second with an
 * explicit `+00:00` offset, such as `2026-03-02T17:30:00+00:00`.
 */
export function formatInstant(date: Date): string {
  return `${date.toISOString().slice(0, 19)}+00:00`;
}

/**
 * `start_at` of an appointment write: an ISO 8601 date-time string or a `Date` (sent as an
 * instant with an explicit offset). The output is always the string sent on the wire.
 *
 * The profile of ISO 8601 accepted (the client and the reference server share it):
 * `YYYY-MM-DDThh:mm`, optionally `:ss` and a fraction, then optionally a zone: `Z`, `±hh:mm` or
 * `±hhmm` with the offset within -23:59..+23:59. Without a zone the time is read by the service
 * as America/Sao_Paulo. Seconds (and any fraction) must be 00. The year is four digits, the
 * date a real one; a space for `T`, week or ordinal dates and `24:00` are refused.
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
        // Sent as YYYY-MM-DD...: a year outside 0000-9999 has no such form.
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

/**
 * How a CPF may be written: its 11 digits bare (`52998224725`) or with the usual punctuation,
 * `.` after the third and sixth digits and `-` before the last two (`529.982.247-25`), each
 * mark optional. Nothing else: no spaces, tabs, line breaks, slashes or doubled separators.
 */
export const CPF_FORMAT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** Removes the punctuation a CPF may be written with (`.` and `-`), keeping only its digits. */
export function normalizeCpf(cpf: string): string {
  return cpf.replace(/[.-]/g, '');
}

/**
 * The two check digits of a CPF whose first nine digits are `digits[0..8]` (modulo 11, the
 * Receita Federal's rule). The one home of the rule: `isValidCpf` checks with it and the
 * reference server's `generateCpf` builds with it.
 */
export function cpfCheckDigits(digits: readonly number[]): [number, number] {
  const all = digits.slice(0, 9);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += all[i]! * (length + 1 - i);
    all.push(((sum * 10) % 11) % 10);
  }
  return [all[9]!, all[10]!];
}

/**
 * Whether a CPF is written as `CPF_FORMAT` allows, is not a run of one digit, and has valid
 * check digits.
 */
export function isValidCpf(cpf: string): boolean {
  if (!CPF_FORMAT.test(cpf)) return false;
  const digits = normalizeCpf(cpf);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const [first, second] = cpfCheckDigits(nums);
  return nums[9] === first && nums[10] === second;
}

/**
 * A CPF: 11 digits, bare or punctuated as `123.456.789-09` (each `.` and `-` optional, in its
 * usual place; no white space or other marks), at most 20 characters, valid check digits.
 */
export const Cpf = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientCpfLength, { error: `must be at most ${LIMITS.patientCpfLength} characters` })
  .refine(isValidCpf, {
    error: 'is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)',
  });

/**
 * Patient full name: at most 255 characters as sent (spaces at either end count: the limit is
 * the spec's, on the value sent), then trimmed, and not empty once trimmed.
 */
export const PatientName = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientNameLength, {
    error: `must be at most ${LIMITS.patientNameLength} characters`,
  })
  .trim()
  .min(1, { error: 'must not be empty' });

/**
 * The number a phone stands for, to compare two written forms (the `phone` filter of
 * GET /patients): spaces, hyphens, dots and parentheses dropped; a leading `+` kept; without
 * it, 10 or 11 digits are read as Brazilian (spec 4.7) and get `+55`. So `11 98765-4321`,
 * `(11) 98765-4321` and `+55 11 98765-4321` are one number; `+1 415 555 0100` is another.
 */
export function phoneNumberKey(phone: string): string {
  const compact = phone.replace(/[\s().-]/g, '');
  if (/^\d{10,11}$/.test(compact)) return `+55${compact}`;
  return compact;
}

/**
 * Mobile phone with area code: at most 40 characters as sent (spaces at either end count),
 * then trimmed, and not empty once trimmed. Without a leading `+`, 10 or 11 digits are read as
 * Brazilian (`phoneNumberKey`).
 */
export const Phone = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientPhoneLength, {
    error: `must be at most ${LIMITS.patientPhoneLength} characters`,
  })
  .trim()
  .min(1, { error: 'must not be empty; send null to erase the phone' });

/**
 * The "valid e-mail address" pattern of the WHATWG HTML standard (section 4.10.5.1.5), as
 * published there and as zod ships it (`z.regexes.html5Email`; a test keeps the two equal).
 * Written here because reading `z.regexes` pulls every regex zod has into a bundle (1.6 KB
 * min+gz of a worker).
 */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * E-mail address: the "valid e-mail address" syntax of the WHATWG HTML standard (the one an
 * `<input type="email">` applies; {@link HTML5_EMAIL}), at most 100 characters. A domain with
 * non-ASCII letters is accepted in its ASCII (punycode, `xn--`) form.
 */
export const Email = z
  .email({
    pattern: HTML5_EMAIL,
    ...typeError('must be an e-mail address such as ana@example.com'),
  })
  .max(LIMITS.patientEmailLength, {
    error: `must be at most ${LIMITS.patientEmailLength} characters`,
  });

/** A calendar date, YYYY-MM-DD. */
export const BirthDate = z.iso.date(typeError('must be a date in the form YYYY-MM-DD'));

/** A patient's gender (spec 4.7): `F` (female), `M` (male) or `O` (other). Write-only. */
export type Gender = 'F' | 'M' | 'O';

/** The zod schema of a {@link Gender}. */
export const Gender = z.enum(['F', 'M', 'O'], typeError('must be one of F, M, O'));

type _GenderCheck = Assert<Equals<Gender, z.output<typeof Gender>>>;

/** Appointment internal note: at most 2000 characters. */
export const Note = z
  .string(typeError('must be a string'))
  .max(LIMITS.noteLength, { error: `must be at most ${LIMITS.noteLength} characters` });

/**
 * The `Idempotency-Key` header: a non-empty string of at most 255 characters that a header can
 * carry as given (so the key the server sees is the caller's).
 */
export const IdempotencyKey = z
  .string(typeError('must be a string'))
  .min(1, { error: 'must not be empty' })
  .max(LIMITS.idempotencyKeyLength, {
    error: `must be at most ${LIMITS.idempotencyKeyLength} characters`,
  })
  .refine((key) => key === '' || EXACT_HEADER_VALUE.test(key), {
    error:
      'must be text an HTTP header carries unchanged: no line breaks or control characters, ' +
      'nothing beyond Latin-1, no white space at either end (a uuid is a good key)',
  });

/** A value a list query can carry: `null` and `undefined` leave the key out. */
export type ListQueryValue = string | number | boolean | null | undefined;

/**
 * Query parameters sent as given, with no check but their value types: the `extraQuery` of a
 * list call, for a parameter your service documents beyond the spec (the page size, whose name
 * the spec does not show, or a filter). `null` and `undefined` leave a key out.
 */
export interface ListQuery {
  /** Any query parameter your service accepts, such as a page size. */
  [key: string]: ListQueryValue;
}

/** The zod schema of a {@link ListQuery}. */
export const ListQuery = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]),
);

/** The schema of a list query whose only keys are `filters`, the spec's. */
export function listQuerySchema<S extends z.ZodRawShape>(filters: S) {
  return z.strictObject(filters);
}

/**
 * The query of a list for which the spec shows no filter: `list({ professional_id: 3 })` does
 * not compile (from JavaScript it is sent with a warning). A parameter your service documents
 * goes in the request options: `list({}, { extraQuery: { page_size: 100 } })`.
 */
export interface NoListFilters {
  /** No filter is shown by the spec: pass one your service documents as `extraQuery`. */
  [filter: string]: never;
}

/** The zod schema of {@link NoListFilters}. */
export const NoListFilters = listQuerySchema({});

type _NoListFiltersCheck = Assert<Equals<NoListFilters, z.input<typeof NoListFilters>>>;

type _ListQueryCheck = Assert<Equals<ListQuery, z.input<typeof ListQuery>>>;

/**
 * The list envelope (spec 4.1): `results`, and the `next`/`previous` page URLs (which carry a
 * `cursor` query parameter), or `null`.
 */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    /** The items of this page. */
    results: z.array(item),
    /** URL of the next page, or `null` on the last page. */
    next: z.string().nullable().optional(),
    /** URL of the previous page, or `null` on the first page. */
    previous: z.string().nullable().optional(),
  });
}
