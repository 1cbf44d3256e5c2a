/**
 * Spec 4.2–4.6 in the reference server: the appointment list and record, its creation (every
 * rule of 4.4 but the key, which section-4-4-idempotency-key.test.ts tests), its change and its
 * cancellation (what the spec leaves open: section-4-2-4-6-appointment-settings.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { StartAt } from '../../src/schemas/fields/index.ts';
import { createAppointment, createBody, SAO_PAULO_INSTANT, setup } from './helpers.ts';

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
    expect(files.body).toEqual({ file: [expect.any(String)] });
    form.delete('file');
    const answer = await s.send('POST', '/appointments', { multipart: form });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      start_at: [expect.any(String)],
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
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      start_at: [expect.any(String)],
      room_id: [expect.any(String)],
      note: [expect.stringContaining('2000')],
      price: [expect.any(String)],
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
    expect(unknown.body).toEqual({ patient_id: [expect.stringContaining('999')] });
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
      patient_id: [expect.stringContaining('999')],
      appointment_type_id: [expect.any(String)],
      room_id: [expect.any(String)],
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
      detail: expect.stringContaining('room_id'),
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

describe('spec 4.5: PATCH /appointments/{id}', () => {
  test('accepts only start_at, professional_id, room_id, note and status: 400 otherwise', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const answer = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { patient_id: 2, appointment_type_id: 1, modality: 'telehealth', end_at: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
      modality: [expect.any(String)],
      end_at: [expect.any(String)],
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
      professional_id: [expect.any(String)],
      room_id: [expect.stringContaining('999')],
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
