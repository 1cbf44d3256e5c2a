/**
 * Structured, near-valid inputs of every input schema, each value tagged with what the spec
 * says of it: `ok` (the client must send it), `bad` (the client must refuse it with a
 * `ValidationError` naming the field), or `any` (the spec does not decide; only totality is
 * checked). The properties in `schemas.property.test.ts` combine them into whole bodies.
 */
import fc from 'fast-check';
import type * as z from 'zod';
import type { OperationRow } from '../../src/operations.ts';
import { AppointmentUpdateStatus } from '../../src/schemas/appointments.ts';
import {
  BirthDate,
  Cpf,
  Email,
  Gender,
  Note,
  PatientName,
  Phone,
  StartAt,
} from '../../src/schemas/fields/index.ts';
import { drawBody, type Field, fieldsOf, stubDraw } from '../helpers/rows.ts';
import { anyNearMissCpf, validCpfWritten } from './arbitraries.ts';

/** What the spec says of a generated value. */
export type Verdict = 'ok' | 'bad' | 'any';

/** A generated value and its verdict. */
export interface Judged<T = unknown> {
  value: T;
  verdict: Verdict;
}

const tag =
  (verdict: Verdict) =>
  <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<Judged<T>> =>
    arb.map((value) => ({ value, verdict }));
const ok = tag('ok');
const bad = tag('bad');
const any = tag('any');

/** The verdict of several values together: one `bad` makes it bad; else one `any` makes it any. */
export function combine(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.includes('bad')) return 'bad';
  if (verdicts.includes('any')) return 'any';
  return 'ok';
}

/** Everything `fc.anything` can make, nested values included. */
export const anything: fc.Arbitrary<unknown> = fc.anything({
  maxDepth: 2,
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
});

/** Non-string junk, for fields whose type is a string. */
const notAString = fc.constantFrom<unknown>(0, 1, -1, 1.5, true, false, [], {}, ['x'], 12345678909);

const pad2 = (n: number) => String(n).padStart(2, '0');

/** Ids other than the appointment id (spec 4: integers; the SDK: positive). */
export const integerId: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.integer({ min: 1, max: 2_147_483_647 })),
  ok(fc.constant(Number.MAX_SAFE_INTEGER)),
  bad(fc.integer({ min: -1_000_000, max: 0 })),
  bad(fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d))),
  bad(fc.constantFrom<unknown>(Number.NaN, Infinity, -Infinity, '1', '7', true, null, [], {}, [1])),
  // Beyond 2^53 an integer is not exact in JSON numbers: the spec does not say.
  any(fc.constantFrom(2 ** 53, 2 ** 60, 1e21)),
);

/** The appointment id (spec 4: a uuid). */
export const appointmentId: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.uuid()),
  ok(fc.uuid().map((u) => u.toUpperCase())),
  bad(
    fc.constantFrom<unknown>(
      '',
      'abc',
      '123',
      '6f1c2a3b4d5e4f608a7b9c0d1e2f3a4b',
      '{6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b}',
      '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4',
      '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4bb',
      'gf1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/cancel',
      '../rooms',
      7,
      null,
      true,
    ),
  ),
  bad(fc.uuid().map((u) => ` ${u}`)),
  any(fc.constant('00000000-0000-0000-0000-000000000000')),
);

const wall = fc.record({
  year: fc.integer({ min: 1900, max: 2100 }),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
});
const zone = fc.constantFrom('', 'Z', '-03:00', '+00:00', '-02:00', '+05:30');
const dateText = (w: { year: number; month: number; day: number }) =>
  `${w.year}-${pad2(w.month)}-${pad2(w.day)}`;

