/**
 * THE operation table (spec 4), for the client, the server, OpenAPI and tests. A new operation
 * also needs a handler in `testing/fetch.ts` and prose in `scripts/openapi.ts`. @module
 */
import type * as z from 'zod';
import type { RetryPolicy } from './internal/retry.ts';
import type { Assert } from './internal/type-equality.ts';
import { AppointmentType } from './schemas/appointment-types.ts';
import {
  Appointment,
  AppointmentCreateParams,
  AppointmentUpdateParams,
} from './schemas/appointments.ts';
import { AppointmentId, IntegerId, NoListFilters } from './schemas/fields/index.ts';
import {
  Patient,
  PatientCreateParams,
  PatientListParams,
  PatientUpdateParams,
} from './schemas/patients.ts';
import { Professional } from './schemas/professionals.ts';
import { Room } from './schemas/rooms.ts';
import type { Scope } from './schemas/scopes.ts';

/** The HTTP methods of the API (spec 1 fact 2: no PUT, no DELETE). */
export type HttpMethod = 'GET' | 'POST' | 'PATCH';

/** The bodies an operation reads: none, JSON, or JSON and the two forms (spec 4.4). */
export type BodyKind = 'none' | 'json' | 'json-or-form';

/** A path id (spec 4): its JSON type, the schema the client checks it with, and its pattern. */
export interface PathId<S extends z.ZodType = z.ZodType> {
  readonly kind: 'uuid' | 'integer';
  /** The client's check of the caller's id. */
  readonly schema: S;
  /** The server's route match, on one percent-decoded path segment. */
  readonly matches: (segment: string) => boolean;
}

/** The appointment id: a uuid. */
export const UUID_PATH_ID: PathId<typeof AppointmentId> = {
  kind: 'uuid',
  schema: AppointmentId,
  matches: (segment) => AppointmentId.safeParse(segment).success,
};

/** The other ids: digits only on the route (spec 4), a positive integer for the client. */
export const INTEGER_PATH_ID: PathId<typeof IntegerId> = {
  kind: 'integer',
  schema: IntegerId,
  matches: (segment) => /^\d+$/.test(segment),
};

/** One row of the table: one operation of spec 4. */
export interface OperationRow {
  /** The row's key in {@link OPERATIONS}, also its OpenAPI `operationId`. */
  readonly name: string;
  readonly method: HttpMethod;
  /** After `/api/public/v1`; `{id}` stands for the path id. */
  readonly path: string;
  /** `list`: a paginated list of `response` items. */
  readonly kind: 'list' | 'object';
  readonly id?: PathId | undefined;
  readonly input?: z.ZodType | undefined;
  readonly query?: z.ZodType | undefined;
  readonly response: z.ZodType;
  readonly scope: Scope;
  /** Whether spec 5 rule 4 names the scope (else the reference server assumes it, rule 5). */
  readonly scopeStated: boolean;
  /** When the client retries it (`internal/retry.ts`). */
  readonly retry: RetryPolicy;
  /** Whether a repeated `Idempotency-Key` replays by default (spec 4.4); the client sends one. */
  readonly replay: boolean;
  /** The bodies the reference server reads. */
  readonly bodies: BodyKind;
  /** Reads the record back when a write's 2xx body is not it (spec 4.5, 4.6). */
  readonly readBack?: OperationRow | undefined;
}

type Defaults = 'kind' | 'scopeStated' | 'retry' | 'replay' | 'bodies';
type RowInput = Omit<OperationRow, Defaults> & Partial<Pick<OperationRow, Defaults>>;

/** Keeps the row's literal types: a resource method's types follow them. */
function row<const R extends RowInput>(r: R) {
  return {
    kind: 'object',
    scopeStated: false,
    retry: 'safe',
    replay: false,
    bodies: r.method === 'GET' ? 'none' : 'json',
    ...r,
  } as unknown as Omit<R, Defaults> & {
    readonly kind: R extends { kind: 'list' } ? 'list' : 'object';
    readonly scopeStated: boolean;
    readonly retry: RetryPolicy;
    readonly replay: boolean;
    readonly bodies: BodyKind;
  };
}

const retrieveAppointment = row({
  name: 'retrieveAppointment',
  method: 'GET',
  path: '/appointments/{id}',
  id: UUID_PATH_ID,
  response: Appointment,
  scope: 'appointments:read',
});

