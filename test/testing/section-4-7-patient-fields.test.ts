/**
 * Spec 4.7's patient fields as the reference server reads their loose words (issue 39 items 1–3):
 * `phone` a "mobile number with area code" (setting `phoneRule`; the client checks its length
 * only), the CPF's check digits and nothing more (`cpfRepeatedDigits`), "only the fields sent
 * are changed" (`emptyPatch`), the required fields (`requiredPatientFields`) and the create's
 * status (`patientCreateStatus`). The client works with every reading.
 */
import { describe, expect, test } from 'vitest';
import { BadRequestError, ValidationError } from '../../src/index.ts';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { callRow } from '../helpers/rows.ts';
import { clientOf, createAppointment, pathIdOf, requestOf, setup } from './helpers.ts';

describe('phoneRule (default number)', () => {
  test.each([
    '11987654321',
    '1134567890',
    '(11) 98765-4321',
    '+55 11 98765-4321',
    '+1 415.555.0100',
    '+4930123456',
  ])('%s is a number', async (phone) => {
    const s = setup();
    expect((await s.send('POST', '/patients', { json: { name: 'Ana', phone } })).status).toBe(201);
  });

  test.each([
    'abc',
    '123',
    'ligar depois',
    '987654321',
    '119876543210',
    '+1234567',
    '55+11987654321',
  ])('%s is 400 {phone}, on create and on PATCH', async (phone) => {
    const s = setup();
    const created = await s.send('POST', '/patients', { json: { name: 'Ana', phone } });
    expect([created.status, Object.keys(created.body)]).toEqual([400, ['phone']]);
    const patched = await s.send('PATCH', `/patients/${s.patient.id}`, { json: { phone } });
    expect(patched.status).toBe(400);
  });

  test("'length' takes any text of at most 40 characters; the client sends it and reads the 400", async () => {
    const s = setup();
    const clinic = clientOf(s);
    const refused = clinic.patients.create({ name: 'Ana', phone: 'ligar depois' });
    await expect(refused).rejects.toBeInstanceOf(BadRequestError);
    await expect(refused).rejects.toMatchObject({ fields: { phone: [expect.any(String)] } });
    s.api.settings.phoneRule = 'length';
    const taken = await clinic.patients.create({ name: 'Ana', phone: 'ligar depois' });
    expect(taken.phone).toBe('ligar depois');
    await expect(
      clinic.patients.create({ name: 'Ana', phone: '1'.repeat(41) }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('cpfRepeatedDigits (default accept)', () => {
  test('111.111.111-11 has valid check digits: the server and the client take it; refuse is 400', async () => {
    const s = setup();
    const clinic = clientOf(s);
    const ana = await clinic.patients.create({ name: 'Ana', cpf: '111.111.111-11' });
    expect((await s.send('GET', '/patients?cpf=111.111.111-11')).body.results).toEqual([ana]);
    s.api.settings.cpfRepeatedDigits = 'refuse';
    const refused = await s.send('POST', '/patients', { json: { name: 'B', cpf: '22222222222' } });
    expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['cpf']]);
    const patched = await s.send('PATCH', `/patients/${ana.id}`, {
      json: { cpf: '000.000.000-00' },
    });
    expect(patched.status).toBe(400);
    // The client checks the check digits only: the server's refusal reaches the caller.
    await expect(
      clinic.patients.create({ name: 'C', cpf: '333.333.333-33' }),
    ).rejects.toBeInstanceOf(BadRequestError);
  });
});

describe('emptyPatch (default accept): "only the fields sent are changed"', () => {
  // Every PATCH of the table, read off it.
  const PATCHES = OPERATION_ROWS.filter((row) => row.method === 'PATCH').map(
    (row) => [`${row.method} ${row.path}`, row] as const,
  );

  test.each(PATCHES)(
    '%s {} answers 200 with the record, changes nothing and emits nothing; refuse is 400',
    async (_label, row) => {
      const s = setup();
      const clinic = clientOf(s);
      const appointment = await createAppointment(s);
      await s.api.clock.advance(60_000);
      const { path } = requestOf(s, row, appointment.id);
      const before = (await s.send('GET', path)).body;
      const events = s.api.events.length;
      const id = pathIdOf(row, s, appointment.id);
      expect(await callRow(clinic, row, { id, body: {} })).toEqual(before);
      expect(s.api.events).toHaveLength(events);

      s.api.settings.emptyPatch = 'refuse';
      const refused = await s.send('PATCH', path, { json: {} });
      expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['non_field_errors']]);
      await expect(callRow(clinic, row, { id, body: {} })).rejects.toBeInstanceOf(BadRequestError);
    },
  );
});

describe('requiredPatientFields (default name) and patientCreateStatus (default 201)', () => {
  test('each required field left out is 400 "is required"; a create without a name is named ""', async () => {
    const s = setup();
    const none = await s.send('POST', '/patients', { json: {} });
    expect([none.status, none.body]).toEqual([400, { name: [expect.any(String)] }]);
    s.api.settings.requiredPatientFields = ['name', 'phone', 'birth_date'];
    const some = await s.send('POST', '/patients', { json: { name: 'Ana' } });
    expect(some.body).toEqual({ phone: [expect.any(String)], birth_date: [expect.any(String)] });
    s.api.settings.requiredPatientFields = [];
    const nameless = await s.send('POST', '/patients', { json: { gender: 'F' } });
    expect([nameless.status, nameless.body.name]).toEqual([201, '']);
    expect(() => {
      s.api.settings.requiredPatientFields = ['active' as never];
    }).toThrow(TypeError);
  });

  test('200 on create: the client takes it as it takes 201', async () => {
    const s = setup();
    s.api.settings.patientCreateStatus = 200;
    const answer = await s.send('POST', '/patients', { json: { name: 'Ana' } });
    expect(answer.status).toBe(200);
    const created = await clientOf(s).patients.create({ name: 'Bia' }).withResponse();
    expect([created.response.status, created.data.name]).toEqual([200, 'Bia']);
  });
});