/** `start_at` (spec 4.4: ISO 8601, seconds 00; the SDK also takes a `Date`). */
export const startAt: fc.Arbitrary<Judged> = fc.oneof(
  ok(
    fc.tuple(wall, zone).map(([w, z]) => `${dateText(w)}T${pad2(w.hour)}:${pad2(w.minute)}:00${z}`),
  ),
  bad(
    fc
      .tuple(wall, fc.integer({ min: 1, max: 59 }), zone)
      .map(([w, s, z]) => `${dateText(w)}T${pad2(w.hour)}:${pad2(w.minute)}:${pad2(s)}${z}`),
  ),
  bad(
    fc.constantFrom(
      '2026-02-30T10:00:00',
      '2026-02-29T10:00:00-03:00',
      '2026-13-01T10:00:00',
      '2026-00-10T10:00:00',
      '2026-03-00T10:00:00',
      '2026-03-02T24:00:00',
      '2026-03-02T10:60:00',
      '2026-04-31T10:00:00Z',
      'tomorrow',
      '',
      '2026-03-02',
      '14:30',
      '02/03/2026 14:30',
      '2026-03-02T14:30:00.5-03:00',
    ),
  ),
  bad(fc.constantFrom<unknown>(1_772_460_000_000, null, true, [], {})),
  ok(
    fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000)),
  ),
  bad(
    fc
      .date({
        min: new Date('1900-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .filter((d) => d.getUTCSeconds() !== 0 || d.getUTCMilliseconds() !== 0),
  ),
  bad(fc.constant(new Date(Number.NaN))),
  // Any Date at all, years 0 to 275760 and before 0 included: the spec does not say.
  any(
    fc
      .date({ noInvalidDate: true })
      .map((d) => new Date(Math.floor(d.getTime() / 60_000) * 60_000)),
  ),
  // Without seconds, or with zero fractions: ISO 8601 allows both; the spec says "seconds 00".
  any(
    fc
      .tuple(wall, fc.constantFrom('', ':00.000', ':00.0'), zone)
      .map(([w, s, z]) => `${dateText(w)}T${pad2(w.hour)}:${pad2(w.minute)}${s}${z}`),
  ),
);

const asciiText = (minLength: number, maxLength: number) =>
  fc.string({ unit: 'grapheme-ascii', minLength, maxLength });

/** The appointment `note` (spec 4.4: a string of at most 2000 characters). */
export const note: fc.Arbitrary<Judged> = fc.oneof(
  ok(asciiText(0, 40)),
  ok(fc.constantFrom('x'.repeat(2000), 'é'.repeat(2000), '')),
  bad(fc.integer({ min: 2001, max: 4000 }).map((n) => 'n'.repeat(n))),
  bad(notAString),
  any(fc.constant(null)),
);

/** `room_id` (spec 4.4: integer or null, optional). */
export const roomId: fc.Arbitrary<Judged> = fc.oneof(
  integerId.filter((j) => j.value !== null),
  ok(fc.constant(null)),
);

/** The PATCH status (spec 3 rule 1: scheduled or confirmed only). */
export const updateStatus: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.constantFrom('scheduled', 'confirmed')),
  bad(
    fc.constantFrom<unknown>(
      'cancelled',
      'requested',
      'checked_in',
      'completed',
      'no_show',
      'SCHEDULED',
      'Confirmed',
      '',
      1,
      null,
    ),
  ),
);

/** The patient `name` (spec 4.7: a full name of at most 255 characters). */
const patientName: fc.Arbitrary<Judged> = fc.oneof(
  ok(asciiText(1, 40).filter((s) => s.trim().length > 0)),
  ok(fc.constant('A'.repeat(255))),
  bad(fc.integer({ min: 256, max: 400 }).map((n) => 'N'.repeat(n))),
  bad(notAString),
  // null erases only phone, email, cpf and birth_date (spec 4.7); a name is never null.
  bad(fc.constant(null)),
  any(fc.constantFrom('', '   ')),
);

/** A field that `null` erases on PATCH (spec 4.7); on create, the spec does not say. */
const erasable = (nullable: boolean) => (nullable ? ok : any)(fc.constant(null));

const phone = (nullable: boolean): fc.Arbitrary<Judged> =>
  fc.oneof(
    ok(fc.stringMatching(/^\d{10,11}$/)),
    ok(fc.constantFrom('+5511999990000', '(11) 99999-0000', '1'.repeat(40))),
    bad(fc.integer({ min: 41, max: 80 }).map((n) => '9'.repeat(n))),
    bad(notAString),
    erasable(nullable),
    any(fc.constant('')),
  );

const email = (nullable: boolean): fc.Arbitrary<Judged> =>
  fc.oneof(
    ok(fc.stringMatching(/^[a-z]{1,20}@example\.com$/)),
    ok(fc.constant(`${'a'.repeat(88)}@example.com`)),
    bad(fc.constant(`${'a'.repeat(89)}@example.com`)),
    bad(fc.constantFrom<unknown>('not-an-email', 'ana@', '@example.com', 'ana example.com', 42)),
    erasable(nullable),
  );

const cpf = (nullable: boolean): fc.Arbitrary<Judged> =>
  fc.oneof(
    ok(validCpfWritten),
    bad(anyNearMissCpf),
    bad(fc.constantFrom<unknown>(12345678909, true, [])),
    erasable(nullable),
  );

const birthDate = (nullable: boolean): fc.Arbitrary<Judged> =>
  fc.oneof(
    ok(
      fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2025-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    bad(
      fc.constantFrom<unknown>('1990-02-30', '1990-13-01', '02/03/1990', '1990-1-2', 19900102, ''),
    ),
    erasable(nullable),
  );

/** Gender (spec 4.7: F, M or O). `null` is not among the values that erase. */
const gender: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.constantFrom('F', 'M', 'O')),
  bad(fc.constantFrom<unknown>('f', 'm', 'o', 'X', 'female', '', 1, null)),
);

