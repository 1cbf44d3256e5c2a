/** The spec's rules that need the clinic's state (field rules live in the shared schemas);
 * `assert...` throws an {@link ApiProblem}, the others return the verdict. @module */

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

/** Spec 4.4 `professional_id`: an active professional of the clinic who sees patients. */
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

export function assertNoFieldErrors(fields: FieldErrors): void {
  if (Object.keys(fields).length > 0) throw badRequest(fields);
}

/** The 400 message of a `start_at` whose offset is out of range. */
export const START_AT_MESSAGE = 'must be an ISO 8601 date-time such as 2026-03-02T14:30:00-03:00';

/** Start and end must fall in years 0000–9999 (Sao Paulo): the spec's format writes no other. */
export function assertWritableTimes(start: number, end: number): void {
  if (!isWritableInstant(start) || !isWritableInstant(end)) {
    throw badRequest({
      start_at: ['must start and end within the years 0000 to 9999 (America/Sao_Paulo time)'],
    });
  }
}

export function endAtFor(type: AppointmentTypeRecord, start: number): number {
  return start + type.duration_minutes * 60_000;
}

/** Spec 4.4 `room_id`: omitted (or `null` per `nullRoom`) takes the professional's default room. */
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

/** Spec 4.4 and 7 `room_required`: 409 when the clinic requires a room and there is none. */
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
 * 409 `slot_blocked` (spec 4.4, 7) when `[start, end)` meets a blocked slot; 409
 * `appointment_overlap` (ours) when it meets another live appointment, other than `moving`.
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

/** 409 (code `notChangeableCode`): spec 3 rules 2 and 3, and the clinic's changeableStatuses. */
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
      clinic.settings.notChangeableCode,
      `Appointment ${appointment.id} cannot be ${action === 'cancel' ? 'cancelled' : 'changed'}: ${reason}.`,
    );
  }
}

/** Spec 4.7: 409 `patient_cpf_exists` when another patient of the clinic has these CPF digits. */
export function assertCpfFree(clinic: ClinicState, digits: string, patientId?: number): void {
  const owner = clinic.cpfIndex.get(digits);
  if (owner !== undefined && owner !== patientId) {
    throw conflict(
      'patient_cpf_exists',
      'Another patient of this clinic has this CPF; look the patient up with GET /patients?cpf=.',
    );
  }
}

/** A name as `nameFilter` compares it: as written, in lower case, or also without accents. */
function nameKey(name: string, mode: ClinicState['settings']['nameFilter']): string {
  if (mode === 'case-sensitive') return name;
  const lower = name.toLocaleLowerCase('pt-BR');
  return mode === 'fold-case' ? lower : lower.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * Spec 4.7 filters: `cpf` and `phone` exact (the value as written at create or change), `name`
 * partial (a substring, as `nameFilter` compares it); an empty one is none.
 * `patientFilters: 'normalised'` matches a CPF by its digits and a phone by its number instead.
 */
export function filterPatients(
  clinic: ClinicState,
  query: URLSearchParams,
): readonly PatientRecord[] {
  const { nameFilter } = clinic.settings;
  const cpf = query.get('cpf') || undefined;
  const phone = query.get('phone') || undefined;
  const given = query.get('name');
  const name = given ? nameKey(given, nameFilter) : undefined;
  const exact = clinic.settings.patientFilters === 'exact';
  const cpfMatches = (p: PatientRecord, value: string) =>
    exact ? p.cpf_written === value : p.cpf !== null && p.cpf === normalizeCpf(value);
  const phoneMatches = (p: PatientRecord, value: string) =>
    p.phone !== null &&
    (exact ? p.phone === value : phoneNumberKey(p.phone) === phoneNumberKey(value));
  if (cpf === undefined && phone === undefined && name === undefined) {
    return clinic.patients.ordered;
  }
  return clinic.patients.ordered.filter(
    (p) =>
      (cpf === undefined || cpfMatches(p, cpf)) &&
      (phone === undefined || phoneMatches(p, phone)) &&
      (name === undefined || nameKey(p.name, nameFilter).includes(name)),
  );
}

const FORM_INTEGER_FIELDS = ['patient_id', 'professional_id', 'appointment_type_id', 'room_id'];

/** Form bodies carry only text: digit strings become numbers and an empty `room_id` null. */
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
