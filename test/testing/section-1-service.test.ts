/** Spec section 1: what the service does, and the facts that bound the interface. */
import { describe, expect, test } from 'vitest';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { createAppointment, requestOf, setup } from './helpers.ts';

describe('spec 1: facts that bound the interface', () => {
  test('fact 1: every operation of the table exists and answers its 2xx', async () => {
    const s = setup();
    const appt = await createAppointment(s);
    for (const row of OPERATION_ROWS) {
      const { method, path, json } = requestOf(s, row, appt.id);
      const answer = await s.send(method, path, json === undefined ? {} : { json });
      expect([row.name, answer.status]).toEqual([row.name, row.status]);
    }
  });

  test('fact 2: no PUT and no DELETE on any path: 404 {detail}', async () => {
    const s = setup();
    const appt = await createAppointment(s);
    const paths = [
      '/appointments',
      `/appointments/${appt.id}`,
      '/patients',
      `/patients/${s.patient.id}`,
      `/professionals/${s.professional.id}`,
      `/rooms/${s.room.id}`,
      `/appointment-types/${s.type.id}`,
    ];
    for (const path of paths) {
      for (const method of ['PUT', 'DELETE']) {
        const answer = await s.send(method, path, { json: { name: 'x' } });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({
          detail: expect.stringContaining(`${method} /api/public/v1`),
        });
        expect(answer.headers.get('content-type')).toBe('application/json');
      }
    }
    // Nothing was changed or removed.
    expect((await s.send('GET', `/appointments/${appt.id}`)).status).toBe(200);
    expect((await s.send('GET', `/patients/${s.patient.id}`)).body.name).toBe('Ana Souza');
  });

  test('fact 2: no write on professionals, rooms or appointment types: 404', async () => {
    const s = setup();
    const writes: [string, string][] = [
      ['POST', '/professionals'],
      ['PATCH', `/professionals/${s.professional.id}`],
      ['POST', '/rooms'],
      ['PATCH', `/rooms/${s.room.id}`],
      ['POST', '/appointment-types'],
      ['PATCH', `/appointment-types/${s.type.id}`],
      ['POST', `/patients/${s.patient.id}/cancel`],
    ];
    for (const [method, path] of writes) {
      const answer = await s.send(method, path, { json: { name: 'x' } });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(Object.keys(answer.body)).toEqual(['detail']);
    }
  });

  test('facts 3 and 7: no other route exists (payments, availability, webhooks, v2...): 404', async () => {
    const s = setup();
    const paths = [
      '/payments',
      '/medical-records',
      '/prescriptions',
      '/availability',
      '/webhooks',
      '/appointments/',
      '/rooms/',
      '',
      '/',
      'https://clinic.test/api/public/v2/rooms',
      'https://clinic.test/rooms',
    ];
    for (const path of paths) {
      const answer = await s.send('GET', path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toEqual({ detail: expect.any(String) });
    }
  });

  test('fact 4: the API creates only in-person appointments with status scheduled', async () => {
    const s = setup();
    const created = await createAppointment(s);
    expect(created).toMatchObject({ modality: 'in_person', status: 'scheduled', origin: 'api' });
    const telehealth = await s.send('POST', '/appointments', {
      json: {
        patient_id: s.patient.id,
        professional_id: s.professional.id,
        appointment_type_id: s.type.id,
        start_at: '2026-03-05T15:30:00',
        modality: 'telehealth',
        status: 'requested',
      },
    });
    expect(telehealth.status).toBe(400);
    expect(telehealth.body).toEqual({
      modality: [expect.any(String)],
      status: [expect.any(String)],
    });
  });

  test('fact 6: CPF, e-mail, birth date and gender are accepted on write and never returned', async () => {
    const s = setup();
    const written = {
      name: 'Bruno Lima',
      phone: '21998765432',
      cpf: '529.982.247-25',
      email: 'bruno@example.com',
      birth_date: '1975-09-30',
      gender: 'M',
    };
    const created = await s.send('POST', '/patients', { json: written });
    expect(created.status).toBe(201);
    const sixFields = ['active', 'created_at', 'id', 'name', 'phone', 'updated_at'];
    expect(Object.keys(created.body).sort()).toEqual(sixFields);
    const id = created.body.id;
    const changed = await s.send('PATCH', `/patients/${id}`, { json: { email: 'b@example.com' } });
    expect(Object.keys(changed.body).sort()).toEqual(sixFields);
    const read = await s.send('GET', `/patients/${id}`);
    expect(Object.keys(read.body).sort()).toEqual(sixFields);
    const list = await s.send('GET', '/patients');
    for (const item of list.body.results) expect(Object.keys(item).sort()).toEqual(sixFields);
    expect(JSON.stringify([created.body, changed.body, read.body, list.body])).not.toMatch(
      /52998224725|529\.982|example\.com|1975-09-30|"M"/,
    );
  });
});