/** Keys no write body accepts, the names of Object.prototype members among them. */
const foreignKey = fc.oneof(
  fc.constantFrom(
    'id',
    'modality',
    'origin',
    'patient',
    'price',
    'payer',
    'end_at',
    'created_at',
    'constructor',
    '__proto__',
    'toString',
    'hasOwnProperty',
    'valueOf',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
);

/** A near-valid body and what is expected of it. */
export interface JudgedBody {
  /** The body, built with own data properties only (a `__proto__` key is an own key). */
  value: Record<string, unknown>;
  verdict: Verdict;
  /** The fields that must appear in `ValidationError.fields` when the verdict is `bad`. */
  badFields: string[];
}

interface BodyShape {
  /** Each accepted field and its values. */
  fields: Record<string, fc.Arbitrary<Judged>>;
  /** Fields every body must have. */
  required: readonly string[];
  /** Whether an empty body is refused (a create's required fields; a PATCH takes `{}`). */
  emptyIsBad: boolean;
}

/**
 * Near-valid bodies of one shape: a valid base with some fields replaced, some dropped, and
 * sometimes a key the operation does not accept.
 */
function judgedBody(shape: BodyShape, base: fc.Arbitrary<Record<string, Judged>>) {
  const names = Object.keys(shape.fields);
  return fc
    .record({
      base,
      replaced: fc
        .subarray(names)
        .chain((chosen) => fc.record(Object.fromEntries(chosen.map((n) => [n, shape.fields[n]!])))),
      dropped: fc.subarray(names, { maxLength: 2 }),
      extra: fc.option(fc.tuple(foreignKey, anything), { freq: 4 }),
    })
    .map(({ base: b, replaced, dropped, extra }): JudgedBody => {
      const judged: Record<string, Judged> = { ...b, ...(replaced as Record<string, Judged>) };
      for (const name of dropped) delete judged[name];
      const entries: [string, unknown][] = Object.entries(judged).map(([k, j]) => [k, j.value]);
      const badFields = Object.entries(judged)
        .filter(([, j]) => j.verdict === 'bad')
        .map(([k]) => k);
      const verdicts = Object.values(judged).map((j) => j.verdict);
      for (const name of shape.required) {
        if (!(name in judged)) {
          badFields.push(name);
          verdicts.push('bad');
        }
      }
      if (extra && !names.includes(extra[0])) {
        entries.push([extra[0], extra[1]]);
        badFields.push(extra[0]);
        verdicts.push('bad');
      }
      if (shape.emptyIsBad && entries.length === 0) verdicts.push('bad');
      // Object.fromEntries defines own properties, so '__proto__' stays a key of the body.
      return { value: Object.fromEntries(entries), verdict: combine(verdicts), badFields };
    });
}

/**
 * The judged values of each field schema the bodies use (a field's rule, not an operation's):
 * `nullable` is the field's in the body at hand (null erases it on a PATCH). A body field whose
 * schema has none here fails `judgedBodyOf`, naming it.
 */
const JUDGED_FIELDS = new Map<z.ZodType, (nullable: boolean) => fc.Arbitrary<Judged>>([
  [StartAt, () => startAt],
  [Note, () => note],
  [AppointmentUpdateStatus, () => updateStatus],
  [PatientName, () => patientName],
  [Phone, phone],
  [Email, email],
  [Cpf, cpf],
  [BirthDate, birthDate],
  [Gender, () => gender],
]);

/** The judged values of one body field: a record id (or null where it is nullable), or its rule's. */
function judgedField(row: OperationRow | undefined, field: Field): fc.Arbitrary<Judged> {
  if (field.resource) {
    return field.nullable
      ? fc.oneof(
          integerId.filter((j) => j.value !== null),
          ok(fc.constant(null)),
        )
      : integerId;
  }
  const judged = JUDGED_FIELDS.get(field.schema);
  if (!judged) {
    throw new Error(
      `${row?.name ?? 'a body'}: body field ${field.name} has no judged values (add its schema to JUDGED_FIELDS in test/reliability/inputs.ts)`,
    );
  }
  return judged(field.nullable);
}

const samples = new Map<string, readonly unknown[]>();

/**
 * Values of a field's rule, accepted and refused alike (a fixed sample of its judged values,
 * kept per schema): the fuzz run of the reference server sends them now and then.
 */
export function sampleOf(field: Field): readonly unknown[] {
  const schemas = [...JUDGED_FIELDS.keys()];
  const key = `${schemas.indexOf(field.schema)} ${field.nullable}`;
  let values = samples.get(key);
  if (!values) {
    const judged = fc.sample(judgedField(undefined, field), { seed: 20_260_302, numRuns: 64 });
    values = judged.map((j) => j.value);
    samples.set(key, values);
  }
  return values;
}

/**
 * Near-valid bodies of a row's body schema, derived from it field by field: a valid body of its
 * required fields (test/helpers/rows.ts) with some fields replaced by judged values, some
 * dropped, and sometimes a key it does not accept. A new operation needs no entry.
 */
export function judgedBodyOf(row: OperationRow): fc.Arbitrary<JudgedBody> {
  const fields = fieldsOf(row.input!);
  const required = fields.filter((f) => !f.optional).map((f) => f.name);
  const valid = drawBody(row.input!, stubDraw);
  return judgedBody(
    {
      fields: Object.fromEntries(fields.map((f) => [f.name, judgedField(row, f)])),
      required,
      emptyIsBad: required.length > 0,
    },
    fc.constant(
      Object.fromEntries(
        Object.entries(valid).map(([name, value]): [string, Judged] => [
          name,
          { value, verdict: 'ok' },
        ]),
      ),
    ),
  );
}

/**
 * `Idempotency-Key` values (spec 4.4 and 8: a string of at most 255 characters). A key must
 * also reach the server as given: a header value cannot hold a line break, a NUL or a
 * character beyond Latin-1, and loses white space at either end.
 */
export const idempotencyKey: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.uuid()),
  ok(fc.stringMatching(/^[!-~]([ -~]{0,60}[!-~])?$/)),
  ok(fc.constant('k'.repeat(255))),
  bad(fc.integer({ min: 256, max: 400 }).map((n) => 'k'.repeat(n))),
  bad(fc.constant('')),
  bad(fc.constantFrom<unknown>(1, true, [], {})),
  bad(
    fc.constantFrom(
      'a\nb',
      'a\r\nb',
      'key\u0000',
      'ключ',
      'key-\u{1F600}',
      ' leading',
      'trailing ',
      '\tkey',
      ' ',
    ),
  ),
  // Latin-1 letters can be sent; nothing in the spec says whether they should be.
  any(fc.constantFrom('chave-é', 'ñ')),
  // `undefined` and `null` mean "make one".
  any(fc.constantFrom(undefined, null)),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);

