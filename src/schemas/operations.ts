/**
 * The 15 operations of the API (spec 4) and the scope each needs (spec 5): the one table the
 * client (`PermissionDeniedError.requiredScope`), the reference server (its routes and 403s)
 * and the tests read.
 *
 * @module
 */

import type { Scope } from './scopes.ts';

/** One operation of spec 4. */
export interface OperationSpec {
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'PATCH';
  /** The path after `/api/public/v1`; `{id}` stands for the path id. */
  readonly path: string;
  /** What the path id matches (spec 4): a uuid for appointments, digits for the others. */
  readonly id?: 'uuid' | 'digits';
  /** The scope the operation needs. */
  readonly scope: Scope;
  /**
   * `true` where spec 5 rule 4 names the scope (POST /appointments, PATCH /patients/{id}, the
   * professionals, rooms and appointment-types endpoints); `false` where it is the reference
   * server's assumption (rule 5: reads need `<resource>:read`, writes `<resource>:write`).
   */
  readonly scopeStated: boolean;
}

const op = (
  method: OperationSpec['method'],
  path: string,
  scope: Scope,
  scopeStated: boolean,
  id?: OperationSpec['id'],
): OperationSpec => ({ method, path, scope, scopeStated, ...(id ? { id } : {}) });

/** The 15 operations of spec 4, in the spec's order, keyed by a stable name. */
export const OPERATIONS = {
  listAppointments: op('GET', '/appointments', 'appointments:read', false),
  retrieveAppointment: op('GET', '/appointments/{id}', 'appointments:read', false, 'uuid'),
  createAppointment: op('POST', '/appointments', 'appointments:write', true),
  updateAppointment: op('PATCH', '/appointments/{id}', 'appointments:write', false, 'uuid'),
  cancelAppointment: op('POST', '/appointments/{id}/cancel', 'appointments:write', false, 'uuid'),
  listPatients: op('GET', '/patients', 'patients:read', false),
  retrievePatient: op('GET', '/patients/{id}', 'patients:read', false, 'digits'),
  createPatient: op('POST', '/patients', 'patients:write', false),
  updatePatient: op('PATCH', '/patients/{id}', 'patients:write', true, 'digits'),
  listProfessionals: op('GET', '/professionals', 'appointments:read', true),
  retrieveProfessional: op('GET', '/professionals/{id}', 'appointments:read', true, 'digits'),
  listRooms: op('GET', '/rooms', 'appointments:read', true),
  retrieveRoom: op('GET', '/rooms/{id}', 'appointments:read', true, 'digits'),
  listAppointmentTypes: op('GET', '/appointment-types', 'appointments:read', true),
  retrieveAppointmentType: op(
    'GET',
    '/appointment-types/{id}',
    'appointments:read',
    true,
    'digits',
  ),
} as const satisfies Record<string, OperationSpec>;

/** The name of one of the 15 operations. */
export type OperationName = keyof typeof OPERATIONS;

/**
 * The operation whose method is `method` and whose path template matches the end of `path`
 * (`{id}` matching any one segment), so a full URL path with any base path before
 * `/api/public/v1` works; `undefined` for anything else.
 */
export function findOperation(method: string, path: string): OperationSpec | undefined {
  const upper = method.toUpperCase();
  const segments = path.split('?')[0]!.split('/');
  for (const spec of Object.values(OPERATIONS) as OperationSpec[]) {
    if (spec.method !== upper) continue;
    const pattern = spec.path.split('/').slice(1);
    const tail = segments.slice(-pattern.length);
    if (segments.length <= pattern.length) continue;
    if (pattern.every((s, i) => (s === '{id}' ? tail[i] !== '' : s === tail[i]))) return spec;
  }
  return undefined;
}
