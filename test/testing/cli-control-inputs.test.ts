/**
 * The control API over HTTP (issue 21 parts 2 and 3): every route refuses a wrong type, an
 * unknown member and an out-of-range value with 400 {detail} naming the member, the server
 * then still answers a normal call with 200; and every `api.*` helper has its route.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { defaultSettings } from '../../src/testing/server/store.ts';
import { callCli, cliWithConsumer } from './cli-helpers.ts';

const TOKEN = 'inputs-admin-token';
const P = '/api/public/v1';

const started = cliWithConsumer(TOKEN);
/** The envelopes the consumer got, in order. */
const received = () => started.consumer.received.map((r) => JSON.parse(r.body) as { type: string });

const control = (method: string, path: string, json?: unknown, raw?: string) =>
  callCli(started.cli, method, `/__control${path}`, {
    auth: TOKEN,
    ...(json === undefined ? {} : { json }),
    ...(raw === undefined ? {} : { raw }),
  });

/** [method, path, body]: a body string is sent raw. */
type Bad = [string, string, unknown?];

const WRONG_TYPE: Bad[] = [
  ['POST', '/seed', { patients: 'Ana' }],
  ['GET', '/settings?clinic=abc'],
  ['GET', '/settings?clinic=0x2'],
  ['PATCH', '/settings', { requireRoom: 'yes' }],
  ['PATCH', '/settings', { clinic: '2' }],
  ['PATCH', '/settings', { clinic: true, requireRoom: true }],
  ['PATCH', '/settings', { clinic: [3] }],
  ['PATCH', '/settings', { changeableStatuses: 'scheduled' }],
  ['POST', '/keys', { prefix: 123 }],
  ['POST', '/keys/revoke', { key: 5 }],
  ['POST', '/faults', { status: 503, headers: 'x' }],
  ['POST', '/faults', { networkError: 'yes' }],
  ['POST', '/faults', '[1]'],
  ['DELETE', '/faults', '"all"'],
  ['POST', '/clock', { now: 'tomorrow' }],
  ['POST', '/clock/advance', { ms: '60000' }],
  ['POST', '/webhooks', { url: 5, events: ['appointment.created'] }],
  ['PATCH', '/webhooks/options', { duplicate: 'half' }],
  ['POST', '/webhooks/settle', '[1]'],
  ['POST', '/webhooks/flush', '"now"'],
  ['POST', '/webhooks/we_1/ping', '[1]'],
  ['POST', '/webhooks/we_1/enable', '1'],
  ['POST', '/webhooks/we_1/disable', 'true'],
  ['DELETE', '/webhooks/we_1', '[]'],
  ['PATCH', '/list-envelope', { patients: 1 }],
  ['PUT', '/hosts', { vm: '127.0.0.1' }],
  ['POST', '/reset', '[1]'],
];

const UNKNOWN_MEMBER: Bad[] = [
  ['POST', '/seed', { pets: [] }],
  ['GET', '/settings?clinc=2'],
  ['PATCH', '/settings', { requireRooms: true }],
  ['POST', '/keys', { role: 'admin' }],
  ['POST', '/keys/revoke', { key: 'x', all: true }],
  ['GET', '/faults?path=/x'],
  ['POST', '/faults', { pth: '/x', status: 500 }],
  ['DELETE', '/faults', { path: '/x' }],
  ['GET', '/clock?tz=UTC'],
  ['POST', '/clock', { now: '2030-01-01T00:00:00Z', freeze: true }],
  ['POST', '/clock/advance', { ms: 1, run: false }],
  ['GET', '/webhooks?clinic=1'],
  [
    'POST',
    '/webhooks',
    { url: 'https://a.example/h', events: ['appointment.created'], secret: 's' },
  ],
  ['GET', '/webhooks/options?x=1'],
  ['PATCH', '/webhooks/options', { dup: 1 }],
  ['POST', '/webhooks/settle', { wait: 1 }],
  ['POST', '/webhooks/flush', { x: 1 }],
  ['POST', '/webhooks/we_1/ping', { message: 'hi' }],
  ['POST', '/webhooks/we_1/enable', { x: 1 }],
  ['POST', '/webhooks/we_1/disable', { x: 1 }],
  ['DELETE', '/webhooks/we_1', { x: 1 }],
  ['GET', '/list-envelope?x=1'],
  ['PATCH', '/list-envelope', { rooms: 'array' }],
  ['GET', '/hosts?x=1'],
  ['GET', '/events?type=ping'],
  ['GET', '/requests?limit=1'],
  ['POST', '/reset', { keepKeys: true }],
];

