/** Spec sections 7 (error formats) and 8 (limits). */
import { describe, expect, test } from 'vitest';
import { call, createAppointment, createBody, setup } from './helpers.ts';

describe('spec 7: error body shapes', () => {
  test('400: an object whose keys are field names and whose values are arrays of strings', async () => {
    const s = setup();
    const answers = [
      await s.send('POST', '/appointments', { json: { note: 5 } }),
      await s.send('POST', '/patients', { json: { name: 1, cpf: '123' } }),
      await s.send('GET', '/rooms?page_size=0'),
      await s.send('POST', '/appointments', { raw: '{' }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(Object.keys(answer.body).length).toBeGreaterThan(0);
      for (const messages of Object.values(answer.body)) {
        expect(messages).toEqual(expect.arrayContaining([expect.any(String)]));
        expect((messages as unknown[]).every((m) => typeof m === 'string')).toBe(true);
      }
    }
  });

  test('401, 403, 404: an object with detail only', async () => {
    const s = setup();
    const answers = [
      [401, await call(s.api, 'GET', '/rooms')],
      [403, await s.send('GET', '/rooms', { key: s.api.issueApiKey({ scopes: [] }) })],
      [404, await s.send('GET', '/rooms/999')],
    ] as const;
    for (const [status, answer] of answers) {
      expect(answer.status).toBe(status);
      expect(Object.keys(answer.body)).toEqual(['detail']);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
  });

  test('409 and 422: an object with code and detail; the known codes', async () => {
    const s = setup();
    s.api.seed.blockedSlot({
      professional_id: s.professional.id,
      start_at: '2026-03-05T00:00:00',
      end_at: '2026-03-06T00:00:00',
    });
    const slot = await s.send('POST', '/appointments', { json: createBody(s) });
    s.api.settings.requireRoom = true;
    const bare = s.api.seed.professional({ name: 'Sem sala' });
    const room = await s.send('POST', '/appointments', {
      json: createBody(s, { professional_id: bare.id }),
    });
    s.api.settings.requireRoom = false;
    await s.send('POST', '/patients', { json: { name: 'A', cpf: '52998224725' } });
    const cpf = await s.send('POST', '/patients', { json: { name: 'B', cpf: '52998224725' } });
    const headers = { 'idempotency-key': 'k' };
    await s.send('POST', '/appointments', { json: createBody(s, { note: 'C' }), headers });
    const reused = await s.send('POST', '/appointments', {
      json: createBody(s, { note: 'D' }),
      headers,
    });
    const answers = [
      [409, 'slot_blocked', slot],
      [409, 'room_required', room],
      [409, 'patient_cpf_exists', cpf],
      [422, 'idempotency_key_reused', reused],
    ] as const;
    for (const [status, code, answer] of answers) {
      expect(answer.status, code).toBe(status);
      expect(Object.keys(answer.body), code).toEqual(['code', 'detail']);
      expect(answer.body).toEqual({ code, detail: expect.any(String) });
    }
  });
});

describe('spec 8: limits', () => {
  test('Idempotency-Key: at most 255 characters; longer or empty is 400 {Idempotency-Key}', async () => {
    const s = setup();
    const ok = await s.send('POST', '/appointments', {
      json: createBody(s),
      headers: { 'idempotency-key': 'k'.repeat(255) },
    });
    expect(ok.status).toBe(201);
    const long = await s.send('POST', '/appointments', {
      json: createBody(s),
      headers: { 'idempotency-key': 'k'.repeat(256) },
    });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ 'Idempotency-Key': [expect.stringContaining('255')] });
    const empty = await s.send('POST', '/appointments', {
      json: createBody(s),
      headers: { 'idempotency-key': '' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ 'Idempotency-Key': [expect.any(String)] });
    expect(s.api.events).toHaveLength(1);
  });

  test('Idempotency replay window: 24 hours', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'window' };
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    await s.api.clock.advance(23 * 3_600_000);
    const inside = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(inside.headers.get('idempotent-replayed')).toBe('true');
    await s.api.clock.advance(3_600_000);
    const outside = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(outside.headers.get('idempotent-replayed')).toBeNull();
    expect(s.api.events).toHaveLength(2);
  });

  test('note: at most 2000 characters', async () => {
    const s = setup();
    await createAppointment(s, { note: 'n'.repeat(2000) });
    const over = await s.send('POST', '/appointments', {
      json: createBody(s, { note: 'n'.repeat(2001) }),
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ note: [expect.stringContaining('2000')] });
  });

  test('patient name 255, phone 40, cpf 20 and email 100 characters at most (a CPF is at most 14 as written)', async () => {
    const s = setup();
    const email = `${'a'.repeat(40)}@${'b'.repeat(40)}.${'c'.repeat(14)}.com`;
    expect(email).toHaveLength(100);
    const atLimit = await s.send('POST', '/patients', {
      json: {
        name: 'n'.repeat(255),
        phone: `+55${' '.repeat(26)}11987654321`,
        cpf: '529.982.247-25',
        email,
      },
    });
    expect(atLimit.status).toBe(201);
    const over = await s.send('POST', '/patients', {
      json: {
        name: 'n'.repeat(256),
        phone: '1'.repeat(41),
        cpf: '529.982.247-25       ',
        email: `a${email}`,
      },
    });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      name: [expect.stringContaining('255')],
      phone: [expect.stringContaining('40')],
      cpf: [expect.stringContaining('20'), expect.any(String)],
      email: [expect.stringContaining('100')],
    });
  });

  test('list page size: default 50, maximum 100', async () => {
    const s = setup();
    for (let i = 0; i < 120; i++) s.api.seed.patient({ name: `Paciente ${i}` });
    expect((await s.send('GET', '/patients')).body.results).toHaveLength(50);
    expect((await s.send('GET', '/patients?page_size=100')).body.results).toHaveLength(100);
    expect((await s.send('GET', '/patients?page_size=101')).status).toBe(400);
  });

  test('start_at seconds must be 00', async () => {
    const s = setup();
    for (const start of ['2026-03-05T14:30:01', '2026-03-05T14:30:00.500-03:00']) {
      const answer = await s.send('POST', '/appointments', {
        json: createBody(s, { start_at: start }),
      });
      expect(answer.status, start).toBe(400);
      expect(answer.body).toEqual({ start_at: [expect.any(String)] });
    }
    expect(
      (await createAppointment(s, { start_at: '2026-03-05T14:30:00.000-03:00' })).start_at,
    ).toBe('2026-03-05T14:30:00-03:00');
  });
});
