/**
 * The command-line server left running under load: drives N requests through
 * `clinic-scheduling-mock` (dist/testing/cli.js in its own process, started as its bin starts it,
 * so it relaunches itself with its memory settings) from this process over keep-alive loopback
 * sockets, and reads the CLI's resident set size (RSS) and live heap after a full GC at each
 * checkpoint. Goals (issue 39 item 7): RSS flat, under 20 MB of growth from the first checkpoint
 * to the last, and under 150 MB, with the default log limit.
 *
 *   npm run bench:cli-memory                                    # 1,300,000 GET /appointments, 50 connections
 *   node bench/cli-memory.ts --requests 300000 --at 100000,300000   # a quick run
 *   node bench/cli-memory.ts --log-limit unbounded              # shows the growth without a bound
 *   node bench/cli-memory.ts --traffic mixed                    # rooms, a patient, a 404, a 401, 10 KB requests
 *   node bench/cli-memory.ts --traffic unauthenticated          # only 10 KB requests without a key
 *   node bench/cli-memory.ts --untuned                          # as started, without --optimize-for-size
 *
 * Traffic `appointments` (the default): GET /appointments of the demo clinic with the key.
 * `mixed`: GET /rooms (a list with links), GET /patients/{id}, a 404, a 401, and a 10 KB request
 * without a key (a POST /appointments with a 10 KB header and a 10 KB body), in turn.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { BenchRow } from './lib.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1300000' },
    at: { type: 'string' },
    concurrency: { type: 'string', default: '50' },
    'log-limit': { type: 'string' },
    traffic: { type: 'string', default: 'appointments' },
    untuned: { type: 'boolean' },
    json: { type: 'boolean' },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const checkpoints = (
  values.at
    ? values.at.split(',').map(Number)
    : total === 1_300_000
      ? [100_000, 500_000, 900_000, 1_300_000]
      : Array.from({ length: 10 }, (_, i) => Math.round((total * (i + 1)) / 10))
).filter((n) => n > 0 && n <= total);
if (checkpoints.at(-1) !== total) checkpoints.push(total);
const CLI = new URL('../dist/testing/cli.js', import.meta.url).pathname;
const PROBE = new URL('./cli-heap-probe.ts', import.meta.url).pathname;

interface Memory {
  heapUsed: number;
  heapTotal: number;
  rss: number;
  external: number;
  newSpace: number;
}

function start(): Promise<{ child: ChildProcess; port: number; key: string }> {
  const args = ['--expose-gc', '--import', PROBE, CLI, '--port', '0', '--seed', 'demo'];
  if (values['log-limit']) args.push('--log-limit', values['log-limit']);
  const env = { ...process.env, ...(values.untuned && { CLINIC_MOCK_NO_RELAUNCH: '1' }) };
  // No IPC channel: the CLI keeps its process (and relaunches itself) only without one.
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const key = /CLINIC_API_KEY=(\S+)/.exec(out)?.[1];
      const port = /CLINIC_BASE_URL=http:\/\/[^:]+:(\d+)/.exec(out)?.[1];
      if (key && port && /CLINIC_ADMIN_TOKEN=/.test(out))
        resolve({ child, port: Number(port), key });
    });
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}):\n${out}`)));
  });
}

const { child, port, key } = await start();
let errText = '';
const waiting: Array<(m: Memory) => void> = [];
child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
  errText += chunk;
  for (let at = errText.indexOf('\n'); at >= 0; at = errText.indexOf('\n')) {
    const line = errText.slice(0, at);
    errText = errText.slice(at + 1);
    if (line.startsWith('@memory ')) waiting.shift()?.(JSON.parse(line.slice(8)) as Memory);
    else if (line.trim()) process.stderr.write(`cli: ${line}\n`);
  }
});

function memory(): Promise<Memory> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    child.kill('SIGUSR2');
  });
}

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const TEN_KB = 'x'.repeat(10 * 1024);
/** Path, whether the key is sent, and whether the request carries 10 KB of header and body. */
const MIXED = [
  ['/api/public/v1/rooms', true, false],
  ['/api/public/v1/patients/1', true, false],
  ['/api/public/v1/unknown', true, false],
  ['/api/public/v1/rooms', false, false],
  ['/api/public/v1/appointments', false, true],
] as const;
const TRAFFIC = {
  appointments: [['/api/public/v1/appointments', true, false]],
  mixed: MIXED,
  unauthenticated: [['/api/public/v1/appointments', false, true]],
} as const;
if (!Object.hasOwn(TRAFFIC, values.traffic)) {
  throw new Error(`--traffic takes ${Object.keys(TRAFFIC).join(', ')}`);
}
const paths: ReadonlyArray<readonly [string, boolean, boolean]> =
  TRAFFIC[values.traffic as keyof typeof TRAFFIC];

