import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultSettings } from '../../src/testing/server/store.ts';
import { type RunningCli, startCli } from './cli-helpers.ts';

const TOKEN = 'test-admin-token';
const P = '/api/public/v1';

type Cli = RunningCli;

/** The CLI on a free port with a known admin token. */
const start = (...args: string[]) => startCli('--port', '0', '--admin-token', TOKEN, ...args);

function stop(cli: Cli | undefined) {
  if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
}

/** A JSON request to the CLI; `auth` is the bearer token (API key or admin token). */
async function send(
  cli: Cli,
  method: string,
  path: string,
  options: { auth?: string; json?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.auth) headers.authorization = `Bearer ${options.auth}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cli.baseUrl}${path}`, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: answers are read freely
    body: (text ? JSON.parse(text) : null) as any,
  };
}

/** A raw request with a chosen Host and headers (fetch cannot set Host). */
function raw(cli: Cli, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: { next: string | null } }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: cli.port, path, headers: { ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const admin = (json?: unknown) => ({ auth: TOKEN, ...(json === undefined ? {} : { json }) });

describe('the control API: seed, create, fault, clock, webhook delivery, all over HTTP', () => {
  let cli: Cli;
  let consumer: Server;
  let consumerUrl = '';
  const received: Array<{ type: string; data: { id: string } }> = [];
  let failNext = 0;

  beforeAll(async () => {
    cli = await start('--allow-http-webhooks');
    consumer = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8').on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        if (failNext > 0) {
          failNext -= 1;
          res.writeHead(503).end();
          return;
        }
        received.push(JSON.parse(body));
        res.writeHead(204).end();
      });
    });
    consumer.listen(0, '127.0.0.1');
    await once(consumer, 'listening');
    consumerUrl = `http://127.0.0.1:${(consumer.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => {
    stop(cli);
    consumer.closeAllConnections();
    consumer.close();
  });

  test('refuses every control route without the admin token: 401 {detail}', async () => {
    for (const auth of [undefined, cli.apiKey, 'wrong']) {
      const answer = await send(cli, 'GET', '/__control/requests', auth ? { auth } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.body).toEqual({
        detail: expect.any(String),
      });
    }
  });

  test('no API path reaches it: /api/public/v1/__control/... is an API 404', async () => {
    const answer = await send(cli, 'GET', `${P}/__control/requests`, { auth: cli.apiKey });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toContain('is not an operation of the Clinic Scheduling API v1');
    const unknown = await send(cli, 'GET', '/__control/nothing', admin());
    expect([unknown.status, unknown.body.detail]).toEqual([
      404,
      expect.stringContaining('docs/testing-control.md'),
    ]);
  });

  test('seed, settings, keys, faults, clock, webhooks, events, requests and reset', async () => {
    const seeded = await send(
      cli,
      'POST',
      '/__control/seed',
      admin({
        rooms: [{ name: 'Consultório 1' }],
        professionals: [{ name: 'Dra. Helena Prado', default_room_id: 1 }],
        appointment_types: [{ name: 'Consulta', duration_minutes: 30 }],
        patients: [{ name: 'Ana Souza', cpf: '529.982.247-25', phone: '11987654321' }],
        appointments: [
          {
            patient_id: 1,
            professional_id: 1,
            appointment_type_id: 1,
            start_at: '2026-03-10T09:00:00',
            status: 'completed',
          },
        ],
        blocked_slots: [
          { professional_id: 1, start_at: '2026-03-10T12:00:00', end_at: '2026-03-10T13:00:00' },
        ],
      }),
    );
    expect(seeded.status).toBe(201);
    expect(seeded.body.created[0].patients[0]).toMatchObject({ id: 1, cpf: '52998224725' });
    const completed = seeded.body.created[0].appointments[0];

    const bad = await send(cli, 'POST', '/__control/seed', admin({ rooms: [{ nome: 'x' }] }));
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/^seed document: rooms\[0\]: invalid input: .*name/);

    // Settings: the conservative default refuses to cancel a completed appointment.
    const refused = await send(cli, 'POST', `${P}/appointments/${completed.id}/cancel`, {
      auth: cli.apiKey,
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'appointment_not_changeable']);
    const settings = await send(
      cli,
      'PATCH',
      '/__control/settings',
      admin({ changeableStatuses: ['scheduled', 'confirmed', 'completed'], requireRoom: true }),
    );
    expect(settings.body).toEqual({
      ...defaultSettings(),
      requireRoom: true,
      changeableStatuses: ['scheduled', 'confirmed', 'completed'],
    });
    const badSetting = await send(cli, 'PATCH', '/__control/settings', admin({ nope: 1 }));
    expect(badSetting.status).toBe(400);
    const cancelled = await send(cli, 'POST', `${P}/appointments/${completed.id}/cancel`, {
      auth: cli.apiKey,
    });
    expect([cancelled.status, cancelled.body.status]).toEqual([200, 'cancelled']);

    // Keys: a read-only key is refused a write; a revoked key is 401.
    const issued = await send(cli, 'POST', '/__control/keys', admin({ preset: 'read_only' }));
    expect(issued.status).toBe(201);
    const readOnly = issued.body.key as string;
    expect((await send(cli, 'GET', `${P}/rooms`, { auth: readOnly })).status).toBe(200);
    expect(
      (await send(cli, 'POST', `${P}/patients`, { auth: readOnly, json: { name: 'X' } })).status,
    ).toBe(403);
    const revoked = await send(cli, 'POST', '/__control/keys/revoke', admin({ key: readOnly }));
    expect(revoked.body).toEqual({ revoked: true });
    expect((await send(cli, 'GET', `${P}/rooms`, { auth: readOnly })).status).toBe(401);

    // Webhooks: an http:// endpoint on loopback (allowed by --allow-http-webhooks).
    const endpoint = await send(
      cli,
      'POST',
      '/__control/webhooks',
      admin({ url: consumerUrl, events: ['appointment.created'] }),
    );
    expect(endpoint.status).toBe(201);
    expect(endpoint.body).toEqual({
      id: 'we_1',
      url: consumerUrl,
      events: ['appointment.created'],
      clinic: 1,
      enabled: true,
      consecutive_failures: 0,
      headers: [],
      disabled_at: null,
      disabled_reason: null,
      administrators_notified_at: null,
    });
    const privateUrl = await send(
      cli,
      'POST',
      '/__control/webhooks',
      admin({ url: 'http://10.0.0.1/hooks', events: ['appointment.created'] }),
    );
    expect(privateUrl.status).toBe(400);
    expect(privateUrl.body.detail).toContain('it is http:// and endpoints must be HTTPS');

    // Create through the API; the first delivery fails, the retry comes 1 min later on the clock.
    failNext = 1;
    const created = await send(cli, 'POST', `${P}/appointments`, {
      auth: cli.apiKey,
      json: {
        patient_id: 1,
        professional_id: 1,
        appointment_type_id: 1,
        start_at: '2026-03-11T09:00:00',
      },
    });
    expect(created.status).toBe(201);
    const settled = await send(cli, 'POST', '/__control/webhooks/settle', admin());
    expect(settled.body.deliveries[0].attempts.map((a: { status: number }) => a.status)).toEqual([
      503,
    ]);
    expect(received).toEqual([]);
    const before = await send(cli, 'GET', '/__control/clock', admin());
    const advanced = await send(cli, 'POST', '/__control/clock/advance', admin({ ms: 60_000 }));
    expect(advanced.body.ms).toBeGreaterThanOrEqual(before.body.ms + 60_000);
    const after = await send(cli, 'GET', '/__control/webhooks', admin());
    expect(after.body.deliveries[0].state).toBe('succeeded');
    expect(received.map((e) => [e.type, e.data.id])).toEqual([
      ['appointment.created', created.body.id],
    ]);

    // Faults: the next GET /rooms answers 503 with a Retry-After, then the API is back.
    const fault = await send(
      cli,
      'POST',
      '/__control/faults',
      admin({ method: 'GET', path: `${P}/rooms`, status: 503, headers: { 'retry-after': '1' } }),
    );
    expect(fault.body).toEqual({
      id: 'flt_1',
      method: 'GET',
      path: `${P}/rooms`,
      status: 503,
      headers: { 'retry-after': '1' },
      remaining: 1,
      hits: 0,
    });
    const faulted = await send(cli, 'GET', `${P}/rooms`, { auth: cli.apiKey });
    expect([faulted.status, faulted.headers.get('retry-after')]).toEqual([503, '1']);
    expect((await send(cli, 'GET', `${P}/rooms`, { auth: cli.apiKey })).status).toBe(200);

    // Events and requests, secrets masked.
    const events = await send(cli, 'GET', '/__control/events', admin());
    expect(events.body.events.map((e: { type: string }) => e.type)).toEqual([
      'appointment.cancelled',
      'appointment.created',
    ]);
    const requests = await send(cli, 'GET', '/__control/requests', admin());
    const last = requests.body.requests.at(-1);
    expect([last.method, last.path]).toEqual(['GET', `${P}/rooms`]);
    expect(last.headers.authorization).toMatch(/^Bearer csk_live_[A-Za-z0-9]+\.\*\*\*\*$/);
    expect(JSON.stringify(requests.body)).not.toContain(cli.apiKey);

    // Reset: back to an empty server; the printed key still works.
    expect((await send(cli, 'POST', '/__control/reset', admin())).body).toEqual({ reset: true });
    const rooms = await send(cli, 'GET', `${P}/rooms`, { auth: cli.apiKey });
    expect([rooms.status, rooms.body.results]).toEqual([200, []]);
    expect((await send(cli, 'GET', '/__control/events', admin())).body.events).toEqual([]);
  });
});

describe('page links from the host the client reached', () => {
  let cli: Cli;
  beforeAll(async () => {
    cli = await start('--host', '0.0.0.0', '--seed', 'demo');
  });
  afterAll(() => stop(cli));

  test.each([
    [{ host: 'localhost:PORT' }, 'http://localhost:PORT'],
    [{ host: '127.0.0.1:PORT' }, 'http://127.0.0.1:PORT'],
    [{ host: 'localhost:8080' }, 'http://localhost:8080'],
    [
      { host: 'mock:4010', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'api.example.test' },
      'https://api.example.test',
    ],
    [
      { host: 'mock:4010', 'x-forwarded-host': 'localhost', 'x-forwarded-port': '32768' },
      'http://localhost:32768',
    ],
    [
      { host: 'mock:4010', forwarded: 'for=1.2.3.4;proto=https;host="gw.example.test:8443"' },
      'https://gw.example.test:8443',
    ],
    [{ host: 'localhost:PORT', 'x-forwarded-host': 'evil/path?' }, 'http://localhost:PORT'],
  ])('headers %j: next starts with %s and can be followed', async (given, origin) => {
    const port = String(cli.port);
    const headers = Object.fromEntries(
      Object.entries(given).map(([k, v]) => [k, v.replace('PORT', port)]),
    );
    headers.authorization = `Bearer ${cli.apiKey}`;
    const first = await raw(cli, `${P}/patients?page_size=2`, headers);
    expect(first.status).toBe(200);
    const next = first.body.next!;
    expect(next.startsWith(`${origin.replace('PORT', port)}${P}/patients?`)).toBe(true);
    const url = new URL(next);
    const second = await raw(cli, `${url.pathname}${url.search}`, headers);
    expect(second.status).toBe(200);
  });

  test('prints 0.0.0.0 as the address it listens on', () => {
    expect(cli.baseUrl).toMatch(/^http:\/\/0\.0\.0\.0:\d+$/);
  });
});

describe('bounded logs and a seed file', () => {
  let cli: Cli;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clinic-seed-'));
    const file = join(dir, 'seed.json');
    writeFileSync(file, JSON.stringify({ rooms: [{ name: 'Sala A' }, { name: 'Sala B' }] }));
    cli = await start('--log-limit', '3', '--seed', file);
  });
  afterAll(() => stop(cli));

  test('--log-limit 3 keeps the 3 newest requests', async () => {
    for (let i = 1; i <= 5; i++) await send(cli, 'GET', `${P}/rooms/${i}`, { auth: cli.apiKey });
    const { body } = await send(cli, 'GET', '/__control/requests', admin());
    expect(body.requests.map((r: { path: string }) => r.path)).toEqual([
      `${P}/rooms/3`,
      `${P}/rooms/4`,
      `${P}/rooms/5`,
    ]);
  });

  test('--seed <file> seeds at start and again after a reset', async () => {
    const names = async () =>
      (await send(cli, 'GET', `${P}/rooms`, { auth: cli.apiKey })).body.results.map(
        (r: { name: string }) => r.name,
      );
    expect(await names()).toEqual(['Sala A', 'Sala B']);
    await send(cli, 'POST', '/__control/reset', admin());
    expect(await names()).toEqual(['Sala A', 'Sala B']);
  });
});
