/**
 * Appointments (spec 2.1, 3, 4.2–4.6): the object the service returns and the inputs of
 * create and change.
 *
 * @module
 */
import * as z from 'zod';
import { AppointmentId, IntegerId, Note, ResponseDateTime, StartAt, typeError } from './common.ts';

/** Appointment modality. The API creates only `in_person` appointments. */
export const AppointmentModality = z.enum(['in_person', 'telehealth']);
/** Appointment modality: `in_person` or `telehealth`. */
export type AppointmentModality = z.infer<typeof AppointmentModality>;

/** Who created the appointment: staff, online patient booking, or the API. */
export const AppointmentOrigin = z.enum(['staff', 'patient_booking', 'api']);
/** Who created the appointment. */
export type AppointmentOrigin = z.infer<typeof AppointmentOrigin>;

/** Every appointment status of spec section 3. */
export const AppointmentStatus = z.enum([
  'requested',
  'scheduled',
  'confirmed',
  'checked_in',
  'completed',
  'no_show',
  'cancelled',
]);
/** An appointment status. */
export type AppointmentStatus = z.infer<typeof AppointmentStatus>;

/** The only statuses a PATCH may set (spec 3, rule 1). */
export const AppointmentUpdateStatus = z.enum(
  ['scheduled', 'confirmed'],
  typeError('must be scheduled or confirmed (the only statuses the API may set)'),
);
/** A status that `appointments.update` may set: `scheduled` or `confirmed`. */
export type AppointmentUpdateStatus = z.infer<typeof AppointmentUpdateStatus>;

/** An appointment as returned by GET, create, change and cancel (spec 2.1). */
export const Appointment = z.object({
  /** Appointment identifier (uuid). */
  id: AppointmentId.nullable(),
  /** Type such as a consultation or a return visit. */
  appointment_type: z.object({
    /** The appointment type's id (`appointment_type_id` on create). */
    id: z.number().int(),
    /** The appointment type's name. */
    name: z.string(),
  }),
  /** The patient, or `null`. */
  patient: z
    .object({
      /** The patient's id (`patient_id` on create). */
      id: z.number().int(),
      /** The patient's name. */
      name: z.string(),
      /** The patient's phone, or `null`. */
      phone: z.string().nullable(),
    })
    .nullable(),
  /** The professional, or `null`. */
  professional: z
    .object({
      /** The professional's id (`professional_id` on create). */
      id: z.number().int(),
      /** The professional's name. */
      name: z.string(),
      /** The professional's specialty, or `null`. */
      specialty: z.string().nullable(),
    })
    .nullable(),
  /** The room, when the clinic uses rooms; otherwise `null`. */
  room: z
    .object({
      /** The room's id (`room_id` on create). */
      id: z.number().int(),
      /** The room's name. */
      name: z.string(),
    })
    .nullable(),
  /** Start instant; seconds are 00. */
  start_at: ResponseDateTime,
  /** End instant. */
  end_at: ResponseDateTime,
  /** `in_person` or `telehealth`; the API creates only `in_person` appointments. */
  modality: AppointmentModality,
  /** `staff`, `patient_booking` or `api` (created through the API). */
  origin: AppointmentOrigin,
  /** The status (spec 3); the API creates `scheduled` appointments. */
  status: AppointmentStatus,
  /** When the appointment was created. */
  created_at: ResponseDateTime,
  /** When the appointment last changed. */
  updated_at: ResponseDateTime,
  /** Internal note. The spec does not say whether it is returned, so it may be absent. */
  note: z.string().nullable().optional(),
});
/** An appointment (spec 2.1). Wire names are kept as the API spells them. */
export type Appointment = z.infer<typeof Appointment>;

/** Body of `POST /appointments` (spec 4.4). Only these fields are accepted. */
export const AppointmentCreateParams = z.strictObject({
  /** Id of an active patient of the clinic. */
  patient_id: IntegerId,
  /** Id of an active professional of the clinic who sees patients. */
  professional_id: IntegerId,
  /** Id of an active appointment type of the clinic. */
  appointment_type_id: IntegerId,
  /**
   * ISO 8601 string or `Date`. Without a time zone the service reads it as America/Sao_Paulo.
   * Seconds must be 00.
   */
  start_at: StartAt,
  /** Id of an active room; omitted: the default room of the professional's grid, if any. */
  room_id: IntegerId.nullable().optional(),
  /** Internal note, at most 2000 characters. */
  note: Note.optional(),
});
/** What `appointments.create` takes. */
export type AppointmentCreateParams = z.input<typeof AppointmentCreateParams>;
/** The create body as sent on the wire (`start_at` always a string). */
export type AppointmentCreateBody = z.output<typeof AppointmentCreateParams>;

/** Body of `PATCH /appointments/{id}` (spec 4.5). Only these fields are accepted. */
export const AppointmentUpdateParams = z
  .strictObject({
    /** The new start: ISO 8601 string or `Date`, seconds 00 (read as in create). */
    start_at: StartAt.optional(),
    /** Id of an active professional of the clinic who sees patients. */
    professional_id: IntegerId.optional(),
    /** Id of an active room, or `null`. */
    room_id: IntegerId.nullable().optional(),
    /** Internal note, at most 2000 characters. */
    note: Note.optional(),
    /** `scheduled` or `confirmed`: the only statuses the API may set. */
    status: AppointmentUpdateStatus.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error:
      'send at least one of start_at, professional_id, room_id, note, status; nothing to change',
  });
/** What `appointments.update` takes. */
export type AppointmentUpdateParams = z.input<typeof AppointmentUpdateParams>;
/** The change body as sent on the wire. */
export type AppointmentUpdateBody = z.output<typeof AppointmentUpdateParams>;