function one(i: number): Promise<void> {
  const [path, withKey, large] = paths[i % paths.length]!;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: large ? 'POST' : 'GET',
        headers: {
          ...(withKey ? { authorization: `Bearer ${key}` } : {}),
          ...(large ? { 'x-padding': TEN_KB, 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
    req.end(large ? JSON.stringify({ note: TEN_KB }) : undefined);
  });
}

const MB = 2 ** 20;
const readings: Array<{ after: number; heapMB: number; rssMB: number; newSpaceMB: number }> = [];
const read = async (after: number) => {
  const m = await memory();
  readings.push({ after, heapMB: m.heapUsed / MB, rssMB: m.rss / MB, newSpaceMB: m.newSpace / MB });
  const r = readings.at(-1)!;
  // With --json stdout carries the rows only: the readings go to stderr.
  (values.json ? console.error : console.log)(
    `${String(r.after).padStart(9)} requests: live heap ${r.heapMB.toFixed(2)} MB, ` +
      `RSS ${r.rssMB.toFixed(1)} MB (young generation ${r.newSpaceMB.toFixed(0)} MB)`,
  );
};
const loadBefore = loadavg()[0]!;
await read(0);
let sent = 0;
const started = performance.now();
for (const end of checkpoints) {
  let next = sent;
  const worker = async () => {
    while (next < end) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  sent = end;
  await read(sent);
}
const seconds = (performance.now() - started) / 1000;
const loadAfter = loadavg()[0]!;
agent.destroy();
child.kill('SIGTERM');

const first = readings[1]!;
const last = readings.at(-1)!;
const growth = last.rssMB - first.rssMB;
const setting =
  `${values.traffic}, ${concurrency} connections, log limit ${values['log-limit'] ?? 'default'}` +
  `${values.untuned ? ', untuned' : ''}; ${Math.round(total / seconds)} req/s; ` +
  `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`;
const series = readings
  .slice(1)
  .map((r) => `${r.after / 1000}k ${r.rssMB.toFixed(0)}`)
  .join(', ');
const rows: BenchRow[] = [
  {
    name: `CLI RSS growth under load, ${first.after.toLocaleString('en-US')} → ${total.toLocaleString('en-US')} requests`,
    value: Number(growth.toFixed(1)),
    unit: 'MB',
    goal: '< 20 MB',
    pass: growth < 20,
    note: `RSS after a full GC, MB: ${series}; ${setting}`,
  },
  {
    name: `CLI RSS after ${total.toLocaleString('en-US')} requests`,
    value: Number(last.rssMB.toFixed(1)),
    unit: 'MB',
    goal: '< 150 MB',
    pass: last.rssMB < 150,
    note: `highest reading ${Math.max(...readings.map((r) => r.rssMB)).toFixed(1)} MB; young generation ${last.newSpaceMB.toFixed(0)} MB; ${setting}`,
  },
  {
    name: `CLI live heap after GC, ${first.after.toLocaleString('en-US')} → ${total.toLocaleString('en-US')} requests`,
    value: Number((last.heapMB - first.heapMB).toFixed(2)),
    unit: 'MB',
    goal: '≤ max(2 MB, 10 %)',
    pass: last.heapMB - first.heapMB <= Math.max(2, first.heapMB * 0.1),
    note: `${first.heapMB.toFixed(2)} MB → ${last.heapMB.toFixed(2)} MB; ${setting}`,
  },
];
if (values.json) console.log(JSON.stringify(rows));
else {
  for (const row of rows) {
    console.log(
      `\n${row.name}: ${row.value} ${row.unit} (goal ${row.goal}: ${row.pass ? 'pass' : 'FAIL'})\n  ${row.note}`,
    );
  }
}
