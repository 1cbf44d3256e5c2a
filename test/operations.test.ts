/**
 * The operation table (src/operations.ts) against the spec: spec 5 rule 4's scopes, spec 4.4's
 * replay and body formats, the public surface's retry policy, and what every row must have.
 * Each operation's own line of spec 4 is stated in its test (test/resources/methods.test.ts,
 * which fails on a row without one). Every other test and document derives from the table or is
 * checked against it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ConflictError, makeAPIError } from '../src/core/errors/index.ts';
import * as sdk from '../src/index.ts';
import {
  CONFLICT_CODES,
  matchOperation,
  OPERATION_ROWS,
  OPERATIONS,
  pathOf,
} from '../src/operations.ts';
import { drawable, fieldsOf } from './helpers/rows.ts';

const NONE = z.object({});

describe('src/operations.ts: one row per operation of spec 4', () => {
  it('gives each row its schemas: a response, a body exactly where it reads one, a query for lists', () => {
    for (const row of OPERATION_ROWS) {
      expect([
        row.name,
        row.response instanceof z.ZodType,
        row.input instanceof z.ZodType,
        row.query instanceof z.ZodType,
        row.id?.schema instanceof z.ZodType,
      ]).toEqual([
        row.name,
        true,
        row.bodies !== 'none',
        row.kind === 'list',
        row.path.includes('{id}'),
      ]);
    }
  });

  it('gives each field of each body values a test can draw (test/helpers/rows.ts)', () => {
    const missing = OPERATION_ROWS.flatMap((row) =>
      fieldsOf(row.input ?? NONE)
        .filter((field) => !drawable(field))
        .map((field) => `${row.name}: body field ${field.name} (add its schema to FIELD_VALUES)`),
    );
    expect(missing).toEqual([]);
  });

  it('names each row by its key, lists the GETs without {id}, and nothing else', () => {
    for (const [key, row] of Object.entries(OPERATIONS)) expect(row.name).toBe(key);
    for (const row of OPERATION_ROWS) {
      expect([row.name, row.kind]).toEqual([
        row.name,
        row.method === 'GET' && !row.id ? 'list' : 'object',
      ]);
    }
  });

  it('states the scopes of spec 5 rule 4 as stated, and only those', () => {
    const stated = OPERATION_ROWS.filter((r) => r.scopeStated).map((r) => [
      `${r.method} ${r.path}`,
      r.scope,
    ]);
    expect(stated).toEqual([
      ['POST /appointments', 'appointments:write'],
      ['PATCH /patients/{id}', 'patients:write'],
      ...['/professionals', '/rooms', '/appointment-types'].flatMap((p) => [
        [`GET ${p}`, 'appointments:read'],
        [`GET ${p}/{id}`, 'appointments:read'],
      ]),
    ]);
  });

  it('replays the key and reads forms only on POST /appointments (spec 4.4)', () => {
    expect(OPERATION_ROWS.filter((r) => r.replay).map((r) => r.name)).toEqual([
      'createAppointment',
    ]);
    expect(OPERATION_ROWS.filter((r) => r.bodies === 'json-or-form').map((r) => r.name)).toEqual([
      'createAppointment',
    ]);
    expect(OPERATIONS.cancelAppointment.bodies).toBe('none');
  });

  it('retries everything when safe, except POST /patients and cancel (429 only)', () => {
    expect(OPERATION_ROWS.filter((r) => r.retry === 'rate-limit-only').map((r) => r.name)).toEqual([
      'cancelAppointment',
      'createPatient',
    ]);
  });

  it('reads PATCH and cancel back with GET /appointments/{id} (spec 4.5, 4.6 show no body)', () => {
    expect(OPERATION_ROWS.filter((r) => r.readBack).map((r) => [r.name, r.readBack!.name])).toEqual(
      [
        ['updateAppointment', 'retrieveAppointment'],
        ['cancelAppointment', 'retrieveAppointment'],
      ],
    );
  });

  it('answers each 409 code of CONFLICT_CODES on some row; the client exports a class for each stated one', () => {
    const used = new Set(OPERATION_ROWS.flatMap((row) => row.conflicts));
    expect([...used].sort()).toEqual(Object.keys(CONFLICT_CODES).sort());
    for (const [code, { stated }] of Object.entries(CONFLICT_CODES)) {
      const error = makeAPIError({
        status: 409,
        headers: new Headers(),
        body: { code, detail: 'd' },
        method: 'POST',
        path: '/api/public/v1/appointments',
      });
      expect([code, error.code, error.constructor === ConflictError]).toEqual([
        code,
        code,
        !stated,
      ]);
      expect(error).toBeInstanceOf(ConflictError);
      // Exported under its own name, as the public surface has one class per stated code.
      expect(Object.entries(sdk)).toContainEqual([error.name, error.constructor]);
    }
  });

  it('matchOperation matches the path after the prefix, its id by the row pattern, decoded', () => {
    const uuid = '0b6b1a52-8a0c-4b7e-9d43-2c1f6e5f7a10';
    expect(matchOperation('POST', `/appointments/${uuid}/cancel`)).toEqual({
      row: OPERATIONS.cancelAppointment,
      id: uuid,
    });
    expect(matchOperation('GET', '/rooms/%37')).toEqual({ row: OPERATIONS.retrieveRoom, id: '7' });
    expect(matchOperation('GET', '/rooms/x')).toBeUndefined();
    expect(matchOperation('GET', '/rooms/%E0')).toBeUndefined();
    expect(matchOperation('GET', '/appointments/42')).toBeUndefined();
    expect(matchOperation('get', '/rooms')).toBeUndefined();
  });

  it('pathOf fills and encodes the id', () => {
    expect(pathOf(OPERATIONS.retrieveRoom, 7)).toBe('/rooms/7');
    expect(pathOf(OPERATIONS.cancelAppointment, 'a/b')).toBe('/appointments/a%2Fb/cancel');
  });
});

describe('the table is the only src file that spells an operation path', () => {
  const SRC = join(import.meta.dirname, '..', 'src');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
    });
  // A string literal that starts with a resource's path, such as '/rooms' or `/patients/${id}`.
  const LITERAL = /['"`]\/(appointments|patients|professionals|rooms|appointment-types)\b/;

  it('finds the five list paths in src/operations.ts and in no other src file', () => {
    const spelled = files(SRC).filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => !/^\s*(\*|\/\/|\/\*)/.test(line) && LITERAL.test(line)),
    );
    expect(spelled.map((f) => relative(SRC, f))).toEqual(['operations.ts']);
  });
});
