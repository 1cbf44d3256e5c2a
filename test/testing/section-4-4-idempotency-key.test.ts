/**
 * Spec 4.4 Idempotency-Key in the reference server: first the rules the spec states (the same
 * request with the same key replayed for 24 h, another body or endpoint a 422, keys per clinic),
 * then how it reads what the spec leaves open (issue 39 items 1 and 3): a key sent on any write
 * binds to that endpoint and body for 24 h (setting `idempotencyBinding`), replay stays on POST
 * /appointments (`idempotencyReplay`), a key on a read is ignored (`idempotencyKeyOnReads`), and
 * the 422's code and the replay's body are settings (`idempotencyErrorCode`, `replayBody`). The
 * client works with every reading.
 */
import { describe, expect, test } from 'vitest';
import { IdempotencyKeyReuseError } from '../../src/index.ts';
import { clientOf, createAppointment, createBody, setup } from './helpers.ts';

const HOUR = 3_600_000;

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
    expect(bad.body).toEqual({ patient_id: [expect.stringContaining('999')] });
    const again = await s.send('POST', '/appointments', { json: badBody, headers });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([400, null]);
    const fixed = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(fixed.status).toBe(422);
    expect(fixed.headers.get('content-type')).toBe('application/json');
    expect(fixed.body).toEqual({
      code: 'idempotency_key_reused',
      detail: expect.any(String),
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
const key = (k: string) => ({ 'idempotency-key': k });

describe('idempotencyBinding (default every-write): a key binds on every write', () => {
  test('a key first sent on POST /patients is 422 on POST /appointments and with another body', async () => {
    const s = setup();
    const first = await s.send('POST', '/patients', { json: { name: 'Bia' }, headers: key('k') });
    expect(first.status).toBe(201);
    const booked = await s.send('POST', '/appointments', {
      json: createBody(s),
      headers: key('k'),
    });
    expect([booked.status, booked.body.code]).toEqual([422, 'idempotency_key_reused']);
    const other = await s.send('POST', '/patients', { json: { name: 'Caio' }, headers: key('k') });
    expect(other.status).toBe(422);
    // The same body runs again: replay is POST /appointments' only (idempotencyReplay).
    const again = await s.send('POST', '/patients', { json: { name: 'Bia' }, headers: key('k') });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(again.body.id).not.toBe(first.body.id);
    expect(s.api.events).toEqual([]);
  });

  test('the binding lasts 24 h from the first use, refusals included, on PATCH and cancel too', async () => {
    const s = setup();
    const a = await createAppointment(s);
    const refused = await s.send('PATCH', `/appointments/${a.id}`, {
      json: { professional_id: 999 },
      headers: key('p'),
    });
    expect(refused.status).toBe(400);
    const other = await s.send('PATCH', `/appointments/${a.id}`, {
      json: { note: 'x' },
      headers: key('p'),
    });
    expect(other.status).toBe(422);
    const cancel = await s.send('POST', `/appointments/${a.id}/cancel`, { headers: key('p') });
    expect(cancel.status).toBe(422);
    await s.api.clock.advance(24 * HOUR);
    const later = await s.send('POST', `/appointments/${a.id}/cancel`, { headers: key('p') });
    expect([later.status, later.body.status]).toEqual([200, 'cancelled']);
  });

  test("'create-appointment': a key first sent to another write binds nothing", async () => {
    const s = setup();
    s.api.settings.idempotencyBinding = 'create-appointment';
    const headers = key('loose');
    await s.send('POST', '/patients', { json: { name: 'Bia' }, headers });
    const other = await s.send('POST', '/patients', { json: { name: 'Caio' }, headers });
    expect(other.status).toBe(201);
    const booked = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(booked.status).toBe(201);
    // Bound to POST /appointments now: 422 anywhere else.
    const patient = await s.send('POST', '/patients', { json: { name: 'Dora' }, headers });
    expect(patient.status).toBe(422);
  });

  test("'every-write' replay binds and replays whatever the binding setting says", async () => {
    const s = setup();
    s.api.applySettings({
      clinic: { idempotencyReplay: 'every-write', idempotencyBinding: 'create-appointment' },
    });
    const first = await s.send('POST', '/patients', { json: { name: 'Bia' }, headers: key('r') });
    const again = await s.send('POST', '/patients', { json: { name: 'Bia' }, headers: key('r') });
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(again.body).toEqual(first.body);
  });
});

describe('idempotencyKeyOnReads (default ignore)', () => {
  test('a key on a GET is ignored, not checked and not bound; bind checks and binds it', async () => {
    const s = setup();
    const long = 'k'.repeat(256);
    expect((await s.send('GET', '/patients', { headers: key(long) })).status).toBe(200);
    expect((await s.send('GET', '/patients', { headers: key('read') })).status).toBe(200);
    const write = await s.send('POST', '/patients', { json: { name: 'B' }, headers: key('read') });
    expect(write.status).toBe(201);

    s.api.settings.idempotencyKeyOnReads = 'bind';
    const bad = await s.send('GET', '/patients', { headers: key(long) });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['Idempotency-Key']]);
    // Bound to POST /patients by the write above: 422 on a read.
    expect((await s.send('GET', '/patients', { headers: key('read') })).status).toBe(422);
    expect((await s.send('GET', '/rooms', { headers: key('r2') })).status).toBe(200);
    expect((await s.send('GET', '/rooms', { headers: key('r2') })).status).toBe(200);
    const onWrite = await s.send('POST', '/patients', { json: { name: 'C' }, headers: key('r2') });
    expect(onWrite.status).toBe(422);
  });
});

describe('idempotencyErrorCode and replayBody', () => {
  test('the 422 carries the code the setting names; the client reads it as IdempotencyKeyReuseError', async () => {
    const s = setup();
    s.api.settings.idempotencyErrorCode = 'idempotency_conflict';
    const clinic = clientOf(s);
    const body = createBody(s);
    await clinic.appointments.create(body as never, { idempotencyKey: 'same' });
    const reused = clinic.appointments.create({ ...body, note: 'other' } as never, {
      idempotencyKey: 'same',
    });
    await expect(reused).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
    await expect(reused).rejects.toMatchObject({ status: 422, code: 'idempotency_conflict' });
    expect(() => {
      s.api.settings.idempotencyErrorCode = 'has space';
    }).toThrow(TypeError);
  });

  test("'creation' replays the first answer; 'current' the record as it is now", async () => {
    const s = setup();
    const clinic = clientOf(s);
    const body = createBody(s) as never;
    const created = await clinic.appointments.create(body, { idempotencyKey: 'b' });
    await clinic.appointments.update(created.id!, { status: 'confirmed' });
    const asCreated = await clinic.appointments
      .create(body, { idempotencyKey: 'b' })
      .withResponse();
    expect([asCreated.replayed, asCreated.data.status]).toEqual([true, 'scheduled']);
    s.api.settings.replayBody = 'current';
    const asNow = await clinic.appointments.create(body, { idempotencyKey: 'b' }).withResponse();
    expect([asNow.replayed, asNow.data.status, asNow.data.id]).toEqual([
      true,
      'confirmed',
      created.id,
    ]);
    expect(s.api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(1);
  });
});