/**
 * Query keys. A key named `__proto__` is left out of the judged cases: zod's record drops it
 * (neither checked nor sent), which no spec rule decides; it is generated as `any` below.
 */
const queryKey = fc.string({ minLength: 1, maxLength: 10 }).filter((k) => k !== '__proto__');
const protoKey = any(
  fc
    .constantFrom<unknown>('x', 1, {}, [])
    .map((v) => Object.fromEntries([['__proto__', v]]) as unknown),
);

/** A list's `extraQuery` (`ListQuery`): values checked, every key passed through as given. */
export const listQuery: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.dictionary(queryKey, queryValue, { maxKeys: 4 })),
  ok(fc.constantFrom({ page_size: 100 }, { page_size: '10', cursor: 'abc' }, {})),
  bad(
    fc
      .tuple(queryKey, fc.constantFrom<unknown>({}, [], [1], Object.create(null), 10n, new Date(0)))
      .map(([k, v]) => Object.fromEntries([[k, v]])),
  ),
  bad(fc.constantFrom<unknown>('page_size=10', 10, null, true, [['page_size', 10]])),
  protoKey,
  // Not finite: nothing in the spec says what such a query means.
  any(fc.constantFrom({ page_size: Number.NaN }, { page_size: Infinity })),
);

/**
 * Queries of the lists other than patients: the spec shows no filter (4.2, 4.8). A key is sent as
 * given (a warning says it is no filter of the spec), so only the value types are judged.
 */
export const noFilterQuery: fc.Arbitrary<Judged> = fc.oneof(
  ok(fc.constant<unknown>(undefined)),
  listQuery,
);

/** Filters of `patients.list` (spec 4.7: cpf, phone, name; any other key sent as given, with a warning). */
export const patientListQuery: fc.Arbitrary<Judged> = fc.oneof(
  ok(
    fc.record(
      { cpf: validCpfWritten, phone: fc.stringMatching(/^\d{10,11}$/), name: asciiText(0, 20) },
      { requiredKeys: [] },
    ),
  ),
  ok(
    fc.dictionary(
      queryKey.filter((k) => !['cpf', 'phone', 'name'].includes(k)),
      queryValue,
      { minKeys: 1, maxKeys: 3 },
    ),
  ),
  bad(fc.constantFrom<unknown>({ cpf: 12345678909 }, { name: [] }, { phone: {} })),
  bad(
    fc
      .tuple(
        queryKey.filter((k) => !['cpf', 'phone', 'name'].includes(k)),
        fc.constantFrom<unknown>({}, [], [1], Object.create(null), 10n, new Date(0)),
      )
      .map(([k, v]) => Object.fromEntries([[k, v]])),
  ),
  bad(fc.constantFrom<unknown>('name=Ana', 10, null, true)),
  protoKey,
);