const OUT_OF_RANGE: Bad[] = [
  ['POST', '/seed', { clinic: 0 }],
  ['GET', '/settings?clinic=0'],
  ['GET', '/settings?clinic=99999999999999999999'],
  ['PATCH', '/settings', { clinic: 0 }],
  ['PATCH', '/settings', { clinic: 1.5 }],
  ['PATCH', '/settings', { nullRoom: 'no_room' }],
  ['PATCH', '/settings', { idempotencyReplay: 'create_appointment' }],
  ['PATCH', '/settings', { changeableStatuses: ['done'] }],
  ['POST', '/keys', { prefix: 'x'.repeat(33) }],
  ['POST', '/keys', { preset: 'admin' }],
  ['POST', '/keys', { clinic: -1 }],
  ['POST', '/keys/revoke', { key: 'x'.repeat(501) }],
  ['POST', '/faults', { status: 600 }],
  ['POST', '/faults', { delayMs: 1e300 }],
  ['POST', '/clock', { now: 1e300 }],
  ['POST', '/clock', { now: -1 }],
  ['POST', '/clock/advance', { ms: 1e300 }],
  ['POST', '/clock/advance', { ms: -1 }],
  ['POST', '/webhooks', { url: 'https://a.example/h', events: [] }],
  ['POST', '/webhooks', { url: 'https://a.example/h', events: ['appointment.exploded'] }],
  ['PATCH', '/webhooks/options', { duplicate: 2 }],
  ['PATCH', '/webhooks/options', { reorder: { windowMs: -1 } }],
  ['PATCH', '/list-envelope', { patients: 'bare' }],
  ['PUT', '/hosts', { vm: ['300.0.0.1'] }],
  ['PUT', '/hosts', { vm: [] }],
];

