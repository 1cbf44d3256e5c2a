/**
 * Spec 4.7 in the reference server: the patient list, record, creation and change (the readings
 * of its loose words: section-4-7-patient-fields.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { Cpf, Email, phoneNumberKey } from '../../src/schemas/fields/index.ts';
import { generateCpf } from '../../src/testing/index.ts';
import { setup } from './helpers.ts';

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
    expect(missing.body).toEqual({ name: [expect.any(String)] });
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
    expect(patch.body).toEqual({ gender: [expect.any(String)] });
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
    // The client's own refusal, word for word (messages.test.ts pins the words).
    const messages = Cpf.safeParse(cpf).error?.issues.map((i) => i.message);
    expect(messages).toEqual([expect.any(String)]);
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.body).toEqual({ cpf: messages });
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
          email: [expect.any(String)],
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
    expect(missing.body).toEqual({ detail: expect.stringContaining('999') });
  });
});
