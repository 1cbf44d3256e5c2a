/**
 * The same over HTTP (issue 39 item 5), driven on the built-from-source CLI as a suite in another
 * language would: all-or-nothing seed documents, endpoint headers, faults by id, 404 for every
 * unknown record, duplicate copies, disabled endpoints and the administrators' notification,
 * one-header and event-id signatures, one time form in every control record.
 */
import { createHmac } from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import { type Consumer, callCli, cliWithConsumer } from './cli-helpers.ts';

const TOKEN = 'parity-admin-token';
const P = '/api/public/v1';
/** ISO 8601 in UTC with an explicit offset and milliseconds: the control records' one form. */
const RECORD_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/;

const started = cliWithConsumer(TOKEN);
const received = () => started.consumer.received;

const control = (method: string, path: string, json?: unknown) =>
  callCli(started.cli, method, `/__control${path}`, {
    auth: TOKEN,
    ...(json === undefined ? {} : { json }),
  });
const api = (method: string, path: string, json?: unknown) =>
  callCli(started.cli, method, `${P}${path}`, {
    auth: started.cli.apiKey,
    ...(json === undefined ? {} : { json }),
  });

beforeEach(async () => {
  expect((await control('POST', '/reset')).status).toBe(200);
  started.consumer.received.length = 0;
});

const CLINIC = {
  rooms: [{ name: 'Consultório 1' }],
  professionals: [{ name: 'Dra. Helena Prado', default_room_id: 1 }],
  appointment_types: [{ name: 'Consulta', duration_minutes: 30 }],
  patients: [{ name: 'Ana Souza' }],
};
const booking = (hour: number) => ({
  patient_id: 1,
  professional_id: 1,
  appointment_type_id: 1,
  start_at: `2030-03-10T${String(hour).padStart(2, '0')}:00:00-03:00`,
});

describe('a seed document is all or nothing', () => {
  test('a refused record stores nothing, and the corrected document gets the same ids', async () => {
    const bad = await control('POST', '/seed', {
      ...CLINIC,
      appointments: [booking(9), { ...booking(10), appointment_type_id: 9 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/appointments\[1\]: .*appointment_type_id 9/);
    const records = (await control('GET', '/records')).body;
    expect([records.professionals, records.appointments, records.patients]).toEqual([[], [], []]);
    expect((await api('GET', '/rooms')).body.results).toEqual([]);

    const good = await control('POST', '/seed', { ...CLINIC, appointments: [booking(9)] });
    expect(good.status).toBe(201);
    const [created] = good.body.created;
    expect(created.rooms.map((r: { id: number }) => r.id)).toEqual([1]);
    expect(created.professionals[0]).toMatchObject({ id: 1, default_room_id: 1 });
    expect(created.patients[0].id).toBe(1);
  });

  test('in a list of documents, a refused second clinic undoes the first', async () => {
    const bad = await control('POST', '/seed', [CLINIC, { clinic: 2, rooms: [{ nome: 'x' }] }]);
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/seed document \[1\]: rooms\[0\]/);
    expect((await api('GET', '/patients')).body.results).toEqual([]);
    expect((await control('POST', '/seed', CLINIC)).body.created[0].patients[0].id).toBe(1);
  });
});

describe('POST /__control/webhooks takes headers, sent on every delivery', () => {
  test('201 with the header names (never their values); each attempt carries them', async () => {
    await control('POST', '/seed', CLINIC);
    const endpoint = await control('POST', '/webhooks', {
      url: `${started.consumer.url}/fail`,
      events: ['appointment.created'],
      headers: { 'X-Tenant': 'clinic-7', Authorization: 'Basic Z2F0ZXdheTpzZWNyZXQ=' },
    });
    expect(endpoint.status).toBe(201);
    expect(endpoint.body.headers).toEqual(['X-Tenant', 'Authorization']);
    expect(JSON.stringify(endpoint.body)).not.toContain('Z2F0ZXdheTpzZWNyZXQ');
    expect((await api('POST', '/appointments', booking(9))).status).toBe(201);
    await control('POST', '/clock/advance', { ms: 6 * 60_000 });
    expect(received()).toHaveLength(3);
    for (const { headers } of received()) {
      expect([headers['x-tenant'], headers.authorization]).toEqual([
        'clinic-7',
        'Basic Z2F0ZXdheTpzZWNyZXQ=',
      ]);
      expect(headers['content-type']).toBe('application/json');
    }
  });

  test.each([
    [{ 'X Tenant': 'a' }, 'headers.X Tenant'],
    [{ 'X-Tenant': 'a\r\nX-Injected: b' }, 'headers.X-Tenant'],
    [{ 'Content-Length': '0' }, 'headers.Content-Length'],
    [{ host: 'internal.example' }, 'headers.host'],
    [{ 'Transfer-Encoding': 'chunked' }, 'headers.Transfer-Encoding'],
    [['X-Tenant'], 'headers'],
  ])('%j is 400 naming %s, and registers nothing', async (headers, member) => {
    const refused = await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
      headers,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain(member);
    expect((await control('GET', '/webhooks')).body.endpoints).toEqual([]);
  });
});

describe('faults by id', () => {
  test('POST answers the fault with its id; pending lists ids; DELETE by id removes one', async () => {
    const first = await control('POST', '/faults', { path: `${P}/rooms`, status: 503 });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: 'flt_1',
      path: `${P}/rooms`,
      status: 503,
      remaining: 1,
      hits: 0,
    });
    const always = await control('POST', '/faults', {
      path: `${P}/patients`,
      status: 418,
      times: 'always',
    });
    expect(always.body).toMatchObject({ id: 'flt_2', times: 'always', remaining: 'always' });
    expect((await api('GET', '/patients')).status).toBe(418);
    const pending = (await control('GET', '/faults')).body.pending;
    expect(pending.map((f: { id: string }) => f.id)).toEqual(['flt_1', 'flt_2']);
    expect(pending[1]).toMatchObject({ times: 'always', remaining: 'always', hits: 1 });

    expect((await control('DELETE', '/faults/flt_2')).body).toEqual({ removed: 'flt_2' });
    expect((await api('GET', '/patients')).status).toBe(200);
    expect((await control('DELETE', '/faults/flt_2')).status).toBe(404);
    expect((await control('DELETE', '/faults/flt_99')).status).toBe(404);
    expect((await api('GET', '/rooms')).status).toBe(503);
    expect((await control('GET', '/faults')).body.pending).toEqual([]);
  });

  test('DELETE /faults removes the faults and leaves a chaos mode running', async () => {
    await control('POST', '/chaos', { seed: 1, statusRate: 1, pathPrefix: `${P}/rooms` });
    await control('POST', '/faults', { path: `${P}/patients`, status: 418, times: 3 });
    expect((await control('DELETE', '/faults')).body).toEqual({ removed: ['flt_1'] });
    expect((await api('GET', '/patients')).status).toBe(200);
    expect((await api('GET', '/rooms')).status).toBe(503);
    expect((await control('GET', '/chaos')).body.chaos.spec.seed).toBe(1);
    expect((await control('POST', '/chaos', null)).body).toEqual({ chaos: null });
  });
});

