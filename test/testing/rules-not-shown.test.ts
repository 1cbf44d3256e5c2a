/**
 * Where the spec is silent the reference server refuses what it does not grant, and each
 * refusal has a setting for the permissive reading: JSON media types, cancel bodies, other
 * origins, overlapping bookings of one professional, repeated query parameters and headers.
 * Lengths are the spec's, on the value as sent (spec 4.7, 8), on the server and the client.
 */
import { once } from 'node:events';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { APIConnectionError, ClinicClient, ValidationError } from '../../src/index.ts';
import { PatientCreateParams } from '../../src/schemas/patients.ts';
import { referenceServerListener as toNodeListener } from '../../src/testing/adapters/node.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { BASE_URL, createAppointment, createBody, NOW, setup } from './helpers.ts';

describe('spec 4.7, 8: lengths are checked on the value as sent', () => {
  test('a 256-character name with a leading space is 400, not stored as 255', async () => {
    const s = setup();
    const long = ` ${'a'.repeat(255)}`;
    const answer = await s.send('POST', '/patients', { json: { name: long } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body)).toEqual(['name']);
    const patched = await s.send('PATCH', `/patients/${s.patient.id}`, { json: { name: long } });
    expect(patched.status).toBe(400);
  });

  test('a 41-character phone with a trailing space is 400; 255 and 40 as sent pass', async () => {
    const s = setup();
    const phone = await s.send('POST', '/patients', {
      json: { name: 'Ana', phone: `${'1'.repeat(40)} ` },
    });
    expect([phone.status, Object.keys(phone.body)]).toEqual([400, ['phone']]);
    const fits = await s.send('POST', '/patients', {
      // A number (setting phoneRule): inner spaces count toward the 40 characters.
      json: { name: ` ${'a'.repeat(254)}`, phone: ` +55${' '.repeat(25)}11987654321` },
    });
    expect(fits.status).toBe(201);
    expect(fits.body.name).toBe('a'.repeat(254));
  });

  test('the client refuses the same name before sending anything', async () => {
    expect(PatientCreateParams.safeParse({ name: ` ${'a'.repeat(255)}` }).success).toBe(false);
    const api = createReferenceServer({ baseUrl: BASE_URL, now: NOW });
    const clinic = new ClinicClient({
      apiKey: api.issueApiKey(),
      baseUrl: api.baseUrl,
      fetch: api.fetch,
    });
    await expect(clinic.patients.create({ name: ` ${'a'.repeat(255)}` })).rejects.toBeInstanceOf(
      ValidationError,
    );
    expect(api.requests).toEqual([]);
  });
});

describe('JSON media types (settings.jsonContentTypes)', () => {
  test.each(['application/vnd.api+json', 'application/merge-patch+json'])(
    '%s is 400 {non_field_errors} by default, accepted with json-suffix',
    async (type) => {
      const s = setup();
      const raw = JSON.stringify(createBody(s));
      const refused = await s.send('POST', '/appointments', { raw, contentType: type });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body)).toEqual(['non_field_errors']);
      const patient = await s.send('POST', '/patients', {
        raw: '{"name":"Bia"}',
        contentType: type,
      });
      expect(patient.status).toBe(400);
      expect(s.api.events).toEqual([]);

      s.api.settings.jsonContentTypes = 'json-suffix';
      expect((await s.send('POST', '/appointments', { raw, contentType: type })).status).toBe(201);
    },
  );

  test('application/json with parameters stays accepted', async () => {
    const s = setup();
    const raw = JSON.stringify(createBody(s));
    const answer = await s.send('POST', '/appointments', {
      raw,
      contentType: 'application/json; charset=utf-8',
    });
    expect(answer.status).toBe(201);
  });
});

describe('spec 4.6 cancel body (settings.cancelBody)', () => {
  test('any body is 400 and nothing is cancelled; cancelBody ignore reads and drops it', async () => {
    const s = setup();
    const created = await createAppointment(s);
    for (const raw of ['{}', 'not json at all']) {
      const refused = await s.send('POST', `/appointments/${created.id}/cancel`, { raw });
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body)).toEqual(['non_field_errors']);
    }
    expect((await s.send('GET', `/appointments/${created.id}`)).body.status).toBe('scheduled');
    expect(s.api.events.map((e) => e.type)).toEqual(['appointment.created']);

    s.api.settings.cancelBody = 'ignore';
    const answer = await s.send('POST', `/appointments/${created.id}/cancel`, {
      raw: 'not json at all',
    });
    expect([answer.status, answer.body.status]).toEqual([200, 'cancelled']);
  });
});

