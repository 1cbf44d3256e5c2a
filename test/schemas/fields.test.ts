/**
 * Field rules shared by several inputs (spec 4.4, 4.7, 8): lengths at their exact limits, CPF
 * check digits, `start_at`, gender, birth_date and ids. Each limit is tested at N (accepted) and
 * N + 1 (refused), through the schema the client and the reference server share.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  AppointmentId,
  BirthDate,
  Cpf,
  Email,
  formatInstant,
  Gender,
  IdempotencyKey,
  IntegerId,
  isRepeatedDigitCpf,
  isValidCpf,
  LIMITS,
  Note,
  normalizeCpf,
  PatientName,
  Phone,
  StartAt,
} from '../../src/schemas/index.ts';

/** The messages of a failed parse, or `undefined` when it passed. */
function messages(schema: z.ZodType, value: unknown): string[] | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues.map((i) => i.message);
}

function ok(schema: z.ZodType, value: unknown): void {
  expect(messages(schema, value)).toBeUndefined();
}

function fails(schema: z.ZodType, value: unknown, message?: string | RegExp): void {
  const m = messages(schema, value);
  expect(m).toBeDefined();
  if (message !== undefined) expect(m?.join(' | ')).toMatch(message);
}

describe('spec 8 limits, at N and N + 1', () => {
  const email = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;

  it.each([
    ['note', Note, LIMITS.noteLength, 2_000, (n: number) => 'n'.repeat(n)],
    ['patient name', PatientName, LIMITS.patientNameLength, 255, (n: number) => 'N'.repeat(n)],
    ['patient phone', Phone, LIMITS.patientPhoneLength, 40, (n: number) => '1'.repeat(n)],
    ['patient email', Email, LIMITS.patientEmailLength, 100, email],
    [
      'Idempotency-Key',
      IdempotencyKey,
      LIMITS.idempotencyKeyLength,
      255,
      (n: number) => 'k'.repeat(n),
    ],
  ] as const)('%s: %i accepted, one more refused', (_name, schema, limit, spec, make) => {
    expect(limit).toBe(spec);
    const atLimit = make(limit);
    const over = make(limit + 1);
    expect(atLimit).toHaveLength(limit);
    expect(over).toHaveLength(limit + 1);
    ok(schema, atLimit);
    fails(schema, over, `at most ${limit} characters`);
  });

  it('cpf: 21 characters are refused for their length; 20 padded ones for their format', () => {
    expect(LIMITS.patientCpfLength).toBe(20);
    const twenty = '529.982.247-25'.padStart(17).padEnd(20);
    const twentyOne = `${twenty} `;
    expect(twenty).toHaveLength(20);
    fails(Cpf, twenty, 'bare or as 123.456.789-09');
    fails(Cpf, twentyOne, 'at most 20 characters');
  });

  it('note: empty is accepted; a non-string is refused', () => {
    ok(Note, '');
    fails(Note, 42, 'must be a string');
  });

  it('name and phone: empty or blank is refused; surrounding spaces are trimmed', () => {
    fails(PatientName, '', 'must not be empty');
    fails(PatientName, '   ', 'must not be empty');
    expect(PatientName.parse('  Ana Souza ')).toBe('Ana Souza');
    fails(Phone, ' ', 'must not be empty');
  });

  it('email: not an address is refused', () => {
    fails(Email, 'ana.example.com', 'e-mail');
    fails(Email, 'ana@', 'e-mail');
    ok(Email, 'ana@example.com');
  });

  it('Idempotency-Key: empty is refused', () => {
    fails(IdempotencyKey, '', 'must not be empty');
  });
});

