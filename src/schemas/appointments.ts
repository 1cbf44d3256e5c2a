/** Appointments (spec 2.1, 3, 4.2–4.6): the object returned and the inputs of create and change. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import { AppointmentType } from './appointment-types.ts';
import {
  AppointmentId,
  IntegerId,
  type NoListFilters,
  Note,
  ResponseDateTime,
  StartAt,
  typeError,
} from './fields/index.ts';
import { Professional } from './professionals.ts';
import { Room } from './rooms.ts';

/** Appointment modality: `in_person` or `telehealth`. The API creates only `in_person` ones. */
export type AppointmentModality = 'in_person' | 'telehealth';
/** The zod schema of an {@link AppointmentModality}. */
export const AppointmentModality = z.enum(['in_person', 'telehealth']);

/** Who created the appointment: `staff`, `patient_booking` (the patient online) or `api`. */
export type AppointmentOrigin = 'staff' | 'patient_booking' | 'api';
/** The zod schema of an {@link AppointmentOrigin}. */
export const AppointmentOrigin = z.enum(['staff', 'patient_booking', 'api']);

/** An appointment status (spec 3); the API sets only {@link AppointmentUpdateStatus} values. */
export type AppointmentStatus =
  | 'requested'
  | 'scheduled'
  | 'confirmed'
  | 'checked_in'
  | 'completed'
  | 'no_show'
  | 'cancelled';
/** The zod schema of an {@link AppointmentStatus}. */
export const AppointmentStatus = z.enum([
  'requested',
  'scheduled',
  'confirmed',
  'checked_in',
  'completed',
  'no_show',
  'cancelled',
]);

/** A status that `appointments.update` may set: `scheduled` or `confirmed` (spec 3, rule 1). */
export type AppointmentUpdateStatus = 'scheduled' | 'confirmed';
/** The zod schema of an {@link AppointmentUpdateStatus}. */
export const AppointmentUpdateStatus = z.enum(
  ['scheduled', 'confirmed'],
  typeError('must be scheduled or confirmed (the only statuses the API may set)'),
);

/** The patient of an {@link Appointment}: the three fields the appointment carries (spec 2.1). */
export interface AppointmentPatient {
  /** The patient's id (`patient_id` on create). */
  id: number;
  /** The patient's name. */
  name: string;
  /** The patient's phone, or `null`. */
  phone: string | null;
}

/**
 * An appointment (spec 2.1). `modality`, `origin` and `status` also admit a value the service adds
 * later (`validateResponses: 'compatible'` passes it on): test with `AppointmentStatus.safeParse`.
 */
export interface Appointment {
  /** The appointment's id, a uuid (`null` only if the service sends one without). */
  id: string | null;
  /** The type, such as a consultation or a return visit. */
  appointment_type: AppointmentType;
  /** The patient, or `null`. */
  patient: AppointmentPatient | null;
  /** The professional, or `null`. */
  professional: Professional | null;
  /** The room, when the clinic uses rooms; otherwise `null`. */
  room: Room | null;
  /** Start: an ISO 8601 date-time whose seconds are 00. */
  start_at: string;
  /** End: an ISO 8601 date-time. */
  end_at: string;
  /** `in_person` or `telehealth`; the API creates only `in_person` appointments. */
  modality: AppointmentModality | (string & {});
  /** `staff`, `patient_booking` or `api` (created through the API), or a value added since. */
  origin: AppointmentOrigin | (string & {});
  /** The status (spec 3); telehealth and `requested` ones cannot be changed through the API. */
  status: AppointmentStatus | (string & {});
  /** When the appointment was created: an ISO 8601 date-time. */
  created_at: string;
  /** When the appointment last changed: an ISO 8601 date-time. */
  updated_at: string;
  /** The internal note; the spec does not say it is returned, so it may be absent. */
  note?: string | null | undefined;
}

