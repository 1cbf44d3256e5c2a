/** The patient fields shared by create and change (spec 4.7): name, phone, e-mail, birth date, gender. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../../internal/type-equality.ts';
import { LIMITS, typeError } from './limits.ts';

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
