/**
 * Spec 4.7 and 8: a patient's `cpf` is accepted "with or without punctuation", its check digits
 * are validated, and it has at most 20 characters. Properties of `isValidCpf`, `normalizeCpf`
 * and the `Cpf` schema over generated valid CPFs and near-misses, against an oracle written
 * independently of `src` (see `arbitraries.ts`); and the CPF uniqueness of the reference
 * server over both written forms.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Cpf, issuesToFields, isValidCpf, normalizeCpf } from '../../src/schemas/index.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import {
  anyNearMissCpf,
  cpfLikeString,
  type NearMissKind,
  nearMissCpf,
  oracleIsValidCpfDigits,
  punctuate,
  validCpf,
  validCpfDigits,
} from './arbitraries.ts';
import { printReproductionOnFailure, runSettings } from './settings.ts';

const settings = runSettings('PROPERTY_SEED', 'PROPERTY_RUNS', { seed: 7_2026, runs: 100 });
const params = { seed: settings.seed, numRuns: settings.runs };
const FILE = 'test/reliability/cpf.property.test.ts';
/**
 * Strings of any code points, lone surrogates included: what `fc.string({ unit: 'binary' })`
 * draws, without the seconds that arbitrary takes to build.
 */
const anyCodePoints = fc.string({
  unit: fc.integer({ min: 0, max: 0x10ffff }).map((point) => String.fromCodePoint(point)),
});

describe('isValidCpf', () => {
  it('accepts every valid CPF, with and without punctuation', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(validCpf, ({ digits, punctuated }) => {
        expect(isValidCpf(digits)).toBe(true);
        expect(isValidCpf(punctuated)).toBe(true);
      }),
      params,
    );
  });

  it.each(Object.keys(nearMissCpf) as NearMissKind[])('rejects every near-miss: %s', (kind) => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(nearMissCpf[kind], (candidate) => {
        expect(isValidCpf(candidate)).toBe(false);
      }),
      params,
    );
  });

  it('agrees with the oracle on any 11 digits, written either way', () => {
    printReproductionOnFailure(settings, FILE);
    // Valid CPFs with one body digit changed are where the two implementations could part:
    // remainders 0 and 1 both give check digit 0.
    const elevenDigits = fc.oneof(
      fc.stringMatching(/^\d{11}$/),
      validCpfDigits,
      fc
        .tuple(validCpfDigits, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }))
        .map(
          ([d, at, delta]) => `${d.slice(0, at)}${(Number(d[at]) + delta) % 10}${d.slice(at + 1)}`,
        ),
    );
    fc.assert(
      fc.property(elevenDigits, (digits) => {
        const expected = oracleIsValidCpfDigits(digits);
        expect(isValidCpf(digits)).toBe(expected);
        expect(isValidCpf(punctuate(digits))).toBe(expected);
      }),
      params,
    );
  });

  it('accepts a string only when its normalised form is accepted too', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(cpfLikeString, (text) => {
        if (isValidCpf(text)) expect(isValidCpf(normalizeCpf(text))).toBe(true);
      }),
      params,
    );
  });
});

describe('normalizeCpf', () => {
  it('is idempotent on any string', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(fc.oneof(cpfLikeString, anyCodePoints), (text) => {
        const once = normalizeCpf(text);
        expect(normalizeCpf(once)).toBe(once);
      }),
      params,
    );
  });

  it('turns both written forms of a valid CPF into its 11 digits', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(validCpf, ({ digits, punctuated }) => {
        expect(normalizeCpf(punctuated)).toBe(digits);
        expect(normalizeCpf(digits)).toBe(digits);
      }),
      params,
    );
  });
});

describe('the Cpf schema', () => {
  it('accepts exactly the strings of at most 20 characters that isValidCpf accepts', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(cpfLikeString, (text) => {
        const result = Cpf.safeParse(text);
        expect(result.success).toBe(text.length <= 20 && isValidCpf(text));
        if (result.success) {
          // Sent as given: the check does not rewrite the value.
          expect(result.data).toBe(text);
        } else {
          const fields = issuesToFields(result.error.issues, 'cpf');
          expect(Object.keys(fields)).toEqual(['cpf']);
          expect(fields.cpf!.length).toBeGreaterThan(0);
        }
      }),
      params,
    );
  });

  it('refuses every near-miss and every value that is not a string', () => {
    printReproductionOnFailure(settings, FILE);
    fc.assert(
      fc.property(
        fc.oneof(
          anyNearMissCpf,
          fc.anything().filter((v) => typeof v !== 'string'),
        ),
        (value) => {
          expect(Cpf.safeParse(value).success).toBe(false);
        },
      ),
      params,
    );
  });
});

describe('the reference server: CPF uniqueness on the normalised digits (spec 4.7)', () => {
  it('refuses a second patient whose CPF is the first one written the other way', async () => {
    printReproductionOnFailure(settings, FILE);
    const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
    const key = api.issueApiKey();
    const post = (body: unknown) =>
      api.fetch('https://clinic.test/api/public/v1/patients', {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await fc.assert(
      fc.asyncProperty(validCpf, fc.boolean(), async ({ digits, punctuated }, punctuatedFirst) => {
        api.reset();
        const [first, second] = punctuatedFirst ? [punctuated, digits] : [digits, punctuated];
        expect((await post({ name: 'Ana Souza', cpf: first })).status).toBe(201);
        const answer = await post({ name: 'Ana Lima', cpf: second });
        expect(answer.status).toBe(409);
        expect(await answer.json()).toMatchObject({ code: 'patient_cpf_exists' });
      }),
      { ...params, numRuns: Math.min(settings.runs, 100) },
    );
  });
});
