/**
 * THE operation table (spec 4): every fact of an operation, read by the client, the reference
 * server, the OpenAPI document (`scripts/openapi.ts`) and the docs table
 * (`scripts/docs-tables.ts`). A new operation also needs its schema in `schemas/`, its method
 * in `resources/`, its handler in `testing/server/handlers.ts` and its test (CONTRIBUTING.md).
 * @module
 */
import type * as z from 'zod';
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

/** `safe`: retried on connection errors, timeouts, 408, 429, 5xx; `rate-limit-only`: on 429. */
export type RetryPolicy = 'safe' | 'rate-limit-only';

/** The reference server's own words where the spec leaves a rule open (spec 3 rule 3). */
const NOT_CHANGEABLE =
  'Spec 3 rule 3: the states an appointment may be changed or cancelled in are not shown. The reference server refuses, with `appointment_not_changeable` (its own code; setting `notChangeableCode`), telehealth appointments, patient requests (`requested`), and by default every appointment whose status is not `scheduled` or `confirmed`: `checked_in`, `completed`, `no_show` and `cancelled` (setting `changeableStatuses` widens the last rule).';

/**
 * The 409 codes (spec 7): those the spec states, each with its error class in the client, and
 * the reference server's own where the spec leaves a conflict open (`notShown` says which).
 */
export const CONFLICT_CODES = {
  slot_blocked: { stated: true, meaning: "The time is blocked in the professional's agenda." },
  room_required: {
    stated: true,
    meaning: "The clinic requires a room and the professional's grid has no default then.",
  },
  patient_cpf_exists: { stated: true, meaning: 'The CPF belongs to another patient.' },
  appointment_not_changeable: {
    stated: false,
    meaning: 'The appointment cannot be changed or cancelled in its state.',
    notShown: NOT_CHANGEABLE,
  },
  appointment_overlap: {
    stated: false,
    meaning: 'The professional already has an appointment at an overlapping time.',
    notShown:
      'Not shown: whether the service books two appointments of one professional at overlapping times. The reference server books both by default; with setting `overlappingAppointments: "refuse"` it refuses the second with `appointment_overlap`, its own code.',
  },
} as const satisfies Record<
  string,
  { stated: boolean; meaning: string; notShown?: string | undefined }
>;

/** A 409 `code` of {@link CONFLICT_CODES}. */
export type ConflictCode = keyof typeof CONFLICT_CODES;

/** A 409 `code` the spec states: the client has an error class for each. */
export type StatedConflictCode = {
  [C in ConflictCode]: (typeof CONFLICT_CODES)[C]['stated'] extends true ? C : never;
}[ConflictCode];

/** An operation's words: OpenAPI's summary and descriptions, and what the spec leaves open. */
export interface OperationDoc {
  readonly summary: string;
  readonly description?: string | undefined;
  /** The success answer's description. */
  readonly success: string;
  /** What the spec does not show about this operation, and the reference server's pick. */
  readonly notShown?: readonly string[] | undefined;
}

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
  /** A list's envelope: `stated` by spec 4.1 (rooms), else `not-shown` (the envelope or a bare
   * array: the client accepts both, the reference server answers the envelope by default). */
  readonly envelope?: 'stated' | 'not-shown' | undefined;
  /** The success status (the reference server answers it; the client accepts any 2xx). */
  readonly status: 200 | 201;
  /** The 409 codes it may answer. */
  readonly conflicts: readonly ConflictCode[];
  /** A 404 without a path id: a body's id that names no record (spec 4.4). */
  readonly notFound?: boolean | undefined;
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
  readonly doc: OperationDoc;
}

type Defaults = 'kind' | 'status' | 'conflicts' | 'scopeStated' | 'retry' | 'replay' | 'bodies';
type RowInput = Omit<OperationRow, Defaults> & Partial<Pick<OperationRow, Defaults>>;

