/**
 * Any row of the operation table (src/operations.ts) called from the row and its zod schemas
 * alone, so that a test over every operation covers a new one without an entry: the row's
 * resource method and its arguments (`callRow`), valid bodies drawn field by field from the
 * body's schema (`drawBody`: the values of each field schema in `FIELD_VALUES`, a record id for
 * each `<resource>_id`, the options of an enum), and the answer a stub server gives it
 * (`answerOf`). test/operations.test.ts fails, naming the field, when a row's body has a field
 * whose schema has no values here.
 */
import type * as z from 'zod';
import * as zod from 'zod';
import { methodOf, resourceOf } from '../../scripts/docs-tables.ts';
import { OPERATION_ROWS, type OperationRow } from '../../src/operations.ts';
import { AppointmentType } from '../../src/schemas/appointment-types.ts';
import { Appointment } from '../../src/schemas/appointments.ts';
import {
  BirthDate,
  Cpf,
  Email,
  Note,
  PatientName,
  Phone,
  StartAt,
} from '../../src/schemas/fields/index.ts';
import { Patient } from '../../src/schemas/patients.ts';
import { Professional } from '../../src/schemas/professionals.ts';
import { Room } from '../../src/schemas/rooms.ts';
import { generateCpf } from '../../src/testing/seed/demo.ts';
import {
  APPOINTMENT_ID,
  appointmentTypeWire,
  appointmentWire,
  patientWire,
  professionalWire,
  roomWire,
} from '../fixtures.ts';

/** A source of numbers in [0, 1): `Math.random`, or a seeded generator for a fuzz run. */
export type Rng = () => number;

const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

/** One field of a body: its name, its schema without `optional()`/`nullable()`, and those two. */
export interface Field {
  readonly name: string;
  readonly schema: z.ZodType;
  readonly optional: boolean;
  readonly nullable: boolean;
  /** The resource a `<resource>_id` field names (`appointment_type_id`: `appointment-types`). */
  readonly resource?: string | undefined;
}

/** The first path segment of each row: the API's resources. */
export const RESOURCES = [...new Set(OPERATION_ROWS.map((row) => row.path.split('/')[1]!))];

/** The resource of a row (`/appointment-types/{id}`: `appointment-types`). */
export const resourceOfRow = (row: OperationRow): string => row.path.split('/')[1]!;

/** The fields of an object schema (a body, a list query), in its order. */
export function fieldsOf(schema: z.ZodType): Field[] {
  if (!(schema instanceof zod.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, member]) => {
    let inner: z.ZodType = member;
    let optional = false;
    let nullable = false;
    for (;;) {
      if (inner instanceof zod.ZodOptional) optional = true;
      else if (inner instanceof zod.ZodNullable) nullable = true;
      else break;
      inner = (inner as z.ZodOptional | z.ZodNullable).unwrap() as z.ZodType;
    }
    const named = /^(\w+)_id$/.exec(name)?.[1];
    const resource = named && `${named.replaceAll('_', '-')}s`;
    return {
      name,
      schema: inner,
      optional,
      nullable,
      ...(resource && RESOURCES.includes(resource) ? { resource } : {}),
    };
  });
}

/**
 * Valid values of each field schema the rows' bodies use, as a service takes them: names, a
 * mobile number, a CPF with valid check digits (fresh each draw, so that creates do not collide),
 * instants in the days after the tests' clock (2026-03-02). Enums and record ids need no entry.
 */
export const FIELD_VALUES = new Map<z.ZodType, (rng: Rng) => unknown>([
  [PatientName, (rng) => pick(rng, ['Ana Souza', 'Bruno Lima', 'Maria José da Silva', 'Zé'])],
  [Phone, (rng) => pick(rng, ['11987654321', '+5511999990000', '(11) 98765-4321'])],
  [Email, (rng) => pick(rng, ['ana@example.com', 'bruno.lima@example.org'])],
  [Cpf, (rng) => generateCpf(Math.floor(rng() * 900_000_000))],
  [BirthDate, (rng) => pick(rng, ['1990-02-03', '1985-12-31', '2001-07-15'])],
  [Note, (rng) => pick(rng, ['Retorno em 30 dias', '', 'Trazer exames'])],
  [
    StartAt,
    (rng) => {
      const day = String(3 + Math.floor(rng() * 7)).padStart(2, '0');
      const hour = String(8 + Math.floor(rng() * 10)).padStart(2, '0');
      return `2026-03-${day}T${hour}:${pick(rng, ['00', '15', '30', '45'])}:00-03:00`;
    },
  ],
]);

