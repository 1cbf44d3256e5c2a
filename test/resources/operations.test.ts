/**
 * Each of the 15 operations through `ClinicClient`, against the reference server
 * (`fetch: api.fetch`, no MSW): what the public surface promises, end to end.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  type Appointment,
  ClinicClient,
  InternalServerError,
  NotFoundError,
  PatientCpfExistsError,
  PermissionDeniedError,
  RoomRequiredError,
  SlotBlockedError,
  ValidationError,
} from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import { OPERATIONS, type OperationName, pathOf } from '../../src/operations.ts';
import { createReferenceServer, type ReferenceServer } from '../../src/testing/index.ts';

const BASE = 'https://clinic.test';
const NOW = new Date('2026-03-02T12:00:00Z');

let api: ReferenceServer;
let clinic: ClinicClient;
let ids: { patient: number; professional: number; type: number; room: number };

beforeEach(() => {
  api = createReferenceServer({ baseUrl: BASE, now: NOW });
  clinic = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: BASE, fetch: api.fetch });
  const room = api.seed.room({ name: 'Sala 1' });
  ids = {
    patient: api.seed.patient({ name: 'Ana Souza', phone: '11987654321', cpf: '529.982.247-25' })
      .id,
    professional: api.seed.professional({
      name: 'Dr. Lima',
      specialty: 'Cardiologia',
      default_room_id: room.id,
    }).id,
    type: api.seed.appointmentType({ name: 'Consulta', duration_minutes: 45 }).id,
    room: room.id,
  };
});

const book = (start_at: string | Date = '2026-03-10T14:30:00-03:00') =>
  clinic.appointments.create({
    patient_id: ids.patient,
    professional_id: ids.professional,
    appointment_type_id: ids.type,
    start_at,
  });

describe('appointments', () => {
  it('create: 201 appointment, scheduled, in person, origin api, end from the type, default room', async () => {
    const { data, response, idempotencyKey, replayed } = await book().withResponse();
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      status: 'scheduled',
      modality: 'in_person',
      origin: 'api',
      patient: { id: ids.patient, name: 'Ana Souza' },
      professional: { id: ids.professional, name: 'Dr. Lima' },
      appointment_type: { id: ids.type, name: 'Consulta' },
      room: { id: ids.room, name: 'Sala 1' },
      start_at: '2026-03-10T14:30:00-03:00',
      end_at: '2026-03-10T15:15:00-03:00',
    });
    expect(idempotencyKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(replayed).toBe(false);
  });

  it('create with a Date start_at books the same instant', async () => {
    const data = await book(new Date('2026-03-10T17:30:00Z'));
    expect(data.start_at).toBe('2026-03-10T14:30:00-03:00');
  });

  it('create after a lost response: the retry replays, one appointment exists', async () => {
    api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', loseResponse: true });
    const { data, replayed } = await book().withResponse();
    expect(replayed).toBe(true);
    const all = await clinic.appointments.list().toArray({ limit: 100 });
    expect(all.map((a) => a.id)).toEqual([data.id]);
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[0]?.headers['idempotency-key']).toBe(posts[1]?.headers['idempotency-key']);
  });

  it('create: 409 slot_blocked and room_required map to their classes', async () => {
    api.seed.blockedSlot({
      professional_id: ids.professional,
      start_at: '2026-03-10T14:00:00-03:00',
      end_at: '2026-03-10T15:00:00-03:00',
    });
    await expect(book()).rejects.toBeInstanceOf(SlotBlockedError);
    api.settings.requireRoom = true;
    const noRoom = api.seed.professional({ name: 'Dr. Sem Sala' });
    await expect(
      clinic.appointments.create({
        patient_id: ids.patient,
        professional_id: noRoom.id,
        appointment_type_id: ids.type,
        start_at: '2026-03-11T10:00:00-03:00',
      }),
    ).rejects.toBeInstanceOf(RoomRequiredError);
  });

  it('create with a read-only key: 403 PermissionDeniedError naming appointments:write', async () => {
    const reader = clinic.withOptions({ apiKey: api.issueApiKey({ preset: 'read_only' }) });
    const err = (await reader.appointments
      .create({
        patient_id: ids.patient,
        professional_id: ids.professional,
        appointment_type_id: ids.type,
        start_at: '2026-03-10T14:30:00-03:00',
      })
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.status).toBe(403);
    expect(err.requiredScope).toBe('appointments:write');
    expect(err.message).toMatch(/Full access/);
  });

  it('retrieve: the same object as create; unknown id 404; malformed id refused before sending', async () => {
    const created = await book();
    expect(await clinic.appointments.retrieve(created.id!)).toEqual(created);
    await expect(
      clinic.appointments.retrieve('0b9e2f0e-6a3c-4c8e-9a55-1f2d3c4b5a69'),
    ).rejects.toBeInstanceOf(NotFoundError);
    const before = api.requests.length;
    await expect(clinic.appointments.retrieve('42')).rejects.toBeInstanceOf(ValidationError);
    expect(api.requests.length).toBe(before);
  });

  it('list: every appointment of the clinic', async () => {
    const a = await book('2026-03-10T09:00:00-03:00');
    const b = await book('2026-03-10T10:00:00-03:00');
    const listed: Appointment[] = [];
    for await (const appointment of clinic.appointments.list()) listed.push(appointment);
    expect(listed.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('update: confirms, moves, and sends only accepted fields', async () => {
    const created = await book();
    const confirmed = await clinic.appointments.update(created.id!, {
      status: 'confirmed',
      note: 'Trazer exames',
    });
    expect(confirmed.status).toBe('confirmed');
    const moved = await clinic.appointments.update(created.id!, {
      start_at: '2026-03-12T08:00:00-03:00',
    });
    expect(moved.start_at).toBe('2026-03-12T08:00:00-03:00');
    await expect(
      clinic.appointments.update(created.id!, { status: 'completed' } as never),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('cancel: cancelled, and the event stream shows created, updated, cancelled', async () => {
    const created = await book();
    await clinic.appointments.update(created.id!, { status: 'confirmed' });
    const cancelled = await clinic.appointments.cancel(created.id!);
    expect(cancelled.status).toBe('cancelled');
    expect(api.events.map((e) => e.type)).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
    ]);
    expect(api.events.at(-1)?.data).toEqual(cancelled);
  });
});

describe('patients', () => {
  it('create and retrieve: the six fields only', async () => {
    const created = await clinic.patients.create({
      name: 'Bruno Lima',
      phone: '11912345678',
      email: 'bruno@example.com',
      cpf: '111.444.777-35',
      birth_date: '1990-05-01',
      gender: 'M',
    });
    expect(Object.keys(created).sort()).toEqual([
      'active',
      'created_at',
      'id',
      'name',
      'phone',
      'updated_at',
    ]);
    expect(await clinic.patients.retrieve(created.id)).toEqual(created);
  });

  it('create with the CPF of another patient: PatientCpfExistsError', async () => {
    await expect(
      clinic.patients.create({ name: 'Outra Ana', cpf: '52998224725' }),
    ).rejects.toBeInstanceOf(PatientCpfExistsError);
  });

  it('list with filters: cpf exact, phone exact, name partial', async () => {
    api.seed.patient({ name: 'Carla Souza Dias' });
    expect(
      (await clinic.patients.list({ cpf: '529.982.247-25' }).toArray({ limit: 10 })).map(
        (p) => p.name,
      ),
    ).toEqual(['Ana Souza']);
    expect(
      (await clinic.patients.list({ phone: '11987654321' }).toArray({ limit: 10 })).map(
        (p) => p.name,
      ),
    ).toEqual(['Ana Souza']);
    expect(
      (await clinic.patients.list({ name: 'souza' }).toArray({ limit: 10 }))
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Ana Souza', 'Carla Souza Dias']);
  });

  it('update: only the fields sent change; null erases the phone', async () => {
    const updated = await clinic.patients.update(ids.patient, { phone: null });
    expect(updated.phone).toBeNull();
    expect(updated.name).toBe('Ana Souza');
    const renamed = await clinic.patients.update(ids.patient, { name: 'Ana Souza Lima' });
    expect(renamed.name).toBe('Ana Souza Lima');
    expect(renamed.phone).toBeNull();
  });

  it('update with a key without patients:write: requiredScope patients:write', async () => {
    const reader = clinic.withOptions({ apiKey: api.issueApiKey({ scopes: ['patients:read'] }) });
    const err = (await reader.patients
      .update(ids.patient, { name: 'X' })
      .catch((e: unknown) => e)) as PermissionDeniedError;
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.requiredScope).toBe('patients:write');
  });
});

describe('professionals, rooms, appointment types (read-only)', () => {
  it('list and retrieve each', async () => {
    expect((await clinic.professionals.retrieve(ids.professional)).specialty).toBe('Cardiologia');
    expect((await clinic.professionals.list().toArray({ limit: 10 })).map((p) => p.id)).toEqual([
      ids.professional,
    ]);
    expect(await clinic.rooms.retrieve(ids.room)).toEqual({ id: ids.room, name: 'Sala 1' });
    expect((await clinic.rooms.list()).results).toEqual([{ id: ids.room, name: 'Sala 1' }]);
    expect(await clinic.appointmentTypes.retrieve(ids.type)).toEqual({
      id: ids.type,
      name: 'Consulta',
    });
    expect(
      (await clinic.appointmentTypes.list().toArray({ limit: 10 })).map((t) => t.name),
    ).toEqual(['Consulta']);
    await expect(clinic.rooms.retrieve(999)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('a key without appointments:read: requiredScope appointments:read', async () => {
    const patientsOnly = clinic.withOptions({
      apiKey: api.issueApiKey({ scopes: ['patients:read'] }),
    });
    const err = (await patientsOnly.rooms.list().catch((e: unknown) => e)) as PermissionDeniedError;
    expect(err).toBeInstanceOf(PermissionDeniedError);
    expect(err.requiredScope).toBe('appointments:read');
  });
});

describe('pagination against the reference server', () => {
  it.each([1, 50, 100])('walks 1,050 patients with page_size %i', async (size) => {
    for (let i = 0; i < 1049; i++) api.seed.patient({ name: `Paciente ${i}` });
    let count = 0;
    for await (const patient of clinic.patients.list({}, { extraQuery: { page_size: size } }))
      count += patient.id > 0 ? 1 : 0;
    expect(count).toBe(1050);
    const gets = api.requests.filter(
      (r) => r.method === 'GET' && r.path === '/api/public/v1/patients',
    );
    expect(gets).toHaveLength(Math.ceil(1050 / size));
  });

  it('break after the first item: exactly one request', async () => {
    for (let i = 0; i < 200; i++) api.seed.room({ name: `Sala extra ${i}` });
    const before = api.requests.length;
    for await (const _room of clinic.rooms.list()) break;
    expect(api.requests.length - before).toBe(1);
  });

  it('a bare-array envelope (api.listEnvelope.patients = "array") is one page', async () => {
    api.listEnvelope.patients = 'array';
    for (let i = 0; i < 70; i++) api.seed.patient({ name: `Paciente ${i}` });
    const page = await clinic.patients.list();
    expect(page.next).toBeNull();
    expect(page.hasNextPage()).toBe(false);
    expect(page.results).toHaveLength(71);
  });
});

describe('every resource method is its row of the operation table (src/operations.ts)', () => {
  /** One call per row; `id` is the path id the call uses. */
  const calls = (appointment: string): Record<OperationName, [unknown, () => Promise<unknown>]> => {
    const c = clinic;
    const page = async (p: PromiseLike<unknown>) => p;
    return {
      listAppointments: [undefined, () => page(c.appointments.list())],
      retrieveAppointment: [appointment, () => c.appointments.retrieve(appointment)],
      createAppointment: [undefined, () => book()],
      updateAppointment: [
        appointment,
        () => c.appointments.update(appointment, { status: 'confirmed' }),
      ],
      cancelAppointment: [appointment, () => c.appointments.cancel(appointment)],
      listPatients: [undefined, () => page(c.patients.list({ name: 'Ana' }))],
      retrievePatient: [ids.patient, () => c.patients.retrieve(ids.patient)],
      createPatient: [undefined, () => c.patients.create({ name: 'Bruno Lima' })],
      updatePatient: [ids.patient, () => c.patients.update(ids.patient, { name: 'Ana S.' })],
      listProfessionals: [undefined, () => page(c.professionals.list())],
      retrieveProfessional: [ids.professional, () => c.professionals.retrieve(ids.professional)],
      listRooms: [undefined, () => page(c.rooms.list())],
      retrieveRoom: [ids.room, () => c.rooms.retrieve(ids.room)],
      listAppointmentTypes: [undefined, () => page(c.appointmentTypes.list())],
      retrieveAppointmentType: [ids.type, () => c.appointmentTypes.retrieve(ids.type)],
    };
  };
  const seedAppointment = () =>
    api.seed.appointment({
      patient_id: ids.patient,
      professional_id: ids.professional,
      appointment_type_id: ids.type,
      start_at: '2026-03-20T10:00:00-03:00',
    }).id;

  it.each(Object.keys(OPERATIONS) as OperationName[])(
    '%s: its method and path, an Idempotency-Key exactly where the row replays',
    async (name) => {
      const row = OPERATIONS[name];
      const [id, call] = calls(seedAppointment())[name];
      await call();
      const sent = api.requests[0]!;
      expect(sent.method).toBe(row.method);
      expect(sent.path).toBe(`${API_PREFIX}${pathOf(row, id)}`);
      expect('idempotency-key' in sent.headers).toBe(row.replay);
    },
  );

  it.each(Object.keys(OPERATIONS) as OperationName[])(
    '%s: retried after a 503 exactly where the row says safe',
    async (name) => {
      const row = OPERATIONS[name];
      const [id, call] = calls(seedAppointment())[name];
      api.faults.inject({
        method: row.method,
        path: `${API_PREFIX}${pathOf(row, id)}`,
        status: 503,
        headers: { 'retry-after': '0' },
        times: 1,
      });
      const outcome = await call().then(
        () => 'ok',
        (e: unknown) => e,
      );
      if (row.retry === 'safe') {
        expect(outcome).toBe('ok');
        expect(api.requests).toHaveLength(2);
      } else {
        expect(outcome).toBeInstanceOf(InternalServerError);
        expect(api.requests).toHaveLength(1);
      }
    },
  );
});