/** The strict zod schema of an {@link Appointment}: enums hold only the spec's values. */
export const Appointment = z.object({
  id: AppointmentId.nullable(),
  appointment_type: AppointmentType,
  patient: z
    .object({
      id: z.number().int(),
      name: z.string(),
      phone: z.string().nullable(),
    })
    .nullable(),
  professional: Professional.nullable(),
  room: Room.nullable(),
  start_at: ResponseDateTime,
  end_at: ResponseDateTime,
  modality: AppointmentModality,
  origin: AppointmentOrigin,
  status: AppointmentStatus,
  created_at: ResponseDateTime,
  updated_at: ResponseDateTime,
  note: z.string().nullable().optional(),
});

/** What `appointments.create` takes (spec 4.4): in person, `scheduled`, origin `api`. */
export interface AppointmentCreateParams {
  /** Id of an active patient of the clinic (a positive integer). */
  patient_id: number;
  /** Id of an active professional of the clinic who sees patients (a positive integer). */
  professional_id: number;
  /** Id of an active appointment type of the clinic (a positive integer). */
  appointment_type_id: number;
  /** ISO 8601 (no zone: America/Sao_Paulo) or a `Date`; seconds 00. Blocked: 409 `slot_blocked`. */
  start_at: string | Date;
  /** Id of an active room; omitted: the professional's default room (else 409 `room_required`). */
  room_id?: number | null | undefined;
  /** Internal note, at most 2000 characters. */
  note?: string | undefined;
}

/** The zod schema of {@link AppointmentCreateParams}: the client checks every create with it. */
export const AppointmentCreateParams = z.strictObject({
  patient_id: IntegerId,
  professional_id: IntegerId,
  appointment_type_id: IntegerId,
  start_at: StartAt,
  room_id: IntegerId.nullable().optional(),
  note: Note.optional(),
});

/** What `appointments.update` takes (spec 4.5): these fields only; those given change. */
export interface AppointmentUpdateParams {
  /** The new start: ISO 8601 (no zone: America/Sao_Paulo) or a `Date`; seconds 00. */
  start_at?: string | Date | undefined;
  /** Id of an active professional of the clinic who sees patients. */
  professional_id?: number | undefined;
  /** Id of an active room, or `null` for none. */
  room_id?: number | null | undefined;
  /** Internal note, at most 2000 characters. */
  note?: string | undefined;
  /** `scheduled` or `confirmed`: the only statuses the API may set (spec 3, rule 1). */
  status?: AppointmentUpdateStatus | undefined;
}

/** The zod schema of {@link AppointmentUpdateParams}: the client checks every change with it. */
export const AppointmentUpdateParams = z.strictObject({
  start_at: StartAt.optional(),
  professional_id: IntegerId.optional(),
  room_id: IntegerId.nullable().optional(),
  note: Note.optional(),
  status: AppointmentUpdateStatus.optional(),
});

/** Query of `appointments.list` (spec 4.2): no filter is shown (see {@link NoListFilters}). */
export interface AppointmentListParams extends NoListFilters {}

/** `T` with its enum members opened to any string, as the {@link Appointment} interface has them. */
type Opened<T> = {
  [K in keyof T]: K extends 'modality' | 'origin' | 'status' ? T[K] | (string & {}) : T[K];
};

type _AppointmentChecks = [
  Assert<Equals<AppointmentModality, z.output<typeof AppointmentModality>>>,
  Assert<Equals<AppointmentOrigin, z.output<typeof AppointmentOrigin>>>,
  Assert<Equals<AppointmentStatus, z.output<typeof AppointmentStatus>>>,
  Assert<Equals<AppointmentUpdateStatus, z.output<typeof AppointmentUpdateStatus>>>,
  Assert<Equals<Appointment, Opened<z.output<typeof Appointment>>>>,
  Assert<Equals<AppointmentCreateParams, z.input<typeof AppointmentCreateParams>>>,
  Assert<Equals<AppointmentUpdateParams, z.input<typeof AppointmentUpdateParams>>>,
];
