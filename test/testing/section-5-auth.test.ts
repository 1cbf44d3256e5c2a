/** Spec section 5: authentication, scopes and the clinic a key sees. */
import { describe, expect, test } from 'vitest';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { SCOPES } from '../../src/testing/index.ts';
import { call, createAppointment, createBody, requestOf, setup } from './helpers.ts';

describe('spec 5: authentication', () => {
  test('rule 1: without the Authorization header: 401 {detail} with WWW-Authenticate', async () => {
    const s = setup();
    const answer = await call(s.api, 'GET', '/rooms');
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ detail: expect.stringContaining('Authorization: Bearer') });
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
    expect(answer.headers.get('content-type')).toBe('application/json');
  });

  test('rule 1: every endpoint needs the header, unknown paths included', async () => {
    const s = setup();
    for (const [method, path] of [
      ['GET', '/appointments'],
      ['POST', '/appointments'],
      ['POST', '/patients'],
      ['PATCH', '/patients/1'],
      ['GET', '/professionals/1'],
      ['DELETE', '/appointments'],
      ['GET', '/nothing-here'],
    ]) {
      const answer = await call(s.api, method!, path!, method === 'GET' ? {} : { json: {} });
      expect(answer.status, `${method} ${path}`).toBe(401);
    }
    expect(s.api.events).toEqual([]);
  });

  test('rules 1–2: an unknown, malformed, revoked key or a wrong secret: 401 {detail}', async () => {
    const s = setup();
    const revoked = s.api.issueApiKey();
    expect(s.api.revokeApiKey(revoked)).toBe(true);
    expect(s.api.revokeApiKey(revoked)).toBe(false);
    const [head] = s.key.split('.');
    const headers = [
      `Bearer ${head}.wrongsecret`,
      `Bearer ${s.key.replace(/^csk/, 'xyz')}`,
      `Bearer ${revoked}`,
      'Bearer csk_live_unknown.secret',
      'Bearer not-a-key',
      `Basic ${s.key}`,
      s.key,
      'Bearer',
    ];
    for (const authorization of headers) {
      const answer = await call(s.api, 'GET', '/rooms', { headers: { authorization } });
      expect(answer.status, authorization).toBe(401);
      expect(answer.body).toEqual({ detail: expect.stringContaining('Invalid API key') });
      expect(JSON.stringify(answer.body)).not.toContain(s.key.split('.')[1]);
    }
    const ok = await call(s.api, 'GET', '/rooms', {
      headers: { authorization: `bearer ${s.key}` },
    });
    expect(ok.status).toBe(200);
  });

  test('rule 2: issued keys have the format <key_prefix>_live_<key_id>.<secret>', () => {
    const s = setup();
    expect(s.key).toMatch(/^csk_live_[A-Za-z0-9]{16}\.[A-Za-z0-9]{32}$/);
    expect(s.api.issueApiKey({ prefix: 'acme' })).toMatch(/^acme_live_[A-Za-z0-9]+\.[A-Za-z0-9]+$/);
    expect(s.api.issueApiKey()).not.toBe(s.api.issueApiKey());
  });
});

describe('spec 5: scopes', () => {
  test('rule 4 and the assumption for the rest: a key without the scope gets 403 {detail} naming it', async () => {
    const s = setup();
    const appt = await createAppointment(s);
    for (const row of OPERATION_ROWS) {
      const { method, path, json } = requestOf(s, row, appt.id);
      const key = s.api.issueApiKey({ scopes: SCOPES.filter((x) => x !== row.scope) });
      const answer = await s.send(method, path, { key, ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body).toEqual({
        detail: expect.stringContaining(`lacks the scope ${row.scope}`),
      });
      const allowed = s.api.issueApiKey({ scopes: [row.scope] });
      const ok = await s.send(method, path, { key: allowed, ...(json ? { json } : {}) });
      expect(ok.status, `${method} ${path} with ${row.scope}`).toBeLessThan(300);
    }
  });

  test('rule 3: the Read only preset reads everything and writes nothing', async () => {
    const s = setup();
    const key = s.api.issueApiKey({ preset: 'read_only' });
    expect((await s.send('GET', '/appointments', { key })).status).toBe(200);
    expect((await s.send('GET', '/patients', { key })).status).toBe(200);
    const write = await s.send('POST', '/appointments', { key, json: createBody(s) });
    expect(write.status).toBe(403);
    expect((await s.send('POST', '/patients', { key, json: { name: 'x' } })).status).toBe(403);
    expect(s.api.events).toEqual([]);
  });

  test('rule 3: the Full access preset (and the default) holds all four', async () => {
    const s = setup();
    for (const key of [s.api.issueApiKey({ preset: 'full_access' }), s.api.issueApiKey()]) {
      expect((await s.send('POST', '/patients', { key, json: { name: 'x' } })).status).toBe(201);
      expect((await s.send('POST', '/appointments', { key, json: createBody(s) })).status).toBe(
        201,
      );
    }
  });

  test('rule 3: keys created earlier do not hold the patient scopes', async () => {
    const s = setup();
    const legacy = s.api.issueApiKey({ scopes: ['appointments:read', 'appointments:write'] });
    expect(
      (await s.send('POST', '/appointments', { key: legacy, json: createBody(s) })).status,
    ).toBe(201);
    const patients = await s.send('GET', '/patients', { key: legacy });
    expect(patients.status).toBe(403);
    expect(patients.body.detail).toContain('patients:read');
  });

  test('a key with no scope at all is refused everywhere with 403', async () => {
    const s = setup();
    const key = s.api.issueApiKey({ scopes: [] });
    expect((await s.send('GET', '/rooms', { key })).status).toBe(403);
  });
});

describe('spec 5 rule 8: data visible to a key is that of its clinic', () => {
  test("another clinic's records are 404 and absent from lists", async () => {
    const s = setup();
    const appt = await createAppointment(s);
    const other = s.api.clinic(2);
    const key = other.issueApiKey();
    for (const [method, path, json] of [
      ['GET', `/appointments/${appt.id}`],
      ['PATCH', `/appointments/${appt.id}`, { status: 'confirmed' }],
      ['POST', `/appointments/${appt.id}/cancel`],
      ['GET', `/patients/${s.patient.id}`],
      ['PATCH', `/patients/${s.patient.id}`, { name: 'x' }],
      ['GET', `/professionals/${s.professional.id}`],
      ['GET', `/rooms/${s.room.id}`],
      ['GET', `/appointment-types/${s.type.id}`],
    ] as [string, string, unknown?][]) {
      const answer = await s.send(method, path, { key, ...(json ? { json } : {}) });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body).toEqual({ detail: expect.any(String) });
    }
    for (const list of [
      'appointments',
      'patients',
      'professionals',
      'rooms',
      'appointment-types',
    ]) {
      const answer = await s.send('GET', `/${list}`, { key });
      expect(answer.body.results, list).toEqual([]);
    }
    expect((await s.send('GET', `/appointments/${appt.id}`)).body.status).toBe('scheduled');
  });

  test("another clinic's ids cannot be used in a create: 400 for each field", async () => {
    const s = setup();
    const key = s.api.clinic(2).issueApiKey();
    const answer = await s.send('POST', '/appointments', { key, json: createBody(s) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      patient_id: [expect.any(String)],
      professional_id: [expect.any(String)],
      appointment_type_id: [expect.any(String)],
    });
  });

  test('ids are unique across clinics', () => {
    const s = setup();
    const p = s.api.clinic(2).seed.patient({ name: 'Outra' });
    expect(p.id).not.toBe(s.patient.id);
    expect(p.company_id).toBe(2);
  });
});
