/** The console in real Chromium (Debian's `chromium`, driven by playwright-core) against the
 * built CLI, for `npm run test:browser` and `npm run docs:screenshots`. */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';

/** The system Chromium (`apt-get install chromium`); `CHROMIUM_PATH` names another. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Whether the browser is there; without it the suite says how to install it. */
export const hasChromium = () => existsSync(CHROMIUM);

// Nothing but the page under test reaches the network: no update checks, sync or QUIC probes.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile, removed on `close()`. */
export async function launchBrowser(viewport = { width: 1280, height: 800 }) {
  const profile = await mkdtemp(join(tmpdir(), 'clinic-console-chromium-'));
  const context: BrowserContext = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport,
    deviceScaleFactor: 1,
    timezoneId: 'UTC',
    locale: 'en-US',
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

const CLI = fileURLToPath(new URL('../../dist/testing/cli.js', import.meta.url));

/** The CLI's start-up line (`--json`). */
export interface RunningServer {
  baseUrl: string;
  apiKey: string;
  adminToken: string;
  consoleUrl: string;
  child: ChildProcess;
  stop(): void;
}

/** Starts the built CLI (`dist/testing/cli.js`, the package's bin) on a free port. */
export async function startServer(...args: string[]): Promise<RunningServer> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CLINIC_MOCK_')),
  );
  const child = spawn(process.execPath, [CLI, '--port', '0', '--json', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const deadline = Date.now() + 30_000;
  while (!out.includes('\n')) {
    if (child.exitCode !== null) throw new Error(`the CLI exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the CLI did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const line = JSON.parse(out.slice(0, out.indexOf('\n')));
  return {
    ...line,
    child,
    stop: () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A webhook consumer on loopback that answers `status` (settable) and keeps what it got. */
export async function startReceiver() {
  const received: { type: string }[] = [];
  const receiver = {
    status: 500,
    received,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      try {
        received.push(JSON.parse(body));
      } catch {
        received.push({ type: '(unreadable)' });
      }
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** A control API call with the admin token. */
export async function control(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${server.baseUrl}/__control/${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} /__control/${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The demo clinic's Dra. Helena Prado (id 1) and Consulta (id 1), booked through the API. */
export async function book(
  server: RunningServer,
  body: { patient_id: number; start_at: string; professional_id?: number },
): Promise<{ id: string }> {
  const response = await fetch(`${server.baseUrl}/api/public/v1/appointments`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${server.apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ professional_id: 1, appointment_type_id: 1, ...body }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`booking: ${response.status} ${text}`);
  return JSON.parse(text);
}

/** Creates a patient through the API. */
export async function createPatient(server: RunningServer, name: string): Promise<{ id: number }> {
  const response = await fetch(`${server.baseUrl}/api/public/v1/patients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`patient: ${response.status} ${text}`);
  return JSON.parse(text);
}
