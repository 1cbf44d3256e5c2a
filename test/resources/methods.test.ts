/**
 * Each of the 15 operations through `ClinicClient`, against the reference server
 * (`fetch: api.fetch`, no MSW): what the public surface promises, end to end. Each operation's
 * test is one `describeOperation` block: spec 4's line for it, one successful call of its
 * resource method (checked against its row: method, path, key, retries), and the tests of its
 * behaviour. The last test fails when a row of `src/operations.ts` has no block.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { methodOf, resourceOf } from '../../scripts/docs-tables.ts';
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
import {
  type HttpMethod,
  OPERATIONS,
  type OperationName,
  type OperationRow,
  type PathId,
  pathOf,
} from '../../src/operations.ts';
import { issuesToFields } from '../../src/schemas/index.ts';
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

const seedAppointment = () =>
  api.seed.appointment({
    patient_id: ids.patient,
    professional_id: ids.professional,
    appointment_type_id: ids.type,
    start_at: '2026-03-20T10:00:00-03:00',
  }).id;

/** Awaits a list's first page, so that its request is sent. */
const page = async (p: PromiseLike<unknown>) => p;

/** Spec 4's line for an operation: its method, its path, and its path id's kind (spec 4). */
type SpecLine = readonly [HttpMethod, string, PathId['kind'] | undefined];

/** One successful call of the operation's resource method, and the path id it uses. */
type OneCall = (appointment: string) => readonly [id: unknown, call: () => Promise<unknown>];

/** The operations that have a `describeOperation` block, in the file's order. */
const described: OperationName[] = [];

/** One operation's test: its row checked against `spec` and one `call`, then its `behaviour`. */
function describeOperation(
  name: OperationName,
  spec: SpecLine,
  call: OneCall,
  behaviour: () => void = () => {},
): void {
  described.push(name);
  const row: OperationRow = OPERATIONS[name];
  describe(`${name} (${spec[0]} ${spec[1]})`, () => {
    it('is its row: spec 4 method, path and path id; a method of its resource', () => {
      expect([row.method, row.path, row.id?.kind]).toEqual(spec);
      const resource = (clinic as unknown as Record<string, Record<string, unknown>>)[
        resourceOf(row)
      ];
      expect(typeof resource?.[methodOf(row)]).toBe('function');
    });

    it('sends its method and path, and an Idempotency-Key exactly where the row replays', async () => {
      const [id, send] = call(seedAppointment());
      await send();
      const sent = api.requests[0]!;
      expect(sent.method).toBe(row.method);
      expect(sent.path).toBe(`${API_PREFIX}${pathOf(row, id)}`);
      expect('idempotency-key' in sent.headers).toBe(row.replay);
    });

    it('is retried after a 503 exactly where the row says safe', async () => {
      const [id, send] = call(seedAppointment());
      api.faults.inject({
        method: row.method,
        path: `${API_PREFIX}${pathOf(row, id)}`,
        status: 503,
        headers: { 'retry-after': '0' },
        times: 1,
      });
      const outcome = await send().then(
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
    });

    behaviour();
  });
}

describeOperation(
  'listAppointments',
  ['GET', '/appointments', undefined],
  () => [undefined, () => page(clinic.appointments.list())],
  () => {
    it('list: every appointment of the clinic', async () => {
      const a = await book('2026-03-10T09:00:00-03:00');
      const b = await book('2026-03-10T10:00:00-03:00');
      const listed: Appointment[] = [];
      for await (const appointment of clinic.appointments.list()) listed.push(appointment);
      expect(listed.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    });
  },
);

describeOperation(
  'retrieveAppointment',
  ['GET', '/appointments/{id}', 'uuid'],
  (appointment) => [appointment, () => clinic.appointments.retrieve(appointment)],
  () => {
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
  },
);

describeOperation(
  'createAppointment',
  ['POST', '/appointments', undefined],
  () => [undefined, () => book()],
  () => {
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
      api.faults.inject({
        method: 'POST',
        path: '/api/public/v1/appointments',
        loseResponse: true,
      });
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
  },
);

describeOperation(
  'updateAppointment',
  ['PATCH', '/appointments/{id}', 'uuid'],
  (appointment) => [
    appointment,
    () => clinic.appointments.update(appointment, { status: 'confirmed' }),
  ],
  () => {
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
  },
);

describeOperation(
  'cancelAppointment',
  ['POST', '/appointments/{id}/cancel', 'uuid'],
  (appointment) => [appointment, () => clinic.appointments.cancel(appointment)],
  () => {
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
  },
);

describeOperation(
  'listPatients',
  ['GET', '/patients', undefined],
  () => [undefined, () => page(clinic.patients.list({ name: 'Ana' }))],
  () => {
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
        (await clinic.patients.list({ name: 'Souza' }).toArray({ limit: 10 }))
          .map((p) => p.name)
          .sort(),
      ).toEqual(['Ana Souza', 'Carla Souza Dias']);
    });
  },
);

describeOperation(
  'retrievePatient',
  ['GET', '/patients/{id}', 'integer'],
  () => [ids.patient, () => clinic.patients.retrieve(ids.patient)],
  () => {
    it('retrieve: the patient; an unknown id is 404', async () => {
      expect(await clinic.patients.retrieve(ids.patient)).toMatchObject({
        id: ids.patient,
        name: 'Ana Souza',
      });
      await expect(clinic.patients.retrieve(987_654)).rejects.toBeInstanceOf(NotFoundError);
    });
  },
);