/** Keeps the row's literal types: a resource method's types follow them. */
function row<const R extends RowInput>(r: R) {
  return {
    kind: 'object',
    ...(r.kind === 'list' ? { envelope: 'not-shown' } : {}),
    status: 200,
    conflicts: [],
    scopeStated: false,
    retry: 'safe',
    replay: false,
    bodies: r.method === 'GET' ? 'none' : 'json',
    ...r,
  } as unknown as Omit<R, Defaults> & {
    readonly kind: R extends { kind: 'list' } ? 'list' : 'object';
    readonly status: 200 | 201;
    readonly conflicts: readonly ConflictCode[];
    readonly scopeStated: boolean;
    readonly retry: RetryPolicy;
    // Literal, so that a resource method's options can follow it (test/types/operations.test-d.ts).
    readonly replay: R extends { replay: true } ? true : false;
    readonly bodies: BodyKind;
  };
}

const READ_BACK =
  'the client accepts any 2xx and, when its body is not the appointment, reads GET /appointments/{id}.';

const retrieveAppointment = row({
  name: 'retrieveAppointment',
  method: 'GET',
  path: '/appointments/{id}',
  id: UUID_PATH_ID,
  response: Appointment,
  scope: 'appointments:read',
  doc: { summary: 'One appointment', success: 'The appointment.' },
});

/** A read-only resource of spec 4.8: its list and its retrieve, scope `appointments:read`. */
function readOnly<
  const L extends string,
  const G extends string,
  const P extends string,
  S extends z.ZodType,
>([list, retrieve]: readonly [L, G], path: P, response: S, [one, many]: readonly [string, string]) {
  const common = { response, scope: 'appointments:read', scopeStated: true } as const;
  return [
    row({
      ...common,
      name: list,
      method: 'GET',
      path,
      kind: 'list',
      query: NoListFilters,
      doc: { summary: `List ${many}`, success: `The ${many} of the clinic.` },
    }),
    row({
      ...common,
      name: retrieve,
      method: 'GET',
      path: `${path}/{id}` as const,
      id: INTEGER_PATH_ID,
      doc: { summary: `One ${one}`, success: `The ${one}.` },
    }),
  ] as const;
}

