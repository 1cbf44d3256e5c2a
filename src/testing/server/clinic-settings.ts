/**
 * One clinic's settings, assembled from the three topic files that define each one's schema,
 * default and the words the docs tables and the settings document's JSON Schema print
 * (`npm run docs:tables`). @module
 */
import * as z from 'zod';
import type { Assert, Equals } from '../../internal/type-equality.ts';
import type { AppointmentStatus } from '../../schemas/appointments.ts';
import type { Scope } from '../../schemas/scopes.ts';
import type { AppointmentFilter } from './appointment-filters.ts';
import { APPOINTMENT_SETTINGS } from './settings-appointments.ts';
import { PATIENT_SETTINGS, type PatientField } from './settings-patients.ts';
import { REQUEST_SETTINGS } from './settings-requests.ts';

/**
 * One clinic's settings (`api.settings.requireRoom = true`): where the spec shows nothing, the
 * default is the conservative reading and each other value a plausible one. Bad values throw;
 * lists are frozen, assign new ones. docs/testing-settings.md describes every value.
 */
export interface ClinicSettings {
  /** Whether an appointment needs a room (409 `room_required`). */
  requireRoom: boolean;
  /** The statuses PATCH and cancel accept. */
  changeableStatuses: AppointmentStatus[];
  /** The code of the 409 for an appointment that cannot change. */
  notChangeableCode: string;
  /** What `room_id: null` means. */
  nullRoom: 'no-room' | 'default-room';
  /** Whether two appointments of one professional may overlap. */
  overlappingAppointments: 'allow' | 'refuse';
  /** What a body on cancel gets. */
  cancelBody: 'refuse' | 'ignore';
  /** The answer of PATCH /appointments/{id}. */
  patchAnswer: 'appointment' | 'no-content' | 'empty-object';
  /** The answer of POST /appointments/{id}/cancel. */
  cancelAnswer: 'appointment' | 'no-content' | 'empty-object';
  /** The filters GET /appointments honours. */
  appointmentFilters: AppointmentFilter[];
  /** Whether the appointment object carries `note`. */
  appointmentNote: 'omit' | 'include';
  /** The success status of POST /patients. */
  patientCreateStatus: 201 | 200;
  /** The fields POST /patients requires. */
  requiredPatientFields: PatientField[];
  /** How `?cpf=` and `?phone=` match. */
  patientFilters: 'exact' | 'normalised';
  /** How `?name=` matches. */
  nameFilter: 'case-sensitive' | 'fold-case' | 'fold-case-and-accents';
  /** What a `phone` must be. */
  phoneRule: 'number' | 'length';
  /** Whether a CPF of one repeated digit passes. */
  cpfRepeatedDigits: 'accept' | 'refuse';
  /** What a PATCH with no field gets. */
  emptyPatch: 'accept' | 'refuse';
  /** What a body member no operation accepts gets. */
  unknownBodyMembers: 'refuse' | 'ignore';
  /** The JSON media types writes accept. */
  jsonContentTypes: 'application/json' | 'json-suffix';
  /** Where a repeated `Idempotency-Key` replays. */
  idempotencyReplay: 'create-appointment' | 'every-write';
  /** Where an `Idempotency-Key` binds to its endpoint and body. */
  idempotencyBinding: 'every-write' | 'create-appointment';
  /** What an `Idempotency-Key` on a read does. */
  idempotencyKeyOnReads: 'ignore' | 'bind';
  /** The code of the 422 for a misused `Idempotency-Key`. */
  idempotencyErrorCode: string;
  /** What a replay answers. */
  replayBody: 'creation' | 'current';
  /** The page-size query parameter's name. */
  pageSizeParam: string;
  /** What a page size above 100 gets. */
  pageSizeAboveMax: 'refuse' | 'clamp';
  /** What a page size below 1 or not a whole number gets. */
  pageSizeInvalid: 'refuse' | 'default';
  /** The status of a cursor the server did not sign for that list. */
  invalidCursor: 400 | 404;
  /** The scope of each operation whose scope spec 5 does not state (`'none'`: any key). */
  operationScopes: Readonly<Partial<Record<string, Scope | 'none'>>>;
  /** Requests each API key may send per window (429 past it), or `null` for no limit. */
  rateLimit: RateLimit | null;
}

/** The setting `rateLimit`: a fixed window per API key, on the server clock. */
export interface RateLimit {
  /** Requests a key may send in one window. */
  requests: number;
  /** The window's length in milliseconds. */
  windowMs: number;
}

/** Every clinic setting, in the order the docs list them. */
export const CLINIC_SETTINGS = {
  ...APPOINTMENT_SETTINGS,
  ...PATIENT_SETTINGS,
  ...REQUEST_SETTINGS,
};

type Definitions = typeof CLINIC_SETTINGS;
type Defined = { [K in keyof Definitions]: z.output<Definitions[K]['schema']> };
type Declared = { [K in keyof ClinicSettings]: Readonly<ClinicSettings[K]> };
// The interface is spelled out for the API reference's readers; the definitions stay the home.
type _SettingsCheck = [
  Assert<Equals<keyof Defined, keyof Declared>>,
  Assert<{ [K in keyof Defined]: Defined[K] extends Declared[K] ? true : false }[keyof Defined]>,
  Assert<{ [K in keyof Defined]: Declared[K] extends Defined[K] ? true : false }[keyof Defined]>,
];

/** The schema of each member, with its default and words as JSON Schema metadata. */
export const SETTING_SCHEMAS = Object.fromEntries(
  Object.entries(CLINIC_SETTINGS).map(([name, d]) => [
    name,
    d.schema.meta({
      description: `${d.question} (spec ${d.spec}). Default: ${d.byDefault}. Otherwise: ${d.otherwise}.`,
      default: d.default,
    }),
  ]),
) as { [K in keyof Definitions]: Definitions[K]['schema'] };

/** The conservative defaults of {@link ClinicSettings}, a fresh copy. */
export function defaultSettings(): ClinicSettings {
  return structuredClone(
    Object.fromEntries(Object.entries(CLINIC_SETTINGS).map(([name, d]) => [name, d.default])),
  ) as unknown as ClinicSettings;
}

/** `PATCH /__control/settings`. */
export const SettingsPatch = z.strictObject(SETTING_SCHEMAS).partial();
