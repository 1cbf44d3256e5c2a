/**
 * The control API's Host check (issue 30 item 5): it answers loopback names and addresses and the
 * names allowed (`allowedHosts`, `--control-hosts`, CLINIC_MOCK_CONTROL_HOSTS); any other Host is
 * 403 (a page rebinding its own name to this machine holds only that name). API routes answer
 * any Host.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, describe, expect, test } from 'vitest';
import {
  CONTROL_ROUTES,
  createControlHandler,
  createReferenceServer,
} from '../../src/testing/index.ts';
import { callCli, killCli, type RunningCli, runCliToExit, startCli } from './cli-helpers.ts';

const TOKEN = 'host-check-token';

function get(port: number, path: string, host: string, auth = TOKEN) {
  return new Promise<{ status: number; body: { detail?: string } }>((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host, authorization: `Bearer ${auth}` } },
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

describe('createControlHandler', () => {
  const api = createReferenceServer({ baseUrl: 'http://127.0.0.1:4010' });
  const control = createControlHandler({ api, token: TOKEN, allowedHosts: ['App'] });
  const status = async (origin: string) =>
    (
      await control(
        new Request(`${origin}/__control/clock`, { headers: { authorization: `Bearer ${TOKEN}` } }),
      )
    ).status;

  test.each([
    'http://localhost:4010',
    'http://127.0.0.1:4010',
    'http://127.1.2.3',
    'http://[::1]:4010',
    'http://app:3000',
    'http://LOCALHOST.',
  ])('%s is answered', async (origin) => {
    expect(await status(origin)).toBe(200);
  });

  test.each([
    'http://evil.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
    'http://app.evil.example',
    'http://10.0.0.5:4010',
  ])('%s is 403', async (origin) => {
    expect(await status(origin)).toBe(403);
  });
});

describe('the command-line server', () => {
  let cli: RunningCli | undefined;
  let allowed: RunningCli | undefined;
  afterAll(() => {
    killCli(cli);
    killCli(allowed);
  });

  test('a foreign Host is 403 naming the flag and its variable; API routes still answer it', async () => {
    cli = await startCli('--port', '0', '--admin-token', TOKEN);
    const refused = await get(cli.port, '/__control/clock', `rebound.example:${cli.port}`);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toMatch(/--control-hosts.*CLINIC_MOCK_CONTROL_HOSTS/);
    expect((await get(cli.port, '/__control/clock', `localhost:${cli.port}`)).status).toBe(200);
    const api = await get(cli.port, '/api/public/v1/rooms', 'rebound.example', cli.apiKey);
    expect(api.status).toBe(200);
  });

  test('--control-hosts allows a compose service name', async () => {
    allowed = await startCli('--port', '0', '--admin-token', TOKEN, '--control-hosts=app,mock');
    expect((await get(allowed.port, '/__control/clock', 'app:4010')).status).toBe(200);
    expect((await get(allowed.port, '/__control/clock', 'other:4010')).status).toBe(403);
  });
});

describe('flags: each bad one exits 2 naming it and its variable; --help lists the control API', () => {
  test.each([
    [['--host', 'no-such-host.invalid'], /--host \(or CLINIC_MOCK_HOST\)/],
    [['--control-hosts', 'a b/c'], /--control-hosts \(or CLINIC_MOCK_CONTROL_HOSTS\)/],
    [['--port', '70000'], /--port \(or CLINIC_MOCK_PORT\)/],
    [['--log-limit', 'many'], /--log-limit \(or CLINIC_MOCK_LOG_LIMIT\)/],
    [['--now', 'yesterday'], /--now \(or CLINIC_MOCK_NOW\)/],
    [['--seed', '/nonexistent/seed.json'], /--seed \(or CLINIC_MOCK_SEED\)/],
  ])('%j', async (args, message) => {
    const run = await runCliToExit({}, '--port', '0', ...args);
    expect(run.code).toBe(2);
    expect(run.output).toMatch(message);
  });

  test('--help names every control route and the docs page', async () => {
    const run = await runCliToExit({}, '--help');
    expect(run.code).toBe(0);
    for (const route of Object.keys(CONTROL_ROUTES)) {
      const [method, path] = route.split(' ') as [string, string];
      expect(run.output).toMatch(
        new RegExp(`/__control${path.replaceAll('/', '\\/')}\\s+${method}`),
      );
    }
    expect(run.output).toContain('docs/testing-cli.md');
  });
});

describe('control opens no webhook target the start flags closed (issue 39 item 6)', () => {
  const clis: RunningCli[] = [];
  afterAll(() => {
    for (const cli of clis) killCli(cli);
  });
  const start = async (...flags: string[]) => {
    const cli = await startCli('--port', '0', '--admin-token', TOKEN, ...flags);
    clis.push(cli);
    return (method: string, path: string, json?: unknown) =>
      callCli(cli, method, `/__control${path}`, { auth: TOKEN, json });
  };

  test('without --allow-http-webhooks: loopback and private HTTP targets cannot be opened', async () => {
    const control = await start();
    for (const webhooks of [
      { allowLoopbackHttp: true },
      { allowHttpHosts: ['metadata.internal'] },
      { allowLoopbackHttp: true, allowHttpHosts: ['app'] },
    ]) {
      const refused = await control('PATCH', '/server-settings', { webhooks });
      expect(refused.status).toBe(403);
      expect(refused.body.detail).toContain('--allow-http-webhooks');
    }
    const { webhooks } = (await control('GET', '/server-settings')).body;
    expect(webhooks).toMatchObject({ allowLoopbackHttp: false, allowHttpHosts: [] });
    const loopback = await control('POST', '/webhooks', {
      url: 'http://127.0.0.1:9/hooks',
      events: ['appointment.created'],
    });
    expect(loopback.status).toBe(400);
    // Closing what is closed, and the other members, still apply.
    const closing = await control('PATCH', '/server-settings', {
      webhooks: { allowLoopbackHttp: false, allowHttpHosts: [], duplicate: 0.5 },
    });
    expect([closing.status, closing.body.webhooks.duplicate]).toEqual([200, 0.5]);
  });

  test('with --allow-http-webhooks=app: what the flag opened may be closed and opened again, nothing more', async () => {
    const control = await start('--allow-http-webhooks=app');
    const patch = (webhooks: object) => control('PATCH', '/server-settings', { webhooks });
    expect((await patch({ allowLoopbackHttp: false, allowHttpHosts: [] })).status).toBe(200);
    expect((await patch({ allowLoopbackHttp: true, allowHttpHosts: ['APP'] })).status).toBe(200);
    const wider = await patch({ allowHttpHosts: ['app', 'db'] });
    expect(wider.status).toBe(403);
    expect(wider.body.detail).toContain('"db"');
    expect((await control('GET', '/server-settings')).body.webhooks.allowHttpHosts).toEqual([
      'APP',
    ]);
  });
});
