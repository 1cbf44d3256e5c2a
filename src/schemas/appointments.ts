/**
 * Appointments (spec 2.1, 3, 4.2–4.6): the object the service returns and the inputs of
 * create and change.
 *
 * @module
 */
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

/**
 * Who created the appointment: `staff`, `patient_booking` (online booking by the patient) or
 * `api` (through this API).
 */
export type AppointmentOrigin = 'staff' | 'patient_booking' | 'api';
/** The zod schema of an {@link AppointmentOrigin}. */
export const AppointmentOrigin = z.enum(['staff', 'patient_booking', 'api']);

/**
 * An appointment status (spec 3). The API creates `scheduled` appointments and may set only
 * `scheduled` or `confirmed` ({@link AppointmentUpdateStatus}); `requested` appointments
 * (patient requests) cannot be changed or cancelled through the API.
 */
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
 * An appointment as returned by GET, create, change and cancel (spec 2.1). Wire names are kept as
 * the API spells them. Date-times are ISO 8601 strings, as the service sent them.
 *
 * `modality`, `origin` and `status` are open: besides the spec's values they admit any string,
 * since the client's default `validateResponses: 'compatible'` passes on a value the service
 * adds after this SDK version (reporting it once). Handle an unknown value, for instance with
 * `AppointmentStatus.safeParse(appointment.status).success`.
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
  /**
   * `in_person` or `telehealth`; the API creates only `in_person` appointments. Another value
   * is one the service added since (see above).
   */
  modality: AppointmentModality | (string & {});
  /** `staff`, `patient_booking` or `api` (created through the API), or a value added since. */
  origin: AppointmentOrigin | (string & {});
  /**
   * The status (spec 3). Appointments created through the API start `scheduled`; telehealth
   * and `requested` ones cannot be changed or cancelled through the API. Another value is one
   * the service added since (see above).
   */
  status: AppointmentStatus | (string & {});
  /** When the appointment was created: an ISO 8601 date-time. */
  created_at: string;
  /** When the appointment last changed: an ISO 8601 date-time. */
  updated_at: string;
  /**
   * The internal note, at most 2000 characters. The spec does not say whether the service
   * returns it, so it may be absent.
   */
  note?: string | null | undefined;
}

/**
 * The zod schema of an {@link Appointment}, which checks what the service returns. It is
 * strict: an enum member holds one of the spec's values (the reference server produces by it);
 * the client's `'compatible'` mode is what lets a new value through.
 */
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

/**
 * What `appointments.create` takes (`POST /appointments`, spec 4.4); no other field is accepted.
 * The appointment is created in person, `scheduled`, with origin `api`.
 */
export interface AppointmentCreateParams {
  /** Id of an active patient of the clinic (a positive integer). */
  patient_id: number;
  /** Id of an active professional of the clinic who sees patients (a positive integer). */
  professional_id: number;
  /** Id of an active appointment type of the clinic (a positive integer). */
  appointment_type_id: number;
  /**
   * The start: an ISO 8601 date-time string, read as America/Sao_Paulo when it has no time zone
   * (`2026-03-02T14:30:00-03:00`), or a `Date` (sent as an instant with an explicit offset).
   * Seconds must be 00. A time blocked in the professional's agenda: 409 `slot_blocked`.
   */
  start_at: string | Date;
  /**
   * Id of an active room. Omitted: the default room of the professional's grid for that time,
   * if any (409 `room_required` when the clinic requires a room and there is none).
   */
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

/**
 * What `appointments.update` takes (`PATCH /appointments/{id}`, spec 4.5): at least one of these
 * fields, and no other. Telehealth appointments and patient requests cannot be changed.
 */
export interface AppointmentUpdateParams {
  /**
   * The new start: an ISO 8601 date-time string (read as America/Sao_Paulo without a time zone)
   * or a `Date`. Seconds must be 00.
   */
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
export const AppointmentUpdateParams = z
  .strictObject({
    start_at: StartAt.optional(),
    professional_id: IntegerId.optional(),
    room_id: IntegerId.nullable().optional(),
    note: Note.optional(),
    status: AppointmentUpdateStatus.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error:
      'send at least one of start_at, professional_id, room_id, note, status; nothing to change',
  });

/**
 * Query of `appointments.list` (`GET /appointments`, spec 4.2). The spec shows no filter, so
 * none is accepted: filter the items yourself, or pass a filter your service documents as
 * `options.extraQuery` (see {@link NoListFilters}).
 */
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
  // The schema's output is the interface with closed enums: the strict reading.
  Assert<Equals<Appointment, Opened<z.output<typeof Appointment>>>>,
  Assert<Equals<AppointmentCreateParams, z.input<typeof AppointmentCreateParams>>>,
  Assert<Equals<AppointmentUpdateParams, z.input<typeof AppointmentUpdateParams>>>,
];
