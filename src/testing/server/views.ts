/** Spec 2's objects with only the fields it lists, so stored-only fields never leave. @module */
import type { AppointmentType } from '../../schemas/appointment-types.ts';
import type { Appointment } from '../../schemas/appointments.ts';
import type { Patient } from '../../schemas/patients.ts';
import type { Professional } from '../../schemas/professionals.ts';
import type { Room } from '../../schemas/rooms.ts';
import type {
  AppointmentRecord,
  AppointmentTypeRecord,
  ClinicState,
  PatientRecord,
  ProfessionalRecord,
  RoomRecord,
} from './store.ts';
import { formatClinicInstant } from './time.ts';

/** The patient object (spec 2.2): these six fields only. */
export function patientView(p: PatientRecord): Patient {
  return {
    id: p.id,
    name: p.name,
    phone: p.phone,
    active: p.active,
    created_at: formatClinicInstant(p.created_at),
    updated_at: formatClinicInstant(p.updated_at),
  };
}

export function professionalView(p: ProfessionalRecord): Professional {
  return { id: p.id, name: p.name, specialty: p.specialty };
}

export function roomView(r: RoomRecord): Room {
  return { id: r.id, name: r.name };
}

export function appointmentTypeView(t: AppointmentTypeRecord): AppointmentType {
  return { id: t.id, name: t.name };
}

/**
 * The appointment object (spec 2.1), with the current names of its patient, professional...;
 * `note` only when the setting `appointmentNote` includes it (spec 2.1 leaves it open).
 */
export function appointmentView(
  clinic: ClinicState,
  a: AppointmentRecord,
): Appointment & { note?: string | null } {
  const patient = a.patient_id === null ? undefined : clinic.patients.get(a.patient_id);
  const professional =
    a.professional_id === null ? undefined : clinic.professionals.get(a.professional_id);
  const room = a.room_id === null ? undefined : clinic.rooms.get(a.room_id);
  // Records are never deleted and seeding checks the type, so it is always there.
  const type = clinic.appointmentTypes.get(a.appointment_type_id)!;
  return {
    id: a.id,
    appointment_type: { id: type.id, name: type.name },
    patient: patient ? { id: patient.id, name: patient.name, phone: patient.phone } : null,
    professional: professional
      ? { id: professional.id, name: professional.name, specialty: professional.specialty }
      : null,
    room: room ? { id: room.id, name: room.name } : null,
    start_at: formatClinicInstant(a.start_at),
    end_at: formatClinicInstant(a.end_at),
    modality: a.modality,
    origin: a.origin,
    status: a.status,
    created_at: formatClinicInstant(a.created_at),
    updated_at: formatClinicInstant(a.updated_at),
    ...(clinic.settings.appointmentNote === 'include' && { note: a.note }),
  };
}
