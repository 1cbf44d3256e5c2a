/**
 * `ResponseReader.check` (core/response-check.ts) on schemas the SDK's own do not yet have: an
 * array of objects inside an item, a refinement across members, a member the schema transforms.
 * The client's use of it (modes, reports, logging) is pinned through `ClinicClient` in
 * test/client/forward-compatible-reads.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { Logger } from '../../src/core/logger.ts';
import { type ResponseDrift, ResponseReader } from '../../src/core/response-check.ts';

const WHERE = { method: 'GET', path: '/api/public/v1/schedules/{id}' };
const silent: Logger = { error() {}, warn() {}, info() {}, debug() {} };

function reader() {
  const drifts: ResponseDrift[] = [];
  const read = new ResponseReader('compatible', silent, (drift: ResponseDrift) => {
    drifts.push(drift);
  });
  return { read, drifts };
}

const Schedule = z.object({
  id: z.number(),
  slots: z.array(z.object({ at: z.string(), kind: z.enum(['visit', 'exam']) })),
});

describe('ResponseReader.check: arrays inside an item', () => {
  it('a member dropped from the objects of an array is reported by its dotted name', () => {
    const { read, drifts } = reader();
    const body = {
      id: 1,
      slots: [
        { at: '09:00', kind: 'visit' },
        { at: '10:00', kind: 'exam', room: 'Sala 2' },
      ],
    };
    expect(read.check(Schedule, body, WHERE)).toEqual({
      ok: true,
      data: {
        id: 1,
        slots: [
          { at: '09:00', kind: 'visit' },
          { at: '10:00', kind: 'exam' },
        ],
      },
    });
    expect(drifts).toEqual([{ kind: 'member', ...WHERE, field: 'slots.room' }]);
  });

  it('a new enum value in an array is passed on at its place; the field leaves out the index', () => {
    const { read, drifts } = reader();
    const body = {
      id: 1,
      slots: [
        { at: '09:00', kind: 'visit' },
        { at: '10:00', kind: 'follow_up' },
      ],
    };
    expect(read.check(Schedule, body, WHERE)).toEqual({ ok: true, data: body });
    expect(drifts).toEqual([
      { kind: 'enum_value', ...WHERE, field: 'slots.kind', value: 'follow_up' },
    ]);
  });
});

describe('ResponseReader.check: what a stand-in value cannot pass', () => {
  it('a refinement that the known stand-in fails makes the body a break at (root)', () => {
    const Visit = z
      .object({ kind: z.enum(['visit', 'exam']), room: z.string().nullable() })
      .refine((visit) => visit.kind !== 'visit' || visit.room !== null);
    const { read, drifts } = reader();
    expect(read.check(Visit, { kind: 'home_visit', room: null }, WHERE)).toEqual({
      ok: false,
      paths: ['(root)'],
    });
    expect(drifts).toEqual([]);
    // The same body with a room passes the refinement, and the value is passed on.
    expect(read.check(Visit, { kind: 'home_visit', room: 'Sala 2' }, WHERE)).toEqual({
      ok: true,
      data: { kind: 'home_visit', room: 'Sala 2' },
    });
  });
});

describe('ResponseReader.check: a member the schema transforms', () => {
  it('is no dropped member, whatever its parsed form', () => {
    const Stamp = z.object({ at: z.string().transform((text) => new Date(text)) });
    const { read, drifts } = reader();
    const checked = read.check(Stamp, { at: '2026-03-02T12:00:00Z' }, WHERE);
    expect(checked.ok && checked.data.at.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(drifts).toEqual([]);
  });
});

describe('ResponseReader.check: the dropped members', () => {
  const Visit = z.object({
    id: z.number(),
    patient: z.object({ name: z.string(), tags: z.array(z.string()) }).nullable(),
    slots: z.array(z.object({ at: z.string() })).optional(),
    // Unions, loose objects and records: what parsing keeps depends on the input.
    place: z.union([z.object({ room: z.string() }), z.object({ url: z.string() })]),
    extra: z.looseObject({ a: z.number() }),
    meta: z.record(z.string(), z.object({ n: z.number() })),
  });

  /** What parsing dropped, found the plain way: every input member missing from the output. */
  function diff(input: unknown, output: unknown, path: string[] = []): string[] {
    if (Array.isArray(input) && Array.isArray(output)) {
      return input.flatMap((item, i) => diff(item, output[i], path));
    }
    if (typeof input !== 'object' || input === null || typeof output !== 'object' || !output) {
      return [];
    }
    return Object.entries(input).flatMap(([name, value]) =>
      Object.hasOwn(output, name)
        ? diff(value, (output as Record<string, unknown>)[name], [...path, name])
        : [[...path, name].join('.')],
    );
  }

  const extra = fc.dictionary(
    fc.constantFrom('x', 'note', 'cpf', 'room', 'n', 'at'),
    fc.oneof(fc.integer(), fc.constant({ deep: 1 })),
    { maxKeys: 2 },
  );
  const withExtra = <T extends object>(base: fc.Arbitrary<T>) =>
    fc
      .tuple(base, extra, fc.boolean())
      .map(([value, more, first]) => (first ? { ...more, ...value } : { ...value, ...more }));
  const body = withExtra(
    fc.record({
      id: fc.integer(),
      patient: fc.option(
        withExtra(fc.record({ name: fc.string(), tags: fc.array(fc.string(), { maxLength: 2 }) })),
      ),
      slots: fc.array(withExtra(fc.record({ at: fc.string() })), { maxLength: 3 }),
      place: fc.oneof(
        withExtra(fc.record({ room: fc.string() })),
        withExtra(fc.record({ url: fc.string() })),
      ),
      extra: withExtra(fc.record({ a: fc.integer() })),
      meta: fc.dictionary(fc.string({ maxLength: 3 }), withExtra(fc.record({ n: fc.integer() })), {
        maxKeys: 2,
      }),
    }),
  );

  it('reports exactly the members parsing dropped, in the order of the input', () => {
    fc.assert(
      fc.property(body, (input) => {
        const { read, drifts } = reader();
        const checked = read.check(Visit, input, WHERE);
        if (!checked.ok) return;
        // Reported once per field: the plain diff's fields, first occurrence first.
        const expected = [...new Set(diff(input, checked.data))];
        expect(drifts.map((d) => d.field)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
