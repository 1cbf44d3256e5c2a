import {
  type OperationName,
  type OperationRow,
  OPERATIONS as ROWS,
} from '../../../src/operations.ts';
import type { Scope } from '../../../src/testing/index.ts';
import { runSettings } from '../settings.ts';

export const settings = runSettings('FUZZ_SEED', 'FUZZ_RUNS', { seed: 20_260_302, runs: 5_000 });
export const FILE = 'test/reliability/fuzz-reference-server.test.ts';

export const BASE_URL = 'https://clinic.test';
export const PREFIX = '/api/public/v1';
export const NOW = new Date('2026-03-02T12:00:00Z');
/** How often the state's invariants are checked, in requests. */
export const CHECKPOINT_EVERY = 1_000;

// --- the routes ----------------------------------------------------------------------------

export type IdKind = 'uuid' | 'digits';
export type Resource =
  | 'appointments'
  | 'patients'
  | 'professionals'
  | 'rooms'
  | 'appointment-types';
/** What the oracle expects of a row, read off it: a list, a read of one record, or a write. */
export type Kind = 'list' | 'retrieve' | 'write';

export interface Operation {
  /** The row this route is: the oracle reads its status, conflicts, body kinds and response. */
  row: OperationRow;
  name: OperationName;
  method: 'GET' | 'POST' | 'PATCH';
  resource: Resource;
  id?: IdKind;
  kind: Kind;
  /** The scope the reference server asks for (spec 5 rule 4; elsewhere its documented choice). */
  scope: Scope;
}

/** The 15 operations of spec 4, from the one table the client and the server read. */
export const OPERATIONS: readonly Operation[] = (Object.keys(ROWS) as OperationName[]).map(
  (name) => {
    const row: OperationRow = ROWS[name];
    const [, resource] = row.path.split('/');
    return {
      row,
      name,
      method: row.method,
      resource: resource as Resource,
      ...(row.id ? { id: row.id.kind === 'uuid' ? 'uuid' : 'digits' } : {}),
      kind: row.kind === 'list' ? 'list' : row.method === 'GET' ? 'retrieve' : 'write',
      scope: row.scope,
    };
  },
);

/** Paths that are none of the 15 operations (spec 1 facts 1-3 and 7). */
export const UNKNOWN_PATHS = [
  `${PREFIX}/payments`,
  `${PREFIX}/availability`,
  `${PREFIX}/webhooks`,
  `${PREFIX}/medical-records`,
  `${PREFIX}`,
  `${PREFIX}/`,
  `${PREFIX}/rooms/`,
  `${PREFIX}//rooms`,
  `${PREFIX}/ROOMS`,
  `${PREFIX}/appointments/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/confirm`,
  `${PREFIX}/appointments/6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b/cancel/now`,
  `${PREFIX}/patients/1/appointments`,
  '/api/public/v2/rooms',
  '/api/rooms',
  '/',
  '/rooms',
];

export const METHODS = [
  'GET',
  'POST',
  'PATCH',
  'PUT',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'patch',
  'Post',
  'get',
  'FOO',
];
