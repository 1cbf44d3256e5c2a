/** The patient fields shared by create and change (spec 4.7): name, phone, e-mail, birth date, gender. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../../internal/type-equality.ts';
import { LIMITS, typeError } from './limits.ts';

/** Patient full name: at most 255 characters as sent, then trimmed, and not empty. */
export const PatientName = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientNameLength, {
    error: `must be at most ${LIMITS.patientNameLength} characters`,
  })
  .trim()
  .min(1, { error: 'must not be empty' });

/**
 * The number a phone stands for (the `phone` filter): marks dropped; without `+`, 10 or 11
 * digits are Brazilian (spec 4.7), so `(11) 98765-4321` equals `+55 11 98765-4321`.
 */
export function phoneNumberKey(phone: string): string {
  const compact = compactPhone(phone);
  if (BRAZILIAN_NUMBER.test(compact)) return `+55${compact}`;
  return compact;
}

/** Spec 4.7: "without a leading +, numbers of 10 or 11 digits are read as Brazilian". */
const BRAZILIAN_NUMBER = /^\d{10,11}$/;

/** A phone without the marks it is written with: spaces and `()-.`. */
function compactPhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}

/**
 * Whether a phone is a "mobile number with area code" (spec 4.7) as the reference server reads it
 * by default: spaces and `()-.` dropped, 10 or 11 digits without `+`, or `+` and 8 to 15 digits.
 * The client checks only the length ({@link Phone}): the spec does not show the exact rule.
 */
export function isPhoneNumber(phone: string): boolean {
  const compact = compactPhone(phone);
  return BRAZILIAN_NUMBER.test(compact) || /^\+\d{8,15}$/.test(compact);
}

/** Mobile phone: at most 40 characters as sent, then trimmed, and not empty. */
export const Phone = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientPhoneLength, {
    error: `must be at most ${LIMITS.patientPhoneLength} characters`,
  })
  .trim()
  .min(1, { error: 'must not be empty; send null to erase the phone' });

/**
 * The WHATWG HTML "valid e-mail address" pattern, equal to `z.regexes.html5Email` (a test checks):
 * copied because reading `z.regexes` bundles every zod regex (1.6 KB min+gz).
 */
export const HTML5_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** E-mail address ({@link HTML5_EMAIL}), at most 100 characters; IDN domains in punycode. */
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
