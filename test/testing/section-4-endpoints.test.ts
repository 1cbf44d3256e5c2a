/** Spec section 4: endpoints, identifiers, pagination, bodies and rules of each operation. */
import { describe, expect, test } from 'vitest';
import { Cpf, Email, phoneNumberKey, StartAt } from '../../src/schemas/fields/index.ts';
import { generateCpf } from '../../src/testing/index.ts';
import {
  API,
  createAppointment,
  createBody,
  NOW,
  SAO_PAULO_INSTANT,
  setup,
  UUID,
} from './helpers.ts';

describe('spec 4: identifier path parameters', () => {
  test('the appointment id is a uuid: any other form is 404', async () => {
    const s = setup();
    const created = await createAppointment(s);
    expect(created.id).toMatch(UUID);
    for (const id of ['1', 'abc', `${created.id}x`, created.id.replace(/-/g, '')]) {
      for (const [method, path] of [
        ['GET', `/appointments/${id}`],
        ['PATCH', `/appointments/${id}`],
        ['POST', `/appointments/${id}/cancel`],
      ] as const) {
        const answer = await s.send(method, path, method === 'GET' ? {} : { json: { note: 'x' } });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ detail: expect.any(String) });
      }
    }
  });

  test('an unknown uuid is 404, and the uuid is matched in any letter case', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const unknown = await s.send('GET', '/appointments/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      detail: 'No appointment with id 00000000-0000-4000-8000-000000000000 in this clinic.',
    });
    const upper = await s.send('GET', `/appointments/${created.id.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(created.id);
  });

  test('patient, professional, room and type ids are digits only: any other form is 404', async () => {
    const s = setup();
    for (const resource of ['patients', 'professionals', 'rooms', 'appointment-types']) {
      for (const id of ['abc', '-1', '1.0', '1e2', ' 1', '%31x']) {
        const answer = await s.send('GET', `/${resource}/${id}`);
        expect(answer.status, `${resource}/${id}`).toBe(404);
        expect(answer.body).toEqual({ detail: expect.any(String) });
      }
    }
    const patch = await s.send('PATCH', '/patients/abc', { json: { name: 'x' } });
    expect(patch.status).toBe(404);
  });

  test('unknown integer ids are 404 {detail}', async () => {
    const s = setup();
    for (const resource of ['patients', 'professionals', 'rooms', 'appointment-types']) {
      const answer = await s.send('GET', `/${resource}/999`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: expect.stringContaining('999') });
    }
  });
});

describe('spec 4.1: pagination of lists', () => {
  function manyRooms(count: number) {
    const s = setup();
    for (let i = 3; i <= count; i++) s.api.seed.room({ name: `Sala ${i}` });
    return s;
  }

  test('the rooms list is {results, next, previous}; default page size 50', async () => {
    const s = manyRooms(60);
    const first = await s.send('GET', '/rooms');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['results', 'next', 'previous']);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0]).toEqual({ id: 1, name: 'Consultório 1' });
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/^https:\/\/clinic\.test\/api\/public\/v1\/rooms\?cursor=/);
    const second = await s.send('GET', first.body.next);
    expect(second.body.results.map((r: { id: number }) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => 51 + i),
    );
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toMatch(/^https:\/\/clinic\.test\/api\/public\/v1\/rooms\?/);
    const back = await s.send('GET', second.body.previous);
    expect(back.body).toEqual(first.body);
  });

  test('page_size: at most 100; the next and previous URLs carry it', async () => {
    const s = manyRooms(150);
    const page = await s.send('GET', '/rooms?page_size=100');
    expect(page.body.results).toHaveLength(100);
    const next = new URL(page.body.next);
    expect(next.searchParams.get('page_size')).toBe('100');
    expect(next.searchParams.get('cursor')).toEqual(expect.any(String));
    const rest = await s.send('GET', page.body.next);
    expect(rest.body.results).toHaveLength(50);
    expect(new URL(rest.body.previous).searchParams.get('page_size')).toBe('100');
  });

  test('page_size out of range or not a whole number: 400 {page_size}', async () => {
    const s = setup();
    const cases: [string, string][] = [
      ['101', 'must be at most 100'],
      ['0', 'must be at least 1'],
      ['abc', 'must be a whole number'],
      ['1.5', 'must be a whole number'],
      ['', 'must be a whole number'],
    ];
    for (const [value, message] of cases) {
      const answer = await s.send('GET', `/rooms?page_size=${value}`);
      expect(answer.status, value).toBe(400);
      expect(answer.body).toEqual({ page_size: [message] });
    }
  });

  test('a forged, altered or foreign cursor: 400 {cursor}', async () => {
    const s = manyRooms(5);
    const page = await s.send('GET', '/rooms?page_size=2');
    const cursor = new URL(page.body.next).searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ r: 'rooms', c: 1, d: 'n', k: 0 })).toString(
      'base64url',
    );
    const otherServer = manyRooms(5);
    const foreign = await otherServer.send('GET', '/rooms?page_size=2');
    const foreignCursor = new URL(foreign.body.next).searchParams.get('cursor')!;
    const patientsPage = await (async () => {
      for (let i = 0; i < 3; i++) s.api.seed.patient({ name: `P ${i}` });
      return s.send('GET', '/patients?page_size=1');
    })();
    const patientsCursor = new URL(patientsPage.body.next).searchParams.get('cursor')!;
    for (const bad of [
      'abc',
      `${forgedPayload}.${mac}`,
      `${payload}.${mac}x`,
      `${payload}`,
      foreignCursor,
      patientsCursor,
    ]) {
      const answer = await s.send('GET', `/rooms?cursor=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toEqual({
        cursor: [
          'is not a valid cursor for this list; use the next or previous URL of a list response',
        ],
      });
    }
  });

  test('the URLs are absolute on the server base URL and keep the filters', async () => {
    const s = setup();
    for (let i = 0; i < 4; i++) s.api.seed.patient({ name: `Maria ${i}` });
    const page = await s.send('GET', '/patients?name=Maria&page_size=3');
    expect(page.body.results).toHaveLength(3);
    const next = new URL(page.body.next);
    expect(`${next.origin}${next.pathname}`).toBe(`${API}/patients`);
    expect(next.searchParams.get('name')).toBe('Maria');
    const rest = await s.send('GET', page.body.next);
    expect(rest.body.results.map((p: { name: string }) => p.name)).toEqual(['Maria 3']);
  });

  test('every list uses the envelope by default', async () => {
    const s = setup();
    for (const list of [
      'appointments',
      'patients',
      'professionals',
      'rooms',
      'appointment-types',
    ]) {
      const answer = await s.send('GET', `/${list}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body), list).toEqual(['results', 'next', 'previous']);
    }
  });

  test('assumption: the envelope of a list other than rooms can be a bare array', async () => {
    const s = setup({ listEnvelope: { patients: 'array' } });
    const patients = await s.send('GET', '/patients?page_size=1');
    expect(patients.body).toEqual([expect.objectContaining({ name: 'Ana Souza' })]);
    s.api.listEnvelope.professionals = 'array';
    const professionals = await s.send('GET', '/professionals');
    expect(Array.isArray(professionals.body)).toBe(true);
    expect(Object.keys((await s.send('GET', '/rooms')).body)).toEqual([
      'results',
      'next',
      'previous',
    ]);
  });
});

describe('spec 4.2 and 4.3: GET /appointments and GET /appointments/{id}', () => {
  test('the list holds every appointment of the clinic, in creation order', async () => {
    const s = setup();
    const a = await createAppointment(s);
    const b = await createAppointment(s, { start_at: '2026-03-04T10:00:00' });
    const list = await s.send('GET', '/appointments');
    expect(list.body).toEqual({ results: [a, b], next: null, previous: null });
  });

  test('GET /appointments/{id} returns the object of 2.1 with every field', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const read = await s.send('GET', `/appointments/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('application/json');
    expect(read.body).toEqual({
      id: created.id,
      appointment_type: { id: s.type.id, name: 'Consulta' },
      patient: { id: s.patient.id, name: 'Ana Souza', phone: '11987654321' },
      professional: { id: s.professional.id, name: 'Dra. Helena Prado', specialty: 'Cardiologia' },
      room: { id: s.room.id, name: 'Consultório 1' },
      start_at: '2026-03-05T14:30:00-03:00',
      end_at: '2026-03-05T15:00:00-03:00',
      modality: 'in_person',
      origin: 'api',
      status: 'scheduled',
      created_at: '2026-03-02T09:00:00-03:00',
      updated_at: '2026-03-02T09:00:00-03:00',
    });
  });
});

