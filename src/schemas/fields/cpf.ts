/** The CPF (spec 4.7): its written forms and check digits. @module */
import * as z from 'zod';
import { LIMITS, typeError } from './limits.ts';

/** A CPF's written forms: 11 digits, each usual mark optional (`529.982.247-25`); nothing else. */
export const CPF_FORMAT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;

/** Removes the punctuation a CPF may be written with (`.` and `-`), keeping only its digits. */
export function normalizeCpf(cpf: string): string {
  return cpf.replace(/[.-]/g, '');
}

/** The two check digits (modulo 11, Receita Federal) of a CPF's first nine digits. */
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
 * Whether a CPF matches `CPF_FORMAT` and has valid check digits: the rule spec 4.7 states, so
 * `111.111.111-11` passes ({@link isRepeatedDigitCpf} tells it apart).
 */
export function isValidCpf(cpf: string): boolean {
  if (!CPF_FORMAT.test(cpf)) return false;
  const nums = [...normalizeCpf(cpf)].map(Number);
  const [first, second] = cpfCheckDigits(nums);
  return nums[9] === first && nums[10] === second;
}

/** A CPF: {@link CPF_FORMAT}, at most 20 characters, valid check digits. */
export const Cpf = z
  .string(typeError('must be a string'))
  .max(LIMITS.patientCpfLength, { error: `must be at most ${LIMITS.patientCpfLength} characters` })
  .refine(isValidCpf, {
    error: 'is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)',
  });

/** Whether a CPF is one digit eleven times (`111.111.111-11`): valid check digits, never issued. */
export function isRepeatedDigitCpf(cpf: string): boolean {
  return /^(\d)\1{10}$/.test(normalizeCpf(cpf));
}
