#!/usr/bin/env node
/** `clinic-scheduling-mock`: the reference server on a socket for suites in any language; options
 * and output in docs/testing-cli.md. Does not load msw. @module */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { type AddressInfo, isIP } from 'node:net';
import { parseArgs } from 'node:util';
import { referenceServerListener } from '../adapters/node.ts';
import { checkWebhookTarget, createNetworkDelivery } from '../delivery/network.ts';
import { applySeedDocument } from '../seed/document.ts';
import { Instant, IpAddress, parseInput } from '../server/control-inputs.ts';
import {
  createReferenceServer,
  DEFAULT_LOG_LIMIT,
  type ReferenceServer,
} from '../server/create.ts';
import type { ServerSettingsPatch } from '../server/settings-document.ts';
import { WebhookUrlError } from '../server/webhook-url.ts';
import { CONTROL_ROUTES, createControlHandler } from './control.ts';
import { CONTROL_PREFIX } from './prefix.ts';
import { relaunchWithMemorySettings } from './v8-memory.ts';

const OPTIONS = {
  port: { type: 'string', short: 'p' },
  host: { type: 'string' },
  seed: { type: 'string' },
  'admin-token': { type: 'string' },
  'api-key': { type: 'string' },
  'log-limit': { type: 'string' },
  settings: { type: 'string' },
  'allow-http-webhooks': { type: 'string' },
  resolve: { type: 'string', multiple: true },
  'control-hosts': { type: 'string' },
  now: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Flag = keyof typeof OPTIONS;

/** The environment variable of an option: `--log-limit` → `CLINIC_MOCK_LOG_LIMIT`. */
const envName = (flag: Flag) => `CLINIC_MOCK_${flag.toUpperCase().replaceAll('-', '_')}`;

const ALLOW = envName('allow-http-webhooks');

const USAGE = `Usage: clinic-scheduling-mock [options]
       npx -p @clinic-scheduling/sdk clinic-scheduling-mock [options]   (without installing)

Runs the Clinic Scheduling API v1 reference server (in memory) until SIGINT or SIGTERM.

  -p, --port <n>            port to listen on (0 picks a free one; default 4010)
      --host <host>         interface to listen on (default 127.0.0.1; 0.0.0.0 for all)
      --seed <demo|file>    start with the demo clinic, or a JSON seed document
      --admin-token <t>     the control API's token (default: a random one, printed)
      --api-key <key>       a full-access key to accept, <key_prefix>_live_<key_id>.<secret>
                            (default: a random one, printed; a given key is never printed)
      --settings <file>     the settings document (JSON): every setting of the server, as
                            GET /__control/server-settings returns it; a flag below wins
      --log-limit <n>       entries kept in requests, events and deliveries (default
                            ${DEFAULT_LOG_LIMIT}; "unbounded" keeps all)
      --allow-http-webhooks[=<host>,...]
                            accept http:// webhook URLs and private addresses on loopback
                            and on the hosts named (a consumer on a compose network, such
                            as --allow-http-webhooks=app); the service never does
      --resolve <host>=<address>[,<address>]
                            resolve a webhook host to these addresses instead of DNS
                            (repeatable; env: space-separated entries)
      --control-hosts <host>,...
                            host names the control API answers besides loopback (such as
                            a compose service's name); any other Host gets 403
      --now <instant>       start the clock at this ISO 8601 instant or epoch ms, fixed
                            (it then moves only through the control API)
      --json                print the start-up line as one JSON object
  -h, --help                show this help

The console, a live view of requests, webhook deliveries, the clock, chaos and the agenda, is
at /__control/ui/ in a browser (it asks for the admin token).

Every option is also read from the environment as CLINIC_MOCK_<OPTION>, such as
${envName('port')}, ${envName('log-limit')}, ${ALLOW} (1 for loopback, or host names)
and ${envName('json')}=1; an option given on the command line wins.

Control API (Authorization: Bearer <admin token>, loopback Host only):
${Object.entries(CONTROL_ROUTES)
  .map(
    ([route, what]) =>
      `  ${`${CONTROL_PREFIX}${route.replace(/^(\S+) /, '')}`.padEnd(32)} ${route.split(' ')[0]!.padEnd(6)} ${what}`,
  )
  .join('\n')}

Docs: https://github.com/clinic-scheduling/sdk/blob/main/docs/testing-cli.md
      (in the package: node_modules/@clinic-scheduling/sdk/docs/testing-cli.md)`;

function fail(message: string): never {
  process.stderr.write(`clinic-scheduling-mock: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

/** `--allow-http-webhooks` alone means loopback: parseArgs needs a value for a string option. */
function readFlags() {
  const args = process.argv
    .slice(2)
    .map((a) => (a === '--allow-http-webhooks' ? '--allow-http-webhooks=loopback' : a));
  try {
    return parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: false }).values;
  } catch (error) {
    fail((error as Error).message);
  }
}

const TRUE = /^(1|true|yes|on)$/i;
const FALSE = /^(0|false|no|off|)$/i;

function readConfig() {
  const flags = readFlags();
  const pick = (flag: Exclude<Flag, 'resolve' | 'json' | 'help'>): string | undefined =>
    flags[flag] ?? (process.env[envName(flag)] || undefined);
  const where = (flag: Flag) => `--${flag} (or ${envName(flag)})`;
  const bool = (flag: 'json'): boolean => {
    if (flags[flag] !== undefined) return flags[flag];
    const raw = process.env[envName(flag)] ?? '';
    if (TRUE.test(raw)) return true;
    if (FALSE.test(raw)) return false;
    fail(`${where(flag)} must be 1 or 0 (true or false), not ${JSON.stringify(raw)}`);
  };
  const portText = pick('port') ?? '4010';
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65_535) {
    fail(`${where('port')} must be 0..65535`);
  }
  const limitText = pick('log-limit');
  const logLimit =
    limitText === undefined
      ? DEFAULT_LOG_LIMIT
      : limitText === 'unbounded'
        ? Number.POSITIVE_INFINITY
        : /^\d{1,15}$/.test(limitText)
          ? Number(limitText)
          : fail(`${where('log-limit')} takes a whole number or "unbounded"`);
  const settingsPath = pick('settings');
  const allowText = flags['allow-http-webhooks'] ?? process.env[ALLOW] ?? '';
  const allowed = FALSE.test(allowText)
    ? []
    : allowText.split(/[\s,]+/).filter((h) => h && !TRUE.test(h) && h !== 'loopback');
  if (!allowed.every((h) => /^[A-Za-z0-9.-]{1,253}$/.test(h))) {
    fail(`${where('allow-http-webhooks')} takes host names separated by commas`);
  }
  const hosts = new Map<string, readonly string[]>();
  const resolveEntries =
    flags.resolve ?? (process.env[envName('resolve')] ?? '').split(/[\s;]+/).filter(Boolean);
  for (const entry of resolveEntries) {
    const m = /^([A-Za-z0-9.-]{1,253})=(.+)$/.exec(entry);
    const addresses = m ? m[2]!.split(',') : [];
    if (!m || !addresses.every((a) => IpAddress.safeParse(a).success)) {
      fail(`${where('resolve')} takes <host>=<address>[,<address>], not ${JSON.stringify(entry)}`);
    }
    hosts.set(m[1]!.toLowerCase(), addresses);
  }
  const controlText = pick('control-hosts') ?? '';
  const controlHosts = controlText.split(/[\s,]+/).filter(Boolean);
  if (!controlHosts.every((h) => /^(?:[A-Za-z0-9.-]{1,253}|\[?[0-9A-Fa-f:.]+\]?)$/.test(h))) {
    fail(`${where('control-hosts')} takes host names or addresses separated by commas`);
  }
  const nowText = pick('now');
  let now: number | undefined;
  if (nowText !== undefined) {
    try {
      now = parseInput(Instant, /^-?\d+$/.test(nowText) ? Number(nowText) : nowText, '--now');
    } catch {
      fail(`${where('now')} takes an ISO 8601 instant with an offset, or epoch milliseconds`);
    }
  }
  const givenToken = pick('admin-token');
  const token = givenToken ?? randomBytes(24).toString('base64url');
  if (!/^\S+$/.test(token)) fail(`${where('admin-token')} must not contain white space`);
  return {
    help: flags.help === true,
    settings:
      settingsPath === undefined ? undefined : readJsonFile(settingsPath, where('settings')),
    logLimitGiven: limitText !== undefined,
    allowGiven: allowText !== '',
    port: Number(portText),
    host: pick('host') ?? '127.0.0.1',
    seed: pick('seed'),
    token,
    tokenGiven: givenToken !== undefined,
    apiKey: pick('api-key'),
    logLimit,
    allowHttp: allowText !== '' && !FALSE.test(allowText),
    allowHttpHosts: allowed,
    hosts,
    controlHosts: controlHosts.map((h) => h.replace(/^\[|\]$/g, '')),
    now,
    json: bool('json'),
  };
}

function readJsonFile(path: string, flag: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    fail(`${flag} ${path}: ${(error as Error).message}`);
  }
}

/** npm (`npx`) can exit without passing a signal on; then this process is reparented. */
function watchNpmParent(stop: (reason: string) => void): void {
  if (!process.env.npm_command) return;
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop('npm exited');
  }, 500).unref();
}

function main(): void {
  const config = readConfig();
  if (!config.help) relaunchWithMemorySettings();
  if (config.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const seedFile =
    config.seed === undefined || config.seed === 'demo'
      ? undefined
      : readJsonFile(config.seed, `--seed (or ${envName('seed')})`);
  const settings = (config.settings ?? {}) as ServerSettingsPatch;
  if (!settings || typeof settings !== 'object' || Array.isArray(settings)) {
    fail(`--settings (or ${envName('settings')}): the settings document must be a JSON object`);
  }
  // The URL rule in force, read on every check: the settings document can change it.
  let live: ReferenceServer | undefined;
  const rule = {
    hosts: config.hosts,
    get allowLoopbackHttp() {
      return live?.webhooks.urlRule.allowLoopbackHttp ?? false;
    },
    get allowHttpHosts() {
      return live?.webhooks.urlRule.allowHttpHosts ?? [];
    },
  };
  const server = createServer();
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.syscall === 'getaddrinfo' || error.code === 'EADDRNOTAVAIL') {
      fail(
        `--host (or ${envName('host')}): cannot listen on ${JSON.stringify(config.host)} (${error.code})`,
      );
    }
    if (error.code === 'EADDRINUSE' || error.code === 'EACCES') {
      fail(`--port (or ${envName('port')}): cannot listen on port ${config.port} (${error.code})`);
    }
    process.stderr.write(`clinic-scheduling-mock: ${error.message}\n`);
    process.exit(1);
  });
  server.listen(config.port, config.host, async () => {
    const address = server.address() as AddressInfo;
    const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const baseUrl = `http://${shownHost}:${address.port}`;
    let created: ReferenceServer;
    try {
      created = createReferenceServer({
        baseUrl,
        settings: {
          links: 'request',
          ...settings,
          ...(config.logLimitGiven && {
            logLimit: config.logLimit === Number.POSITIVE_INFINITY ? 'unbounded' : config.logLimit,
          }),
          webhooks: {
            ...settings.webhooks,
            ...(config.allowGiven && {
              allowLoopbackHttp: config.allowHttp,
              allowHttpHosts: config.allowHttpHosts,
            }),
          },
        },
        ...(config.now === undefined ? {} : { now: config.now }),
        ...(config.seed === 'demo' ? { seed: 'demo' as const } : {}),
        webhooks: {
          fetch: createNetworkDelivery(rule),
          resolveHost: (host) => config.hosts.get(host),
        },
      });
    } catch (error) {
      fail(`--settings (or ${envName('settings')}): ${(error as Error).message}`);
    }
    const api = created;
    live = api;
    const applySeedFile = () => {
      if (seedFile !== undefined) applySeedDocument(seedFile, (id) => api.clinic(id).seed);
    };
    try {
      applySeedFile();
    } catch (error) {
      fail(`--seed (or ${envName('seed')}) ${config.seed}: ${(error as Error).message}`);
    }
    let apiKey: string;
    try {
      apiKey = api.issueApiKey({
        preset: 'full_access',
        ...(config.apiKey && { key: config.apiKey }),
      });
    } catch (error) {
      fail(`--api-key (or ${envName('api-key')}): ${(error as Error).message}`);
    }
    // The console, its own entry, loaded here only: nothing else in the package loads its files.
    // The path is computed so that the build leaves the import alone (bundled, it would move code
    // between the chunks other entries share): built, cli.js sits beside console.js.
    const consoleModule = import.meta.url.endsWith('.ts') ? '../console/index.ts' : './console.js';
    const { createConsoleHandler, CONSOLE_PATH } = (await import(
      consoleModule
    )) as typeof import('../console/index.ts');
    const handler = createConsoleHandler({
      api,
      control: createControlHandler({
        api,
        token: config.token,
        afterReset: applySeedFile,
        hosts: config.hosts,
        // Listening on one address other than loopback: that address is this server's own.
        allowedHosts: [...config.controlHosts, ...(isIP(address.address) ? [address.address] : [])],
        allowHostHint: `start the server with --control-hosts=<host>[,...] (or ${envName('control-hosts')})`,
        // The start flags (and --settings) are the most the admin token may open.
        webhookOpenings: api.webhooks.urlRule,
        openingsHint: `start the server with --allow-http-webhooks[=<host>,...] (or ${ALLOW}) to open them`,
        checkWebhookUrl: (url) =>
          checkWebhookTarget(url, rule).catch((error: Error) => {
            throw new WebhookUrlError(
              `${error.message} This server accepts http:// and private addresses only on the hosts ` +
                `named by --allow-http-webhooks[=<host>,...] (or ${ALLOW}); the service never does.`,
            );
          }),
      }),
    });
    server.on('request', referenceServerListener(handler));
    const printedKey = config.apiKey === undefined ? apiKey : undefined;
    if (config.json) {
      const line = {
        event: 'listening',
        baseUrl,
        port: address.port,
        ...(printedKey && { apiKey: printedKey }),
        ...(!config.tokenGiven && { adminToken: config.token }),
        controlUrl: `${baseUrl}${CONTROL_PREFIX}`,
        consoleUrl: `${baseUrl}${CONSOLE_PATH}/`,
        pid: process.pid,
      };
      process.stdout.write(`${JSON.stringify(line)}\n`);
    } else {
      process.stdout.write(
        `Clinic Scheduling reference server listening on ${baseUrl}\n` +
          `CLINIC_BASE_URL=${baseUrl}\n` +
          (printedKey ? `CLINIC_API_KEY=${printedKey}\n` : '') +
          // A token the user gave is theirs to keep out of logs: never printed back.
          (config.tokenGiven
            ? 'CLINIC_ADMIN_TOKEN is the one you gave (not printed)\n'
            : `CLINIC_ADMIN_TOKEN=${config.token}\n`) +
          `Control API: ${baseUrl}${CONTROL_PREFIX}/... with Authorization: Bearer <CLINIC_ADMIN_TOKEN>\n` +
          `Console: ${baseUrl}${CONSOLE_PATH}/ (in a browser; it asks for CLINIC_ADMIN_TOKEN)\n` +
          'Press Ctrl-C to stop.\n',
      );
    }
  });

  let stopping = false;
  const stop = (reason: string) => {
    if (stopping) process.exit(0);
    stopping = true;
    if (!config.json) process.stdout.write(`Received ${reason}; stopping.\n`);
    server.close(() => process.exit(0));
    server.closeAllConnections();
    // Whatever still holds the event loop (a delayed fault) must not keep the process alive.
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  watchNpmParent(stop);
}

main();