describeOperation(
  'createPatient',
  ['POST', '/patients', undefined],
  () => [undefined, () => clinic.patients.create({ name: 'Bruno Lima' })],
  () => {
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
  },
);

describeOperation(
  'updatePatient',
  ['PATCH', '/patients/{id}', 'integer'],
  () => [ids.patient, () => clinic.patients.update(ids.patient, { name: 'Ana S.' })],
  () => {
    it('update: only the fields sent change; null erases the phone', async () => {
      const updated = await clinic.patients.update(ids.patient, { phone: null });
      expect(updated.phone).toBeNull();
      expect(updated.name).toBe('Ana Souza');
      const renamed = await clinic.patients.update(ids.patient, { name: 'Ana Souza Lima' });
      expect(renamed.name).toBe('Ana Souza Lima');
      expect(renamed.phone).toBeNull();
    });
    it('its body: null erases phone, email, cpf and birth_date, never name or gender; {} is taken; no defaults; unknown fields and bad CPFs refused', () => {
      const body = OPERATIONS.updatePatient.input;
      const refused = (value: object) => {
        const r = body.safeParse(value);
        return r.success ? [] : Object.keys(issuesToFields(r.error.issues));
      };
      for (const field of ['phone', 'email', 'cpf', 'birth_date']) {
        expect(body.parse({ [field]: null })).toEqual({ [field]: null });
      }
      for (const field of ['name', 'gender']) expect(refused({ [field]: null })).toEqual([field]);
      expect(body.parse({ gender: 'O' })).toEqual({ gender: 'O' });
      expect(body.parse({})).toEqual({});
      expect(refused({ name: 'A', active: false })).toEqual(['active']);
      expect(refused({ cpf: '111.111.111-12' })).toEqual(['cpf']);
    });
    it('update with a key without patients:write: requiredScope patients:write', async () => {
      const reader = clinic.withOptions({ apiKey: api.issueApiKey({ scopes: ['patients:read'] }) });
      const err = (await reader.patients
        .update(ids.patient, { name: 'X' })
        .catch((e: unknown) => e)) as PermissionDeniedError;
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect(err.requiredScope).toBe('patients:write');
    });
  },
);

describeOperation(
  'listProfessionals',
  ['GET', '/professionals', undefined],
  () => [undefined, () => page(clinic.professionals.list())],
  () => {
    it('list: the professionals of the clinic', async () => {
      expect((await clinic.professionals.list().toArray({ limit: 10 })).map((p) => p.id)).toEqual([
        ids.professional,
      ]);
    });
  },
);

describeOperation(
  'retrieveProfessional',
  ['GET', '/professionals/{id}', 'integer'],
  () => [ids.professional, () => clinic.professionals.retrieve(ids.professional)],
  () => {
    it('retrieve: the professional, with its specialty', async () => {
      expect((await clinic.professionals.retrieve(ids.professional)).specialty).toBe('Cardiologia');
    });
  },
);

describeOperation(
  'listRooms',
  ['GET', '/rooms', undefined],
  () => [undefined, () => page(clinic.rooms.list())],
  () => {
    it('list: the active rooms, in the envelope', async () => {
      expect((await clinic.rooms.list()).results).toEqual([{ id: ids.room, name: 'Sala 1' }]);
    });
    it('a key without appointments:read: requiredScope appointments:read', async () => {
      const patientsOnly = clinic.withOptions({
        apiKey: api.issueApiKey({ scopes: ['patients:read'] }),
      });
      const err = (await patientsOnly.rooms
        .list()
        .catch((e: unknown) => e)) as PermissionDeniedError;
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect(err.requiredScope).toBe('appointments:read');
    });
  },
);

describeOperation(
  'retrieveRoom',
  ['GET', '/rooms/{id}', 'integer'],
  () => [ids.room, () => clinic.rooms.retrieve(ids.room)],
  () => {
    it('retrieve: the room; an unknown id is 404', async () => {
      expect(await clinic.rooms.retrieve(ids.room)).toEqual({ id: ids.room, name: 'Sala 1' });
      await expect(clinic.rooms.retrieve(999)).rejects.toBeInstanceOf(NotFoundError);
    });
  },
);

describeOperation(
  'listAppointmentTypes',
  ['GET', '/appointment-types', undefined],
  () => [undefined, () => page(clinic.appointmentTypes.list())],
  () => {
    it('list: the appointment types of the clinic', async () => {
      expect(
        (await clinic.appointmentTypes.list().toArray({ limit: 10 })).map((t) => t.name),
      ).toEqual(['Consulta']);
    });
  },
);

describeOperation(
  'retrieveAppointmentType',
  ['GET', '/appointment-types/{id}', 'integer'],
  () => [ids.type, () => clinic.appointmentTypes.retrieve(ids.type)],
  () => {
    it('retrieve: the appointment type', async () => {
      expect(await clinic.appointmentTypes.retrieve(ids.type)).toEqual({
        id: ids.type,
        name: 'Consulta',
      });
    });
  },
);

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

describe('the operation table (src/operations.ts)', () => {
  it('has exactly one describeOperation block per row, in its order (spec 4)', () => {
    expect(described).toEqual(Object.keys(OPERATIONS));
  });
});