describe('every unknown record answers 404', () => {
  test.each([
    ['PATCH', '/appointments/7b0f6d2e-3c1a-4e5b-9a8d-1f2e3d4c5b6a', { status: 'confirmed' }],
    ['PATCH', '/appointments/not-a-uuid', { status: 'confirmed' }],
    [
      'POST',
      '/events',
      { type: 'appointment.updated', appointment_id: '7b0f6d2e-3c1a-4e5b-9a8d-1f2e3d4c5b6a' },
    ],
    ['POST', '/keys/revoke', { key: 'csk_live_unknown.secret' }],
    ['POST', '/webhooks/we_9/ping', undefined],
    ['POST', '/webhooks/we_9/enable', undefined],
    ['POST', '/webhooks/we_9/disable', undefined],
    ['DELETE', '/webhooks/we_9', undefined],
    ['DELETE', '/faults/flt_9', undefined],
  ])('%s %s', async (method, path, body) => {
    const answer = await control(method, path, body);
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toEqual(expect.any(String));
  });

  test("an appointment of another clinic is unknown to this one's route", async () => {
    await control('POST', '/seed', CLINIC);
    const { id } = (await api('POST', '/appointments', booking(9))).body;
    expect((await control('PATCH', `/appointments/${id}?clinic=2`, { note: 'x' })).status).toBe(
      404,
    );
    expect((await control('PATCH', `/appointments/${id}`, { note: 'x' })).status).toBe(200);
  });
});

describe('deliveries and endpoints say what happened', () => {
  test('each delivery says whether it is a duplicate copy', async () => {
    await control('POST', '/seed', CLINIC);
    await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
    });
    await control('PATCH', '/webhooks/options', { duplicate: 1, reorder: { windowMs: 0 } });
    await api('POST', '/appointments', booking(9));
    const { deliveries } = (await control('POST', '/webhooks/flush')).body;
    expect(deliveries.map((d: { duplicate: boolean }) => d.duplicate)).toEqual([false, true]);
    expect(new Set(deliveries.map((d: { event_id: string }) => d.event_id)).size).toBe(1);
  });

  test('20 exhausted deliveries: disabled_at, disabled_reason and the administrators notified (6.3.4)', async () => {
    await control('POST', '/seed', CLINIC);
    const { id } = (
      await control('POST', '/webhooks', {
        url: `${started.consumer.url}/fail`,
        events: ['appointment.created'],
      })
    ).body;
    const before = Date.parse((await control('GET', '/clock')).body.now);
    for (let hour = 0; hour < 20; hour++) {
      expect((await api('POST', '/appointments', booking(hour))).status).toBe(201);
    }
    const { deliveries } = (await control('POST', '/webhooks/flush')).body;
    expect(deliveries.every((d: { state: string }) => d.state === 'exhausted')).toBe(true);
    const [endpoint] = (await control('GET', '/webhooks')).body.endpoints;
    expect(endpoint).toMatchObject({
      id,
      enabled: false,
      consecutive_failures: 20,
      disabled_reason: 'consecutive_failures',
    });
    expect(endpoint.disabled_at).toMatch(RECORD_TIME);
    expect(endpoint.administrators_notified_at).toBe(endpoint.disabled_at);
    expect(Date.parse(endpoint.disabled_at) - before).toBeGreaterThanOrEqual(
      (1 + 5 + 30 + 120 + 360) * 60_000,
    );
    // Re-enabled by hand, as in the web application: the record of the disable goes.
    expect((await control('POST', `/webhooks/${id}/enable`)).body).toMatchObject({
      enabled: true,
      consecutive_failures: 0,
      disabled_at: null,
      disabled_reason: null,
      administrators_notified_at: null,
    });
    const manual = (await control('POST', `/webhooks/${id}/disable`)).body;
    expect(manual).toMatchObject({ disabled_reason: 'manual', administrators_notified_at: null });
  }, 30_000);
});

