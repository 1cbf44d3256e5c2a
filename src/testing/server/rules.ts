/**
 * The spec's rules about records, one function each. Field rules (types, lengths, formats,
 * CPF check digits...) are not here: they live in the shared zod schemas of `src/schemas`,
 * which the reference server runs on every body. What is here needs the clinic's state.
 *
 * Functions named `assert...` throw an {@link ApiProblem}; the others return what the rule
 * decides (a message for a 400 field, an id, an instant).
 *
 * @module
 */

import type { FieldErrors } from '../../schemas/errors.ts';
import { normalizeCpf, phoneNumberKey } from '../../schemas/fields/index.ts';
import { badRequest, conflict } from './responses.ts';
import type {
  AppointmentRecord,
  AppointmentTypeRecord,
  ClinicState,
  PatientRecord,
  ProfessionalRecord,
} from './store.ts';
import { isWritableInstant } from './time.ts';

/** Spec 4.4 `patient_id`: an active patient of the clinic. A message when it is not. */
export function checkActivePatient(clinic: ClinicState, id: number): string | undefined {
  const patient = clinic.patients.get(id);
  if (!patient) return `no patient with id ${id} in this clinic`;
  if (!patient.active) return `patient ${id} is not active`;
  return undefined;
}

/**
 * Spec 4.4 `professional_id`: an active professional of the clinic who sees patients. A
 * message when it is not.
 */
export function checkProfessionalSeesPatients(clinic: ClinicState, id: number): string | undefined {
  const professional = clinic.professionals.get(id);
  if (!professional) return `no professional with id ${id} in this clinic`;
  if (!professional.active) return `professional ${id} is not active`;
  if (!professional.sees_patients) return `professional ${id} does not see patients`;
  return undefined;
}

/** Spec 4.4 `appointment_type_id`: an active appointment type of the clinic. */
export function checkActiveAppointmentType(clinic: ClinicState, id: number): string | undefined {
  const type = clinic.appointmentTypes.get(id);
  if (!type) return `no appointment type with id ${id} in this clinic`;
  if (!type.active) return `appointment type ${id} is not active`;
  return undefined;
}

/** Spec 4.4 `room_id`: an active room of the clinic. */
export function checkActiveRoom(clinic: ClinicState, id: number): string | undefined {
  const room = clinic.rooms.get(id);
  if (!room?.active) return `no active room with id ${id} in this clinic`;
  return undefined;
}

