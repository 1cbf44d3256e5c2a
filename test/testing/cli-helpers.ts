/** Starting the command-line server (`src/testing/cli/cli.ts`) in a child process, for its tests. */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { MEMORY_FLAG } from '../../src/testing/cli/v8-memory.ts';

/** The CLI's entry file, run by node with its type stripping. */
export const CLI = fileURLToPath(new URL('../../src/testing/cli/cli.ts', import.meta.url));

/** A running CLI and what it printed. */
export interface RunningCli {
  child: ChildProcess;
  output: () => string;
  baseUrl: string;
  port: number;
  apiKey: string;
  adminToken: string;
}

/** Starts the CLI with `args` and waits until it has printed its URL, key and admin token. */
export async function startCli(...args: string[]): Promise<RunningCli> {
  return startCliWith({}, ...args);
}

/** Starts the CLI with extra environment variables; `CLINIC_MOCK_*` of the test's own are dropped. */
export async function startCliWith(
  env: Record<string, string>,
  ...args: string[]
): Promise<RunningCli> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CLINIC_MOCK_')),
  );
  // Started with the memory flag the CLI would restart itself with (same V8 settings, one start
  // instead of two); cli-startup.test.ts starts it bare and tests the restart.
  const child = spawn(process.execPath, [MEMORY_FLAG, CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, ...env },
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const deadline = Date.now() + 15_000;
  while (!/Press Ctrl-C to stop\.\n/.test(out)) {
    if (child.exitCode !== null) throw new Error(`the CLI exited early:\n${out}`);
    if (Date.now() > deadline) throw new Error(`the CLI did not start:\n${out}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const baseUrl = /CLINIC_BASE_URL=(\S+)/.exec(out)![1]!;
  return {
    child,
    output: () => out,
    baseUrl,
    port: Number(new URL(baseUrl).port),
    apiKey: /CLINIC_API_KEY=(\S+)/.exec(out)?.[1] ?? '',
    // A token given is never printed: the caller knows it.
    adminToken:
      /CLINIC_ADMIN_TOKEN=(\S+)/.exec(out)?.[1] ??
      args.find((_, i) => args[i - 1] === '--admin-token') ??
      env.CLINIC_MOCK_ADMIN_TOKEN ??
      '',
  };
}

/** An answer of the CLI, its body parsed. */
export interface CliAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read freely
  body: any;
}

/** A request to the CLI: `json` is sent as is (a string is sent raw), `auth` as the bearer. */
export async function callCli(
  cli: RunningCli,
  method: string,
  path: string,
  options: { auth?: string; json?: unknown; raw?: string } = {},
): Promise<CliAnswer> {
  const headers: Record<string, string> = {};
  if (options.auth) headers.authorization = `Bearer ${options.auth}`;
  const body =
    options.raw ?? (options.json === undefined ? undefined : JSON.stringify(options.json));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cli.baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  };
}

/** Stops a CLI started by a test, if it still runs. */
export function killCli(cli: RunningCli | undefined): void {
  if (cli && cli.child.exitCode === null) cli.child.kill('SIGKILL');
}

/** Runs the CLI until it exits (a bad option), with `env` and no inherited `CLINIC_MOCK_*`. */
export async function runCliToExit(
  env: Record<string, string>,
  ...args: string[]
): Promise<{ code: number | null; output: string }> {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CLINIC_MOCK_')),
  );
  const child = spawn(process.execPath, [CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...base, ...env },
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    output += c;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, output };
}

/** A webhook consumer on loopback that keeps every delivery it gets. */
export interface Consumer {
  /** `http://127.0.0.1:<port>/hooks`; a path ending in `/fail` is answered 500. */
  readonly url: string;
  /** Each request, in order. */
  readonly received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  close(): void;
}

/** Starts a {@link Consumer}: 204 for every delivery, 500 on a path ending in `/fail`. */
export async function startConsumer(): Promise<Consumer> {
  const received: Consumer['received'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(req.url?.endsWith('/fail') ? 500 : 204).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/**
 * For a test file: the CLI (`--allow-http-webhooks`, this admin token) and a {@link Consumer},
 * started before its tests and stopped after them; read them once the tests run.
 */
export function cliWithConsumer(token: string): { cli: RunningCli; consumer: Consumer } {
  const state = {} as { cli: RunningCli; consumer: Consumer };
  beforeAll(async () => {
    state.cli = await startCli('--port', '0', '--admin-token', token, '--allow-http-webhooks');
    state.consumer = await startConsumer();
  });
  afterAll(() => {
    killCli(state.cli);
    state.consumer?.close();
  });
  return state;
}