/** Where a drawn body's values come from: the numbers, and an id of a record of a resource. */
export interface Draw {
  readonly rng: Rng;
  /** An id of a record of `resource` the body may name (`patients`: a patient's id). */
  readonly record: (resource: string) => unknown;
  /** Values of field schemas that take the place of `FIELD_VALUES`' (a start in the future). */
  readonly values?: ReadonlyMap<z.ZodType, (rng: Rng) => unknown> | undefined;
}

/** A valid value of `field`, or `undefined` when its schema has none here. */
export function drawField(field: Field, draw: Draw): unknown {
  if (field.resource) return draw.record(field.resource);
  if (field.schema instanceof zod.ZodEnum) return pick(draw.rng, field.schema.options);
  return (draw.values?.get(field.schema) ?? FIELD_VALUES.get(field.schema))?.(draw.rng);
}

/** Whether `drawField` can draw `field` (test/operations.test.ts asks it of every row's body). */
export const drawable = (field: Field): boolean =>
  field.resource !== undefined ||
  field.schema instanceof zod.ZodEnum ||
  FIELD_VALUES.has(field.schema);

/**
 * A valid body of `schema`: its required fields, and each optional one with probability
 * `optional` (0: none, 1: all); a nullable field is `null` with probability `nulls`.
 */
export function drawBody(
  schema: z.ZodType,
  draw: Draw,
  { optional = 0, nulls = 0 }: { optional?: number; nulls?: number } = {},
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(schema)) {
    if (field.optional && draw.rng() >= optional) continue;
    body[field.name] = field.nullable && draw.rng() < nulls ? null : drawField(field, draw);
  }
  return body;
}

/** The arguments of a row's resource method before its options: `[id?, body | query?]`. */
export function argsOf(
  row: OperationRow,
  { id, body, query }: { id?: unknown; body?: unknown; query?: unknown },
): unknown[] {
  return [...(row.id ? [id] : []), ...(row.input ? [body] : row.query ? [query] : [])];
}

/** The resource method of a row on `client`, as a function of its arguments and options. */
export function methodOfRow(client: object, row: OperationRow) {
  const resource = (client as Record<string, Record<string, unknown>>)[resourceOf(row)];
  const method = resource?.[methodOf(row)];
  if (typeof method !== 'function') {
    throw new Error(`${row.name}: the client has no ${resourceOf(row)}.${methodOf(row)}`);
  }
  return (...args: unknown[]) => (method as (...a: unknown[]) => unknown).apply(resource, args);
}

/** A path id of the row's kind that a stub server answers: the fixtures' ids. */
export const sampleId = (row: OperationRow): unknown =>
  row.id?.kind === 'uuid' ? APPOINTMENT_ID : 7;

/** A draw for a client whose server answers anything: the fixtures' ids, a fixed rng. */
export const stubDraw: Draw = { rng: () => 0, record: () => 7 };

/**
 * Calls `row`'s resource method with a path id, a valid body of all its fields (or the given
 * one), and `options`, and returns what the method returns: an `APIPromise`, or a `Paginator`.
 */
export function invokeRow(
  client: object,
  row: OperationRow,
  { id = sampleId(row), body, options }: { id?: unknown; body?: unknown; options?: object } = {},
): unknown {
  const args = argsOf(row, {
    id,
    body: body ?? (row.input && drawBody(row.input, stubDraw, { optional: 1 })),
    query: {},
  });
  return methodOfRow(client, row)(...args, options);
}

/** {@link invokeRow}, awaited: a list's first page is awaited, so that its request is sent. */
export async function callRow(
  client: object,
  row: OperationRow,
  args: { id?: unknown; body?: unknown; options?: object } = {},
): Promise<unknown> {
  return await (invokeRow(client, row, args) as PromiseLike<unknown>);
}

const WIRE = new Map<z.ZodType, () => object>([
  [Appointment, appointmentWire],
  [Patient, patientWire],
  [Professional, professionalWire],
  [Room, roomWire],
  [AppointmentType, appointmentTypeWire],
]);

/** The fixture of a row's response object (test/fixtures.ts), by its schema. */
export function wireOf(row: OperationRow): object {
  const wire = WIRE.get(row.response);
  if (!wire) throw new Error(`${row.name}: no fixture of its response in test/helpers/rows.ts`);
  return wire();
}

/** A valid answer of a stub server to `row`: its object, in a page for a list, at its status. */
export function answerOf(row: OperationRow): Response {
  const item = wireOf(row);
  return row.kind === 'list'
    ? Response.json({ results: [item], next: null, previous: null })
    : Response.json(item, { status: row.status });
}