describe('other origins (option origins)', () => {
  test('a client with a wrong baseUrl books nothing: api.fetch fails as for an unknown host', async () => {
    const s = setup();
    const clinic = new ClinicClient({
      apiKey: s.key,
      baseUrl: 'https://wrong.test',
      fetch: s.api.fetch,
      maxRetries: 0,
    });
    const call = clinic.appointments.create(createBody(s) as never);
    await expect(call).rejects.toBeInstanceOf(APIConnectionError);
    expect(s.api.requests).toEqual([]);
    expect(s.api.events).toEqual([]);
    await expect(s.api.fetch('http://clinic.test/api/public/v1/rooms')).rejects.toThrow(
      /answers https:\/\/clinic\.test only/,
    );
  });

  test("origins: 'any' answers every origin", async () => {
    const s = setup({ origins: 'any' });
    const clinic = new ClinicClient({
      apiKey: s.key,
      baseUrl: 'https://wrong.test',
      fetch: s.api.fetch,
    });
    const booked = await clinic.appointments.create(createBody(s) as never);
    expect(booked.status).toBe('scheduled');
  });
});

describe('one professional at one time (settings.overlappingAppointments)', () => {
  test('by default overlapping bookings are created: the spec refuses none (spec 1 fact 7, 7)', async () => {
    const s = setup();
    const first = await createAppointment(s, { start_at: '2026-03-05T14:30:00' });
    const second = await createAppointment(s, { start_at: '2026-03-05T14:45:00' });
    expect(second.id).not.toBe(first.id);
    const moved = await s.send('PATCH', `/appointments/${second.id}`, {
      json: { start_at: '2026-03-05T14:30:00' },
    });
    expect(moved.status).toBe(200);
  });

  test("'refuse' (the mock's own opt-in): an overlapping booking is 409 appointment_overlap", async () => {
    const s = setup();
    s.api.settings.overlappingAppointments = 'refuse';
    const first = await createAppointment(s, { start_at: '2026-03-05T14:30:00' });
    const overlap = await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '2026-03-05T14:45:00' }),
    });
    expect(overlap.status).toBe(409);
    expect(overlap.body).toEqual({ code: 'appointment_overlap', detail: expect.any(String) });
    // Back to back is not an overlap; another professional is free.
    await createAppointment(s, { start_at: '2026-03-05T15:00:00' });
    const other = s.api.seed.professional({ name: 'Dr. Outro' });
    await createAppointment(s, { professional_id: other.id, start_at: '2026-03-05T14:30:00' });
    // A cancelled appointment frees its time.
    await s.send('POST', `/appointments/${first.id}/cancel`);
    await createAppointment(s, { start_at: '2026-03-05T14:30:00' });
    expect(s.api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(4);
  });

  test("'refuse': a PATCH that moves into another appointment is 409; one that keeps its own time is not", async () => {
    const s = setup();
    s.api.settings.overlappingAppointments = 'refuse';
    const a = await createAppointment(s, { start_at: '2026-03-05T09:00:00' });
    const b = await createAppointment(s, { start_at: '2026-03-05T10:00:00' });
    const moved = await s.send('PATCH', `/appointments/${b.id}`, {
      json: { start_at: '2026-03-05T09:15:00' },
    });
    expect([moved.status, moved.body.code]).toEqual([409, 'appointment_overlap']);
    const self = await s.send('PATCH', `/appointments/${a.id}`, {
      json: { start_at: '2026-03-05T09:10:00' },
    });
    expect(self.status).toBe(200);
  });
});