describe('every control route refuses bad input with 400 and the server keeps answering', () => {
  beforeAll(async () => {
    // An endpoint we_1 exists, so its routes reach their input checks.
    const endpoint = await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
    });
    expect(endpoint.status).toBe(201);
  });

  const cases: Array<[string, string, string, unknown]> = [
    ...WRONG_TYPE.map(([m, p, b]): [string, string, string, unknown] => ['a wrong type', m, p, b]),
    ...UNKNOWN_MEMBER.map(([m, p, b]): [string, string, string, unknown] => [
      'an unknown member',
      m,
      p,
      b,
    ]),
    ...OUT_OF_RANGE.map(([m, p, b]): [string, string, string, unknown] => [
      'an out-of-range value',
      m,
      p,
      b,
    ]),
  ];

  test.each(cases)('%s: %s %s %j', async (_kind, method, path, body) => {
    const answer =
      typeof body === 'string'
        ? await control(method, path, undefined, body)
        : await control(method, path, body);
    expect(answer.status).toBe(400);
    expect(typeof answer.body.detail).toBe('string');
    const ok = await callCli(started.cli, 'GET', `${P}/rooms`, { auth: started.cli.apiKey });
    expect(ok.status).toBe(200);
    const write = await callCli(started.cli, 'POST', `${P}/patients`, {
      auth: started.cli.apiKey,
      json: { name: 'Ana Souza' },
    });
    expect(write.status).toBe(201);
  });

  test('nothing a refused input touched changed', async () => {
    expect((await control('GET', '/settings')).body).toEqual(defaultSettings());
    expect((await control('GET', '/faults')).body).toEqual({ pending: [] });
    expect((await control('GET', '/hosts')).body).toEqual({});
    expect((await control('GET', '/webhooks/options')).body).toEqual({
      duplicate: 0,
      reorder: false,
      seed: 1,
    });
    const { endpoints } = (await control('GET', '/webhooks')).body;
    expect(endpoints.map((e: { id: string; enabled: boolean }) => [e.id, e.enabled])).toEqual([
      ['we_1', true],
    ]);
  });

  test('the refusal names the member and what it accepts', async () => {
    const fault = await control('POST', '/faults', { pth: '/x' });
    expect(fault.body.detail).toMatch(/"pth".*path/);
    const setting = await control('PATCH', '/settings', { nullRoom: 'no_room' });
    expect(setting.body.detail).toMatch(/nullRoom.*no-room.*default-room/);
    const clinic = await control('PATCH', '/settings', { clinic: '0x2' });
    expect(clinic.body.detail).toMatch(/clinic/);
  });

  test('a body over 16 MiB is refused (413), not read whole, and the server keeps answering', async () => {
    // The server answers and closes while the client may still be writing: fetch then fails
    // with EPIPE or ECONNRESET before it reads the 413. Either way nothing was accepted.
    const seed = await control('POST', '/seed', undefined, 'a'.repeat(17 * 2 ** 20)).catch(
      (error: unknown) => {
        expect(String((error as Error).cause)).toMatch(/EPIPE|ECONNRESET|other side closed/);
        return { status: 413 };
      },
    );
    expect(seed.status).toBe(413);
    expect((await control('GET', '/settings')).status).toBe(200);
  });

  test('an unknown endpoint id is 404, a ping to a disabled endpoint 409', async () => {
    expect((await control('POST', '/webhooks/we_999/ping')).status).toBe(404);
    expect((await control('POST', '/webhooks/we_1/disable')).body.enabled).toBe(false);
    expect((await control('POST', '/webhooks/we_1/ping')).status).toBe(409);
    expect((await control('POST', '/webhooks/we_1/enable')).body.enabled).toBe(true);
  });
});

