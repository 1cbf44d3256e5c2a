/**
 * Spec 4.4 Idempotency-Key, as the reference server reads what the spec leaves open (issue 39
 * items 1 and 3): a key sent on any write binds to that endpoint and body for 24 h (setting
 * `idempotencyBinding`), replay stays on POST /appointments (`idempotencyReplay`), a key on a read
 * is ignored (`idempotencyKeyOnReads`), and the 422's code and the replay's body are settings
 * (`idempotencyErrorCode`, `replayBody`). The client works with every reading.
 */
import { describe, expect, test } from 'vitest';
import { IdempotencyKeyReuseError } from '../../src/index.ts';
import { clientOf, createAppointment, createBody, setup } from './helpers.ts';

const HOUR = 3_600_000;
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
