/** Seed input schemas: the API's field schemas plus the fields it never takes (states, modality). @module */
import * as z from 'zod';
import {
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
} from '../../schemas/appointments.ts';
import { issuesToFields } from '../../schemas/errors.ts';
import {
  BirthDate,
  Cpf,
  Email,
  Gender,
  IntegerId,
  Note,
  PatientName,
  Phone,
  StartAt,
} from '../../schemas/fields/index.ts';
import { parseClinicDateTime } from '../server/time.ts';

const Active = z.boolean({ error: 'must be true or false' });
const Name = z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' });

export const SeedPatient = z.strictObject({
  name: PatientName,
  phone: Phone.nullable().optional(),
  cpf: Cpf.nullable().optional(),
  email: Email.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  gender: Gender.nullable().optional(),
  active: Active.optional(),
});

export const SeedProfessional = z.strictObject({
  name: Name,
  specialty: z.string({ error: 'must be a string' }).nullable().optional(),
  sees_patients: Active.optional(),
  active: Active.optional(),
  default_room_id: IntegerId.nullable().optional(),
});

export const SeedRoom = z.strictObject({ name: Name, active: Active.optional() });

export const SeedAppointmentType = z.strictObject({
  name: Name,
  duration_minutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .positive({ error: 'must be positive' })
    .optional(),
  active: Active.optional(),
});

export const SeedAppointment = z.strictObject({
  patient_id: IntegerId.nullable(),
  professional_id: IntegerId.nullable(),
  appointment_type_id: IntegerId,
  start_at: StartAt,
  modality: AppointmentModality.optional(),
  status: AppointmentStatus.optional(),
  origin: AppointmentOrigin.optional(),
  room_id: IntegerId.nullable().optional(),
  note: Note.nullable().optional(),
});

export const StaffChange = z.strictObject({
  status: AppointmentStatus.optional(),
  start_at: StartAt.optional(),
  professional_id: IntegerId.nullable().optional(),
  room_id: IntegerId.nullable().optional(),
  modality: AppointmentModality.optional(),
  note: Note.nullable().optional(),
});

export const SeedBlockedSlot = z.strictObject({
  professional_id: IntegerId,
  start_at: StartAt,
  end_at: StartAt,
});

export function parse<S extends z.ZodType>(what: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues);
  const text = Object.entries(fields)
    .map(([field, messages]) => `${field} ${messages.join('; ')}`)
    .join(', ');
  throw new TypeError(`${what}: invalid input: ${text}`);
}

export function instant(what: string, field: string, value: string): number {
  const at = parseClinicDateTime(value);
  if (at === undefined) throw new TypeError(`${what}: ${field} is not an ISO 8601 date-time`);
  return at;
}