const [listProfessionals, retrieveProfessional] = readOnly(
  ['listProfessionals', 'retrieveProfessional'],
  '/professionals',
  Professional,
  ['professional', 'professionals'],
);
const [listRooms, retrieveRoom] = readOnly(['listRooms', 'retrieveRoom'], '/rooms', Room, [
  'room',
  'rooms',
]);
const [listAppointmentTypes, retrieveAppointmentType] = readOnly(
  ['listAppointmentTypes', 'retrieveAppointmentType'],
  '/appointment-types',
  AppointmentType,
  ['appointment type', 'appointment types'],
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
    doc: { summary: 'List appointments', success: 'The appointments of the clinic.' },
  }),
  retrieveAppointment,
  createAppointment: row({
    name: 'createAppointment',
    method: 'POST',
    path: '/appointments',
    input: AppointmentCreateParams,
    response: Appointment,
    status: 201,
    conflicts: ['slot_blocked', 'room_required', 'appointment_overlap'],
    notFound: true,
    scope: 'appointments:write',
    scopeStated: true,
    replay: true,
    bodies: 'json-or-form',
    doc: {
      summary: 'Create an appointment',
      description:
        'Creates an in-person appointment with status scheduled and origin api (spec 4.4).',
      success: 'The appointment created (or replayed).',
    },
  }),
  updateAppointment: row({
    name: 'updateAppointment',
    method: 'PATCH',
    path: '/appointments/{id}',
    id: UUID_PATH_ID,
    input: AppointmentUpdateParams,
    response: Appointment,
    conflicts: [
      'slot_blocked',
      'room_required',
      'appointment_not_changeable',
      'appointment_overlap',
    ],
    scope: 'appointments:write',
    readBack: retrieveAppointment,
    doc: {
      summary: 'Change an appointment',
      description:
        'Accepts only start_at, professional_id, room_id, note and status (scheduled or confirmed) (spec 4.5).',
      success: 'The appointment as changed.',
      notShown: [
        `Spec 4.5: the response body and errors of this operation are not shown. The reference server answers 200 with the appointment (setting \`patchAnswer\`); ${READ_BACK}`,
      ],
    },
  }),
  cancelAppointment: row({
    name: 'cancelAppointment',
    method: 'POST',
    path: '/appointments/{id}/cancel',
    id: UUID_PATH_ID,
    response: Appointment,
    conflicts: ['appointment_not_changeable'],
    scope: 'appointments:write',
    // A cancel whose answer was lost cannot be told from one never received.
    retry: 'rate-limit-only',
    bodies: 'none',
    readBack: retrieveAppointment,
    doc: {
      summary: 'Cancel an appointment',
      success: 'The appointment, cancelled.',
      notShown: [
        `Spec 4.6: the request body and response body are not shown. The client sends no body; the reference server refuses one (400; setting \`cancelBody\`) and answers 200 with the appointment (setting \`cancelAnswer\`); ${READ_BACK}`,
      ],
    },
  }),
  listPatients: row({
    name: 'listPatients',
    method: 'GET',
    path: '/patients',
    kind: 'list',
    query: PatientListParams,
    response: Patient,
    scope: 'patients:read',
    doc: { summary: 'List patients', success: 'The patients of the clinic.' },
  }),
  retrievePatient: row({
    name: 'retrievePatient',
    method: 'GET',
    path: '/patients/{id}',
    id: INTEGER_PATH_ID,
    response: Patient,
    scope: 'patients:read',
    doc: { summary: 'One patient', success: 'The patient.' },
  }),
  createPatient: row({
    name: 'createPatient',
    method: 'POST',
    path: '/patients',
    input: PatientCreateParams,
    response: Patient,
    status: 201,
    conflicts: ['patient_cpf_exists'],
    scope: 'patients:write',
    // Nothing deduplicates it: a retry after a lost answer could create the patient twice.
    retry: 'rate-limit-only',
    doc: {
      summary: 'Create a patient',
      success: 'The patient created.',
      notShown: [
        'Spec 4.7: which fields are required is not shown. `name` is required here, since no plausible service keeps a patient without one (the reference server: setting `requiredPatientFields`); the success status (201) is the reference server’s pick (setting `patientCreateStatus`).',
      ],
    },
  }),
  updatePatient: row({
    name: 'updatePatient',
    method: 'PATCH',
    path: '/patients/{id}',
    id: INTEGER_PATH_ID,
    input: PatientUpdateParams,
    response: Patient,
    conflicts: ['patient_cpf_exists'],
    scope: 'patients:write',
    scopeStated: true,
    doc: {
      summary: 'Change a patient',
      description:
        'Only the fields sent are changed; null erases phone, email, cpf or birth_date (spec 4.7).',
      success: 'The patient as changed.',
      notShown: [
        'Spec 4.7: the success status is not shown (it "returns the patient object"); 200 is the reference server’s pick.',
      ],
    },
  }),
  listProfessionals,
  retrieveProfessional,
  listRooms: {
    ...listRooms,
    envelope: 'stated',
    doc: {
      summary: 'List rooms',
      success: 'Active rooms; empty when the clinic does not use rooms.',
    },
  },
  retrieveRoom: {
    ...retrieveRoom,
    doc: { summary: 'One room', success: 'The room (active rooms only).' },
  },
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

/** A row and the path id it matched, percent-decoded (`''` when the row has none). */
export interface OperationMatch {
  readonly row: OperationRow;
  readonly id: string;
}

const TEMPLATES = OPERATION_ROWS.map((row) => ({ row, segments: row.path.split('/').slice(1) }));

/**
 * The one route matcher, of the client and the reference server: the row of `method` and
 * `apiPath` (the path after `/api/public/v1`), its id matching the row's pattern (spec 4).
 */
export function matchOperation(method: string, apiPath: string): OperationMatch | undefined {
  const segments = apiPath.split('/').slice(1);
  for (const { row, segments: template } of TEMPLATES) {
    if (row.method !== method || template.length !== segments.length) continue;
    let id = '';
    const ok = template.every((part, i) => {
      const actual = segments[i]!;
      if (part !== '{id}') return part === actual;
      try {
        id = decodeURIComponent(actual);
      } catch {
        return false;
      }
      return row.id!.matches(id);
    });
    if (ok) return { row, id };
  }
  return undefined;
}

/** The path of `row` after `/api/public/v1`, with `id` percent-encoded in place of `{id}`. */
export function pathOf(row: OperationRow, id?: unknown): string {
  return id === undefined ? row.path : row.path.replace('{id}', encodeURIComponent(String(id)));
}