describe('spec 4.4: POST /appointments', () => {
  test('success: 201 with the appointment object, the same as GET', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', { json: createBody(s) });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/json');
    const read = await s.send('GET', `/appointments/${answer.body.id}`);
    expect(answer.body).toEqual(read.body);
  });

  test('body formats: application/x-www-form-urlencoded', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      form: {
        patient_id: String(s.patient.id),
        professional_id: String(s.professional.id),
        appointment_type_id: String(s.type.id),
        start_at: '2026-03-05T14:30:00',
        room_id: String(s.otherRoom.id),
        note: 'via form',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.room).toEqual({ id: s.otherRoom.id, name: 'Consultório 2' });
  });

  test('body formats: a form reads ids of several digits, and refuses a room_id that is not one', async () => {
    const s = setup();
    let patient = s.patient;
    while (patient.id < 12) patient = s.api.seed.patient({ name: `Paciente ${patient.id + 1}` });
    const form = {
      patient_id: String(patient.id),
      professional_id: String(s.professional.id),
      appointment_type_id: String(s.type.id),
      start_at: '2026-03-05T14:30:00',
    };
    const refused = await s.send('POST', '/appointments', { form: { ...form, room_id: 'x' } });
    expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['room_id']]);
    const answer = await s.send('POST', '/appointments', { form });
    expect(answer.status).toBe(201);
    expect(answer.body.patient.id).toBe(patient.id);
  });

  test('body formats: multipart/form-data (an empty room_id is null: no room)', async () => {
    const s = setup();
    const form = new FormData();
    form.set('patient_id', String(s.patient.id));
    form.set('professional_id', String(s.professional.id));
    form.set('appointment_type_id', String(s.type.id));
    form.set('start_at', '2026-03-05T14:30:00-03:00');
    form.set('room_id', '');
    const answer = await s.send('POST', '/appointments', { multipart: form });
    expect(answer.status).toBe(201);
    expect(answer.body.start_at).toBe('2026-03-05T14:30:00-03:00');
    expect(answer.body.room).toBeNull();
  });

  test('form bodies are checked by the same schema: text where an id belongs is 400', async () => {
    const s = setup();
    const form = new FormData();
    form.set('patient_id', 'one');
    form.set('professional_id', '-2');
    form.set('start_at', '2026-03-05 14:30');
    form.set('file', new Blob(['x']), 'x.txt');
    const files = await s.send('POST', '/appointments', { multipart: form });
    expect(files.status).toBe(400);
    expect(files.body).toEqual({ file: ['must be a text value, not a file'] });
    form.delete('file');
    const answer = await s.send('POST', '/appointments', { multipart: form });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: ['must be a positive integer id'],
      professional_id: ['must be a positive integer id'],
      appointment_type_id: ['is required'],
      start_at: ['must be an ISO 8601 date-time such as 2026-03-02T14:30:00-03:00'],
    });
  });

  test('400 with field → messages for every invalid field', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: {
        patient_id: 0,
        professional_id: 'x',
        start_at: '2026-03-05T14:30:15',
        room_id: 1.5,
        note: 'n'.repeat(2001),
        price: 100,
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: ['must be a positive integer id'],
      professional_id: ['must be a positive integer id'],
      appointment_type_id: ['is required'],
      start_at: ['seconds must be 00'],
      room_id: ['must be a positive integer id'],
      note: ['must be at most 2000 characters'],
      price: ['is not a field this operation accepts'],
    });
    expect(s.api.events).toEqual([]);
  });

  test('start_at must be a string on the wire', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: 1772472600000 }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['start_at']);
  });

  test('malformed JSON: 400 {non_field_errors}', async () => {
    const s = setup();
    for (const raw of ['{"patient_id": 1,', '[1, 2]', '"text"', 'null']) {
      const answer = await s.send('POST', '/appointments', { raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body).toEqual({ non_field_errors: [expect.any(String)] });
    }
  });

  test('an unsupported Content-Type: 400 {non_field_errors}', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      raw: JSON.stringify(createBody(s)),
      contentType: 'text/plain',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      non_field_errors: [expect.stringContaining('Unsupported Content-Type "text/plain"')],
    });
  });

  test('patient_id: an active patient of the clinic', async () => {
    const s = setup();
    const inactive = s.api.seed.patient({ name: 'Inativo', active: false });
    const unknown = await s.send('POST', '/appointments', {
      json: createBody(s, { patient_id: 999 }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ patient_id: ['no patient with id 999 in this clinic'] });
    const notActive = await s.send('POST', '/appointments', {
      json: createBody(s, { patient_id: inactive.id }),
    });
    expect(notActive.body).toEqual({ patient_id: [`patient ${inactive.id} is not active`] });
  });

  test('professional_id: an active professional of the clinic who sees patients', async () => {
    const s = setup();
    const inactive = s.api.seed.professional({ name: 'Dr. Inativo', active: false });
    const staff = s.api.seed.professional({ name: 'Recepção', sees_patients: false });
    const cases: [number, string][] = [
      [999, 'no professional with id 999 in this clinic'],
      [inactive.id, `professional ${inactive.id} is not active`],
      [staff.id, `professional ${staff.id} does not see patients`],
    ];
    for (const [id, message] of cases) {
      const answer = await s.send('POST', '/appointments', {
        json: createBody(s, { professional_id: id }),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ professional_id: [message] });
    }
  });

  test('appointment_type_id: an active appointment type; room_id: an active room', async () => {
    const s = setup();
    const oldType = s.api.seed.appointmentType({ name: 'Antigo', active: false });
    const closed = s.api.seed.room({ name: 'Fechada', active: false });
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { appointment_type_id: oldType.id, room_id: closed.id, patient_id: 999 }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: ['no patient with id 999 in this clinic'],
      appointment_type_id: [`appointment type ${oldType.id} is not active`],
      room_id: [`no active room with id ${closed.id} in this clinic`],
    });
  });

  test('start_at without a zone is read as America/Sao_Paulo; with a zone, as given', async () => {
    const s = setup();
    const cases: [string, string][] = [
      ['2026-03-05T14:30', '2026-03-05T14:30:00-03:00'],
      ['2026-03-05T14:30:00', '2026-03-05T14:30:00-03:00'],
      ['2026-03-05T17:30:00Z', '2026-03-05T14:30:00-03:00'],
      ['2026-03-05T14:30:00+01:00', '2026-03-05T10:30:00-03:00'],
      ['2026-03-05T23:30:00-0300', '2026-03-05T23:30:00-03:00'],
      // A date of a year with daylight-saving time: the zone's own offset (-02:00) is used.
      ['2018-12-10T10:00:00', '2018-12-10T10:00:00-02:00'],
    ];
    for (const [given, expected] of cases) {
      const created = await createAppointment(s, { start_at: given });
      expect(created.start_at, given).toBe(expected);
      expect(created.start_at).toMatch(SAO_PAULO_INSTANT);
    }
  });

  test.each(['+24:00', '-24:00', '+23:60', '+2400', '-99:00'])(
    'start_at with the offset %s (outside -23:59..+23:59): 400 {start_at}, the same message the client gives',
    async (offset) => {
      const s = setup();
      const answer = await s.send('POST', '/appointments', {
        json: createBody(s, { start_at: `2026-03-05T14:30:00${offset}` }),
      });
      const message = StartAt.safeParse(`2026-03-05T14:30:00${offset}`).error?.issues[0]?.message;
      expect(message).toMatch(/-23:59.*\+23:59/);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ start_at: [message] });
    },
  );

  test.each([
    ['+23:59', '2026-03-04T11:31:00-03:00'],
    ['-23:59', '2026-03-06T11:29:00-03:00'],
    ['+0530', '2026-03-05T06:00:00-03:00'],
    ['Z', '2026-03-05T11:30:00-03:00'],
  ])('start_at with the offset %s is read as that offset', async (offset, expected) => {
    const s = setup();
    const created = await createAppointment(s, { start_at: `2026-03-05T14:30:00${offset}` });
    expect(created.start_at).toBe(expected);
  });

  test('end_at is start_at plus the duration of the appointment type', async () => {
    const s = setup();
    const long = s.api.seed.appointmentType({ name: 'Procedimento', duration_minutes: 95 });
    const created = await createAppointment(s, {
      appointment_type_id: long.id,
      start_at: '2026-03-05T23:00:00',
    });
    expect(created.end_at).toBe('2026-03-06T00:35:00-03:00');
  });

  test("room_id omitted: the professional's default room; given: that room; explicit null: no room", async () => {
    const s = setup();
    expect((await createAppointment(s)).room).toEqual({ id: s.room.id, name: 'Consultório 1' });
    expect((await createAppointment(s, { room_id: null })).room).toBeNull();
    expect((await createAppointment(s, { room_id: s.otherRoom.id })).room).toEqual({
      id: s.otherRoom.id,
      name: 'Consultório 2',
    });
    const noDefault = s.api.seed.professional({ name: 'Dr. Sem Sala' });
    expect((await createAppointment(s, { professional_id: noDefault.id })).room).toBeNull();
  });

  test('room_id: explicit null where the clinic requires a room: 409 room_required, on create and PATCH', async () => {
    const s = setup();
    s.api.settings.requireRoom = true;
    const created = await s.send('POST', '/appointments', {
      json: createBody(s, { room_id: null }),
    });
    expect(created.status).toBe(409);
    expect(created.headers.get('content-type')).toBe('application/json');
    expect(created.body).toEqual({
      code: 'room_required',
      detail:
        "This clinic requires a room and the professional's grid has no default room for that " +
        'time; send room_id.',
    });
    const appt = await createAppointment(s);
    const patched = await s.send('PATCH', `/appointments/${appt.id}`, { json: { room_id: null } });
    expect([patched.status, patched.body.code]).toEqual([409, 'room_required']);
    expect((await s.send('GET', `/appointments/${appt.id}`)).body.room.id).toBe(s.room.id);
  });

  test('room_id: PATCH with explicit null clears the room; omitted keeps it', async () => {
    const s = setup();
    const appt = await createAppointment(s, { room_id: s.otherRoom.id });
    const kept = await s.send('PATCH', `/appointments/${appt.id}`, { json: { note: 'x' } });
    expect(kept.body.room.id).toBe(s.otherRoom.id);
    const cleared = await s.send('PATCH', `/appointments/${appt.id}`, { json: { room_id: null } });
    expect([cleared.status, cleared.body.room]).toEqual([200, null]);
  });

  test("setting nullRoom 'default-room': an explicit null reads as omitted, on create and PATCH", async () => {
    const s = setup();
    expect(s.api.settings.nullRoom).toBe('no-room');
    s.api.settings.nullRoom = 'default-room';
    const created = await createAppointment(s, { room_id: null });
    expect(created.room).toEqual({ id: s.room.id, name: 'Consultório 1' });
    const moved = await createAppointment(s, { room_id: s.otherRoom.id });
    const patched = await s.send('PATCH', `/appointments/${moved.id}`, { json: { room_id: null } });
    expect(patched.body.room.id).toBe(s.room.id);
  });

  test('room_required: the clinic requires a room and none is given or defaulted: 409', async () => {
    const s = setup();
    s.api.settings.requireRoom = true;
    const noDefault = s.api.seed.professional({ name: 'Dr. Sem Sala' });
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { professional_id: noDefault.id }),
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 'room_required', detail: expect.stringContaining('room') });
    // Given, or defaulted from the professional's grid: accepted.
    expect(
      (await createAppointment(s, { professional_id: noDefault.id, room_id: s.room.id })).room.id,
    ).toBe(s.room.id);
    expect((await createAppointment(s)).room.id).toBe(s.room.id);
    expect(s.api.events).toHaveLength(2);
  });

  test("slot_blocked: the time overlaps a block of the professional's agenda: 409", async () => {
    const s = setup();
    s.api.seed.blockedSlot({
      professional_id: s.professional.id,
      start_at: '2026-03-05T12:00:00',
      end_at: '2026-03-05T14:00:00',
    });
    for (const start of ['2026-03-05T11:45:00', '2026-03-05T12:00:00', '2026-03-05T13:30:00']) {
      const answer = await s.send('POST', '/appointments', {
        json: createBody(s, { start_at: start }),
      });
      expect(answer.status, start).toBe(409);
      expect(answer.body).toEqual({ code: 'slot_blocked', detail: expect.any(String) });
    }
    // Touching the block's edges is not an overlap; another professional is not blocked.
    await createAppointment(s, { start_at: '2026-03-05T11:30:00' });
    await createAppointment(s, { start_at: '2026-03-05T14:00:00' });
    const other = s.api.seed.professional({ name: 'Dr. Livre' });
    await createAppointment(s, { professional_id: other.id, start_at: '2026-03-05T12:00:00' });
    expect(s.api.events).toHaveLength(3);
  });

  test('note: accepted (at most 2000 characters) and not returned in the object', async () => {
    const s = setup();
    const created = await createAppointment(s, { note: 'n'.repeat(2000) });
    expect(created).not.toHaveProperty('note');
  });
});

