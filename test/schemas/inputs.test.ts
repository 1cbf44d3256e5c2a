/**
 * The bodies of the write operations (spec 4.4, 4.5, 4.7): required fields, only the fields
 * each operation accepts, PATCH status, and `ValidationError.fields` in the
 * service's 400 shape (`{ field: [messages] }`), both from the schemas and through the client.
 */
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { ClinicClient, ValidationError } from '../../src/index.ts';
import {
  AppointmentCreateParams,
  AppointmentUpdateParams,
  type FieldErrors,
  issuesToFields,
  NON_FIELD_ERRORS,
  PatientCreateParams,
} from '../../src/schemas/index.ts';

const ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const create = {
  patient_id: 7,
  professional_id: 3,
  appointment_type_id: 1,
  start_at: '2026-03-02T14:30:00-03:00',
};

/** `fields` of a failed parse, in the 400 shape; `undefined` when it passed. */
function fieldsOf(schema: z.ZodType, value: unknown): FieldErrors | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : issuesToFields(r.error.issues);
}

/** A client whose fetch fails the test if it is ever called. */
function offlineClient(): { client: ClinicClient; sent: () => number } {
  let sent = 0;
  const client = new ClinicClient({
    apiKey: 'clk_live_k1.s3cr3t',
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    fetch: async () => {
      sent++;
      return Response.json({});
    },
  });
  return { client, sent: () => sent };
}

async function validationError(call: Promise<unknown>): Promise<ValidationError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('POST /appointments body', () => {
  it('the four required fields, and optional room_id and note', () => {
    expect(fieldsOf(AppointmentCreateParams, create)).toBeUndefined();
    expect(fieldsOf(AppointmentCreateParams, { ...create, room_id: 2, note: 'n' })).toBeUndefined();
    expect(fieldsOf(AppointmentCreateParams, { ...create, room_id: null })).toBeUndefined();
  });

  it("missing fields are each reported as 'is required'", () => {
    expect(fieldsOf(AppointmentCreateParams, {})).toEqual({
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      start_at: [expect.any(String)],
    });
  });

  it.each(['modality', 'status', 'origin', 'id', 'patient', 'end_at', 'price', 'payer_id'])(
    'refuses %s, a field it does not accept, under its own name',
    (field) => {
      expect(fieldsOf(AppointmentCreateParams, { ...create, [field]: 'x' })).toEqual({
        [field]: [expect.any(String)],
      });
    },
  );

  it('note: 2000 characters accepted, 2001 refused', () => {
    expect(
      fieldsOf(AppointmentCreateParams, { ...create, note: 'n'.repeat(2_000) }),
    ).toBeUndefined();
    expect(fieldsOf(AppointmentCreateParams, { ...create, note: 'n'.repeat(2_001) })).toEqual({
      note: [expect.stringContaining('2000')],
    });
  });

  it('reports every bad field at once', () => {
    expect(
      fieldsOf(AppointmentCreateParams, {
        patient_id: 0,
        professional_id: '3',
        appointment_type_id: 1.5,
        start_at: '2026-03-02T14:30:30',
        room_id: -1,
      }),
    ).toEqual({
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      start_at: [expect.any(String)],
      room_id: [expect.any(String)],
    });
  });

  it('a body that is not an object is a non-field error', () => {
    expect(Object.keys(fieldsOf(AppointmentCreateParams, 'x') ?? {})).toEqual([NON_FIELD_ERRORS]);
    expect(Object.keys(fieldsOf(AppointmentCreateParams, null) ?? {})).toEqual([NON_FIELD_ERRORS]);
  });
});

describe('PATCH /appointments/{id} body (spec 4.5 and 3, rule 1)', () => {
  it.each([
    { status: 'scheduled' },
    { status: 'confirmed' },
    { start_at: '2026-03-03T10:00:00-03:00' },
    { professional_id: 4 },
    { room_id: 2 },
    { room_id: null },
    { note: 'call first' },
    {
      start_at: '2026-03-03T10:00:00Z',
      professional_id: 4,
      room_id: 2,
      note: '',
      status: 'confirmed',
    },
  ])('accepts %o', (body) => {
    expect(fieldsOf(AppointmentUpdateParams, body)).toBeUndefined();
  });

  it.each(['requested', 'checked_in', 'completed', 'no_show', 'cancelled', 'CONFIRMED', ''])(
    'refuses status %s',
    (status) => {
      expect(fieldsOf(AppointmentUpdateParams, { status })).toEqual({
        status: [expect.any(String)],
      });
    },
  );

  it.each([
    ['patient_id', 7],
    ['appointment_type_id', 1],
    ['modality', 'telehealth'],
    ['origin', 'api'],
    ['end_at', '2026-03-03T10:30:00Z'],
    ['id', ID],
  ])('refuses %s, a field it does not accept', (field, value) => {
    expect(fieldsOf(AppointmentUpdateParams, { status: 'confirmed', [field]: value })).toEqual({
      [field]: [expect.any(String)],
    });
  });

  it.each([{}, { note: undefined }])(
    'takes an empty body (%o): only the fields sent change (the server decides, setting emptyPatch)',
    (body) => {
      expect(fieldsOf(AppointmentUpdateParams, body)).toBeUndefined();
    },
  );

  it('start_at follows the create rules', () => {
    expect(fieldsOf(AppointmentUpdateParams, { start_at: '2026-03-03T10:00:30Z' })).toEqual({
      start_at: [expect.any(String)],
    });
  });
});

