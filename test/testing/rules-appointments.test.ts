/**
 * Pins of the reference server's appointment rules (issue 11, item 0), through `api.fetch`:
 * the references of a create (every failure gathered in one 400), the default room, the
 * clinic's `requireRoom`, the half-open blocked slot `[start, end)`, which appointments may be
 * changed or cancelled, instants the spec cannot write, and form bodies read as numbers.
 */
import { describe, expect, it } from 'vitest';
import { createAppointment, createBody, setup } from './helpers.ts';

describe('the references of POST /appointments (spec 4.4)', () => {
  it('gathers every bad reference in one 400, one message per field', async () => {
    const s = setup();
    const inactivePatient = s.api.seed.patient({ name: 'Inativo', active: false });
    const inactiveRoom = s.api.seed.room({ name: 'Fechada', active: false });
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, {
        patient_id: inactivePatient.id,
        professional_id: 9999,
        appointment_type_id: 9999,
        room_id: inactiveRoom.id,
      }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual([
      'appointment_type_id',
      'patient_id',
      'professional_id',
      'room_id',
    ]);
    for (const messages of Object.values(answer.body)) expect(messages).toHaveLength(1);
  });

  it.each([
    ['an unknown patient', 'patient_id', () => ({ patient_id: 9999 })],
    [
      'an inactive professional',
      'professional_id',
      (s: ReturnType<typeof setup>) => ({
        professional_id: s.api.seed.professional({ name: 'Dr. Off', active: false }).id,
      }),
    ],
    [
      'a professional who sees no patients',
      'professional_id',
      (s: ReturnType<typeof setup>) => ({
        professional_id: s.api.seed.professional({ name: 'Gestor', sees_patients: false }).id,
      }),
    ],
    [
      'an inactive appointment type',
      'appointment_type_id',
      (s: ReturnType<typeof setup>) => ({
        appointment_type_id: s.api.seed.appointmentType({ name: 'Antigo', active: false }).id,
      }),
    ],
    ['an unknown room', 'room_id', () => ({ room_id: 9999 })],
  ])('refuses %s with 400 on that field only', async (_, field, extra) => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, (extra as (s: ReturnType<typeof setup>) => Record<string, unknown>)(s)),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual([field]);
  });
});

describe('the room of an appointment (spec 4.4)', () => {
  it("defaults to the professional's default room", async () => {
    const s = setup();
    const created = await createAppointment(s);
    expect(created.room).toMatchObject({ id: s.room.id });
  });

  it('keeps the room given', async () => {
    const s = setup();
    const created = await createAppointment(s, { room_id: s.otherRoom.id });
    expect(created.room).toMatchObject({ id: s.otherRoom.id });
  });

  it('has none when the default room is inactive or there is no default', async () => {
    const s = setup();
    const closed = s.api.seed.room({ name: 'Fechada', active: false });
    const withClosed = s.api.seed.professional({ name: 'Dr. A', default_room_id: closed.id });
    const withNone = s.api.seed.professional({ name: 'Dr. B', default_room_id: null });
    const a = await createAppointment(s, { professional_id: withClosed.id });
    const b = await createAppointment(s, { professional_id: withNone.id });
    expect(a.room).toBeNull();
    expect(b.room).toBeNull();
  });

  it('requireRoom: no room given nor defaulted is 409 room_required; a room given is 201', async () => {
    const s = setup();
    s.api.settings.requireRoom = true;
    const withNone = s.api.seed.professional({ name: 'Dr. B', default_room_id: null });
    const refused = await s.send('POST', '/appointments', {
      json: createBody(s, { professional_id: withNone.id }),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('room_required');
    const given = await s.send('POST', '/appointments', {
      json: createBody(s, { professional_id: withNone.id, room_id: s.room.id }),
    });
    expect(given.status).toBe(201);
    const defaulted = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '2026-03-05T16:00:00' }),
    });
    expect(defaulted.status).toBe(201);
  });

  it('requireRoom: a PATCH that takes the room away is 409 room_required', async () => {
    const s = setup();
    const withNone = s.api.seed.professional({ name: 'Dr. B', default_room_id: null });
    const created = await createAppointment(s, {
      professional_id: withNone.id,
      room_id: s.room.id,
    });
    s.api.settings.requireRoom = true;
    const answer = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { room_id: null },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('room_required');
  });
});

