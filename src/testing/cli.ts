#!/usr/bin/env node
/**
 * `clinic-scheduling-mock`: the reference server on a real socket (node:http), for test suites
 * in any language.
 *
 * ```sh
 * clinic-scheduling-mock --port 4010 --seed demo
 * ```
 *
 * Prints the base URL, a full-access API key and the admin token of the control API
 * (`/__control/...`, see `control.ts`), and stops cleanly on Ctrl-C (SIGINT) or SIGTERM. Page
 * links are built from the host the client reached. It does not load msw.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { CONTROL_PREFIX, createControlHandler } from './control.ts';
import { toNodeListener } from './node.ts';
import { applySeedDocument } from './seed/document.ts';
import { createReferenceServer, DEFAULT_LOG_LIMIT } from './server.ts';

const USAGE = `Usage: clinic-scheduling-mock [options]

Runs the Clinic Scheduling API v1 reference server (in memory) until Ctrl-C.

  -p, --port <n>            port to listen on (0 picks a free one; default 4010)
      --host <host>         interface to listen on (default 127.0.0.1; 0.0.0.0 for all)
      --seed <demo|file>    start with the demo clinic, or a JSON seed document
      --admin-token <t>     the control API's token (default: a random one, printed)
      --log-limit <n>       entries kept in requests and events (default ${DEFAULT_LOG_LIMIT};
                            "unbounded" keeps all)
      --allow-http-webhooks accept http:// webhook URLs on localhost/loopback, for a
                            consumer on this machine (the service never does)
  -h, --help                show this help`;

function fail(message: string): never {
  process.stderr.write(`clinic-scheduling-mock: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

interface Flags {
  port?: string;
  host?: string;
  seed?: string;
  'admin-token'?: string;
  'log-limit'?: string;
  'allow-http-webhooks'?: boolean;
  help?: boolean;
}

function readFlags(): Flags {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        seed: { type: 'string' },
        'admin-token': { type: 'string' },
        'log-limit': { type: 'string' },
        'allow-http-webhooks': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}

function readSeedFile(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    fail(`--seed ${path}: ${(error as Error).message}`);
  }
}

function main(): void {
  const values = readFlags();
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? '4010');
  if (!/^\d+$/.test(values.port ?? '4010') || port > 65_535) fail('--port must be 0..65535');
  const host = values.host ?? '127.0.0.1';
  const limitFlag = values['log-limit'];
  const logLimit =
    limitFlag === undefined
      ? DEFAULT_LOG_LIMIT
      : limitFlag === 'unbounded'
        ? Number.POSITIVE_INFINITY
        : /^\d+$/.test(limitFlag)
          ? Number(limitFlag)
          : fail('--log-limit takes a whole number or "unbounded"');
  const seedFile =
    values.seed === undefined || values.seed === 'demo' ? undefined : readSeedFile(values.seed);
  const token = values['admin-token'] ?? randomBytes(24).toString('base64url');
  if (!/^\S+$/.test(token)) fail('--admin-token must not contain white space');

  const server = createServer();
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(`clinic-scheduling-mock: ${error.message}\n`);
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const baseUrl = `http://${shownHost}:${address.port}`;
    const api = createReferenceServer({
      baseUrl,
      links: 'request',
      logLimit,
      ...(values.seed === 'demo' ? { seed: 'demo' as const } : {}),
      webhooks: {
        fetch: (request) => fetch(request, { redirect: 'manual' }),
        allowLoopbackHttp: values['allow-http-webhooks'] === true,
      },
    });
    const applySeedFile = () => {
      if (seedFile !== undefined) applySeedDocument(seedFile, (id) => api.clinic(id).seed);
    };
    try {
      applySeedFile();
    } catch (error) {
      fail(`--seed ${values.seed}: ${(error as Error).message}`);
    }
    const apiKey = api.issueApiKey({ preset: 'full_access' });
    const control = createControlHandler({ api, token, afterReset: applySeedFile });
    server.on(
      'request',
      toNodeListener((input, init) => {
        const request = input instanceof Request && !init ? input : new Request(input, init);
        const { pathname } = new URL(request.url);
        const isControl = pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
        return isControl ? control(request) : api.fetch(request);
      }),
    );
    process.stdout.write(
      `Clinic Scheduling reference server listening on ${baseUrl}\n` +
        `CLINIC_BASE_URL=${baseUrl}\n` +
        `CLINIC_API_KEY=${apiKey}\n` +
        `CLINIC_ADMIN_TOKEN=${token}\n` +
        `Control API: ${baseUrl}${CONTROL_PREFIX}/... with Authorization: Bearer <CLINIC_ADMIN_TOKEN>\n` +
        'Press Ctrl-C to stop.\n',
    );
  });

  const stop = (signal: NodeJS.Signals) => {
    process.stdout.write(`Received ${signal}; stopping.\n`);
    server.close(() => {
      process.exitCode = 0;
    });
    server.closeAllConnections();
    // Whatever still holds the event loop (a delayed fault) must not keep the process alive.
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main();
