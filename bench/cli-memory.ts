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
 *
 * Requests: GET /rooms (a list with links), GET /patients/{id}, a 404 and a 401, in turn.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '1000000' },
    concurrency: { type: 'string', default: '32' },
    'log-limit': { type: 'string' },
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

function heap(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { heapUsed: number }).heapUsed));
    child.send('heap');
  });
}

const { child, port, key } = await start();
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
const paths = [
  ['/api/public/v1/rooms', true],
  ['/api/public/v1/patients/1', true],
  ['/api/public/v1/unknown', true],
  ['/api/public/v1/rooms', false],
] as const;

function one(i: number): Promise<void> {
  const [path, withKey] = paths[i % paths.length]!;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        headers: withKey ? { authorization: `Bearer ${key}` } : {},
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const MB = 2 ** 20;
const readings: Array<{ after: number; heapMB: number }> = [];
readings.push({ after: 0, heapMB: (await heap(child)) / MB });
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
  readings.push({ after: sent, heapMB: (await heap(child)) / MB });
  if (!values.json) {
    const r = readings.at(-1)!;
    console.log(`${String(r.after).padStart(9)} requests: live heap ${r.heapMB.toFixed(2)} MB`);
  }
}
const seconds = (performance.now() - started) / 1000;
agent.destroy();
child.kill('SIGTERM');

// The base is the first reading after the logs have filled (twice the default limit), so a
// quick run does not count the logs' own first growth.
const baseReading = readings.find((r) => r.after >= 20_000) ?? readings[1]!;
const base = baseReading.heapMB;
const last = readings.at(-1)!.heapMB;
const flat = last - base <= Math.max(2, base * 0.1);
const rows = [
  {
    name: `CLI live heap after GC, ${baseReading.after} → ${total} requests`,
    value: Number((last - base).toFixed(2)),
    unit: 'MB',
    goal: '≤ max(2 MB, 10 %)',
    pass: flat,
    note: `${base.toFixed(2)} MB → ${last.toFixed(2)} MB; ${Math.round(total / seconds)} req/s; log limit ${values['log-limit'] ?? 'default'}`,
  },
];
if (values.json) console.log(JSON.stringify(rows));
else console.log(`\n${rows[0]!.note}\nflat: ${flat ? 'yes' : 'NO'}`);
