/**
 * Parity over HTTP (issue 30 item 3): every capability of the in-process surface has a control
 * route; staff-side writes and events, signed deliveries and the settings travel over HTTP; control
 * inputs that would break later requests are refused with 400 naming the member (item 5).
 */
import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  CONTROL_ROUTES,
  type ControlRoute,
  createControlHandler,
  createReferenceServer,
  type ReferenceServer,
} from '../../src/testing/index.ts';
import { BASE_URL, NOW } from './helpers.ts';

const TOKEN = 't';

function controlOf(api: ReferenceServer) {
  const control = createControlHandler({ api, token: TOKEN });
  return async (method: string, path: string, json?: unknown) => {
    const answer = await control(
      new Request(`http://127.0.0.1/__control${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      }),
    );
    // biome-ignore lint/suspicious/noExplicitAny: answers are read freely
    return { status: answer.status, body: (await answer.json()) as any };
  };
}

/** Each in-process capability and the control route that reaches it; `api` means the API itself. */
const PARITY: Record<string, ControlRoute | readonly ControlRoute[] | 'api' | 'listener'> = {
  'api.id': 'GET /settings',
  'api.baseUrl': 'api',
  'api.fetch': 'api',
  'api.serve': 'api',
  'api.seed': 'POST /seed',
  'api.settings': ['GET /settings', 'PATCH /settings'],
  'api.issueApiKey': 'POST /keys',
  'api.revokeApiKey': 'POST /keys/revoke',
  'api.clock': ['GET /clock', 'POST /clock', 'POST /clock/advance'],
  'api.events': 'GET /events',
  'api.onEvent': 'listener',
  'api.webhooks': 'GET /webhooks',
  'api.requests': 'GET /requests',
  'api.faults': ['GET /faults', 'POST /faults', 'DELETE /faults', 'DELETE /faults/:id'],
  'api.listEnvelope': ['GET /list-envelope', 'PATCH /list-envelope'],
  'api.clinic': 'GET /settings',
  'api.reset': 'POST /reset',
  'api.checkInvariants': 'GET /chaos',
  'api.records': 'GET /records',
  'api.settingsDocument': 'GET /server-settings',
  'api.applySettings': 'PATCH /server-settings',
  'seed.patient': 'POST /seed',
  'seed.professional': 'POST /seed',
  'seed.room': 'POST /seed',
  'seed.appointmentType': 'POST /seed',
  'seed.appointment': ['POST /seed', 'POST /appointments'],
  'seed.blockedSlot': 'POST /seed',
  'seed.change': 'PATCH /appointments/:id',
  'seed.emitEvent': 'POST /events',
  'webhooks.register': 'POST /webhooks',
  'webhooks.remove': 'DELETE /webhooks/:id',
  'webhooks.ping': 'POST /webhooks/:id/ping',
  'webhooks.endpoints': 'GET /webhooks',
  'webhooks.deliveries': 'GET /webhooks',
  'webhooks.attempts': 'GET /webhooks',
  'webhooks.settle': 'POST /webhooks/settle',
  'webhooks.flush': 'POST /webhooks/flush',
  'webhooks.chaos': 'GET /webhooks/options',
  'webhooks.urlRule': 'GET /server-settings',
  'webhooks.configure': ['PATCH /webhooks/options', 'PATCH /server-settings'],
  'webhooks.reset': 'POST /reset',
  'webhooks.close': 'listener',
  'faults.inject': 'POST /faults',
  'faults.chaos': 'POST /chaos',
  'faults.chaosMode': 'GET /chaos',
  'faults.clear': ['DELETE /faults', 'POST /chaos'],
  'faults.pending': ['GET /faults', 'DELETE /faults/:id'],
  'clock.now': 'GET /clock',
  'clock.date': 'GET /clock',
  'clock.set': 'POST /clock',
  'clock.advance': 'POST /clock/advance',
  'clock.schedule': 'listener',
  'clock.beforeMove': 'listener',
  'clock.pending': 'GET /webhooks',
  'clock.clear': 'POST /reset',
};

function surface(api: ReferenceServer): string[] {
  const names = (prefix: string, value: object) => {
    const keys = new Set<string>();
    for (let o: object | null = value; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
      for (const key of Object.getOwnPropertyNames(o)) {
        if (key !== 'constructor' && !key.startsWith('#')) keys.add(`${prefix}.${key}`);
      }
    }
    return [...keys];
  };
  return [
    ...names('api', api),
    ...names('seed', api.seed),
    ...names('webhooks', api.webhooks),
    ...names('faults', api.faults).filter((k) => !['faults.take', 'faults.remove'].includes(k)),
    ...names('clock', api.clock),
  ];
}

describe('every capability of the in-process surface has a control route', () => {
  test('the walk finds no capability without a route, and every route named exists', () => {
    const api = createReferenceServer({ baseUrl: BASE_URL, now: NOW });
    const missing = surface(api).filter((name) => !(name in PARITY));
    expect(missing).toEqual([]);
    for (const routes of Object.values(PARITY)) {
      for (const route of [routes].flat()) {
        if (route !== 'api' && route !== 'listener') expect(CONTROL_ROUTES).toHaveProperty([route]);
      }
    }
  });
});

function world() {
  const sent: Request[] = [];
  const api = createReferenceServer({
    baseUrl: BASE_URL,
    now: NOW,
    webhooks: {
      fetch: async (request) => {
        sent.push(request);
        return new Response(null, { status: 204 });
      },
    },
  });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  return { api, sent, control: controlOf(api), professional, type, patient };
}

describe('staff-side writes and events over HTTP', () => {
  test('an online booking (telehealth, requested), then staff changes: each emits its event, origin kept', async () => {
    const w = world();
    const booked = await w.control('POST', '/appointments', {
      patient_id: w.patient.id,
      professional_id: w.professional.id,
      appointment_type_id: w.type.id,
      start_at: '2026-03-05T10:00:00',
      origin: 'patient_booking',
      modality: 'telehealth',
      status: 'requested',
    });
    expect(booked.status).toBe(201);
    const id = booked.body.id;
    const checkedIn = await w.control('PATCH', `/appointments/${id}`, { status: 'checked_in' });
    expect(checkedIn.body.status).toBe('checked_in');
    await w.control('PATCH', `/appointments/${id}`, { start_at: '2026-03-05T11:00:00' });
    await w.control('PATCH', `/appointments/${id}`, { status: 'cancelled' });
    await w.control('PATCH', `/appointments/${id}`, { status: 'cancelled' }); // no change: no event
    expect(w.api.events.map((e) => [e.type, (e.data as { origin: string }).origin])).toEqual([
      ['appointment.created', 'patient_booking'],
      ['appointment.updated', 'patient_booking'],
      ['appointment.updated', 'patient_booking'],
      ['appointment.cancelled', 'patient_booking'],
    ]);
    expect((w.api.events[2]!.data as { start_at: string }).start_at).toBe(
      '2026-03-05T11:00:00-03:00',
    );
    const bad = await w.control('PATCH', `/appointments/${id}`, { status: 'lost' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/status/);
  });

  test('emitEvent on a seeded appointment; emitEvent: false books silently', async () => {
    const w = world();
    const seeded = w.api.seed.appointment({
      patient_id: w.patient.id,
      professional_id: w.professional.id,
      appointment_type_id: w.type.id,
      start_at: '2026-03-05T10:00:00',
    });
    const quiet = await w.control('POST', '/appointments', {
      patient_id: null,
      professional_id: w.professional.id,
      appointment_type_id: w.type.id,
      start_at: '2026-03-05T12:00:00',
      emitEvent: false,
    });
    expect(quiet.status).toBe(201);
    expect(w.api.events).toHaveLength(0);
    const emitted = await w.control('POST', '/events', {
      type: 'appointment.created',
      appointment_id: seeded.id,
    });
    expect(emitted.status).toBe(201);
    expect(emitted.body).toMatchObject({ type: 'appointment.created', data: { id: seeded.id } });
    const unknown = await w.control('POST', '/events', { type: 'ping', appointment_id: seeded.id });
    expect(unknown.status).toBe(400);
  });
});

describe('signed deliveries over HTTP (the user names the scheme; not the service)', () => {
  test('the HMAC the user described, verifiable in any language; the secret never echoed', async () => {
    const w = world();
    const signature = {
      algorithm: 'sha256',
      encoding: 'hex',
      header: 'X-Test-Signature',
      secret: 'whsec-test',
      signed: 'timestamp.body',
      timestampHeader: 'X-Test-Timestamp',
      prefix: 'v1=',
    };
    const registered = await w.control('POST', '/webhooks', {
      url: 'https://consumer.example/hooks',
      events: ['appointment.created'],
      signature,
    });
    expect(registered.status).toBe(201);
    expect(JSON.stringify(registered.body)).not.toContain('whsec-test');
    await w.control('POST', '/events', {
      type: 'appointment.created',
      appointment_id: w.api.seed.appointment({
        patient_id: w.patient.id,
        professional_id: w.professional.id,
        appointment_type_id: w.type.id,
        start_at: '2026-03-05T10:00:00',
      }).id,
    });
    await w.api.webhooks.settle();
    const [request] = w.sent;
    const body = await request!.text();
    const timestamp = request!.headers.get('x-test-timestamp')!;
    expect(timestamp).toBe(String(Math.floor(NOW.getTime() / 1000)));
    const expected = createHmac('sha256', 'whsec-test')
      .update(`${timestamp}.${body}`)
      .digest('hex');
    expect(request!.headers.get('x-test-signature')).toBe(`v1=${expected}`);
    expect(JSON.stringify((await w.control('GET', '/webhooks')).body)).not.toContain('whsec');
  });

  test.each([
    [{ encoding: 'hex', header: 'X-S', secret: 's', signed: 'body' }, 'algorithm'],
    [
      { algorithm: 'md5', encoding: 'hex', header: 'X-S', secret: 's', signed: 'body' },
      'algorithm',
    ],
    [
      { algorithm: 'sha256', encoding: 'hex', header: 'X S', secret: 's', signed: 'body' },
      'header',
    ],
    [
      {
        algorithm: 'sha256',
        encoding: 'hex',
        header: 'X-S',
        secret: 's',
        signed: 'timestamp.body',
      },
      'timestampHeader',
    ],
  ])('no default: %j is 400 naming %s', async (signature, member) => {
    const w = world();
    const answer = await w.control('POST', '/webhooks', {
      url: 'https://consumer.example/hooks',
      events: ['appointment.created'],
      signature,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(`signature.${member}`);
  });
});

describe('control inputs that would break later requests are 400 naming the member', () => {
  test.each([
    ['/faults', { status: 304, body: 'x' }, 'fault.body'],
    ['/faults', { status: 204, body: {} }, 'fault.body'],
    ['/faults', { status: 199 }, 'fault.status'],
    ['/faults', { status: 503, headers: { 'retry after': '1' } }, 'fault.headers'],
    ['/faults', { status: 503, headers: { 'retry-after': '1\r\nx: y' } }, 'fault.headers'],
    ['/faults', { delayMs: 1e12 }, 'fault.delayMs'],
    ['/chaos', { seed: 1, latencyMs: 1e12 }, 'latencyMs'],
    ['/chaos', { seed: 1, timeoutMs: 3e9 }, 'timeoutMs'],
    ['/chaos', { seed: 1, statusRate: 1, headers: { 'a b': 'c' } }, 'headers'],
    ['/chaos', { seed: 1, statusRate: 1, headers: { a: 'b\nc' } }, 'headers'],
  ] as const)('POST %s %j', async (path, json, member) => {
    const w = world();
    const answer = await w.control('POST', path, json);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain(member);
    const rooms = await w.api.fetch(`${BASE_URL}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${w.api.issueApiKey()}` },
    });
    expect(rooms.status).toBe(200);
  });
});

describe('an asynchronous resolveHost is awaited', () => {
  const resolving = (table: Record<string, string>) => async (host: string) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return table[host];
  };

  test('register: checked settles after the lookup; a name resolving inward is refused and removed', async () => {
    const table: Record<string, string> = {
      'consumer.example': '93.184.216.34',
      'inward.example': '10.0.0.7',
    };
    const api = createReferenceServer({
      baseUrl: BASE_URL,
      now: NOW,
      webhooks: {
        resolveHost: resolving(table),
        fetch: async () => new Response(null, { status: 204 }),
      },
    });
    const events = ['appointment.created'] as const;
    const fine = api.webhooks.register({ url: 'https://consumer.example/h', events: [...events] });
    await expect(fine.checked).resolves.toBe(fine);
    const inward = api.webhooks.register({ url: 'https://inward.example/h', events: [...events] });
    await expect(inward.checked).rejects.toMatchObject({
      name: 'WebhookUrlError',
      message: expect.stringContaining('private address (10.0.0.0/8)'),
    });
    expect(api.webhooks.endpoints.map((e) => e.id)).toEqual([fine.id]);

    // At each delivery the lookup is awaited again: DNS moved after the endpoint was saved.
    table['consumer.example'] = '127.0.0.1';
    const professional = api.seed.professional({ name: 'Dra. Lima' });
    const type = api.seed.appointmentType({ name: 'Consulta' });
    api.seed.appointment(
      {
        patient_id: null,
        professional_id: professional.id,
        appointment_type_id: type.id,
        start_at: '2026-03-05T10:00:00',
      },
      { emitEvent: true },
    );
    await api.webhooks.settle();
    expect(api.webhooks.attempts.map((a) => [a.outcome, a.error])).toEqual([
      ['url_rejected', expect.stringContaining('loopback address')],
    ]);
  });

  test('over the control API the lookup ends before the answer: 400, nothing registered', async () => {
    const api = createReferenceServer({
      baseUrl: BASE_URL,
      now: NOW,
      webhooks: { resolveHost: resolving({ 'meta.example': '169.254.169.254' }) },
    });
    const control = controlOf(api);
    const refused = await control('POST', '/webhooks', {
      url: 'https://meta.example/h',
      events: ['appointment.created'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain('link-local');
    expect((await control('GET', '/webhooks')).body.endpoints).toEqual([]);
  });
});
