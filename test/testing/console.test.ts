/** The console's route, headers and files without a browser (test/browser drives it in Chromium),
 * and `GET /__control/records`, which it reads. */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Appointment } from '../../src/schemas/appointments.ts';
import { Patient } from '../../src/schemas/patients.ts';
import { CONSOLE_PATH, createConsoleHandler } from '../../src/testing/console/index.ts';
import {
  createControlHandler,
  createReferenceServer,
  referenceServerListener,
} from '../../src/testing/index.ts';
import { WEBHOOK_DELIVERY } from '../../src/webhooks/delivery-schedule.ts';
import { CLI, callCli, killCli, type RunningCli, startCli } from './cli-helpers.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const UI = join(ROOT, 'src', 'testing', 'console', 'ui');
const TOKEN = 'console-test-token';
const ORIGIN = 'http://127.0.0.1:4010';

function setup() {
  const api = createReferenceServer({ baseUrl: ORIGIN, seed: 'demo' });
  const handler = createConsoleHandler({
    api,
    control: createControlHandler({ api, token: TOKEN }),
  });
  const get = (path: string, init: RequestInit = {}) =>
    handler(new Request(`${ORIGIN}${path}`, init));
  return { api, get };
}

describe('createConsoleHandler', () => {
  it('redirects /__control/ui to /__control/ui/ and serves the page with a strict CSP', async () => {
    const { get } = setup();
    const redirect = await get(CONSOLE_PATH);
    expect(redirect.status).toBe(308);
    expect(new URL(redirect.headers.get('location')!, `${ORIGIN}${CONSOLE_PATH}`).pathname).toBe(
      `${CONSOLE_PATH}/`,
    );
    const page = await get(`${CONSOLE_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy')!;
    for (const directive of [
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('serves a page without inline script or style, with the spec schedule filled in', async () => {
    const html = await (await setup().get(`${CONSOLE_PATH}/`)).text();
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/ src="/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
    expect(html).toContain(
      `<meta name="retry-delays-ms" content="${WEBHOOK_DELIVERY.retryDelaysMs.join(',')}">`,
    );
    expect(html).toContain(
      `<meta name="disable-after" content="${WEBHOOK_DELIVERY.disableAfterConsecutiveFailures}">`,
    );
  });

  it('serves its scripts and style with their types, and nothing else', async () => {
    const { get } = setup();
    const script = await get(`${CONSOLE_PATH}/app.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(script.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect((await get(`${CONSOLE_PATH}/console.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    );
    for (const path of ['/nope.js', '/..%2Findex.ts', '/ui/app.js', '/index.ts']) {
      expect((await get(`${CONSOLE_PATH}${path}`)).status).toBe(404);
    }
    // URL parsing folds `%2e%2e` into `..`: the request leaves the console for the control API.
    expect((await get(`${CONSOLE_PATH}/%2e%2e/cli/cli.ts`)).status).toBe(401);
    expect((await get(`${CONSOLE_PATH}/app.js`, { method: 'POST' })).status).toBe(405);
    expect((await get(`${CONSOLE_PATH}/app.js`, { method: 'HEAD' })).status).toBe(200);
  });

  it('hands every other control path to the control API, the rest to the server', async () => {
    const { api, get } = setup();
    const rooms = await get('/api/public/v1/rooms', {
      headers: { authorization: `Bearer ${api.issueApiKey()}` },
    });
    expect(rooms.status).toBe(200);
    expect((await get('/__control/clock')).status).toBe(401);
    const clock = await get('/__control/clock', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(clock.status).toBe(200);
    expect(await clock.json()).toHaveProperty('now');
    expect((await get('/__control/uix')).status).toBe(401);
  });

  it("obeys the control API's Host check", async () => {
    const api = createReferenceServer({ baseUrl: ORIGIN });
    const control = createControlHandler({ api, token: TOKEN, allowedHosts: ['app'] });
    const handler = createConsoleHandler({ api, control });
    const page = (origin: string) => handler(new Request(`${origin}${CONSOLE_PATH}/`));
    expect((await page('http://rebound.example')).status).toBe(403);
    expect((await handler(new Request('http://rebound.example/__control/ui/app.js'))).status).toBe(
      403,
    );
    expect((await page('http://app:4010')).status).toBe(200);
    expect((await page('http://localhost:4010')).status).toBe(200);
    expect((await page('http://[::1]:4010')).status).toBe(200);
  });

  it('mounts beside the node:http adapter, as the CLI does', async () => {
    const api = createReferenceServer({ baseUrl: ORIGIN });
    const control = createControlHandler({ api, token: TOKEN });
    const server = createServer(referenceServerListener(createConsoleHandler({ api, control })));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const page = await fetch(`${base}${CONSOLE_PATH}`);
      expect(page.status).toBe(200);
      expect(page.url).toBe(`${base}${CONSOLE_PATH}/`);
      expect(await page.text()).toContain('<script type="module" src="app.js">');
      const key = api.issueApiKey();
      const rooms = await fetch(`${base}/api/public/v1/rooms`, {
        headers: { authorization: `Bearer ${key}` },
      });
      expect(rooms.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('needs the server and the control handler', () => {
    expect(() => createConsoleHandler({} as never)).toThrow(TypeError);
    const api = createReferenceServer({ baseUrl: ORIGIN });
    expect(() =>
      createConsoleHandler({ control: createControlHandler({ api, token: TOKEN }) } as never),
    ).toThrow(TypeError);
  });
});

describe("the console's files", () => {
  const files = readdirSync(UI);
  const scripts = files.filter((f) => f.endsWith('.js'));

  it('weigh at most 40 KB gzipped in all', () => {
    const all = Buffer.concat(files.map((f) => readFileSync(join(UI, f))));
    expect(gzipSync(all, { level: 9 }).byteLength).toBeLessThanOrEqual(40 * 1024);
  });

  it('write no markup, read no cookie or local storage, open no EventSource', () => {
    expect(scripts.length).toBeGreaterThan(3);
    for (const file of scripts) {
      const text = readFileSync(join(UI, file), 'utf8');
      expect(text, file).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|EventSource|localStorage|document\.cookie/,
      );
    }
  });

  it('are imported by neither the root entry, /webhooks nor /testing', async () => {
    const requireFromTsup = createRequire(createRequire(import.meta.url).resolve('tsup'));
    const esbuild = requireFromTsup('esbuild') as typeof import('esbuild');
    for (const entry of ['src/index.ts', 'src/webhooks/index.ts', 'src/testing/index.ts']) {
      const result = await esbuild.build({
        entryPoints: [join(ROOT, entry)],
        bundle: true,
        write: false,
        metafile: true,
        platform: 'node',
        format: 'esm',
        packages: 'external',
        logLevel: 'error',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs.length, entry).toBeGreaterThan(10);
      expect(
        inputs.filter((i) => i.includes('testing/console/')),
        entry,
      ).toEqual([]);
    }
  });
});

describe('GET /__control/records', () => {
  it("lists a clinic's professionals, appointments by start and patients in the API's shapes", async () => {
    const { api, get } = setup();
    api.seed.patient({ name: 'Ana Dois', cpf: '52998224725', email: 'ana@example.com' });
    const answer = await get('/__control/records', {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body.clinic).toBe(1);
    expect(body.clinics).toEqual([1]);
    expect(body.professionals.length).toBeGreaterThan(0);
    const starts = body.appointments.map((a: { start_at: string }) => Date.parse(a.start_at));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    // The appointment object as GET returns it: the schema's members, nothing else.
    for (const appointment of body.appointments) {
      expect(Appointment.safeParse(appointment).success).toBe(true);
      expect(Object.keys(Appointment.shape)).toEqual(
        expect.arrayContaining(Object.keys(appointment)),
      );
    }
    // Only the six fields of spec 2.2: CPF and e-mail never leave.
    for (const patient of body.patients) {
      expect(Object.keys(patient).sort()).toEqual(Object.keys(Patient.shape).sort());
    }
    expect(JSON.stringify(body)).not.toContain('52998224725');
  });

  it('answers an unknown clinic with empty lists, without creating it', async () => {
    const { get } = setup();
    const auth = { authorization: `Bearer ${TOKEN}` };
    const body = await (await get('/__control/records?clinic=7', { headers: auth })).json();
    expect(body).toEqual({
      clinic: 7,
      clinics: [1],
      professionals: [],
      appointments: [],
      patients: [],
    });
    const again = await (await get('/__control/records', { headers: auth })).json();
    expect(again.clinics).toEqual([1]);
    expect((await get('/__control/records?day=1', { headers: auth })).status).toBe(400);
  });
});

describe('the CLI', () => {
  let cli: RunningCli | undefined;
  beforeAll(async () => {
    cli = await startCli('--port', '0', '--admin-token', TOKEN);
  });
  afterAll(() => killCli(cli));

  it('names the console in --help', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain(`${CONSOLE_PATH}/`);
  });

  it('prints the console address and serves it', async () => {
    expect(cli!.output()).toContain(`Console: ${cli!.baseUrl}${CONSOLE_PATH}/`);
    const page = await fetch(`${cli!.baseUrl}${CONSOLE_PATH}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain('<script type="module" src="app.js">');
    expect((await callCli(cli!, 'GET', '/__control/records', { auth: TOKEN })).status).toBe(200);
  });
});