describe('POST /patients body', () => {
  it('name alone is enough; every field of spec 4.7 is accepted', () => {
    expect(fieldsOf(PatientCreateParams, { name: 'Ana' })).toBeUndefined();
    expect(
      fieldsOf(PatientCreateParams, {
        name: 'Ana Souza',
        phone: '11999990000',
        email: 'ana@example.com',
        cpf: '529.982.247-25',
        birth_date: '1990-05-17',
        gender: 'F',
      }),
    ).toBeUndefined();
  });

  it("a missing name is 'is required'", () => {
    expect(fieldsOf(PatientCreateParams, {})).toEqual({ name: [expect.any(String)] });
    expect(fieldsOf(PatientCreateParams, { phone: '1199' })).toEqual({
      name: [expect.any(String)],
    });
  });

  it.each(['active', 'id', 'created_at', 'clinic_id'])('refuses %s', (field) => {
    expect(fieldsOf(PatientCreateParams, { name: 'Ana', [field]: 1 })).toEqual({
      [field]: [expect.any(String)],
    });
  });

  it('null is not accepted on create', () => {
    expect(Object.keys(fieldsOf(PatientCreateParams, { name: 'Ana', phone: null }) ?? {})).toEqual([
      'phone',
    ]);
  });

  it('every limit at N + 1, reported per field', () => {
    expect(
      fieldsOf(PatientCreateParams, {
        name: 'N'.repeat(256),
        phone: '1'.repeat(41),
        email: `${'a'.repeat(89)}@example.com`,
        cpf: '5'.repeat(21),
        birth_date: '17/05/1990',
        gender: 'X',
      }),
    ).toEqual({
      name: [expect.stringContaining('255')],
      phone: [expect.stringContaining('40')],
      email: [expect.stringContaining('100')],
      cpf: [expect.stringContaining('20'), expect.any(String)],
      birth_date: [expect.any(String)],
      gender: [expect.any(String)],
    });
  });
});

describe('ValidationError through the client: the 400 shape, nothing sent', () => {
  it('create with missing fields: each named, refused', async () => {
    const { client, sent } = offlineClient();
    const err = await validationError(client.appointments.create({} as never));
    expect(err.fields).toEqual({
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      start_at: [expect.any(String)],
    });
    expect(err.message).toContain('patient_id: is required');
    expect(sent()).toBe(0);
  });

  it('update with a field it does not accept: reported under its own name', async () => {
    const { client, sent } = offlineClient();
    const err = await validationError(
      client.appointments.update(ID, { status: 'confirmed', patient_id: 9 } as never),
    );
    expect(err.fields).toEqual({ patient_id: [expect.any(String)] });
    expect(sent()).toBe(0);
  });

  it('patients.create with a missing name and a bad CPF', async () => {
    const { client, sent } = offlineClient();
    const err = await validationError(client.patients.create({ cpf: '529.982.247-24' } as never));
    expect(err.fields).toEqual({
      name: [expect.any(String)],
      cpf: [expect.any(String)],
    });
    expect(sent()).toBe(0);
  });

  it('a bad path id is reported under id', async () => {
    const { client, sent } = offlineClient();
    expect((await validationError(client.appointments.retrieve('7'))).fields).toEqual({
      id: [expect.any(String)],
    });
    expect((await validationError(client.patients.retrieve(0))).fields).toEqual({
      id: [expect.any(String)],
    });
    expect(sent()).toBe(0);
  });

  it('the fields are plain data: every value an array of strings', async () => {
    const { client } = offlineClient();
    const err = await validationError(
      client.patients.create({ name: '', email: 'x', gender: 'Z', extra: 1 } as never),
    );
    for (const [key, value] of Object.entries(err.fields)) {
      expect(typeof key).toBe('string');
      expect(Array.isArray(value)).toBe(true);
      for (const m of value) expect(typeof m).toBe('string');
    }
    expect(Object.keys(err.fields).sort()).toEqual(['email', 'extra', 'gender', 'name']);
  });
});