describe('everything api.* does, over HTTP', () => {
  beforeAll(async () => {
    expect((await control('POST', '/reset')).status).toBe(200);
  });

  test('readiness answers without the admin token', async () => {
    const ready = await callCli(started.cli, 'GET', '/__control/ready');
    expect([ready.status, ready.body]).toEqual([200, { ready: true }]);
  });

  // The CLI's clock runs (no --now): an answer is the instant set plus the time the call took,
  // never more, and its two forms are one reading (to the millisecond).
  const within = async (path: string, body: unknown, from: number, started = Date.now()) => {
    const answer = await control('POST', path, body);
    const ms: number = answer.body.ms;
    expect(ms).toBeGreaterThanOrEqual(from);
    expect(ms).toBeLessThanOrEqual(from + (Date.now() - started));
    expect(Date.parse(answer.body.now)).toBe(ms);
    expect(answer.body.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
    return ms;
  };

  test('clock: set forward and back, advance', async () => {
    await within('/clock', { now: '2030-01-02T03:04:05Z' }, Date.parse('2030-01-02T03:04:05Z'));
    const back = Date.parse('2029-12-31T00:00:00Z');
    const started = Date.now();
    const set = await within('/clock', { now: back }, back);
    // At least a minute past the answer to the set, at most a minute past the set plus the time
    // both calls took.
    const advanced = await within('/clock/advance', { ms: 60_000 }, back + 60_000, started);
    expect(advanced).toBeGreaterThanOrEqual(set + 60_000);
  });

  test('a fixed API key authenticates; a read-only one is refused writes', async () => {
    const key = 'ci_live_pythonsuite1.secretsecret1';
    const issued = await control('POST', '/keys', { key, preset: 'read_only' });
    expect([issued.status, issued.body]).toEqual([201, { key }]);
    expect((await callCli(started.cli, 'GET', `${P}/appointments`, { auth: key })).status).toBe(
      200,
    );
    const write = await callCli(started.cli, 'POST', `${P}/patients`, {
      auth: key,
      json: { name: 'A' },
    });
    expect(write.status).toBe(403);
    expect((await control('POST', '/keys', { key })).status).toBe(400);
  });

  test('webhooks: ping, disable, enable, remove', async () => {
    started.consumer.received.length = 0;
    const endpoint = (
      await control('POST', '/webhooks', {
        url: started.consumer.url,
        events: ['appointment.created'],
      })
    ).body;
    const ping = await control('POST', `/webhooks/${endpoint.id}/ping`);
    expect(ping.status).toBe(201);
    expect(ping.body.event_type).toBe('ping');
    expect(ping.body.state).toBe('succeeded');
    expect(received().map((e) => e.type)).toEqual(['ping']);
    expect((await control('POST', `/webhooks/${endpoint.id}/disable`)).body.enabled).toBe(false);
    expect((await control('POST', `/webhooks/${endpoint.id}/enable`)).body.enabled).toBe(true);
    expect((await control('DELETE', `/webhooks/${endpoint.id}`)).body).toEqual({
      removed: endpoint.id,
    });
    expect((await control('GET', '/webhooks')).body.endpoints).toEqual([]);
    expect((await control('POST', `/webhooks/${endpoint.id}/ping`)).status).toBe(404);
  });

  test('delivery chaos: duplicate every delivery', async () => {
    started.consumer.received.length = 0;
    await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
    });
    const options = await control('PATCH', '/webhooks/options', {
      duplicate: 1,
      reorder: { windowMs: 0 },
      seed: 3,
    });
    expect(options.body).toEqual({ duplicate: 1, reorder: { windowMs: 0 }, seed: 3 });
    await control('POST', '/seed', {
      professionals: [{ name: 'Dra. Helena Prado' }],
      appointment_types: [{ name: 'Consulta', duration_minutes: 30 }],
      patients: [{ name: 'Ana Souza' }],
    });
    const created = await callCli(started.cli, 'POST', `${P}/appointments`, {
      auth: started.cli.apiKey,
      json: {
        patient_id: 1,
        professional_id: 1,
        appointment_type_id: 1,
        start_at: '2030-03-10T10:00:00-03:00',
      },
    });
    expect(created.status).toBe(201);
    await control('POST', '/webhooks/flush');
    expect(received().map((e) => e.type)).toEqual(['appointment.created', 'appointment.created']);
    await control('POST', '/reset');
    expect((await control('GET', '/webhooks/options')).body.duplicate).toBe(0);
  });

  test('list envelopes: patients as a bare array, then back', async () => {
    expect((await control('PATCH', '/list-envelope', { patients: 'array' })).body.patients).toBe(
      'array',
    );
    const bare = await callCli(started.cli, 'GET', `${P}/patients`, { auth: started.cli.apiKey });
    expect(Array.isArray(bare.body)).toBe(true);
    await control('PATCH', '/list-envelope', { patients: 'envelope' });
    const enveloped = await callCli(started.cli, 'GET', `${P}/patients`, {
      auth: started.cli.apiKey,
    });
    expect(Object.keys(enveloped.body).sort()).toEqual(['next', 'previous', 'results']);
  });

  test('the host table: replaced by PUT, restored by reset', async () => {
    expect((await control('PUT', '/hosts', { Consumer: ['203.0.113.7'] })).body).toEqual({
      consumer: ['203.0.113.7'],
    });
    await control('POST', '/reset');
    expect((await control('GET', '/hosts')).body).toEqual({});
  });
});
