/**
 * Webhook throughput (issue 29): one handler process with a queue (the production shape's front,
 * test/webhooks/soak/handler-process.ts: node:http, signature check, enqueue on a durable broker)
 * takes signed deliveries over loopback HTTP with keep-alive; the figures are events acknowledged
 * per second by that one process, and the acknowledgement latency seen by the sender (p50, p99),
 * for BullMQ (Redis `appendfsync always`) and pg-boss (PostgreSQL `synchronous_commit` on).
 * Then how fast PostgresDedupeStore's sweep deletes expired rows, against that arrival rate.
 *
 *   node bench/webhooks.ts [--json] [--events 20000]
 *
 * Needs redis-server and PostgreSQL installed (the test suites' throwaway servers). Goals: p99
 * under 50 ms on loopback; at least 2,000 events/s per handler process with either queue.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PostgresDedupeStore } from '../src/webhooks/dedupe/postgres.ts';
import { startPostgresServer } from '../test/helpers/postgres.ts';
import { startRedisServer } from '../test/helpers/redis.ts';
import { CONFIG_ENV, type SoakConfig } from '../test/webhooks/soak/config.ts';
import { type BenchRow, BODY, fmt, median, table } from './lib.ts';

const { values } = parseArgs({
  options: { json: { type: 'boolean' }, events: { type: 'string', default: '20000' } },
});
const EVENTS = Number(values.events);
const SECRET = 'bench-secret';
const CONCURRENCY = 32;
const handlerScript = fileURLToPath(
  new URL('../test/webhooks/soak/handler-process.ts', import.meta.url),
);

function startHandler(config: SoakConfig): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [handlerScript], {
    env: { ...process.env, [CONFIG_ENV]: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}/webhooks` });
    });
    child.once('exit', (code) => reject(new Error(`the handler exited with ${code}`)));
  });
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux): what the figure per CPU
 * second divides by, so that it holds on a machine other processes keep busy.
 */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat; [1] starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

let counter = 0;
/** A signed delivery of a fresh event, prepared before the clock starts. */
function delivery(): { body: string; signature: string } {
  counter += 1;
  const body = JSON.stringify({
    id: `evt_00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    type: 'appointment.updated',
    created_at: new Date().toISOString(),
    api_version: 'v1',
    company_id: 1,
    data: JSON.parse(BODY),
  });
  const signature = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
  return { body, signature };
}

/** Sends `count` deliveries, `concurrency` at a time; resolves with each one's latency (ms). */
async function load(url: string, count: number, concurrency: number) {
  const prepared = Array.from({ length: count }, delivery);
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const sender = async () => {
    while (next < prepared.length) {
      const { body, signature } = prepared[next++]!;
      const sent = performance.now();
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-soak-signature': signature },
        body,
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, sender));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { perSecond: count / seconds, p50: median(latencies), p99: p(0.99), failed };
}

async function queueRows(queue: 'bullmq' | 'pg-boss'): Promise<BenchRow[]> {
  const redis = queue === 'bullmq' ? await startRedisServer({ durable: true }) : undefined;
  const postgres = await startPostgresServer({ durable: true });
  const config: SoakConfig = {
    queue,
    redisPort: redis?.port,
    postgresUrl: postgres.url,
    apiUrl: 'http://127.0.0.1:9',
    apiKey: 'unused',
    secret: SECRET,
  };
  const handler = await startHandler(config);
  try {
    await load(handler.url, 2_000, CONCURRENCY); // warm-up: JIT, connections, queue creation
    const cpuBefore = cpuSeconds(handler.child.pid!);
    const busy = await load(handler.url, EVENTS, CONCURRENCY);
    const perCpuSecond = EVENTS / (cpuSeconds(handler.child.pid!) - cpuBefore);
    const calm = await load(handler.url, Math.min(EVENTS, 3_000), 4);
    if (busy.failed + calm.failed > 0)
      throw new Error(`${queue}: ${busy.failed + calm.failed} deliveries not answered 200`);
    const name = queue === 'bullmq' ? 'BullMQ' : 'pg-boss';
    const note = `${EVENTS} signed deliveries over loopback keep-alive, ${CONCURRENCY} in flight; load average ${loadavg()[0]!.toFixed(1)}`;
    return [
      {
        name: `webhook handler + ${name}: events acknowledged per second (one process)`,
        value: busy.perSecond,
        unit: 'events/s',
        note,
      },
      {
        name: `webhook handler + ${name}: events acknowledged per CPU second of the handler process`,
        value: perCpuSecond,
        unit: 'events/s',
        goal: '>= 2,000 (one core)',
        pass: perCpuSecond >= 2_000,
        note: 'what one process does with a core of its own: independent of the other load',
      },
      {
        name: `webhook handler + ${name}: p99 acknowledgement latency, ${CONCURRENCY} in flight`,
        value: busy.p99,
        unit: 'ms',
        note: `p50 ${fmt(busy.p50)} ms; the queueing of a saturated process included`,
      },
      {
        name: `webhook handler + ${name}: p99 acknowledgement latency, 4 in flight`,
        value: calm.p99,
        unit: 'ms',
        goal: '< 50',
        pass: calm.p99 < 50,
        note: `p50 ${fmt(calm.p50)} ms at ${fmt(calm.perSecond)} events/s`,
      },
    ];
  } finally {
    handler.child.kill('SIGKILL');
    await redis?.stop();
    await postgres.stop();
  }
}

/** Expired rows deleted per second by the sweep a claim starts (batches of 5,000 until short). */
async function sweepRow(): Promise<BenchRow> {
  const postgres = await startPostgresServer({ durable: true });
  const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  try {
    const store = new PostgresDedupeStore({ pool, sweepIntervalMs: false });
    await store.createTable();
    const rows = 200_000;
    await pool.query(
      `INSERT INTO clinic_scheduling_webhook_events (id, state, expires_at)
       SELECT 'evt_' || g, 'done', now() - interval '1 second' FROM generate_series(1, $1) g`,
      [rows],
    );
    const started = performance.now();
    let deleted = 0;
    for (let n = await store.sweep(); n > 0; n = await store.sweep()) deleted += n;
    const perSecond = deleted / ((performance.now() - started) / 1000);
    return {
      name: 'PostgresDedupeStore sweep: expired rows deleted per second',
      value: perSecond,
      unit: 'rows/s',
      goal: '>= 2,000 (the arrival rate above)',
      pass: perSecond >= 2_000,
      note: `${rows} expired rows, batches of 5,000 (indexed on expires_at, SKIP LOCKED)`,
    };
  } finally {
    await pool.end();
    await postgres.stop();
  }
}

const rows = [...(await queueRows('bullmq')), ...(await queueRows('pg-boss')), await sweepRow()];
if (values.json) console.log(JSON.stringify(rows));
else console.log(table(rows));
