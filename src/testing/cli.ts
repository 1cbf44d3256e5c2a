#!/usr/bin/env node
/**
 * `clinic-scheduling-mock`: the reference server on a real socket (node:http).
 *
 * ```sh
 * clinic-scheduling-mock --port 4010 --seed demo
 * ```
 *
 * Prints the base URL and a full-access API key (a test key of this process only), and stops
 * cleanly on Ctrl-C (SIGINT) or SIGTERM. It does not load msw.
 *
 * @module
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { toNodeListener } from './node.ts';
import { createReferenceServer } from './server.ts';

const USAGE = `Usage: clinic-scheduling-mock [--port 4010] [--host 127.0.0.1] [--seed demo]

Runs the Clinic Scheduling API v1 reference server (in memory) until Ctrl-C.

  -p, --port <n>     port to listen on (0 picks a free one; default 4010)
      --host <host>  interface to listen on (default 127.0.0.1)
      --seed demo    start with a small demo clinic
  -h, --help         show this help`;

function fail(message: string): never {
  process.stderr.write(`clinic-scheduling-mock: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

function main(): void {
  let values: { port?: string; host?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string', short: 'p' },
        host: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = Number(values.port ?? '4010');
  if (!/^\d+$/.test(values.port ?? '4010') || port > 65_535) fail('--port must be 0..65535');
  if (values.seed !== undefined && values.seed !== 'demo') fail('--seed accepts only demo');
  const host = values.host ?? '127.0.0.1';

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
      ...(values.seed === 'demo' ? { seed: 'demo' as const } : {}),
    });
    const apiKey = api.issueApiKey({ preset: 'full_access' });
    server.on('request', toNodeListener(api));
    process.stdout.write(
      `Clinic Scheduling reference server listening on ${baseUrl}\n` +
        `CLINIC_BASE_URL=${baseUrl}\n` +
        `CLINIC_API_KEY=${apiKey}\n` +
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