describe('CPF (spec 4.7: with or without punctuation, check digits validated)', () => {
  it.each([
    '529.982.247-25',
    '52998224725',
    '111.444.777-35',
    '11144477735',
    '529982247-25',
    '529982.247-25',
    '529.982247-25',
    '529.982.24725',
    // One repeated digit: the check digits the spec validates are right (issue 39 item 2); the
    // reference server's setting cpfRepeatedDigits refuses them, the client never does.
    '111.111.111-11',
    '11111111111',
    '000.000.000-00',
  ])('valid: %s', (cpf) => {
    ok(Cpf, cpf);
    expect(isValidCpf(cpf)).toBe(true);
  });

  it('isRepeatedDigitCpf tells one digit repeated apart, written either way', () => {
    const repeated = ['111.111.111-11', '11111111111', '000.000.000-00'];
    for (const cpf of repeated) expect(isRepeatedDigitCpf(cpf), cpf).toBe(true);
    for (const cpf of ['529.982.247-25', '11144477735']) {
      expect(isRepeatedDigitCpf(cpf), cpf).toBe(false);
    }
  });

  it.each([
    ['one repeated digit, a wrong check digit', '111.111.111-12'],
    ['all nines but the last', '99999999998'],
    ['wrong second check digit', '529.982.247-24'],
    ['wrong first check digit', '529.982.247-15'],
    ['wrong check digits, bare', '52998224700'],
    ['10 digits', '529.982.247-2'],
    ['12 digits', '529.982.247-255'],
    ['a letter', '529.982.247-2a'],
    ['other punctuation', '529,982,247-25'],
    ['a slash', '529.982.247/25'],
    ['spaces around', ' 529.982.247-25 '],
    ['spaces for dots', '529 982 247 25'],
    ['a tab inside', '529.982.247\t-25'],
    ['a line break inside', '529.982\n.247-25'],
    ['a trailing line break', '52998224725\n'],
    ['a doubled dot', '529..982.247-25'],
    ['a doubled hyphen', '529.982.247--25'],
    ['a dot in place of the hyphen', '529.982.247.25'],
    ['a hyphen in place of a dot', '529-982-247-25'],
    ['punctuation out of place', '5299.82.247-25'],
    ['empty', ''],
  ])('invalid: %s (%s)', (_why, cpf) => {
    fails(Cpf, cpf, 'not a valid CPF');
    expect(isValidCpf(cpf)).toBe(false);
  });

  it('a non-string is refused', () => {
    fails(Cpf, 52998224725, 'must be a string');
  });

  it('normalizeCpf keeps only the digits', () => {
    expect(normalizeCpf('529.982.247-25')).toBe('52998224725');
  });
});

describe('start_at (spec 4.4: ISO 8601, seconds 00, no zone = America/Sao_Paulo)', () => {
  it.each([
    ['seconds 00 with an offset', '2026-03-02T14:30:00-03:00'],
    ['Z', '2026-03-02T17:30:00Z'],
    ['a positive offset', '2026-03-02T20:30:00+03:00'],
    ['no zone', '2026-03-02T14:30:00'],
    ['no seconds', '2026-03-02T14:30'],
    ['fraction .000', '2026-03-02T14:30:00.000-03:00'],
    ['fraction .0', '2026-03-02T14:30:00.0Z'],
    ['29 February of a leap year', '2028-02-29T09:00:00-03:00'],
    ['midnight', '2026-03-02T00:00:00-03:00'],
    ['23:59', '2026-03-02T23:59:00-03:00'],
  ])('accepted: %s (%s), sent unchanged', (_why, value) => {
    const r = StartAt.safeParse(value);
    expect(r.success).toBe(true);
    expect(r.data).toBe(value);
  });

  it.each([
    ['seconds 30', '2026-03-02T14:30:30-03:00', 'seconds must be 00'],
    ['seconds 01 with no zone', '2026-03-02T14:30:01', 'seconds must be 00'],
    ['fraction .500', '2026-03-02T14:30:00.500-03:00', 'seconds must be 00'],
    ['fraction .001', '2026-03-02T14:30:00.001Z', 'seconds must be 00'],
    ['30 February', '2026-02-30T14:30:00-03:00', 'ISO 8601'],
    ['29 February of a common year', '2026-02-29T14:30:00-03:00', 'ISO 8601'],
    ['31 April', '2026-04-31T14:30:00-03:00', 'ISO 8601'],
    ['month 13', '2026-13-01T14:30:00-03:00', 'ISO 8601'],
    ['hour 24', '2026-03-02T24:00:00-03:00', 'ISO 8601'],
    ['minute 60', '2026-03-02T14:60:00-03:00', 'ISO 8601'],
    ['a date only', '2026-03-02', 'ISO 8601'],
    ['a space for T', '2026-03-02 14:30:00-03:00', 'ISO 8601'],
    ['Brazilian order', '02/03/2026 14:30', 'ISO 8601'],
    ['empty', '', 'ISO 8601'],
    ['a number', 1_772_472_600_000, 'string'],
    ['null', null, 'string'],
  ])('refused: %s (%s)', (_why, value, message) => {
    fails(StartAt, value, message);
  });

  it('a Date on a whole minute is sent as YYYY-MM-DDThh:mm:00+00:00', () => {
    expect(StartAt.parse(new Date('2026-03-02T17:30:00Z'))).toBe('2026-03-02T17:30:00+00:00');
    expect(StartAt.parse(new Date('2026-03-02T14:30:00-03:00'))).toBe('2026-03-02T17:30:00+00:00');
    expect(StartAt.parse(new Date(Date.UTC(2026, 0, 5, 3, 4)))).toBe('2026-01-05T03:04:00+00:00');
    expect(formatInstant(new Date(Date.UTC(999, 0, 1)))).toBe('0999-01-01T00:00:00+00:00');
  });

  it.each([
    ['with seconds', new Date('2026-03-02T17:30:15Z'), 'seconds must be 00'],
    ['with milliseconds', new Date('2026-03-02T17:30:00.500Z'), 'seconds must be 00'],
    ['invalid', new Date('not a date'), 'Date'],
  ])('a Date %s is refused', (_why, value, message) => {
    fails(StartAt, value, message);
  });
});

