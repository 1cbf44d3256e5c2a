/**
 * The objects of spec section 2 as the service sends them, for every test that needs a valid
 * answer: one appointment (2.1) of one patient (2.2), professional (2.3), room (2.4) and
 * appointment type (2.5), and a valid body of `appointments.create` that names them.
 *
 * Each call returns fresh objects, nested ones included, so a test may change what it gets.
 * A test that asserts on a value passes it as an override, so the value stands in the test.
 * The reference server's answers are checked against literal objects in its own tests, never
 * against these.
 */
import type { AppointmentType } from '../src/schemas/appointment-types.ts';
import type { Appointment } from '../src/schemas/appointments.ts';
import type { Patient } from '../src/schemas/patients.ts';
import type { Professional } from '../src/schemas/professionals.ts';
import type { Room } from '../src/schemas/rooms.ts';

/** The id of {@link appointmentWire}: a version 4 UUID. */
export const APPOINTMENT_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** `created_at` and `updated_at` of every fixture, in the form the spec writes instants. */
const CREATED_AT = '2026-03-01T10:00:00-03:00';

/** The patient object (spec 2.2), exactly its six fields. */
export function patientWire(overrides?: Partial<Patient>): Patient;
/** The patient object with members of any value (an invalid answer). */
export function patientWire(overrides: Record<string, unknown>): Record<string, unknown>;
export function patientWire(
  overrides: Record<string, unknown> = {},
): Patient | Record<string, unknown> {
  return {
    id: 7,
    name: 'Ana Souza',
    phone: '+5511999990000',
    active: true,
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

/** The professional object (spec 2.3). */
export function professionalWire(overrides: Partial<Professional> = {}): Professional {
  return { id: 3, name: 'Dra. Lima', specialty: null, ...overrides };
}

/** The room object (spec 2.4). */
export function roomWire(overrides: Partial<Room> = {}): Room {
  return { id: 2, name: 'Sala 2', ...overrides };
}

/** The appointment type object (spec 2.5). */
export function appointmentTypeWire(overrides: Partial<AppointmentType> = {}): AppointmentType {
  return { id: 1, name: 'Consulta', ...overrides };
}

/**
 * The appointment object exactly as spec 2.1 lists it (GET /appointments/{id}, and the `data`
 * of an event envelope): the patient, professional, room and type above, 30 minutes on
 * 2026-03-02 from 14:30 in São Paulo, created through the API and scheduled.
 */
export function appointmentWire(overrides?: Partial<Appointment>): Appointment;
/** The appointment object with members of any value (an invalid answer). */
export function appointmentWire(overrides: Record<string, unknown>): Record<string, unknown>;
export function appointmentWire(
  overrides: Record<string, unknown> = {},
): Appointment | Record<string, unknown> {
  const { id, name, phone } = patientWire();
  return {
    id: APPOINTMENT_ID,
    appointment_type: appointmentTypeWire(),
    patient: { id, name, phone },
    professional: professionalWire(),
    room: roomWire(),
    start_at: '2026-03-02T14:30:00-03:00',
    end_at: '2026-03-02T15:00:00-03:00',
    modality: 'in_person',
    origin: 'api',
    status: 'scheduled',
    created_at: CREATED_AT,
    updated_at: CREATED_AT,
    ...overrides,
  };
}

/** A valid body of `appointments.create` (spec 4.4): the records and start of {@link appointmentWire}. */
export const createBody = {
  patient_id: 7,
  professional_id: 3,
  appointment_type_id: 1,
  start_at: '2026-03-02T14:30:00-03:00',
};