/** Throws 400 with every message gathered, when there is one. */
export function assertNoFieldErrors(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

/**
 * The 400 message of a `start_at` whose offset is out of range. (Spec 4.4 `start_at` without a
 * zone is read as America/Sao_Paulo by `parseClinicDateTime` in `time.ts`.)
 */
export const START_AT_MESSAGE = 'must be an ISO 8601 date-time such as 2026-03-02T14:30:00-03:00';

/**
 * The conventions of the spec write instants as `YYYY-MM-DDThh:mm:ss±HH:MM`: an appointment
 * must start and end within the years 0000 to 9999 of America/Sao_Paulo, or its answer could
 * not be written (`0000-01-01T00:00:00+23:59` starts in year -1; `9999-12-31T23:59:00` ends
 * in year 10000).
 *
 * @throws ApiProblem 400 `{start_at: [...]}`.
 */
export function assertWritableTimes(start: number, end: number): void {
  if (!isWritableInstant(start) || !isWritableInstant(end)) {
    throw badRequest({
      start_at: ['must start and end within the years 0000 to 9999 (America/Sao_Paulo time)'],
    });
  }
}

/** `end_at`: `start_at` plus the duration of the appointment type. */
export function endAtFor(type: AppointmentTypeRecord, start: number): number {
  return start + type.duration_minutes * 60_000;
}

/**
 * Spec 4.4 `room_id`: when omitted, the default room of the professional's grid is used, if
 * it is an active room. An explicit `null` means no room (setting `nullRoom`, default
 * `'no-room'`; `'default-room'` reads it as omitted).
 */
export function roomFor(
  clinic: ClinicState,
  professional: ProfessionalRecord,
  roomId: number | null | undefined,
): number | null {
  if (roomId !== undefined && roomId !== null) return roomId;
  if (roomId === null && clinic.settings.nullRoom === 'no-room') return null;
  const fallback = professional.default_room_id;
  if (fallback === null) return null;
  return clinic.rooms.get(fallback)?.active ? fallback : null;
}

/**
 * Spec 4.4 and 7 `room_required`: when the clinic requires a room, the appointment must have
 * one, given or defaulted.
 *
 * @throws ApiProblem 409 `{code: 'room_required', detail}`.
 */
export function assertRoomWhenRequired(clinic: ClinicState, roomId: number | null): void {
  if (clinic.settings.requireRoom && roomId === null) {
    throw conflict(
      'room_required',
      "This clinic requires a room and the professional's grid has no default room for that " +
        'time; send room_id.',
    );
  }
}

/**
 * Spec 4.4 and 7 `slot_blocked`: `[start, end)` must not overlap a time blocked in the
 * professional's agenda. Then, unless the clinic's `overlappingAppointments` is `'allow'`, it
 * must not overlap another appointment of the professional that is not cancelled (`moving`:
 * the appointment a PATCH moves, which does not count against itself).
 *
 * @throws ApiProblem 409 `{code: 'slot_blocked', detail}`, or 409
 *   `{code: 'appointment_overlap', detail}` (the reference server's code: the spec does not
 *   show whether the service books two appointments of one professional at one time).
 */
export function assertSlotFree(
  clinic: ClinicState,
  professionalId: number,
  start: number,
  end: number,
  moving?: AppointmentRecord,
): void {
  for (const slot of clinic.blockedSlots.get(professionalId) ?? []) {
    if (start < slot.end_at && slot.start_at < end) {
      throw conflict(
        'slot_blocked',
        "The time is blocked in the professional's agenda; choose another time.",
      );
    }
  }
  if (clinic.settings.overlappingAppointments === 'allow') return;
  for (const other of clinic.appointments.ordered) {
    if (
      other !== moving &&
      other.professional_id === professionalId &&
      other.status !== 'cancelled' &&
      start < other.end_at &&
      other.start_at < end
    ) {
      throw conflict(
        'appointment_overlap',
        `The professional already has appointment ${other.id} at an overlapping time; ` +
          'choose another time or professional.',
      );
    }
  }
}

/**
 * Spec 3 rule 2: telehealth appointments and patient requests (`requested`) cannot be changed
 * or cancelled through the API. Spec 3 rule 3 (source states, not shown): only the clinic's
 * `changeableStatuses` (default `scheduled` and `confirmed`) change; a cancelled appointment is
 * never cancelled again.
 *
 * @throws ApiProblem 409 `{code: 'appointment_not_changeable', detail}`.
 */
export function assertChangeable(
  clinic: ClinicState,
  appointment: AppointmentRecord,
  action: 'change' | 'cancel',
): void {
  let reason: string | undefined;
  if (appointment.modality === 'telehealth') {
    reason = `it is a telehealth appointment; the API cannot ${action} telehealth appointments`;
  } else if (appointment.status === 'requested') {
    reason = `it is a patient request (status requested); the API cannot ${action} requests`;
  } else if (action === 'cancel' && appointment.status === 'cancelled') {
    reason = 'it is already cancelled';
  } else if (!clinic.settings.changeableStatuses.includes(appointment.status)) {
    reason =
      `its status is ${appointment.status}; only ` +
      `${clinic.settings.changeableStatuses.join(' or ')} appointments can be ` +
      `${action === 'cancel' ? 'cancelled' : 'changed'}`;
  }
  if (reason) {
    throw conflict(
      'appointment_not_changeable',
      `Appointment ${appointment.id} cannot be ${action === 'cancel' ? 'cancelled' : 'changed'}: ${reason}.`,
    );
  }
}

/**
 * Spec 4.7 CPF uniqueness, on the normalised digits: no other patient of the clinic has this
 * CPF.
 *
 * @throws ApiProblem 409 `{code: 'patient_cpf_exists', detail}`.
 */
export function assertCpfFree(clinic: ClinicState, digits: string, patientId?: number): void {
  const owner = clinic.cpfIndex.get(digits);
  if (owner !== undefined && owner !== patientId) {
    throw conflict(
      'patient_cpf_exists',
      'Another patient of this clinic has this CPF; look the patient up with GET /patients?cpf=.',
    );
  }
}

/**
 * Spec 4.7 filters of GET /patients: `cpf` exact (on the normalised digits, through the CPF
 * index), `phone` exact on the number it stands for (`phoneNumberKey`: with or without `+55`
 * for a Brazilian number), `name` partial and case-insensitive. An empty value filters
 * nothing.
 */
export function filterPatients(
  clinic: ClinicState,
  query: URLSearchParams,
): readonly PatientRecord[] {
  const cpf = query.get('cpf') || undefined;
  const phoneParam = query.get('phone') || undefined;
  const phone = phoneParam === undefined ? undefined : phoneNumberKey(phoneParam);
  const name = query.get('name')?.toLocaleLowerCase('pt-BR') || undefined;
  let candidates: readonly PatientRecord[] = clinic.patients.ordered;
  if (cpf !== undefined) {
    const id = clinic.cpfIndex.get(normalizeCpf(cpf));
    const patient = id === undefined ? undefined : clinic.patients.get(id);
    candidates = patient ? [patient] : [];
  }
  if (phone === undefined && name === undefined) return candidates;
  return candidates.filter(
    (p) =>
      (phone === undefined || (p.phone !== null && phoneNumberKey(p.phone) === phone)) &&
      (name === undefined || p.name.toLocaleLowerCase('pt-BR').includes(name)),
  );
}

const FORM_INTEGER_FIELDS = ['patient_id', 'professional_id', 'appointment_type_id', 'room_id'];

/**
 * Form bodies (urlencoded, multipart) carry only text: the integer fields of an appointment
 * create are read as numbers when they are digits, and an empty `room_id` as null, before the
 * shared schema runs. Anything else is left for the schema to refuse.
 */
export function coerceFormFields(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const field of FORM_INTEGER_FIELDS) {
    const value = out[field];
    if (typeof value !== 'string') continue;
    if (/^\d+$/.test(value)) out[field] = Number(value);
    else if (field === 'room_id' && value === '') out[field] = null;
  }
  return out;
}