/** A read-only resource of spec 4.8: its list and its retrieve, scope `appointments:read`. */
function readOnly<const L extends string, const G extends string, S extends z.ZodType>(
  list: L,
  retrieve: G,
  path: string,
  response: S,
) {
  const common = { response, scope: 'appointments:read', scopeStated: true } as const;
  return [
    row({ ...common, name: list, method: 'GET', path, kind: 'list', query: NoListFilters }),
    row({ ...common, name: retrieve, method: 'GET', path: `${path}/{id}`, id: INTEGER_PATH_ID }),
  ] as const;
}

const [listProfessionals, retrieveProfessional] = readOnly(
  'listProfessionals',
  'retrieveProfessional',
  '/professionals',
  Professional,
);
const [listRooms, retrieveRoom] = readOnly('listRooms', 'retrieveRoom', '/rooms', Room);
const [listAppointmentTypes, retrieveAppointmentType] = readOnly(
  'listAppointmentTypes',
  'retrieveAppointmentType',
  '/appointment-types',
  AppointmentType,
);

/** The 15 operations of spec 4, in the spec's order, keyed by a stable name. */
export const OPERATIONS = {
  listAppointments: row({
    name: 'listAppointments',
    method: 'GET',
    path: '/appointments',
    kind: 'list',
    query: NoListFilters,
    response: Appointment,
    scope: 'appointments:read',
  }),
  retrieveAppointment,
  createAppointment: row({
    name: 'createAppointment',
    method: 'POST',
    path: '/appointments',
    input: AppointmentCreateParams,
    response: Appointment,
    scope: 'appointments:write',
    scopeStated: true,
    replay: true,
    bodies: 'json-or-form',
  }),
  updateAppointment: row({
    name: 'updateAppointment',
    method: 'PATCH',
    path: '/appointments/{id}',
    id: UUID_PATH_ID,
    input: AppointmentUpdateParams,
    response: Appointment,
    scope: 'appointments:write',
    readBack: retrieveAppointment,
  }),
  cancelAppointment: row({
    name: 'cancelAppointment',
    method: 'POST',
    path: '/appointments/{id}/cancel',
    id: UUID_PATH_ID,
    response: Appointment,
    scope: 'appointments:write',
    // A cancel whose answer was lost cannot be told from one never received.
    retry: 'rate-limit-only',
    bodies: 'none',
    readBack: retrieveAppointment,
  }),
  listPatients: row({
    name: 'listPatients',
    method: 'GET',
    path: '/patients',
    kind: 'list',
    query: PatientListParams,
    response: Patient,
    scope: 'patients:read',
  }),
  retrievePatient: row({
    name: 'retrievePatient',
    method: 'GET',
    path: '/patients/{id}',
    id: INTEGER_PATH_ID,
    response: Patient,
    scope: 'patients:read',
  }),
  createPatient: row({
    name: 'createPatient',
    method: 'POST',
    path: '/patients',
    input: PatientCreateParams,
    response: Patient,
    scope: 'patients:write',
    // Nothing deduplicates it: a retry after a lost answer could create the patient twice.
    retry: 'rate-limit-only',
  }),
  updatePatient: row({
    name: 'updatePatient',
    method: 'PATCH',
    path: '/patients/{id}',
    id: INTEGER_PATH_ID,
    input: PatientUpdateParams,
    response: Patient,
    scope: 'patients:write',
    scopeStated: true,
  }),
  listProfessionals,
  retrieveProfessional,
  listRooms,
  retrieveRoom,
  listAppointmentTypes,
  retrieveAppointmentType,
} as const;

/** The name of one of the 15 operations. */
export type OperationName = keyof typeof OPERATIONS;

// Every row is an OperationRow whose name is its key.
type _RowCheck = Assert<
  {
    [K in OperationName]: (typeof OPERATIONS)[K] extends OperationRow & { name: K } ? true : false;
  }[OperationName]
>;

/** Every row, in the spec's order. */
export const OPERATION_ROWS: readonly OperationRow[] = Object.values(OPERATIONS);

/** The row whose template matches the end of `path`, so any base path before the prefix works. */
export function findOperation(method: string, path: string): OperationRow | undefined {
  const upper = method.toUpperCase();
  const segments = path.split('?')[0]!.split('/');
  for (const op of OPERATION_ROWS) {
    if (op.method !== upper) continue;
    const pattern = op.path.split('/').slice(1);
    const tail = segments.slice(-pattern.length);
    if (segments.length <= pattern.length) continue;
    if (pattern.every((s, i) => (s === '{id}' ? tail[i] !== '' : s === tail[i]))) return op;
  }
  return undefined;
}

export function pathOf(op: OperationRow, id?: unknown): string {
  return id === undefined ? op.path : op.path.replace('{id}', encodeURIComponent(String(id)));
}