describe('repeated query parameters and headers (option duplicates)', () => {
  test('page_size=10&page_size=1000 is 400 {page_size}; duplicates first reads the first', async () => {
    const s = setup();
    const refused = await s.send('GET', '/rooms?page_size=10&page_size=1000');
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['page_size']);
    const lenient = setup({ duplicates: 'first' });
    const answer = await lenient.send('GET', '/rooms?page_size=1&page_size=1000');
    expect([answer.status, answer.body.results.length]).toEqual([200, 1]);
  });

  test('a field repeated in a form body is 400 naming it; duplicates first reads the first', async () => {
    const s = setup();
    const body = createBody(s) as Record<string, string | number>;
    const form = new URLSearchParams(
      Object.entries(body).map(([k, v]) => [k, String(v)] as [string, string]),
    );
    form.append('patient_id', '999');
    const urlencoded = await s.send('POST', '/appointments', {
      raw: form.toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([urlencoded.status, Object.keys(urlencoded.body)]).toEqual([400, ['patient_id']]);
    const multipart = new FormData();
    for (const [k, v] of form) multipart.append(k, v);
    const answer = await s.send('POST', '/appointments', { multipart });
    expect([answer.status, Object.keys(answer.body)]).toEqual([400, ['patient_id']]);
    expect(s.api.events).toEqual([]);

    const lenient = setup({ duplicates: 'first' });
    const first = await lenient.send('POST', '/appointments', {
      raw: form.toString().replace(/patient_id=\d+/, `patient_id=${lenient.patient.id}`),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([first.status, first.body.patient.id]).toEqual([201, lenient.patient.id]);
  });

  test('over HTTP, a repeated Authorization or Idempotency-Key header is 400 naming it', async () => {
    const s = setup();
    const server = createServer(toNodeListener(s.api)).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const send = (headers: Record<string, string | string[]>) =>
      new Promise<{ status: number; body: unknown }>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port, path: '/api/public/v1/rooms' },
          (res) => {
            let text = '';
            res.setEncoding('utf8').on('data', (c: string) => {
              text += c;
            });
            res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
          },
        );
        for (const [name, value] of Object.entries(headers)) req.setHeader(name, value);
        req.on('error', reject).end();
      });
    try {
      const auth = `Bearer ${s.key}`;
      const twice = await send({ authorization: [auth, auth] });
      expect(twice).toEqual({ status: 400, body: { Authorization: [expect.any(String)] } });
      const keys = await send({ authorization: auth, 'idempotency-key': ['a', 'b'] });
      expect(keys).toEqual({ status: 400, body: { 'Idempotency-Key': [expect.any(String)] } });
      expect((await send({ authorization: auth })).status).toBe(200);
    } finally {
      server.close();
      server.closeAllConnections();
    }
  });
});

describe('every new setting is validated', () => {
  test('a clinic setting outside its values is a TypeError naming the accepted ones', () => {
    const s = setup();
    expect(() => {
      (s.api.settings as { cancelBody: string }).cancelBody = 'sometimes';
    }).toThrow(/cancelBody.*refuse.*ignore/);
    expect(() => {
      (s.api.settings as { overlappingAppointments: string }).overlappingAppointments = 'yes';
    }).toThrow(TypeError);
    expect(() => {
      (s.api.settings as { jsonContentTypes: string }).jsonContentTypes = 'any';
    }).toThrow(/jsonContentTypes.*application\/json.*json-suffix/);
    expect(s.api.settings.cancelBody).toBe('refuse');
  });

  test('server options outside their values are TypeErrors naming the accepted ones', () => {
    const make = (extra: object) => () =>
      createReferenceServer({ baseUrl: BASE_URL, ...extra } as never);
    expect(make({ origins: 'some' })).toThrow(/'base-url' or 'any'/);
    expect(make({ duplicates: 'last' })).toThrow(/'refuse' or 'first'/);
    expect(make({ maxBodyBytes: -1 })).toThrow(TypeError);
    expect(make({ logBytes: 1.5 })).toThrow(TypeError);
  });

  test('reset() restores the conservative defaults', () => {
    const s = setup();
    s.api.settings.cancelBody = 'ignore';
    s.api.settings.overlappingAppointments = 'refuse';
    s.api.reset();
    expect(s.api.settings).toMatchObject({
      cancelBody: 'refuse',
      overlappingAppointments: 'allow',
      jsonContentTypes: 'application/json',
    });
  });
});