describe('spec 4.4: Idempotency-Key', () => {
  test('the same request with the same key: the same answer, Idempotent-Replayed: true, nothing new', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'key-1' };
    const first = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await s.send('POST', '/appointments', {
      raw: JSON.stringify(Object.fromEntries(Object.entries(createBody(s)).reverse())),
      headers,
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await s.send('GET', '/appointments')).body.results).toHaveLength(1);
    expect(s.api.events).toHaveLength(1);
  });

  test('within 24 hours on the server clock; after that the key is new again', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'key-1' };
    const first = await s.send('POST', '/appointments', { json: createBody(s), headers });
    await s.api.clock.advance(24 * 3_600_000 - 1);
    const replay = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);
    await s.api.clock.advance(1);
    const fresh = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(fresh.status).toBe(201);
    expect(fresh.headers.get('idempotent-replayed')).toBeNull();
    expect(fresh.body.id).not.toBe(first.body.id);
  });

  test('the same key with another body: 422 {code, detail}', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'key-1' };
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { note: 'other' }),
      headers,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      code: 'idempotency_key_reused',
      detail: expect.stringContaining('another body'),
    });
    expect(s.api.events).toHaveLength(1);
  });

  test('the same key on another endpoint: 422 {code, detail}', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'key-1' };
    const created = await s.send('POST', '/appointments', { json: createBody(s), headers });
    const onPatient = await s.send('POST', '/patients', { json: { name: 'Bruno' }, headers });
    const onCancel = await s.send('POST', `/appointments/${created.body.id}/cancel`, { headers });
    for (const answer of [onPatient, onCancel]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({
        code: 'idempotency_key_reused',
        detail: expect.stringContaining('POST /api/public/v1/appointments'),
      });
    }
    expect((await s.send('GET', `/appointments/${created.body.id}`)).body.status).toBe('scheduled');
  });

  test('a key stays bound to its first body after a 400: the same body runs again, another body is 422', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'key-1' };
    const badBody = createBody(s, { patient_id: 999 });
    const bad = await s.send('POST', '/appointments', { json: badBody, headers });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ patient_id: ['no patient with id 999 in this clinic'] });
    const again = await s.send('POST', '/appointments', { json: badBody, headers });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([400, null]);
    const fixed = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(fixed.status).toBe(422);
    expect(fixed.headers.get('content-type')).toBe('application/json');
    expect(fixed.body).toEqual({
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was used with another body within the last 24 hours.',
    });
    expect(s.api.events).toEqual([]);
  });

  test('a key stays bound to its first body after a 409, for 24 h on the server clock', async () => {
    const s = setup();
    s.api.seed.blockedSlot({
      professional_id: s.professional.id,
      start_at: '2026-03-05T14:00:00',
      end_at: '2026-03-05T15:00:00',
    });
    const headers = { 'idempotency-key': 'key-409' };
    const blocked = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '2026-03-05T14:30:00' }),
      headers,
    });
    expect([blocked.status, blocked.body.code]).toEqual([409, 'slot_blocked']);
    const moved = createBody(s, { start_at: '2026-03-05T16:00:00' });
    const reused = await s.send('POST', '/appointments', { json: moved, headers });
    expect([reused.status, reused.body.code]).toEqual([422, 'idempotency_key_reused']);
    await s.api.clock.advance(24 * 60 * 60 * 1000 - 1);
    expect((await s.send('POST', '/appointments', { json: moved, headers })).status).toBe(422);
    await s.api.clock.advance(1);
    const fresh = await s.send('POST', '/appointments', { json: moved, headers });
    expect([fresh.status, fresh.headers.get('idempotent-replayed')]).toEqual([201, null]);
  });

  test('replay exists only on POST /appointments; a key on another write binds its endpoint and body', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'patient-key' };
    const first = await s.send('POST', '/patients', { json: { name: 'Bruno' }, headers });
    const second = await s.send('POST', '/patients', { json: { name: 'Bruno' }, headers });
    const third = await s.send('POST', '/patients', { json: { name: 'Carla' }, headers });
    expect([first.status, second.status, third.status]).toEqual([201, 201, 422]);
    expect(second.headers.get('idempotent-replayed')).toBeNull();
    expect(new Set([first.body.id, second.body.id]).size).toBe(2);
    const appt = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect([appt.status, appt.body.code]).toEqual([422, 'idempotency_key_reused']);
    const booked = await createAppointment(s);
    const patch = { json: { status: 'confirmed' }, headers: { 'idempotency-key': 'patch-key' } };
    const p1 = await s.send('PATCH', `/appointments/${booked.id}`, patch);
    const p2 = await s.send('PATCH', `/appointments/${booked.id}`, {
      ...patch,
      json: { status: 'scheduled' },
    });
    expect([p1.status, p2.status, p1.headers.get('idempotent-replayed')]).toEqual([200, 422, null]);
  });

  test("setting idempotencyReplay 'every-write': POST /patients replays its key too", async () => {
    const s = setup();
    expect(s.api.settings.idempotencyReplay).toBe('create-appointment');
    s.api.settings.idempotencyReplay = 'every-write';
    const headers = { 'idempotency-key': 'patient-key' };
    const first = await s.send('POST', '/patients', { json: { name: 'Bruno' }, headers });
    const second = await s.send('POST', '/patients', { json: { name: 'Bruno' }, headers });
    expect([second.status, second.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(second.body).toEqual(first.body);
    const other = await s.send('POST', '/patients', { json: { name: 'Carla' }, headers });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
  });

  test('keys are per clinic', async () => {
    const s = setup();
    const other = s.api.clinic(2);
    const otherKey = other.issueApiKey();
    const p = other.seed.patient({ name: 'Outra' });
    const pro = other.seed.professional({ name: 'Outro' });
    const t = other.seed.appointmentType({ name: 'Consulta' });
    const headers = { 'idempotency-key': 'shared' };
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    const answer = await s.send('POST', '/appointments', {
      key: otherKey,
      headers,
      json: {
        patient_id: p.id,
        professional_id: pro.id,
        appointment_type_id: t.id,
        start_at: '2026-03-05T14:30:00',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('spec 4.5: PATCH /appointments/{id}', () => {
  test('accepts only start_at, professional_id, room_id, note and status: 400 otherwise', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const answer = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { patient_id: 2, appointment_type_id: 1, modality: 'telehealth', end_at: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: ['is not a field this operation accepts'],
      appointment_type_id: ['is not a field this operation accepts'],
      modality: ['is not a field this operation accepts'],
      end_at: ['is not a field this operation accepts'],
    });
    // "Only the fields sent are changed": none sent, nothing changes (setting emptyPatch).
    const empty = await s.send('PATCH', `/appointments/${created.id}`, { json: {} });
    expect([empty.status, empty.body]).toEqual([200, created]);
  });

  test('start_at moves the appointment and end_at follows the type duration', async () => {
    const s = setup();
    const created = await createAppointment(s);
    await s.api.clock.advance(60_000);
    const answer = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { start_at: '2026-03-06T08:00:00' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ...created,
      start_at: '2026-03-06T08:00:00-03:00',
      end_at: '2026-03-06T08:30:00-03:00',
      updated_at: '2026-03-02T09:01:00-03:00',
    });
    expect(s.api.events.at(-1)).toMatchObject({ type: 'appointment.updated', data: answer.body });
  });

  test('professional_id and room_id follow the create rules', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const staff = s.api.seed.professional({ name: 'Recepção', sees_patients: false });
    const bad = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { professional_id: staff.id, room_id: 999 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      professional_id: [`professional ${staff.id} does not see patients`],
      room_id: ['no active room with id 999 in this clinic'],
    });
    const other = s.api.seed.professional({ name: 'Dr. Marcos', specialty: null });
    const moved = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { professional_id: other.id, room_id: s.otherRoom.id },
    });
    expect(moved.body.professional).toEqual({ id: other.id, name: 'Dr. Marcos', specialty: null });
    expect(moved.body.room).toEqual({ id: s.otherRoom.id, name: 'Consultório 2' });
  });

  test('moving into a blocked time is slot_blocked; removing the room where one is required is room_required', async () => {
    const s = setup();
    const noDefault = s.api.seed.professional({ name: 'Dr. Sem Sala' });
    const created = await createAppointment(s, {
      professional_id: noDefault.id,
      room_id: s.room.id,
    });
    s.api.seed.blockedSlot({
      professional_id: noDefault.id,
      start_at: '2026-03-07T08:00:00',
      end_at: '2026-03-07T12:00:00',
    });
    const blocked = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { start_at: '2026-03-07T09:00:00' },
    });
    expect(blocked.status).toBe(409);
    expect(blocked.body).toEqual({ code: 'slot_blocked', detail: expect.any(String) });
    s.api.settings.requireRoom = true;
    const noRoom = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { room_id: null },
    });
    expect(noRoom.status).toBe(409);
    expect(noRoom.body).toEqual({ code: 'room_required', detail: expect.any(String) });
    expect(s.api.events).toHaveLength(1);
  });

  test('a PATCH that changes nothing answers 200 and emits no event', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const same = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { status: 'scheduled' },
    });
    expect(same.status).toBe(200);
    expect(same.body).toEqual(created);
    expect(s.api.events).toHaveLength(1);
  });

  test('an unknown id: 404; JSON only: a form body is 400', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const missing = await s.send('PATCH', '/appointments/00000000-0000-4000-8000-000000000000', {
      json: { status: 'confirmed' },
    });
    expect(missing.status).toBe(404);
    const form = await s.send('PATCH', `/appointments/${created.id}`, {
      form: { status: 'confirmed' },
    });
    expect(form.status).toBe(400);
    expect(form.body).toEqual({
      non_field_errors: [expect.stringContaining('send the body as application/json')],
    });
  });
});