describe('signatures a descriptor can express', () => {
  const hmac = (secret: string, text: string, encoding: 'hex' | 'base64') =>
    createHmac('sha256', secret).update(text).digest(encoding);

  test('one header t=<ts>,v1=<hex> over <ts>.<body> (the Stripe form)', async () => {
    await control('POST', '/seed', CLINIC);
    const registered = await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
      signature: {
        algorithm: 'sha256',
        encoding: 'hex',
        header: 'Test-Signature',
        secret: 'whsec_one_header',
        signed: 'timestamp.body',
        value: 't={timestamp},v1={signature}',
      },
    });
    expect(registered.status).toBe(201);
    await api('POST', '/appointments', booking(9));
    await control('POST', '/webhooks/settle');
    const [{ headers, body }] = received() as [Consumer['received'][0]];
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(headers['test-signature']));
    expect(m).not.toBeNull();
    expect(m![2]).toBe(hmac('whsec_one_header', `${m![1]}.${body}`, 'hex'));
  });

  test('a signed event id: {id}.{timestamp}.{body}, the id and the time in their headers', async () => {
    await control('POST', '/seed', CLINIC);
    await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
      signature: {
        algorithm: 'sha256',
        encoding: 'base64',
        header: 'webhook-signature',
        secret: 'whsec_event_id',
        signed: '{id}.{timestamp}.{body}',
        idHeader: 'webhook-id',
        timestampHeader: 'webhook-timestamp',
        value: 'v1,{signature}',
      },
    });
    await api('POST', '/appointments', booking(9));
    await control('POST', '/webhooks/settle');
    const [{ headers, body }] = received() as [Consumer['received'][0]];
    const id = JSON.parse(body).id;
    expect(headers['webhook-id']).toBe(id);
    const signed = `${id}.${headers['webhook-timestamp']}.${body}`;
    expect(headers['webhook-signature']).toBe(`v1,${hmac('whsec_event_id', signed, 'base64')}`);
  });

  test.each([
    [{ signed: '{body}.{body}' }, 'signature.signed'],
    [{ signed: '{timestamp}' }, 'signature.signed'],
    [{ signed: '{nonce}.{body}' }, 'signature.signed'],
    [{ signed: '{timestamp}.{body}' }, 'signature.timestampHeader'],
    [{ value: 't={timestamp},v1={signature}' }, 'signature.value'],
    [{ value: 'v1' }, 'signature.value'],
    [{ value: 'v1 {signature}' }, 'signature.value'],
    [{ value: 'v1={signature}', prefix: 'v1=' }, 'signature.value'],
    [{ idHeader: 'X-Signature' }, 'signature.header'],
  ])('%j is 400 naming %s', async (change, member) => {
    const refused = await control('POST', '/webhooks', {
      url: started.consumer.url,
      events: ['appointment.created'],
      signature: {
        algorithm: 'sha256',
        encoding: 'hex',
        header: 'X-Signature',
        secret: 's',
        signed: 'body',
        ...change,
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toContain(member);
  });
});

test('every control record says its time in ISO 8601 with an explicit offset; envelopes keep 6.1', async () => {
  await control('POST', '/seed', CLINIC);
  await control('POST', '/webhooks', {
    url: `${started.consumer.url}/fail`,
    events: ['appointment.created'],
  });
  await api('POST', '/appointments', booking(9));
  const { deliveries } = (await control('POST', '/webhooks/settle')).body;
  const times = [
    (await control('GET', '/clock')).body.now,
    ...(await control('GET', '/requests')).body.requests.map((r: { time: string }) => r.time),
    deliveries[0].nextAttemptAt,
    ...deliveries[0].attempts.map((a: { at: string }) => a.at),
  ];
  expect(times.length).toBeGreaterThanOrEqual(4);
  for (const time of times) expect(time).toMatch(RECORD_TIME);
  const [event] = (await control('GET', '/events')).body.events;
  expect(event.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-03:00$/);
});
