/**
 * The objects of spec section 2 as the client validates them: every listed member required,
 * the nullable ones nullable, unknown extra members tolerated, and a mismatch reported through
 * the client as a ResponseValidationError that names the member and never its value.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient, ResponseValidationError } from '../../src/index.ts';
import {
  Appointment,
  AppointmentType,
  Patient,
  Professional,
  Room,
} from '../../src/schemas/index.ts';
import { APPOINTMENT_ID, appointmentWire, patientWire } from '../fixtures.ts';

const ID = APPOINTMENT_ID;

/** The appointment of spec 2.1 with every value it carries made recognisable in a leak. */
function appointment(): Record<string, unknown> {
  return {
    ...appointmentWire({
      appointment_type: { id: 1, name: 'Consulta-Leak-Type' },
      patient: { id: 7, name: 'Paciente-Leak-Name', phone: '+55-Leak-Phone' },
      professional: { id: 3, name: 'Dra-Leak-Name', specialty: 'Leak-Specialty' },
      room: { id: 2, name: 'Sala-Leak' },
      updated_at: '2026-03-01T10:05:00-03:00',
    }),
  };
}

/** Values of the response (the id is left out: the request path names it by design). */
const LEAKS = [
  'Consulta-Leak-Type',
  'Paciente-Leak-Name',
  '+55-Leak-Phone',
  'Dra-Leak-Name',
  'Leak-Specialty',
  'Sala-Leak',
  appointmentWire().start_at.slice(0, 16),
];

/** A client whose only answer is `body` (status 200). */
function clientAnswering(body: unknown): ClinicClient {
  return new ClinicClient({
    apiKey: 'clk_live_k1.s3cr3t',
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    fetch: async () => Response.json(body),
  });
}

describe('Appointment (spec 2.1)', () => {
  it('the spec object parses as is', () => {
    expect(Appointment.parse(appointment())).toEqual(appointment());
  });

  it.each(['id', 'patient', 'professional', 'room'])('%s may be null', (member) => {
    const value = { ...appointment(), [member]: null };
    expect(Appointment.parse(value)).toEqual(value);
  });

  it('phone and specialty inside may be null', () => {
    const value = {
      ...appointment(),
      patient: { id: 7, name: 'A', phone: null },
      professional: { id: 3, name: 'B', specialty: null },
    };
    expect(Appointment.safeParse(value).success).toBe(true);
  });

  it.each([
    'appointment_type',
    'start_at',
    'end_at',
    'modality',
    'origin',
    'status',
    'created_at',
    'updated_at',
  ])('%s may not be null', (member) => {
    const r = Appointment.safeParse({ ...appointment(), [member]: null });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([member]);
  });

  it.each(Object.keys(appointment()))('%s is required', (member) => {
    const { [member]: _dropped, ...rest } = appointment();
    const r = Appointment.safeParse(rest);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual([member]);
  });

  it('unknown extra members are tolerated, at the top and inside', () => {
    const value = {
      ...appointment(),
      price: 150,
      payer: { id: 1 },
      patient: { id: 7, name: 'A', phone: null, email: 'x@y.z' },
    };
    expect(Appointment.safeParse(value).success).toBe(true);
  });

  it('note may be present (string or null) or absent: the spec does not say', () => {
    expect(Appointment.safeParse({ ...appointment(), note: 'internal' }).success).toBe(true);
    expect(Appointment.safeParse({ ...appointment(), note: null }).success).toBe(true);
  });

  it.each([
    [
      'every status',
      'status',
      ['requested', 'scheduled', 'confirmed', 'checked_in', 'completed', 'no_show', 'cancelled'],
    ],
    ['both modalities', 'modality', ['in_person', 'telehealth']],
    ['every origin', 'origin', ['staff', 'patient_booking', 'api']],
  ])('accepts %s', (_n, member, values) => {
    for (const v of values as string[])
      expect(Appointment.safeParse({ ...appointment(), [member]: v }).success).toBe(true);
  });

  it.each([
    ['status', 'deleted'],
    ['modality', 'video'],
    ['origin', 'import'],
    ['id', 'not-a-uuid'],
    ['start_at', '02/03/2026 14:30'],
    ['appointment_type', { id: '1', name: 'x' }],
    ['room', { id: 2 }],
  ])('refuses %s = %o', (member, value) => {
    expect(Appointment.safeParse({ ...appointment(), [member]: value }).success).toBe(false);
  });

  it('date-times with Z, an offset or no zone are accepted', () => {
    for (const t of [
      '2026-03-02T17:30:00Z',
      '2026-03-02T14:30:00-03:00',
      '2026-03-02T14:30:00',
      '2026-03-02T14:30:00.123456-03:00',
    ]) {
      expect(Appointment.safeParse({ ...appointment(), updated_at: t }).success).toBe(true);
    }
  });
});

describe('Patient, Professional, Room, AppointmentType (spec 2.2 to 2.5)', () => {
  const patient: Record<string, unknown> = { ...patientWire({ phone: null }) };

  it('the patient of six fields parses; extra (even write-only) fields are tolerated', () => {
    expect(Patient.parse(patient)).toEqual(patient);
    expect(Patient.safeParse({ ...patient, cpf: '52998224725' }).success).toBe(true);
  });

  it.each(Object.keys(patient))('patient.%s is required', (member) => {
    const { [member]: _d, ...rest } = patient;
    expect(Patient.safeParse(rest).error?.issues.map((i) => i.path.join('.'))).toEqual([member]);
  });

  it('professional: specialty nullable; room and appointment type: id and name', () => {
    expect(Professional.safeParse({ id: 3, name: 'B', specialty: null }).success).toBe(true);
    expect(Professional.safeParse({ id: 3, name: 'B' }).success).toBe(false);
    expect(Room.safeParse({ id: 2, name: 'Sala' }).success).toBe(true);
    expect(Room.safeParse({ id: 2.5, name: 'Sala' }).success).toBe(false);
    expect(AppointmentType.safeParse({ id: 1, name: 'Retorno' }).success).toBe(true);
    expect(AppointmentType.safeParse({ id: 1, name: null }).success).toBe(false);
  });
});

describe('through the client: ResponseValidationError names the member, never the value', () => {
  it.each(Object.keys(appointment()))('without %s', async (member) => {
    const { [member]: _dropped, ...rest } = appointment();
    const error = await clientAnswering(rest)
      .appointments.retrieve(ID)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ResponseValidationError);
    const err = error as ResponseValidationError;
    expect(err.paths).toEqual([member]);
    expect(err.message).toContain(member);
    expect(err.path).toBe(`/api/public/v1/appointments/${ID}`);
    for (const text of [err.message, JSON.stringify(err), String(err)]) {
      for (const leak of LEAKS) expect(text).not.toContain(leak);
    }
  });

  it('a nested mismatch is named by its dotted path', async () => {
    const body = { ...appointment(), patient: { id: 7, name: 12345, phone: '+55-Leak-Phone' } };
    const error = await clientAnswering(body)
      .appointments.retrieve(ID)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as ResponseValidationError).paths).toEqual(['patient.name']);
    expect((error as Error).message).not.toContain('12345');
  });

  it('the whole object is returned when it matches', async () => {
    expect(await clientAnswering(appointment()).appointments.retrieve(ID)).toEqual(appointment());
  });
});
