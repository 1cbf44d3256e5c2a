/**
 * fast-check arbitraries shared by the reliability suites: valid CPFs and their near-misses,
 * and an oracle for CPF check digits written independently of `src` (the textbook "remainder
 * of 11" form, not the `(sum * 10) % 11 % 10` form the SDK uses), so that the properties compare
 * two implementations instead of one with itself.
 */
import fc from 'fast-check';

/** One CPF check digit of `digits` (9 digits for the first, 10 for the second). */
function checkDigit(digits: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += digits[i]! * (digits.length + 1 - i);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** The oracle: whether an 11-digit string is a valid CPF (its check digits right, spec 4.7;
 * one digit repeated passes, as its check digits are right). */
export function oracleIsValidCpfDigits(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const nums = [...digits].map(Number);
  const first = checkDigit(nums.slice(0, 9));
  const second = checkDigit([...nums.slice(0, 9), first]);
  return nums[9] === first && nums[10] === second;
}

/** `12345678909` → `123.456.789-09`, the usual punctuation. */
export function punctuate(digits: string): string {
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** How a CPF is written: digits only, or with the usual punctuation. */
export type CpfStyle = 'digits' | 'punctuated';

/** Writes 11 digits in a style. */
export function writeCpf(digits: string, style: CpfStyle): string {
  return style === 'digits' ? digits : punctuate(digits);
}

const digit = fc.integer({ min: 0, max: 9 });
const style = fc.constantFrom<CpfStyle>('digits', 'punctuated');

/** Valid CPFs as 11 digits: 9 random digits and their two check digits, not one digit repeated. */
export const validCpfDigits: fc.Arbitrary<string> = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .map((base) => {
    const first = checkDigit(base);
    return [...base, first, checkDigit([...base, first])].join('');
  })
  .filter((digits) => !/^(\d)\1{10}$/.test(digits));

/** A valid CPF with its two written forms. */
export const validCpf: fc.Arbitrary<{ digits: string; punctuated: string }> = validCpfDigits.map(
  (digits) => ({ digits, punctuated: punctuate(digits) }),
);

/** A valid CPF written in either style. */
export const validCpfWritten: fc.Arbitrary<string> = fc
  .tuple(validCpfDigits, style)
  .map(([digits, s]) => writeCpf(digits, s));

/** The kinds of near-miss the properties check, each with its own arbitrary. */
export type NearMissKind =
  | 'check digit off by one or more'
  | 'one digit changed'
  | 'one digit repeated, the last one off'
  | '10 digits'
  | '12 digits'
  | 'a letter'
  | 'stray punctuation';

const replaceAt = (text: string, index: number, char: string) =>
  `${text.slice(0, index)}${char}${text.slice(index + 1)}`;
const insertAt = (text: string, index: number, chars: string) =>
  `${text.slice(0, index)}${chars}${text.slice(index)}`;

/**
 * Near-misses of a valid CPF, by kind. "Stray punctuation" means a character that is not part
 * of how a CPF is written (the SDK accepts `.`, `-`, `/` and white space as separators
 * anywhere, and strips them: that choice is not a near-miss).
 */
export const nearMissCpf: Record<NearMissKind, fc.Arbitrary<string>> = {
  // Changing a check digit always breaks it: each check digit is a function of the others.
  'check digit off by one or more': fc
    .tuple(validCpfDigits, fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 }), style)
    .map(([digits, at, delta, s]) =>
      writeCpf(replaceAt(digits, at, String((Number(digits[at]) + delta) % 10)), s),
    ),
  // A changed body digit can keep both check digits (remainders 0 and 1 both give 0), and
  // that string is a valid CPF: keep only the changes the oracle says are invalid.
  'one digit changed': fc
    .tuple(validCpfDigits, fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), style)
    .map(([digits, at, delta, s]) =>
      writeCpf(replaceAt(digits, at, String((Number(digits[at]) + delta) % 10)), s),
    )
    .filter((written) => !oracleIsValidCpfDigits(written.replace(/\D/g, ''))),
  'one digit repeated, the last one off': fc
    .tuple(digit, style)
    .map(([d, s]) => writeCpf(`${String(d).repeat(10)}${(d + 1) % 10}`, s)),
  '10 digits': fc
    .tuple(validCpfDigits, fc.integer({ min: 0, max: 10 }), fc.boolean())
    .map(([digits, at, punctuated]) => {
      const ten = `${digits.slice(0, at)}${digits.slice(at + 1)}`;
      return punctuated
        ? `${ten.slice(0, 3)}.${ten.slice(3, 6)}.${ten.slice(6, 9)}-${ten[9]}`
        : ten;
    }),
  '12 digits': fc
    .tuple(validCpfDigits, fc.integer({ min: 0, max: 11 }), digit, fc.boolean())
    .map(([digits, at, extra, punctuated]) => {
      const twelve = insertAt(digits, at, String(extra));
      return punctuated
        ? `${twelve.slice(0, 3)}.${twelve.slice(3, 6)}.${twelve.slice(6, 9)}-${twelve.slice(9)}`
        : twelve;
    }),
  'a letter': fc
    .tuple(
      validCpfWritten,
      fc.nat(),
      fc.constantFrom('a', 'x', 'O', 'l', 'I', 'e', 'Z'),
      fc.constantFrom('replace', 'insert'),
    )
    .map(([written, n, letter, how]) =>
      how === 'replace'
        ? replaceAt(written, n % written.length, letter)
        : insertAt(written, n % (written.length + 1), letter),
    ),
  'stray punctuation': fc
    .tuple(
      validCpfWritten,
      fc.nat(),
      fc.constantFrom(',', ';', ':', '_', '+', '*', '#', '(', ')', '!', '?', "'", '"', '|', '\\'),
    )
    .map(([written, n, mark]) => insertAt(written, n % (written.length + 1), mark)),
};

/** Any near-miss, of any kind. */
export const anyNearMissCpf: fc.Arbitrary<string> = fc.oneof(...Object.values(nearMissCpf));

/**
 * Strings around CPFs: valid ones, near-misses, any 11 digits, valid ones padded with
 * separators past the 20-character limit, and arbitrary text.
 */
export const cpfLikeString: fc.Arbitrary<string> = fc.oneof(
  validCpfWritten,
  anyNearMissCpf,
  fc.stringMatching(/^\d{11}$/),
  fc
    .tuple(validCpfWritten, fc.integer({ min: 0, max: 12 }), fc.constantFrom(' ', '.', '-', '/'))
    .map(([written, count, separator]) => `${written}${separator.repeat(count)}`),
  fc.string({ unit: 'binary-ascii', maxLength: 30 }),
  fc.string({ maxLength: 30 }),
);