describe('spec 4.6: POST /appointments/{id}/cancel', () => {
  test('takes no body and answers 200 with the appointment', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const answer = await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ...created, status: 'cancelled' });
  });

  test('an unknown id: 404 {detail}', async () => {
    const s = setup();
    const answer = await s.send(
      'POST',
      '/appointments/00000000-0000-4000-8000-000000000000/cancel',
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ detail: expect.any(String) });
  });
});

describe('spec 4.7: patients', () => {
  test('POST /patients: 201 with the six fields; name is required', async () => {
    const s = setup();
    const answer = await s.send('POST', '/patients', {
      json: { name: ' Bruno Lima ', phone: '21998765432' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(Number),
      name: 'Bruno Lima',
      phone: '21998765432',
      active: true,
      created_at: '2026-03-02T09:00:00-03:00',
      updated_at: '2026-03-02T09:00:00-03:00',
    });
    const missing = await s.send('POST', '/patients', { json: { phone: '11987654321' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ name: ['is required'] });
  });

  test('400 for every invalid field of create and change', async () => {
    const s = setup();
    const answer = await s.send('POST', '/patients', {
      json: {
        name: '',
        phone: 'p'.repeat(41),
        email: 'not-mail',
        cpf: '111.111.111-12',
        birth_date: '12/04/1988',
        gender: 'X',
        active: false,
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual([
      'active',
      'birth_date',
      'cpf',
      'email',
      'gender',
      'name',
      'phone',
    ]);
    for (const messages of Object.values(answer.body)) {
      expect(messages).toEqual([expect.any(String)]);
    }
    const patch = await s.send('PATCH', `/patients/${s.patient.id}`, { json: { gender: null } });
    expect(patch.status).toBe(400);
    expect(patch.body).toEqual({ gender: ['must be one of F, M, O'] });
  });

  test('PATCH: only the fields sent change; null erases phone, email, cpf or birth_date', async () => {
    const s = setup();
    const cpf = generateCpf(7);
    const created = await s.send('POST', '/patients', {
      json: {
        name: 'Bruno',
        phone: '21998765432',
        cpf,
        email: 'b@example.com',
        birth_date: '1990-01-01',
      },
    });
    const id = created.body.id;
    await s.api.clock.advance(5 * 60_000);
    const renamed = await s.send('PATCH', `/patients/${id}`, { json: { name: 'Bruno Lima' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({
      ...created.body,
      name: 'Bruno Lima',
      updated_at: '2026-03-02T09:05:00-03:00',
    });
    const erased = await s.send('PATCH', `/patients/${id}`, {
      json: { phone: null, email: null, cpf: null, birth_date: null },
    });
    expect(erased.body).toMatchObject({ name: 'Bruno Lima', phone: null });
    // The CPF was erased: another patient may now take it.
    const other = await s.send('POST', '/patients', { json: { name: 'Carla', cpf } });
    expect(other.status).toBe(201);
  });

  test('CPF uniqueness on the normalised digits: 409 patient_cpf_exists on create and change', async () => {
    const s = setup();
    const digits = '52998224725';
    const first = await s.send('POST', '/patients', { json: { name: 'A', cpf: digits } });
    expect(first.status).toBe(201);
    const dup = await s.send('POST', '/patients', { json: { name: 'B', cpf: '529.982.247-25' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual({ code: 'patient_cpf_exists', detail: expect.any(String) });
    expect(JSON.stringify(dup.body)).not.toContain('529');
    const changed = await s.send('PATCH', `/patients/${s.patient.id}`, {
      json: { cpf: '529982247-25' },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('patient_cpf_exists');
    // The patient's own CPF again is not a conflict.
    const self = await s.send('PATCH', `/patients/${first.body.id}`, {
      json: { cpf: '529.982.247-25' },
    });
    expect(self.status).toBe(200);
    // Another clinic may hold the same CPF.
    const otherKey = s.api.clinic(2).issueApiKey();
    const elsewhere = await s.send('POST', '/patients', {
      key: otherKey,
      json: { name: 'C', cpf: digits },
    });
    expect(elsewhere.status).toBe(201);
  });

  test('GET /patients filters: cpf and phone exact as written, name a case-sensitive substring', async () => {
    const s = setup();
    s.api.seed.patient({ name: 'Bruno Lima', phone: '21998765432', cpf: '529.982.247-25' });
    s.api.seed.patient({ name: 'Carla LIMA Souza', phone: '21998765432' });
    s.api.seed.patient({ name: 'Diego', phone: '+5521998765432' });
    const names = async (query: string) =>
      (await s.send('GET', `/patients?${query}`)).body.results.map((p: { name: string }) => p.name);
    expect(await names(`cpf=${encodeURIComponent('529.982.247-25')}`)).toEqual(['Bruno Lima']);
    expect(await names('cpf=52998224725')).toEqual([]); // another writing of the same CPF
    expect(await names('cpf=5299822472')).toEqual([]);
    expect(await names('phone=21998765432')).toEqual(['Bruno Lima', 'Carla LIMA Souza']);
    expect(await names(`phone=${encodeURIComponent('+5521998765432')}`)).toEqual(['Diego']);
    expect(await names('phone=2199876543')).toEqual([]);
    expect(await names('name=Lima')).toEqual(['Bruno Lima']);
    expect(await names('name=LIMA')).toEqual(['Carla LIMA Souza']);
    expect(await names('name=Souza')).toEqual(['Ana Souza', 'Carla LIMA Souza']);
    expect(await names('name=souza')).toEqual([]);
    const cpf = encodeURIComponent('529.982.247-25');
    expect(await names(`name=Lima&phone=21998765432&cpf=${cpf}`)).toEqual(['Bruno Lima']);
    expect(await names('name=')).toHaveLength(4);
  });

  test("patientFilters 'normalised' (phone 4.7: without +, 10 or 11 digits are Brazilian): matches with or without +55", async () => {
    const s = setup();
    s.api.settings.patientFilters = 'normalised';
    s.api.seed.patient({ name: 'Mobile', phone: '11 98765-4321' });
    s.api.seed.patient({ name: 'Landline', phone: '+55 (11) 3456-7890' });
    s.api.seed.patient({ name: 'Abroad', phone: '+1 415 555 0100' });
    s.api.seed.patient({ name: 'Short', phone: '987654321' });
    const names = async (phone: string) => {
      const answer = await s.send('GET', `/patients?phone=${encodeURIComponent(phone)}`);
      expect(answer.status).toBe(200);
      return answer.body.results.map((p: { name: string }) => p.name);
    };
    // Ana Souza (setup) has 11987654321.
    expect(await names('+5511987654321')).toEqual(['Ana Souza', 'Mobile']);
    expect(await names('11987654321')).toEqual(['Ana Souza', 'Mobile']);
    expect(await names('(11) 98765-4321')).toEqual(['Ana Souza', 'Mobile']);
    expect(await names('1134567890')).toEqual(['Landline']);
    expect(await names('+551134567890')).toEqual(['Landline']);
    expect(await names('4155550100')).toEqual([]); // 10 digits without +: read as Brazilian
    expect(await names('+14155550100')).toEqual(['Abroad']);
    expect(await names('987654321')).toEqual(['Short']); // 9 digits: not read as Brazilian
    expect(await names('+55987654321')).toEqual([]);
    expect(phoneNumberKey('11987654321')).toBe('+5511987654321');
  });

  test.each([
    ['a tab', '529.982.247\t-25'],
    ['a line break', '529.982.247-25\n'],
    ['a doubled dot', '529..982.247-25'],
    ['a doubled hyphen', '529.982.247--25'],
    ['spaces', '529 982 247 25'],
    ['a slash', '529.982.247/25'],
  ])('CPF (4.7) with %s: 400 {cpf}, as the client refuses it', async (_why, cpf) => {
    const s = setup();
    const answer = await s.send('POST', '/patients', { json: { name: 'Ana', cpf } });
    const message =
      'is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)';
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body).toEqual({ cpf: [message] });
    expect(Cpf.safeParse(cpf).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  test.each(['529.982.247-25', '52998224725', '529982247-25', '529.982.24725'])(
    'CPF (4.7) %s: accepted, found by itself; its digits are what uniqueness compares',
    async (cpf) => {
      const s = setup();
      const answer = await s.send('POST', '/patients', { json: { name: 'Ana', cpf } });
      expect(answer.status).toBe(201);
      const found = await s.send('GET', `/patients?cpf=${encodeURIComponent(cpf)}`);
      expect(found.body.results.map((p: { id: number }) => p.id)).toEqual([answer.body.id]);
      const again = await s.send('POST', '/patients', {
        json: { name: 'Bia', cpf: '529.982.247-25' },
      });
      expect([again.status, again.body.code]).toEqual([409, 'patient_cpf_exists']);
    },
  );

  test.each([
    ['ana@example.com', true],
    ['ana.souza+clinica@example.com.br', true],
    ["o'neil@example.com", true],
    ['ana@localhost', true],
    ['ana@xn--clnica-pta.example', true],
    ['ana@clínica.example', false],
    ['ana@-example.com', false],
    ['ana@example-.com', false],
    ['ana souza@example.com', false],
    ['ana@example..com', false],
    ['@example.com', false],
    ['ana@', false],
    ['ana', false],
  ] as const)(
    'e-mail %s: %s by the WHATWG syntax, on the server and in the client',
    async (email, valid) => {
      const s = setup();
      const answer = await s.send('POST', '/patients', { json: { name: 'Ana', email } });
      expect(answer.status).toBe(valid ? 201 : 400);
      if (!valid) {
        expect(answer.body).toEqual({
          email: ['must be an e-mail address such as ana@example.com'],
        });
      }
      expect(Email.safeParse(email).success).toBe(valid);
    },
  );

  test('GET /patients/{id}: the patient object; unknown: 404', async () => {
    const s = setup();
    const read = await s.send('GET', `/patients/${s.patient.id}`);
    expect(read.body).toEqual({
      id: s.patient.id,
      name: 'Ana Souza',
      phone: '11987654321',
      active: true,
      created_at: '2026-03-02T09:00:00-03:00',
      updated_at: '2026-03-02T09:00:00-03:00',
    });
    const missing = await s.send('PATCH', '/patients/999', { json: { name: 'x' } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No patient with id 999 in this clinic.' });
  });
});

describe('spec 4.8: professionals, rooms and appointment types', () => {
  test('professionals: id, name and specialty only; the same ids as professional_id', async () => {
    const s = setup();
    const list = await s.send('GET', '/professionals');
    expect(list.body.results).toEqual([
      { id: s.professional.id, name: 'Dra. Helena Prado', specialty: 'Cardiologia' },
    ]);
    const one = await s.send('GET', `/professionals/${s.professional.id}`);
    expect(one.body).toEqual(list.body.results[0]);
  });

  test('rooms: only active rooms are listed and retrievable', async () => {
    const s = setup();
    const closed = s.api.seed.room({ name: 'Fechada', active: false });
    const list = await s.send('GET', '/rooms');
    expect(list.body).toEqual({
      results: [
        { id: s.room.id, name: 'Consultório 1' },
        { id: s.otherRoom.id, name: 'Consultório 2' },
      ],
      next: null,
      previous: null,
    });
    const one = await s.send('GET', `/rooms/${closed.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual({ detail: `No active room with id ${closed.id} in this clinic.` });
  });

  test('rooms: the list is empty when the clinic does not use rooms', async () => {
    const s = setup();
    const other = s.api.clinic(3).issueApiKey();
    const list = await s.send('GET', '/rooms', { key: other });
    expect(list.body).toEqual({ results: [], next: null, previous: null });
  });

  test('appointment types: id and name only', async () => {
    const s = setup();
    const list = await s.send('GET', '/appointment-types');
    expect(list.body.results).toEqual([{ id: s.type.id, name: 'Consulta' }]);
    const one = await s.send('GET', `/appointment-types/${s.type.id}`);
    expect(one.body).toEqual({ id: s.type.id, name: 'Consulta' });
  });

  test('these endpoints need only appointments:read', async () => {
    const s = setup();
    const key = s.api.issueApiKey({ scopes: ['appointments:read'] });
    for (const path of [
      '/professionals',
      `/professionals/${s.professional.id}`,
      '/rooms',
      `/rooms/${s.room.id}`,
      '/appointment-types',
      `/appointment-types/${s.type.id}`,
    ]) {
      expect((await s.send('GET', path, { key })).status, path).toBe(200);
    }
  });
});

test('the clock used by the fixtures is the one of the server', () => {
  const s = setup();
  expect(s.api.clock.now()).toBe(NOW.getTime());
});
