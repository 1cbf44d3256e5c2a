/** The test harness of the reference server: options, seeds, clinics, keys, clock, reset, request log, faults. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { isValidCpf } from '../../src/schemas/fields/index.ts';
import {
  Clock,
  createReferenceServer,
  formatClinicInstant,
  generateCpf,
  isReferenceNetworkError,
  parseClinicDateTime,
} from '../../src/testing/index.ts';
import { API, BASE_URL, call, createAppointment, createBody, NOW, setup } from './helpers.ts';

describe('createReferenceServer options', () => {
  test('baseUrl is required, absolute http(s), without query; a trailing slash is dropped', () => {
    // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
    expect(() => createReferenceServer({} as any)).toThrow(/baseUrl is required/);
    expect(() => createReferenceServer({ baseUrl: '/relative' })).toThrow(/not an absolute URL/);
    expect(() => createReferenceServer({ baseUrl: 'ftp://x.test' })).toThrow(/http or https/);
    expect(() => createReferenceServer({ baseUrl: 'https://x.test/?a=1' })).toThrow(/query/);
    expect(createReferenceServer({ baseUrl: 'https://x.test/' }).baseUrl).toBe('https://x.test');
  });

  test('a base URL with a path prefix serves the API under it', async () => {
    const api = createReferenceServer({ baseUrl: 'https://x.test/clinic/' });
    const key = api.issueApiKey();
    for (let i = 0; i < 3; i++) api.seed.room({ name: `Sala ${i}` });
    const answer = await call(api, 'GET', 'https://x.test/clinic/api/public/v1/rooms?page_size=2', {
      key,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.next).toMatch(/^https:\/\/x\.test\/clinic\/api\/public\/v1\/rooms\?/);
    expect((await call(api, 'GET', 'https://x.test/api/public/v1/rooms', { key })).status).toBe(
      404,
    );
  });

  test('listEnvelope: only the four lists other than rooms, envelope or array', () => {
    expect(() =>
      // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
      createReferenceServer({ baseUrl: BASE_URL, listEnvelope: { rooms: 'array' } as any }),
    ).toThrow(/rooms list always uses/);
    expect(() =>
      // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
      createReferenceServer({ baseUrl: BASE_URL, listEnvelope: { patients: 'list' } as any }),
    ).toThrow(/'envelope' or 'array'/);
    const api = createReferenceServer({ baseUrl: BASE_URL, listEnvelope: { patients: 'array' } });
    expect(api.listEnvelope).toEqual({
      appointments: 'envelope',
      patients: 'array',
      professionals: 'envelope',
      appointmentTypes: 'envelope',
    });
  });

  test("seed: 'demo' builds a small realistic clinic with valid CPFs", async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL, now: NOW, seed: 'demo' });
    const key = api.issueApiKey();
    const get = async (path: string) => (await call(api, 'GET', path, { key })).body;
    expect((await get('/rooms')).results.length).toBeGreaterThanOrEqual(3);
    expect((await get('/professionals')).results.length).toBeGreaterThanOrEqual(3);
    expect((await get('/appointment-types')).results.length).toBeGreaterThanOrEqual(2);
    const patients = (await get('/patients')).results;
    expect(patients.length).toBeGreaterThanOrEqual(4);
    const appointments = (await get('/appointments')).results;
    expect(appointments.map((a: { modality: string }) => a.modality)).toContain('telehealth');
    expect(appointments.map((a: { status: string }) => a.status)).toContain('requested');
    // The seeded CPFs are valid and findable.
    const found = await get(`/patients?cpf=${generateCpf(1)}`);
    expect(found.results).toEqual([expect.objectContaining({ name: 'Ana Souza' })]);
  });

  test('each server has its own state', async () => {
    const a = setup();
    const b = createReferenceServer({ baseUrl: BASE_URL });
    await createAppointment(a);
    expect(a.api.events).toHaveLength(1);
    expect(b.events).toHaveLength(0);
    expect((await call(b, 'GET', '/rooms', { key: a.key })).status).toBe(401);
  });
});

describe('seed helpers', () => {
  test('each returns the stored record with its id and the attributes the API never returns', () => {
    const api = createReferenceServer({ baseUrl: BASE_URL, now: NOW });
    const room = api.seed.room({ name: 'Sala 1' });
    expect(room).toEqual({ id: 1, company_id: 1, name: 'Sala 1', active: true });
    const type = api.seed.appointmentType({ name: 'Consulta' });
    expect(type).toEqual({
      id: 1,
      company_id: 1,
      name: 'Consulta',
      duration_minutes: 30,
      active: true,
    });
    const pro = api.seed.professional({ name: 'Dra. A', default_room_id: room.id });
    expect(pro).toEqual({
      id: 1,
      company_id: 1,
      name: 'Dra. A',
      specialty: null,
      sees_patients: true,
      active: true,
      default_room_id: 1,
    });
    const patient = api.seed.patient({ name: 'Ana', cpf: '529.982.247-25', gender: 'F' });
    expect(patient).toEqual({
      id: 1,
      company_id: 1,
      name: 'Ana',
      phone: null,
      cpf: '52998224725',
      email: null,
      birth_date: null,
      gender: 'F',
      active: true,
      created_at: '2026-03-02T09:00:00-03:00',
      updated_at: '2026-03-02T09:00:00-03:00',
    });
    const appt = api.seed.appointment({
      patient_id: patient.id,
      professional_id: pro.id,
      appointment_type_id: type.id,
      start_at: new Date('2026-03-03T13:00:00Z'),
      note: 'internal',
    });
    expect(appt).toEqual({
      id: expect.any(String),
      company_id: 1,
      patient_id: 1,
      professional_id: 1,
      appointment_type_id: 1,
      room_id: 1,
      start_at: '2026-03-03T10:00:00-03:00',
      end_at: '2026-03-03T10:30:00-03:00',
      modality: 'in_person',
      origin: 'staff',
      status: 'scheduled',
      note: 'internal',
      created_at: '2026-03-02T09:00:00-03:00',
      updated_at: '2026-03-02T09:00:00-03:00',
    });
    const slot = api.seed.blockedSlot({
      professional_id: pro.id,
      start_at: '2026-03-03T12:00:00',
      end_at: '2026-03-03T13:00:00',
    });
    expect(slot).toEqual({
      id: 1,
      company_id: 1,
      professional_id: 1,
      start_at: '2026-03-03T12:00:00-03:00',
      end_at: '2026-03-03T13:00:00-03:00',
    });
  });

  test('inputs are checked with clear errors', () => {
    const { api, professional } = setup();
    expect(() => api.seed.patient({ name: '' })).toThrow(/^seed\.patient: .*\bname\b/);
    expect(() => api.seed.patient({ name: 'A', cpf: '123' })).toThrow(/cpf is not a valid CPF/);
    // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
    expect(() => api.seed.room({ name: 'A', floor: 2 } as any)).toThrow(/floor is not a field/);
    expect(() => api.seed.appointmentType({ name: 'A', duration_minutes: 0 })).toThrow(
      /duration_minutes must be positive/,
    );
    expect(() => api.seed.professional({ name: 'A', default_room_id: 99 })).toThrow(
      /^seed\.professional: default_room_id 99 .*clinic 1/,
    );
    expect(() =>
      api.seed.appointment({
        patient_id: 99,
        professional_id: professional.id,
        appointment_type_id: 1,
        start_at: '2026-03-03T10:00:00',
      }),
    ).toThrow(/^seed\.appointment: patient_id 99 /);
    expect(() =>
      api.seed.blockedSlot({
        professional_id: professional.id,
        start_at: '2026-03-03T10:00:00',
        end_at: '2026-03-03T10:00:00',
      }),
    ).toThrow(/^seed\.blockedSlot: end_at /);
  });

  test('a seeded CPF is unique in its clinic', () => {
    const { api } = setup();
    api.seed.patient({ name: 'A', cpf: '52998224725' });
    expect(() => api.seed.patient({ name: 'B', cpf: '529.982.247-25' })).toThrow(
      /another patient of clinic 1 has this CPF/,
    );
    expect(api.clinic(2).seed.patient({ name: 'C', cpf: '52998224725' }).company_id).toBe(2);
  });

  test('seeded appointments may be telehealth, requested, without patient or professional', async () => {
    const s = setup();
    const appt = s.api.seed.appointment({
      patient_id: null,
      professional_id: null,
      appointment_type_id: s.type.id,
      start_at: '2026-03-03T10:00:00',
      modality: 'telehealth',
      status: 'requested',
      origin: 'patient_booking',
    });
    const read = await s.send('GET', `/appointments/${appt.id}`);
    expect(read.body).toMatchObject({
      patient: null,
      professional: null,
      room: null,
      modality: 'telehealth',
      status: 'requested',
      origin: 'patient_booking',
    });
  });

  test('generateCpf: valid, deterministic for a number, random without', () => {
    for (let n = 0; n < 200; n++) expect(isValidCpf(generateCpf(n)), String(n)).toBe(true);
    expect(generateCpf(5)).toBe(generateCpf(5));
    expect(generateCpf(5)).not.toBe(generateCpf(6));
    expect(isValidCpf(generateCpf())).toBe(true);
  });
});

describe('clinics and keys', () => {
  test('api.clinic(id) gives the same helpers for another clinic, once per id', () => {
    const { api } = setup();
    expect(api.id).toBe(1);
    const two = api.clinic(2);
    expect(two).toBe(api.clinic(2));
    expect(two.id).toBe(2);
    expect(api.clinic(1).seed).toBe(api.seed);
    expect(() => api.clinic(0)).toThrow(/positive integer/);
    expect(() => api.clinic(1.5)).toThrow(/positive integer/);
  });

  test('issueApiKey: presets or scopes, not both; unknown ones refused', () => {
    const { api } = setup();
    expect(() => api.issueApiKey({ preset: 'read_only', scopes: [] })).toThrow(/not both/);
    // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
    expect(() => api.issueApiKey({ preset: 'admin' as any })).toThrow(/preset.*read_only/);
    // biome-ignore lint/suspicious/noExplicitAny: checking the runtime guard
    expect(() => api.issueApiKey({ scopes: ['rooms:read' as any] })).toThrow(
      /scopes\.0.*appointments:read/,
    );
    expect(() => api.issueApiKey({ prefix: 'a_b' })).toThrow(/letters and digits/);
  });

  test('settings are per clinic', async () => {
    const s = setup();
    s.api.clinic(2).settings.requireRoom = true;
    expect(s.api.settings.requireRoom).toBe(false);
    const noDefault = s.api.seed.professional({ name: 'Sem sala' });
    expect((await createAppointment(s, { professional_id: noDefault.id })).room).toBeNull();
  });
});

describe('clock', () => {
  test('created_at, updated_at and envelopes follow api.clock; advance moves it', async () => {
    const s = setup();
    expect(s.api.clock).toBeInstanceOf(Clock);
    await s.api.clock.advance(2 * 3_600_000);
    const created = await createAppointment(s);
    expect(created.created_at).toBe('2026-03-02T11:00:00-03:00');
    expect(s.api.events[0]!.created_at).toBe('2026-03-02T11:00:00-03:00');
  });

  test('now may be a function read on every call', async () => {
    let t = NOW.getTime();
    const s = setup({ now: () => t });
    t += 60_000;
    expect((await createAppointment(s)).created_at).toBe('2026-03-02T09:01:00-03:00');
  });

  test('instants are rendered with the America/Sao_Paulo offset of their own date', () => {
    expect(formatClinicInstant(Date.parse('2026-07-01T15:00:00Z'))).toBe(
      '2026-07-01T12:00:00-03:00',
    );
    expect(formatClinicInstant(Date.parse('2018-12-01T15:00:00Z'))).toBe(
      '2018-12-01T13:00:00-02:00',
    );
    expect(formatClinicInstant(Date.parse('2019-02-17T01:30:00Z'))).toBe(
      '2019-02-16T23:30:00-02:00',
    );
    expect(formatClinicInstant(Date.parse('2019-02-17T02:30:00Z'))).toBe(
      '2019-02-16T23:30:00-03:00',
    );
    // A wall time in the daylight-saving gap (2018-11-04 00:30 did not exist) moves forward.
    expect(formatClinicInstant(parseClinicDateTime('2018-11-04T00:30:00')!)).toBe(
      '2018-11-04T01:30:00-02:00',
    );
    expect(parseClinicDateTime('2026-03-05T14:30:00+24:00')).toBeUndefined();
    expect(parseClinicDateTime('not a date')).toBeUndefined();
  });
});

describe('reset()', () => {
  test('back to a new server: records, settings, events, requests, faults, idempotency; keys stay', async () => {
    const s = setup();
    const listener = vi.fn();
    s.api.onEvent(listener);
    s.api.settings.requireRoom = true;
    s.api.listEnvelope.patients = 'array';
    await createAppointment(s, { room_id: s.room.id });
    s.api.faults.inject({ path: '/api/public/v1/rooms', status: 503 });
    const task = vi.fn();
    s.api.clock.schedule(s.api.clock.now() + 1000, task);
    const before = s.api.clock.now();

    s.api.reset();

    expect(s.api.events).toEqual([]);
    expect(s.api.requests).toEqual([]);
    expect(s.api.faults.pending).toEqual([]);
    expect(s.api.settings.requireRoom).toBe(false);
    expect(s.api.listEnvelope.patients).toBe('envelope');
    expect(s.api.clock.now()).toBe(before);
    await s.api.clock.advance(2000);
    expect(task).not.toHaveBeenCalled();
    const rooms = await s.send('GET', '/rooms');
    expect(rooms.status).toBe(200);
    expect(rooms.body.results).toEqual([]);
    // Ids restart at 1 and the listener is still subscribed.
    expect(s.api.seed.room({ name: 'Nova' }).id).toBe(1);
    const p = s.api.seed.patient({ name: 'A' });
    const pro = s.api.seed.professional({ name: 'B' });
    const t = s.api.seed.appointmentType({ name: 'C' });
    await s.send('POST', '/appointments', {
      json: {
        patient_id: p.id,
        professional_id: pro.id,
        appointment_type_id: t.id,
        start_at: '2026-03-05T10:00:00',
      },
    });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('the demo seed is applied again', async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL, seed: 'demo' });
    const key = api.issueApiKey();
    const count = async () => (await call(api, 'GET', '/patients', { key })).body.results.length;
    const before = await count();
    await call(api, 'POST', '/patients', { key, json: { name: 'Extra' } });
    api.reset();
    expect(await count()).toBe(before);
  });
});

describe('api.requests', () => {
  test('records every request in order as {method, path, query, headers, status, time, durationMs}, the secret masked', async () => {
    const s = setup();
    await s.send('GET', '/patients?name=ana&page_size=2', { headers: { 'X-Trace': 't1' } });
    await call(s.api, 'GET', '/rooms');
    await s.send('POST', '/appointments', {
      json: createBody(s),
      headers: { 'Idempotency-Key': 'abc' },
    });
    const [keyId, secret] = s.key.replace('csk_live_', '').split('.');
    const answered = {
      time: NOW.toISOString().replace('Z', '+00:00'),
      durationMs: expect.any(Number),
    };
    expect(s.api.requests).toEqual([
      {
        method: 'GET',
        path: '/api/public/v1/patients',
        query: { name: 'ana', page_size: '2' },
        headers: { authorization: `Bearer csk_live_${keyId}.****`, 'x-trace': 't1' },
        status: 200,
        ...answered,
      },
      {
        method: 'GET',
        path: '/api/public/v1/rooms',
        query: {},
        headers: {},
        status: 401,
        ...answered,
      },
      {
        method: 'POST',
        path: '/api/public/v1/appointments',
        query: {},
        headers: {
          authorization: `Bearer csk_live_${keyId}.****`,
          'content-type': 'application/json',
          'idempotency-key': 'abc',
        },
        status: 201,
        ...answered,
      },
    ]);
    expect(s.api.requests.every((r) => r.durationMs >= 0)).toBe(true);
    expect(JSON.stringify(s.api.requests)).not.toContain(secret);
  });

  test('a header that is not a key is masked whole', async () => {
    const s = setup();
    await call(s.api, 'GET', '/rooms', {
      headers: { authorization: 'Bearer sk-something-secret' },
    });
    await call(s.api, 'GET', '/rooms', { headers: { authorization: 'token-secret' } });
    expect(s.api.requests.map((r) => r.headers.authorization)).toEqual(['Bearer ****', '****']);
  });
});

describe('faults', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('status, body and headers answer without touching state; times counts matching requests', async () => {
    const s = setup();
    const fault = s.api.faults.inject({
      method: 'post',
      path: '/api/public/v1/appointments',
      status: 503,
      body: { detail: 'maintenance' },
      headers: { 'retry-after': '2' },
      times: 2,
    });
    expect((await s.send('GET', '/appointments')).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const answer = await s.send('POST', '/appointments', { json: createBody(s) });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ detail: 'maintenance' });
      expect(answer.headers.get('retry-after')).toBe('2');
    }
    expect(fault.hits).toBe(2);
    expect(fault.remaining).toBe(0);
    expect(s.api.events).toEqual([]);
    expect((await s.send('POST', '/appointments', { json: createBody(s) })).status).toBe(201);
    expect(s.api.requests).toHaveLength(4);
  });

  test('path segments :id match any id; a string body is sent as is; no body by default', async () => {
    const s = setup();
    const created = await createAppointment(s);
    s.api.faults.inject({
      path: '/api/public/v1/appointments/:id/cancel',
      status: 500,
      body: 'oops',
    });
    s.api.faults.inject({ path: '/api/public/v1/appointments/:id', status: 429 });
    const cancel = await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(cancel.status).toBe(500);
    expect(cancel.body).toBe('oops');
    const read = await s.send('GET', `/appointments/${created.id}`);
    expect(read.status).toBe(429);
    expect(read.body).toBeNull();
  });

  test('networkError: api.fetch rejects with TypeError("fetch failed") and nothing is processed', async () => {
    const s = setup();
    s.api.faults.inject({
      method: 'POST',
      path: '/api/public/v1/appointments',
      networkError: true,
    });
    const failure = s.send('POST', '/appointments', { json: createBody(s) });
    await expect(failure).rejects.toThrow(TypeError);
    await expect(failure).rejects.toThrow('fetch failed');
    await failure.catch((error) => expect(isReferenceNetworkError(error)).toBe(true));
    expect(s.api.events).toEqual([]);
    expect(s.api.requests).toHaveLength(1);
  });

  test('loseResponse: the write is committed, the client sees a network error, a retry with the key replays', async () => {
    const s = setup();
    s.api.faults.inject({
      method: 'POST',
      path: '/api/public/v1/appointments',
      loseResponse: true,
    });
    const headers = { 'idempotency-key': 'retry-me' };
    await expect(s.send('POST', '/appointments', { json: createBody(s), headers })).rejects.toThrow(
      'fetch failed',
    );
    expect(s.api.events).toHaveLength(1);
    const retry = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(s.api.events[0]!.data);
    expect((await s.send('GET', '/appointments')).body.results).toHaveLength(1);
  });

  test('delayMs waits on a real timer that fake timers drive, then answers normally', async () => {
    const s = setup();
    vi.useFakeTimers();
    s.api.faults.inject({ path: '/api/public/v1/rooms', delayMs: 5_000 });
    let settled = false;
    const pending = s.send('GET', '/rooms').then((answer) => {
      settled = true;
      return answer;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).status).toBe(200);
  });

  test("delayMs is cut short by the request's AbortSignal", async () => {
    const s = setup();
    s.api.faults.inject({ delayMs: 60_000 });
    const controller = new AbortController();
    const pending = s.api.fetch(`${API}/rooms`, {
      headers: { authorization: `Bearer ${s.key}` },
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('inject checks its spec; remove() and clear() drop faults', async () => {
    const s = setup();
    expect(() => s.api.faults.inject({ status: 503, networkError: true })).toThrow(/excludes/);
    expect(() => s.api.faults.inject({ networkError: true, loseResponse: true })).toThrow(
      /exclude/,
    );
    expect(() => s.api.faults.inject({ times: 0 })).toThrow(/times/);
    expect(() => s.api.faults.inject({ status: 99 })).toThrow(/status/);
    expect(() => s.api.faults.inject({ path: 'rooms' })).toThrow(/start with/);
    const a = s.api.faults.inject({ status: 500, times: Number.POSITIVE_INFINITY });
    s.api.faults.inject({ status: 502 });
    expect(s.api.faults.pending).toHaveLength(2);
    a.remove();
    expect((await s.send('GET', '/rooms')).status).toBe(502);
    s.api.faults.inject({ status: 500 });
    s.api.faults.clear();
    expect((await s.send('GET', '/rooms')).status).toBe(200);
  });
});