describe('blocked slots are [start, end) (spec 4.4 slot_blocked)', () => {
  function blocked() {
    const s = setup();
    s.api.seed.blockedSlot({
      professional_id: s.professional.id,
      start_at: '2026-03-05T10:00:00',
      end_at: '2026-03-05T11:00:00',
    });
    const at = (start_at: string) =>
      s.send('POST', '/appointments', { json: createBody(s, { start_at }) });
    return { s, at };
  }

  it('an appointment that ends when the block starts is 201', async () => {
    const { at } = blocked();
    expect((await at('2026-03-05T09:30:00')).status).toBe(201);
  });

  it('an appointment that starts when the block ends is 201', async () => {
    const { at } = blocked();
    expect((await at('2026-03-05T11:00:00')).status).toBe(201);
  });

  it.each(['2026-03-05T09:31:00', '2026-03-05T10:00:00', '2026-03-05T10:59:00'])(
    'an appointment starting at %s overlaps: 409 slot_blocked',
    async (start) => {
      const { at } = blocked();
      const answer = await at(start);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('slot_blocked');
    },
  );

  it("another professional's block does not matter", async () => {
    const { s } = blocked();
    const other = s.api.seed.professional({ name: 'Dr. C', default_room_id: null });
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { professional_id: other.id, start_at: '2026-03-05T10:00:00' }),
    });
    expect(answer.status).toBe(201);
  });

  it('a PATCH moving an appointment into the block is 409; one leaving it in place is 200', async () => {
    const { s } = blocked();
    const created = await createAppointment(s, { start_at: '2026-03-05T08:00:00' });
    const into = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { start_at: '2026-03-05T10:15:00' },
    });
    expect(into.status).toBe(409);
    expect(into.body.code).toBe('slot_blocked');
    const note = await s.send('PATCH', `/appointments/${created.id}`, { json: { note: 'x' } });
    expect(note.status).toBe(200);
  });
});

describe('which appointments may be changed or cancelled (spec 3 rule 2)', () => {
  function seeded(modality: 'in_person' | 'telehealth', status: string) {
    const s = setup();
    const appointment = s.api.seed.appointment({
      patient_id: s.patient.id,
      professional_id: s.professional.id,
      appointment_type_id: s.type.id,
      start_at: '2026-03-06T10:00:00',
      modality,
      status: status as 'scheduled',
    });
    return { s, id: appointment.id };
  }

  it.each([
    ['telehealth', 'scheduled'],
    ['in_person', 'requested'],
  ] as const)(
    'a %s appointment with status %s can be neither changed nor cancelled',
    async (modality, status) => {
      const { s, id } = seeded(modality, status);
      const change = await s.send('PATCH', `/appointments/${id}`, { json: { note: 'x' } });
      const cancel = await s.send('POST', `/appointments/${id}/cancel`);
      for (const answer of [change, cancel]) {
        expect(answer.status).toBe(409);
        expect(answer.body.code).toBe('appointment_not_changeable');
      }
    },
  );

  it('a cancelled appointment cannot be cancelled again', async () => {
    const { s, id } = seeded('in_person', 'cancelled');
    const answer = await s.send('POST', `/appointments/${id}/cancel`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('appointment_not_changeable');
  });

  it('a confirmed in-person appointment may be changed and cancelled', async () => {
    const { s, id } = seeded('in_person', 'confirmed');
    expect((await s.send('PATCH', `/appointments/${id}`, { json: { note: 'x' } })).status).toBe(
      200,
    );
    expect((await s.send('POST', `/appointments/${id}/cancel`)).status).toBe(200);
  });
});

describe('instants the spec cannot write', () => {
  it('an appointment that would end in year 10000 is 400 start_at', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '9999-12-31T23:45:00' }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['start_at']);
  });

  it('one that starts before year 0000 in São Paulo is 400 start_at', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '0000-01-01T00:00:00+23:59' }),
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['start_at']);
  });

  it('one that ends on the last minute of year 9999 is 201', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '9999-12-31T23:00:00' }),
    });
    expect(answer.status).toBe(201);
    expect(answer.body.end_at).toBe('9999-12-31T23:30:00-03:00');
  });
});

describe('form bodies', () => {
  it('reads the integer fields as numbers and an empty room_id as null (no room)', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      form: {
        patient_id: String(s.patient.id),
        professional_id: String(s.professional.id),
        appointment_type_id: String(s.type.id),
        room_id: '',
        start_at: '2026-03-05T14:30:00',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.patient).toMatchObject({ id: s.patient.id });
    expect(answer.body.room).toBeNull();
  });

  it('leaves a field that is not digits for the schema to refuse', async () => {
    const s = setup();
    const answer = await s.send('POST', '/appointments', {
      form: {
        patient_id: '',
        professional_id: '12a',
        appointment_type_id: String(s.type.id),
        start_at: '2026-03-05T14:30:00',
      },
    });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body).sort()).toEqual(['patient_id', 'professional_id']);
  });
});
