/**
 * The settings document (issue 30 item 3): every setting of the server as one JSON document,
 * taken by `createReferenceServer({ settings })`, `--settings FILE` (or CLINIC_MOCK_SETTINGS) and
 * `GET`/`PATCH /__control/server-settings`, checked by the schema `/testing` exports.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createReferenceServer, ServerSettings } from '../../src/testing/index.ts';
import {
  callCli,
  killCli,
  type RunningCli,
  runCliToExit,
  startCli,
  startCliWith,
} from './cli-helpers.ts';
import { BASE_URL, createBody, NOW, setup } from './helpers.ts';

const TOKEN = 'settings-admin-token';

describe('createReferenceServer({ settings })', () => {
  test('every member applies, reads back whole, and reset() returns to it', async () => {
    const s = setup({
      settings: {
        listEnvelope: { patients: 'array' },
        maxBodyBytes: 64,
        logLimit: 2,
        duplicates: 'first',
        clinic: { requireRoom: true, overlappingAppointments: 'refuse' },
        webhooks: { duplicate: 1, seed: 7 },
      },
    });
    const doc = s.api.settingsDocument();
    expect(doc).toMatchObject({
      listEnvelope: { patients: 'array', appointments: 'envelope' },
      maxBodyBytes: 64,
      logLimit: 2,
      duplicates: 'first',
      links: 'base-url',
      clinic: { requireRoom: true, overlappingAppointments: 'refuse', cancelBody: 'refuse' },
      webhooks: { duplicate: 1, seed: 7, reorder: false },
    });
    expect(ServerSettings.parse(doc)).toEqual(doc);
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
    expect(Array.isArray((await s.send('GET', '/patients')).body)).toBe(true);
    const large = await s.send('POST', '/patients', { json: { name: 'x'.repeat(100) } });
    expect([large.status, large.body.code]).toEqual([413, 'request_too_large']);
    await s.send('GET', '/rooms');
    await s.send('GET', '/rooms');
    expect(s.api.requests).toHaveLength(2);
    // `clinic` reaches clinics made later too.
    expect(s.api.clinic(2).settings.requireRoom).toBe(true);

    s.api.applySettings({ maxBodyBytes: 1_000_000, clinic: { requireRoom: false } });
    expect(s.api.settings.requireRoom).toBe(false);
    s.api.reset();
    expect(s.api.settingsDocument()).toEqual(doc);
    expect(s.api.settings.requireRoom).toBe(true);
  });

  test('an option given beside the document wins over its member', () => {
    const api = createReferenceServer({
      baseUrl: BASE_URL,
      now: NOW,
      maxBodyBytes: 10,
      settings: { maxBodyBytes: 20, origins: 'any' },
    });
    expect(api.settingsDocument()).toMatchObject({ maxBodyBytes: 10, origins: 'any' });
  });

  test('a bad member is a TypeError naming it, and nothing of the patch is applied', () => {
    const s = setup();
    const before = s.api.settingsDocument();
    expect(() =>
      s.api.applySettings({ maxBodyBytes: 5, clinic: { requireRoom: 'yes' as never } }),
    ).toThrow(/clinic\.requireRoom/);
    expect(() => s.api.applySettings({ nope: 1 } as never)).toThrow(/"nope".*listEnvelope/);
    expect(() => s.api.applySettings({ logLimit: -1 })).toThrow(/logLimit/);
    expect(() => s.api.applySettings({ listEnvelope: { rooms: 'array' } as never })).toThrow(
      /rooms/,
    );
    expect(s.api.settingsDocument()).toEqual(before);
    expect(() =>
      createReferenceServer({ baseUrl: BASE_URL, settings: { links: 'host' as never } }),
    ).toThrow(/settings.*links/);
  });

  test('a smaller logLimit trims the request log, the event log and the delivery records', async () => {
    const s = setup();
    s.api.webhooks.register({
      handler: () => new Response(null, { status: 204 }),
      events: ['appointment.created'],
    });
    for (const hour of [10, 11, 12]) {
      await s.send('POST', '/appointments', {
        json: createBody(s, { start_at: `2026-03-05T${hour}:00:00` }),
      });
    }
    await s.api.webhooks.settle();
    expect(s.api.webhooks.deliveries).toHaveLength(3);
    s.api.applySettings({ logLimit: 1 });
    expect(s.api.requests).toHaveLength(1);
    expect(s.api.events).toHaveLength(1);
    expect(s.api.webhooks.deliveries).toHaveLength(1);
    expect(s.api.webhooks.attempts).toHaveLength(1);
  });
});

describe('the settings document of the command-line server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-settings-'));
  const file = join(dir, 'settings.json');
  writeFileSync(
    file,
    JSON.stringify({ listEnvelope: { professionals: 'array' }, clinic: { requireRoom: true } }),
  );
  let cli: RunningCli | undefined;
  afterAll(() => killCli(cli));

  test('--settings FILE applies; GET and PATCH /__control/server-settings read and change it', async () => {
    cli = await startCli('--port', '0', '--admin-token', TOKEN, '--settings', file);
    const read = await callCli(cli, 'GET', '/__control/server-settings', { auth: TOKEN });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      listEnvelope: { professionals: 'array' },
      links: 'request',
      clinic: { requireRoom: true },
    });
    expect(ServerSettings.parse(read.body)).toEqual(read.body);
    const list = await callCli(cli, 'GET', '/api/public/v1/professionals', { auth: cli.apiKey });
    expect(Array.isArray(list.body)).toBe(true);

    const patched = await callCli(cli, 'PATCH', '/__control/server-settings', {
      auth: TOKEN,
      json: { maxBodyBytes: 10, clinic: { patientFilters: 'normalised' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      maxBodyBytes: 10,
      clinic: { requireRoom: true, patientFilters: 'normalised' },
    });
    const large = await callCli(cli, 'POST', '/api/public/v1/patients', {
      auth: cli.apiKey,
      json: { name: 'Ana Souza' },
    });
    expect([large.status, large.body.code]).toEqual([413, 'request_too_large']);

    const bad = await callCli(cli, 'PATCH', '/__control/server-settings', {
      auth: TOKEN,
      json: { maxBodyBytes: 10, webhooks: { duplicate: 3 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/webhooks\.duplicate/);

    // The reset returns to the file's document.
    await callCli(cli, 'POST', '/__control/reset', { auth: TOKEN });
    const after = await callCli(cli, 'GET', '/__control/server-settings', { auth: TOKEN });
    expect(after.body).toEqual(read.body);
  });

  test('CLINIC_MOCK_SETTINGS names the file too; a flag beside it wins', async () => {
    const env = await startCliWith(
      { CLINIC_MOCK_SETTINGS: file },
      '--port',
      '0',
      '--admin-token',
      TOKEN,
      '--log-limit',
      '5',
    );
    try {
      const read = await callCli(env, 'GET', '/__control/server-settings', { auth: TOKEN });
      expect(read.body).toMatchObject({ logLimit: 5, clinic: { requireRoom: true } });
    } finally {
      killCli(env);
    }
  });

  test('a bad document exits 2 naming --settings and CLINIC_MOCK_SETTINGS', async () => {
    const badFile = join(dir, 'bad.json');
    writeFileSync(badFile, JSON.stringify({ clinic: { requireRoom: 'yes' } }));
    const bad = await runCliToExit({}, '--port', '0', '--settings', badFile);
    expect(bad.code).toBe(2);
    expect(bad.output).toMatch(/--settings \(or CLINIC_MOCK_SETTINGS\).*clinic\.requireRoom/);
    const missing = await runCliToExit(
      { CLINIC_MOCK_SETTINGS: join(dir, 'none.json') },
      '--port',
      '0',
    );
    expect(missing.code).toBe(2);
    expect(missing.output).toMatch(/--settings \(or CLINIC_MOCK_SETTINGS\)/);
  });
});
