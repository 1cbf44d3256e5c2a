/**
 * The command-line server left running under load: drives N requests (default 1,000,000)
 * through `clinic-scheduling-mock` (dist/testing/cli.js, in a child process, over keep-alive
 * loopback sockets) and reads the CLI's live heap after a full GC at every tenth of the run.
 * With the request and event logs bounded (default 10000 entries) the heap must stay flat:
 * the goal is that the last reading is within 10 % (or 2 MB) of the first one taken after
 * 20,000 requests (once the logs are full).
 *
 *   npm run build && node bench/cli-memory.ts                 # 1,000,000 requests
 *   node bench/cli-memory.ts --requests 100000                # a quick run
 *   node bench/cli-memory.ts --log-limit unbounded            # shows the growth without a bound
 *   node bench/cli-memory.ts --traffic unauthenticated        # only 10 KB requests without a key
 *
 * Requests (`--traffic mixed`, the default): GET /rooms (a list with links), GET /patients/{id},
 * a 404, a 401, and a 10 KB request without a key (a POST /appointments with a 10 KB header
 * and a 10 KB body), in turn. The resident set size (RSS) is read with the heap: both must stay
 * flat once warm (RSS within max(16 MB, 15 %)), however large the unauthenticated requests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    concurrency: { type: 'string', default: '32' },
    'log-limit': { type: 'string' },
    traffic: { type: 'string', default: 'mixed' },
    json: { type: 'boolean' },
  },
});
const total = Number(values.requests);
const concurrency = Number(values.concurrency);
const CLI = new URL('../dist/testing/cli.js', import.meta.url).pathname;
const PROBE = new URL('./cli-heap-probe.ts', import.meta.url).pathname;

function start(): Promise<{ child: ChildProcess; port: number; key: string }> {
  const args = ['--expose-gc', '--import', PROBE, CLI, '--port', '0', '--seed', 'demo'];
  if (values['log-limit']) args.push('--log-limit', values['log-limit']);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
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

function memory(child: ChildProcess): Promise<{ heapUsed: number; rss: number }> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as { heapUsed: number; rss: number }));
    child.send('heap');
  });
}

const { child, port, key } = await start();
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
const UNAUTHENTICATED = [['/api/public/v1/appointments', false, true]] as const;
if (values.traffic !== 'mixed' && values.traffic !== 'unauthenticated') {
  throw new Error('--traffic takes mixed or unauthenticated');
}
const paths = values.traffic === 'mixed' ? MIXED : UNAUTHENTICATED;

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
const readings: Array<{ after: number; heapMB: number; rssMB: number }> = [];
const read = async (after: number) => {
  const m = await memory(child);
  readings.push({ after, heapMB: m.heapUsed / MB, rssMB: m.rss / MB });
};
await read(0);
const step = Math.max(1, Math.floor(total / 10));
let sent = 0;
const started = performance.now();
while (sent < total) {
  const end = Math.min(total, sent + step);
  let next = sent;
  const worker = async () => {
    while (next < end) await one(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  sent = end;
  await read(sent);
  if (!values.json) {
    const r = readings.at(-1)!;
    console.log(
      `${String(r.after).padStart(9)} requests: live heap ${r.heapMB.toFixed(2)} MB, RSS ${r.rssMB.toFixed(1)} MB`,
    );
  }
}
const seconds = (performance.now() - started) / 1000;
agent.destroy();
child.kill('SIGTERM');

// The base is the first reading after the logs have filled (twice the default limit), so a
// quick run does not count the logs' own first growth.
const baseReading = readings.find((r) => r.after >= 20_000) ?? readings[1]!;
const last = readings.at(-1)!;
const heapFlat = last.heapMB - baseReading.heapMB <= Math.max(2, baseReading.heapMB * 0.1);
// RSS also holds pages V8 and the allocator keep after a collection: it wanders by some MB
// where the live heap does not, so its bound is wider; unbounded logs grow it by hundreds.
const rssFlat = last.rssMB - baseReading.rssMB <= Math.max(16, baseReading.rssMB * 0.15);
const setting = `log limit ${values['log-limit'] ?? 'default'}; traffic ${values.traffic}`;
const rows = [
  {
    name: `CLI live heap after GC, ${baseReading.after} → ${total} requests`,
    value: Number((last.heapMB - baseReading.heapMB).toFixed(2)),
    unit: 'MB',
    goal: '≤ max(2 MB, 10 %)',
    pass: heapFlat,
    note: `${baseReading.heapMB.toFixed(2)} MB → ${last.heapMB.toFixed(2)} MB; ${Math.round(total / seconds)} req/s; ${setting}`,
  },
  {
    name: `CLI RSS, ${baseReading.after} → ${total} requests`,
    value: Number((last.rssMB - baseReading.rssMB).toFixed(1)),
    unit: 'MB',
    goal: '≤ max(16 MB, 15 %)',
    pass: rssFlat,
    note: `${baseReading.rssMB.toFixed(1)} MB → ${last.rssMB.toFixed(1)} MB; ${setting}`,
  },
];
if (values.json) console.log(JSON.stringify(rows));
else {
  for (const row of rows)
    console.log(`\n${row.name}: ${row.note}\nflat: ${row.pass ? 'yes' : 'NO'}`);
}
