/**
 * Issue 39's settings over HTTP, as a team in another language drives the command-line server:
 * the conservative defaults (a key binds on every write, the phone rule, an empty PATCH, the
 * case-sensitive name filter, the CPF's check digits) and each "not shown" reading switched by
 * `PATCH /__control/settings` and `/__control/server-settings` or a `--settings` file with its
 * `$schema`, bad values refused whole.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type CliAnswer, callCli, killCli, type RunningCli, startCli } from './cli-helpers.ts';

const TOKEN = 'rules-admin-token';
const API = '/api/public/v1';
const dir = mkdtempSync(join(tmpdir(), 'clinic-rules-'));
const file = join(dir, 'settings.json');
writeFileSync(
  file,
  JSON.stringify({
    $schema: './node_modules/@clinic-scheduling/sdk/dist/testing/settings.schema.json',
    requestIdHeader: 'X-Request-Id',
  }),
);

let cli: RunningCli;
beforeAll(async () => {
  cli = await startCli('--port', '0', '--admin-token', TOKEN, '--settings', file);
});
afterAll(() => killCli(cli));

const api = (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${cli.baseUrl}${API}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${cli.apiKey}`,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  }).then(async (r): Promise<CliAnswer> => {
    const text = await r.text();
    return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : null };
  });
const control = (method: string, path: string, json?: unknown) =>
  callCli(cli, method, `/__control${path}`, { auth: TOKEN, json });

describe('issue 39 over HTTP', () => {
  test('the defaults: keys bind on every write, phone numbers, {} changes nothing, names case-sensitive', async () => {
    await control('POST', '/reset');
    const key = { 'idempotency-key': 'http-key' };
    const ana = await api('POST', '/patients', { name: 'Ana Souza', cpf: '111.111.111-11' }, key);
    expect(ana.status).toBe(201);
    expect(ana.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api('POST', '/patients', { name: 'Bia' }, key)).status).toBe(422);
    expect((await api('POST', '/patients', { name: 'C', phone: 'abc' })).status).toBe(400);
    const empty = await api('PATCH', `/patients/${ana.body.id}`, {});
    expect([empty.status, empty.body]).toEqual([200, ana.body]);
    expect((await api('GET', '/patients?name=Souza')).body.results).toHaveLength(1);
    expect((await api('GET', '/patients?name=souza')).body.results).toHaveLength(0);
  });

  test('every new clinic setting switches over PATCH /__control/settings; a bad one changes nothing', async () => {
    await control('POST', '/reset');
    const changed = await control('PATCH', '/settings', {
      phoneRule: 'length',
      nameFilter: 'fold-case-and-accents',
      emptyPatch: 'refuse',
      idempotencyBinding: 'create-appointment',
      patientCreateStatus: 200,
      rateLimit: { requests: 3, windowMs: 60_000 },
    });
    expect(changed.status).toBe(200);
    const created = await api('POST', '/patients', { name: 'José', phone: 'ligar depois' });
    expect(created.status).toBe(200);
    expect((await api('GET', '/patients?name=JOSE')).body.results).toHaveLength(1);
    expect((await api('PATCH', `/patients/${created.body.id}`, {})).status).toBe(400);
    const limited = await api('GET', '/rooms');
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '60']);

    const before = (await control('GET', '/settings')).body;
    const bad = await control('PATCH', '/settings', { rateLimit: null, invalidCursor: 401 });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/invalidCursor/);
    expect((await control('GET', '/settings')).body).toEqual(before);
    expect((await control('PATCH', '/settings', { rateLimit: null })).status).toBe(200);
  });

  test('the server document switches the request id header; reset returns to the file', async () => {
    await control('POST', '/reset');
    const off = await control('PATCH', '/server-settings', {
      requestIdHeader: null,
      clinic: { patchAnswer: 'no-content', invalidCursor: 404 },
    });
    expect(off.body).toMatchObject({
      requestIdHeader: null,
      clinic: { patchAnswer: 'no-content' },
    });
    expect((await api('GET', '/rooms')).headers.has('x-request-id')).toBe(false);
    expect((await api('GET', '/rooms?cursor=x')).status).toBe(404);
    const hostile = await control('PATCH', '/server-settings', {
      requestIdHeader: 'X-Id\r\nSet-Cookie: a=b',
    });
    expect(hostile.status).toBe(400);
    await control('POST', '/reset');
    const back = await control('GET', '/server-settings');
    expect(back.body).toMatchObject({ requestIdHeader: 'X-Request-Id' });
    expect(back.body).not.toHaveProperty('$schema');
    expect(JSON.parse(readFileSync(file, 'utf8')).$schema).toMatch(/settings\.schema\.json$/);
  });
});