describe('gender (F, M, O only)', () => {
  it.each(['F', 'M', 'O'])('%s accepted', (g) => ok(Gender, g));
  it.each(['f', 'm', 'X', 'Female', '', 'FM', null, 1])('%o refused', (g) =>
    fails(Gender, g, 'F, M, O'),
  );
});

describe('birth_date (YYYY-MM-DD only)', () => {
  it.each(['1990-05-17', '2000-02-29', '1900-01-01'])('%s accepted', (d) => ok(BirthDate, d));
  it.each([
    '1990-5-17',
    '17/05/1990',
    '1990/05/17',
    '19900517',
    '1990-02-30',
    '1990-02-29',
    '1990-13-01',
    '1990-05-17T00:00:00',
    '1990-05-17T00:00:00Z',
    '',
    new Date('1990-05-17'),
    19_900_517,
  ])('%o refused', (d) => fails(BirthDate, d, 'YYYY-MM-DD'));
});

describe('ids', () => {
  it.each([
    '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    '00000000-0000-0000-0000-000000000000',
    'a0eebc99-9c0b-1ef8-bb6d-6bb9bd380a11',
  ])('appointment id %s accepted (a uuid of any version)', (id) => ok(AppointmentId, id));

  it.each([
    '42',
    '6f1c2a3b4d5e4f608a7b9c0d1e2f3a4b',
    '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4',
    '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4bb',
    'g f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    '../6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
    '',
    42,
    null,
  ])('appointment id %o refused', (id) => fails(AppointmentId, id, 'UUID'));

  it.each([1, 2, 999_999])('integer id %i accepted', (id) => ok(IntegerId, id));

  it.each([0, -1, 1.5, '1', Number.NaN, Number.POSITIVE_INFINITY, null, 10n])(
    'integer id %o refused',
    (id) => fails(IntegerId, id, 'positive integer id'),
  );
});

describe('e-mail (WHATWG HTML "valid e-mail address")', () => {
  it('the pattern is the one the standard publishes and zod ships (z.regexes.html5Email)', async () => {
    const { regexes } = await import('zod');
    const { HTML5_EMAIL } = await import('../../src/schemas/fields/index.ts');
    expect(HTML5_EMAIL.source).toBe(regexes.html5Email.source);
    expect(HTML5_EMAIL.flags).toBe(regexes.html5Email.flags);
  });
});
