/**
 * The command-line server (`clinic-scheduling-mock`) over a real loopback socket, and the
 * node:http adapter it is built on.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createReferenceServer, referenceServerListener } from '../../src/testing/index.ts';
import { CLI, type RunningCli, startCli } from './cli-helpers.ts';
import { runScenario } from './scenario.ts';

type Running = RunningCli;

async function runToEnd(...args: string[]): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  child.stderr.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  const [code] = await once(child, 'exit');
  return { code, output };
}

describe('clinic-scheduling-mock (CLI)', () => {
  let cli: Running;

  beforeAll(async () => {
    cli = await startCli('--port', '0', '--seed', 'demo');
  });
  afterAll(() => {
    if (cli.child.exitCode === null) cli.child.kill('SIGKILL');
  });

  test('prints its base URL and a full-access key', () => {
    expect(cli.output()).toMatch(
      /^Clinic Scheduling reference server listening on http:\/\/127\.0\.0\.1:\d+\n/,
    );
    expect(cli.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.apiKey).toMatch(/^csk_live_[A-Za-z0-9]+\.[A-Za-z0-9]+$/);
  });

  test('the scenario passes over a real loopback socket', async () => {
    await runScenario({ fetch: (input, init) => fetch(input, init), ...cli });
  });

  test('stops cleanly on SIGINT (Ctrl-C) with exit code 0', async () => {
    const exited = once(cli.child, 'exit');
    cli.child.kill('SIGINT');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(cli.output()).toContain('SIGINT');
  });

  test('stops cleanly on SIGTERM, with an open keep-alive connection', async () => {
    const other = await startCli('--port', '0');
    const response = await fetch(`${other.baseUrl}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${other.apiKey}` },
    });
    expect(await response.json()).toEqual({ results: [], next: null, previous: null });
    const exited = once(other.child, 'exit');
    other.child.kill('SIGTERM');
    expect(await exited).toEqual([0, null]);
  });

  test('--help prints the usage; a bad option exits 2 with the usage', async () => {
    const help = await runToEnd('--help');
    expect(help.code).toBe(0);
    expect(help.output).toContain('Usage: clinic-scheduling-mock');
    for (const args of [['--seed', 'full'], ['--port', 'abc'], ['--verbose']]) {
      const bad = await runToEnd(...args);
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.output).toContain('Usage: clinic-scheduling-mock');
    }
  });
});

describe('referenceServerListener (node:http adapter)', () => {
  let server: Server;
  let baseUrl: string;
  const api = createReferenceServer({ baseUrl: 'http://127.0.0.1', seed: 'demo' });
  const apiKey = api.issueApiKey();

  beforeAll(async () => {
    server = createServer(referenceServerListener(api));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    server.close();
  });

  test('answers with the status, headers and body of api.fetch', async () => {
    const response = await fetch(`${baseUrl}/api/public/v1/rooms/999`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ detail: expect.stringContaining('999') });
  });

  test('passes bodies through: a multipart create', async () => {
    const form = new FormData();
    form.set('patient_id', '1');
    form.set('professional_id', '1');
    form.set('appointment_type_id', '1');
    form.set('start_at', '2030-02-01T08:00:00');
    const response = await fetch(`${baseUrl}/api/public/v1/appointments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    expect(response.status).toBe(201);
    expect((await response.json()).start_at).toBe('2030-02-01T08:00:00-03:00');
  });

  test('a networkError fault drops the connection; loseResponse commits first', async () => {
    api.faults.inject({ path: '/api/public/v1/rooms', networkError: true });
    await expect(
      fetch(`${baseUrl}/api/public/v1/rooms`, { headers: { authorization: `Bearer ${apiKey}` } }),
    ).rejects.toThrow(TypeError);
    api.faults.inject({ path: '/api/public/v1/patients', loseResponse: true });
    const before = api.requests.length;
    await expect(
      fetch(`${baseUrl}/api/public/v1/patients`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Perdida' }),
      }),
    ).rejects.toThrow(TypeError);
    expect(api.requests.length).toBe(before + 1);
    const found = await fetch(`${baseUrl}/api/public/v1/patients?name=Perdida`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect((await found.json()).results).toEqual([expect.objectContaining({ name: 'Perdida' })]);
  });
});
