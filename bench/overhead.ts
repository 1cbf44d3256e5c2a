/**
 * What the client costs per call, for `clinic.appointments.retrieve(id)` from the built package,
 * against raw `fetch` + `JSON.parse`, ky alone and openai-node's generic `get` (the peer), all
 * on the same URL and retrying alike (`maxRetries: 2`, ky `retry: 2`):
 *
 * - **In process:** each contender runs in a process of its own (`--serve <name>`),
 *   driven from this one and replaced by a fresh one every `ROUNDS_PER_PROCESS` rounds, as a
 *   user's process runs one client: in a shared process ky alone ran on the ky module the SDK's
 *   calls also shaped, and every block paid for the garbage of the one before; one process for
 *   the whole run kept its own JIT fortune. Each gets a stub `fetch` answering at
 *   once with the appointment and its `Content-Length` (as the service sends it), so the time per
 *   call is the client's own; the stub's cost (the `raw` contender) is subtracted. Rounds run a
 *   block of every contender, one process at a time, in an order that rotates by one each round,
 *   so that each meets the machine's load alike; nothing is collected by force while anything is
 *   timed. Per call: the main thread's CPU (`process.threadCpuUsage`), the wall time, the bytes
 *   allocated (V8's `GCProfiler`: heap used at each collection's start less after the one before)
 *   and the bytes still held when a loop of awaited calls ends (a full collection, then the
 *   heap's growth), medians of the rounds.
 * - **A plain wall-clock run:** each of raw, the SDK and ky alone in a fresh process of its own
 *   (`--serve <name>`: 2,500 calls unmeasured, then 10,000 timed by the wall clock), the three
 *   run `PLAIN_RUNS` times in an order that rotates, the median of the ratios and their spread:
 *   nothing shared, nothing subtracted but the stub. The in-process ratio to ky must agree with
 *   it within ±0.1. Each process also reports its main thread's CPU, so that a gap between the
 *   two says whether it comes from the clock (CPU against wall) or from sharing a process.
 * - **Loopback:** a node:http server in a child process, the contenders in theirs as above, over
 *   keep-alive connections; wall time and each client process's main-thread CPU per request.
 *
 * `--before <dir>` adds the same SDK calls through another build's `index.js` (such as the
 * session's start, built into `.tmp/before/dist`), interleaved with the others: before and after
 * in one run, under the same load. The load average is reported at the start and the end.
 *
 * Run: `node --expose-gc bench/overhead.ts [--before <dist dir>] [--json]` after `npm run build`
 * (or `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setImmediate as turn } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ClinicClient } from '@clinic-scheduling/sdk';
import * as otel from '@opentelemetry/api';
import ky from 'ky';
import OpenAI from 'openai';
import {
  allocatedPerCall,
  type BenchRow,
  BODY,
  ID,
  median,
  printRows,
  retainedPerCall,
} from './lib.ts';

const ROUNDS = 15;
const apiKey = 'bench_live_overhead.notasecretnotasecret';
const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };
const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    serve: { type: 'string' },
    'base-url': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
});

type Call = () => Promise<unknown>;
type Client = typeof ClinicClient;
const Before: Client | undefined = args.before
  ? (
      (await import(pathToFileURL(resolve(args.before, 'index.js')).href)) as {
        ClinicClient: Client;
      }
    ).ClinicClient
  : undefined;

/** The calls measured against one base URL and one `fetch`. */
function calls(baseUrl: string, fetchFn: typeof fetch): Record<string, Call> {
  const url = `${baseUrl}/api/public/v1/appointments/${ID}`;
  const options = { apiKey, baseUrl, logLevel: 'off', fetch: fetchFn, maxRetries: 2 } as const;
  const sdk = new ClinicClient(options);
  const sdkRaw = sdk.withOptions({ validateResponses: false });
  // Hooks and OpenTelemetry on, with no provider registered (the API's no-op ones): what the
  // observer itself adds per call.
  const noop = () => {};
  const sdkObserved = sdk.withOptions({
    openTelemetry: otel,
    hooks: { onRequest: noop, onResponse: noop, onSuccess: noop, onError: noop },
  });
  const before = Before && new Before(options);
  const kyClient = ky.create({ fetch: fetchFn, retry: 2 });
  const openai = new OpenAI({
    apiKey,
    baseURL: `${baseUrl}/api/public/v1`,
    fetch: fetchFn,
    maxRetries: 2,
  });
  return {
    raw: async () => {
      const response = await fetchFn(url, { headers });
      if (!response.ok) throw new Error(String(response.status));
      return JSON.parse(await response.text()) as unknown;
    },
    sdk: () => sdk.appointments.retrieve(ID),
    ...(before ? { before: () => before.appointments.retrieve(ID) } : {}),
    sdkRaw: () => sdkRaw.appointments.retrieve(ID),
    sdkObserved: () => sdkObserved.appointments.retrieve(ID),
    // ky alone, as most clients call it: its defaults (2 retries, 10 s timeout), `.json()`.
    ky: () => kyClient.get(url, { headers }).json(),
    // openai-node's generic get: its defaults (2 retries, its headers), the parsed body.
    openai: () => openai.get(`/appointments/${ID}`),
  };
}

/**
 * A call of `fn`, then a turn of the event loop, as every call over a network has: without one
 * (a stub answers within microtasks) no finalizer ever runs, and what a client keeps for one
 * (undici's `Request` signals, ky's and the SDK's alike) piles up over the whole run. The
 * turn's own cost is the stub's too, and subtracted with it.
 */
async function turned(fn: Call): Promise<void> {
  await fn();
  await turn();
}

/** Per-call figures of each round, in µs: the main thread's CPU and the wall time. */
type Rounds = { cpu: Record<string, number[]>; wall: Record<string, number[]> };

const threadCpu = () => {
  const { user, system } = process.threadCpuUsage();
  return user + system;
};

/** What a contender's process answers: per call, in µs, or bytes. */
type Figures = { cpu: number; wall: number; bytes: number };
type Command = { op: 'block' | 'allocated' | 'retained'; count: number };

/** Each contender in a process of its own (`--serve`), answering one command at a time. */
function contenders(names: string[], baseUrl: string | undefined) {
  const script = fileURLToPath(import.meta.url);
  const extra = [
    ...(args.before ? ['--before', args.before] : []),
    ...(baseUrl ? ['--base-url', baseUrl] : []),
  ];
  const children = Object.fromEntries(
    names.map((name) => {
      const child = spawn(process.execPath, ['--expose-gc', script, '--serve', name, ...extra], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      return [
        name,
        { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() },
      ];
    }),
  );
  return {
    async ask(name: string, command: Command): Promise<Figures> {
      const { child, lines } = children[name]!;
      child.stdin.write(`${JSON.stringify(command)}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error(`the ${name} process ended`);
      return JSON.parse(value as string) as Figures;
    },
    /** Ends every process, and resolves once they have exited. */
    async stop() {
      const exits = Object.values(children).map(({ child }) =>
        child.exitCode === null ? once(child, 'exit') : undefined,
      );
      for (const { child } of Object.values(children)) child.stdin.end();
      await Promise.all(exits);
    },
  };
}

/** A contender's process: runs `fn` as each command on stdin says, a line of figures for each. */
async function serve(fn: Call): Promise<void> {
  for await (const line of createInterface({ input: process.stdin })) {
    const { op, count } = JSON.parse(line) as Command;
    let figures: Partial<Figures>;
    if (op === 'block') {
      const cpu = threadCpu();
      const started = performance.now();
      for (let i = 0; i < count; i++) await turned(fn);
      figures = {
        wall: ((performance.now() - started) * 1000) / count,
        cpu: (threadCpu() - cpu) / count,
      };
    } else {
      const per = op === 'allocated' ? allocatedPerCall : retainedPerCall;
      figures = { bytes: await per(fn, count) };
    }
    process.stdout.write(`${JSON.stringify(figures)}\n`);
  }
}

/**
 * Rounds a contender's process serves before a fresh one takes its place. One process's fortune
 * (what V8 inlined, where its heap landed) stays with it: with one process per contender for the
 * whole run, the same build's ratio to ky moved from 1.28 to 1.41 between two runs.
 */
const ROUNDS_PER_PROCESS = 3;

/** `ROUNDS` rounds of a block of `perBlock` awaited calls in each contender's process, one at a
 * time, the order rotating by one a round; fresh processes every `ROUNDS_PER_PROCESS` rounds,
 * each warmed up by two blocks first. */
async function measure(
  names: string[],
  perBlock: number,
  baseUrl?: string,
): Promise<Rounds & { allocated: Record<string, number>; retained: Record<string, number> }> {
  const rounds: Rounds = { cpu: {}, wall: {} };
  for (const name of names) {
    rounds.cpu[name] = [];
    rounds.wall[name] = [];
  }
  let processes: ReturnType<typeof contenders> | undefined;
  try {
    for (let r = 0; r < ROUNDS; r++) {
      if (r % ROUNDS_PER_PROCESS === 0) {
        await processes?.stop();
        processes = contenders(names, baseUrl);
        for (let warm = 0; warm < 2; warm++) {
          for (const name of names) await processes.ask(name, { op: 'block', count: perBlock });
        }
      }
      const shift = r % names.length;
      for (const name of [...names.slice(shift), ...names.slice(0, shift)]) {
        const { cpu, wall } = await processes!.ask(name, { op: 'block', count: perBlock });
        rounds.cpu[name]!.push(cpu);
        rounds.wall[name]!.push(wall);
      }
    }
    const allocated: Record<string, number> = {};
    const retained: Record<string, number> = {};
    if (!baseUrl) {
      for (const name of names) {
        allocated[name] = (await processes!.ask(name, { op: 'allocated', count: 2_000 })).bytes;
        retained[name] = (await processes!.ask(name, { op: 'retained', count: 5_000 })).bytes;
      }
    }
    return { ...rounds, allocated, retained };
  } finally {
    await processes?.stop();
  }
}

const PLAIN_COUNT = 10_000;
/** Fresh processes per contender in the plain run: single ones move by ±5 % on a shared machine. */
const PLAIN_RUNS = 9;

/** raw, the SDK and ky alone, each in a fresh process of its own (`--serve`: `PLAIN_COUNT / 4`
 * calls unmeasured, then `PLAIN_COUNT` timed), `PLAIN_RUNS` times in a rotating order:
 * (SDK − raw) / (ky − raw) by the wall clock of each run (and by CPU). */
async function plain(): Promise<{ wall: number[]; cpu: number[] }> {
  const time = async (name: string) => {
    const alone = contenders([name], undefined);
    try {
      await alone.ask(name, { op: 'block', count: PLAIN_COUNT / 4 });
      return await alone.ask(name, { op: 'block', count: PLAIN_COUNT });
    } finally {
      await alone.stop();
    }
  };
  const ratios = { wall: [] as number[], cpu: [] as number[] };
  const names = ['raw', 'sdk', 'ky'];
  for (let run = 0; run < PLAIN_RUNS; run++) {
    const got: Record<string, Figures> = {};
    for (const name of [...names.slice(run % 3), ...names.slice(0, run % 3)]) {
      got[name] = await time(name);
    }
    for (const clock of ['wall', 'cpu'] as const) {
      const at = (name: string) => got[name]![clock];
      ratios[clock].push((at('sdk') - at('raw')) / (at('ky') - at('raw')));
    }
  }
  return ratios;
}

/** `values`' first and third quartiles, as `q1–q3`. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.round(q * (sorted.length - 1))]!.toFixed(3);
  return `${at(0.25)}–${at(0.75)}`;
}

/** The median over rounds of `f(round)`: a figure taken within each round, then its median. */
function perRound(rounds: Record<string, number[]>, f: (at: (name: string) => number) => number) {
  return median(rounds.raw!.map((_, r) => f((name) => rounds[name]![r]!)));
}

/** Starts the loopback server in a child process; resolves with its base URL and a stop. */
async function loopback(): Promise<{ baseUrl: string; stop: () => void }> {
  const script = fileURLToPath(new URL('./loopback-server.ts', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return {
    baseUrl: `http://127.0.0.1:${chunk.toString().trim()}`,
    stop: () => child.stdin.end(),
  };
}

const load = () => loadavg()[0]!.toFixed(1);

/** A `fetch` answering at once with the appointment and its length, as the service does. */
function stubFetch(): typeof fetch {
  return async () =>
    new Response(BODY, {
      headers: { 'content-type': 'application/json', 'content-length': String(BODY.length) },
    });
}

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  const loadAtStart = load();
  const names = Object.keys(calls('https://clinic.bench', stubFetch()));
  const rounds = await measure(names, 2_000);
  const { allocated, retained } = rounds;
  const loadBeforePlain = load();
  const plainRatios = await plain();
  const plainRatio = median(plainRatios.wall);

  const server = await loopback();
  const onLoopback = await measure(names, 300, server.baseUrl);
  server.stop();
  const loadAtEnd = load();

  const { cpu, wall } = rounds;
  const own = (name: string) => perRound(cpu, (at) => at(name) - at('raw'));
  const ratio = (r: Record<string, number[]>, a: string, b: string) =>
    perRound(r, (at) => (at(a) - at('raw')) / (at(b) - at('raw')));
  const loopRatio = (r: Record<string, number[]>, a: string, b: string) =>
    perRound(r, (at) => at(a) / at(b));
  const vsKy = ratio(cpu, 'sdk', 'ky');
  const vsOpenai = ratio(cpu, 'sdk', 'openai');
  const loopVsKy = loopRatio(onLoopback.wall, 'sdk', 'ky');
  const loopVsOpenai = loopRatio(onLoopback.wall, 'sdk', 'openai');
  const when = `load average ${loadAtStart} → ${loadAtEnd}`;
  const how = `main-thread CPU, each contender in a process of its own, ${ROUNDS} rounds × 2000 calls, order rotating, medians; minus the stub's ${median(cpu.raw!).toFixed(1)} µs; ${when}`;
  const ratioHow = `main-thread CPU; median of the ratio within each round; ${when}`;
  const kib = (bytes: number) => bytes / 1024;
  const perCall = (name: string, label: string): BenchRow[] => [
    {
      name: `in process (stub fetch): ${label}, own CPU per call`,
      value: own(name),
      unit: 'µs',
      note: `wall ${perRound(wall, (at) => at(name) - at('raw')).toFixed(1)} µs; ${how}`,
    },
    {
      name: `in process (stub fetch): ${label}, allocated per call`,
      value: kib(allocated[name]!),
      unit: 'KiB',
      note: `V8 GCProfiler over 2000 calls (the stub's own ${kib(allocated.raw!).toFixed(1)} KiB included)`,
    },
    {
      name: `in process (stub fetch): ${label}, retained per call when a loop of awaited calls ends`,
      value: kib(retained[name]!),
      unit: 'KiB',
      note: 'heap used after a full collection, less before 5000 awaited calls, per call',
    },
  ];
  const rows: BenchRow[] = [
    ...perCall('sdk', 'appointments.retrieve'),
    {
      name: "in process (stub fetch): the SDK's own CPU per call vs ky alone's",
      value: vsKy,
      unit: '×',
      goal: '≤ 1.10 ×',
      pass: vsKy <= 1.1,
      note: `${ratioHow}; wall: ${ratio(wall, 'sdk', 'ky').toFixed(3)} ×`,
    },
    {
      name: 'a plain wall-clock run (each alone in a fresh process) vs ky alone',
      value: plainRatio,
      unit: '×',
      goal: `within ±0.1 of ${vsKy.toFixed(3)} ×`,
      pass: Math.abs(plainRatio - vsKy) <= 0.1,
      note: `raw, the SDK, ky alone: each ${PLAIN_COUNT} calls after ${PLAIN_COUNT / 4} unmeasured in a process of its own, ${PLAIN_RUNS} times, order rotating; median ratio (quartiles ${spread(plainRatios.wall)}), minus the stub; by those processes' main-thread CPU ${median(plainRatios.cpu).toFixed(3)} × (${spread(plainRatios.cpu)}); load average ${loadBeforePlain} at its start`,
    },
    {
      name: "in process (stub fetch): the SDK's own CPU per call vs openai-node's",
      value: vsOpenai,
      unit: '×',
      goal: '< 1.00 ×',
      pass: vsOpenai < 1,
      note: ratioHow,
    },
    {
      name: 'in process (stub fetch): the same, validateResponses: false, vs ky alone',
      value: ratio(cpu, 'sdkRaw', 'ky'),
      unit: '×',
      note: `${own('sdkRaw').toFixed(1)} µs; ${ratioHow}`,
    },
    {
      name: 'in process (stub fetch): hooks and openTelemetry on (no-op providers), added CPU per call',
      value: perRound(cpu, (at) => at('sdkObserved') - at('sdk')),
      unit: 'µs',
      note: "the observer's own cost: spans, trace context, metrics and hook events built",
    },
    ...perCall('ky', 'ky alone (.get().json(), retry: 2)'),
    ...perCall('openai', 'openai-node client.get() (maxRetries: 2)'),
  ];
  if (Before) {
    rows.push(
      ...perCall('before', `appointments.retrieve, the build of ${args.before}`),
      {
        name: `in process (stub fetch): that build's own CPU per call vs ky alone's`,
        value: ratio(cpu, 'before', 'ky'),
        unit: '×',
        note: `vs openai-node ${ratio(cpu, 'before', 'openai').toFixed(3)} ×; ${ratioHow}`,
      },
      {
        name: 'in process (stub fetch): this build vs that one, own CPU per call',
        value: ratio(cpu, 'sdk', 'before'),
        unit: '×',
        note: ratioHow,
      },
      {
        name: 'loopback: that build vs ky alone (wall)',
        value: loopRatio(onLoopback.wall, 'before', 'ky'),
        unit: '×',
        note: `vs openai-node ${loopRatio(onLoopback.wall, 'before', 'openai').toFixed(3)} ×; client CPU vs ky ${loopRatio(onLoopback.cpu, 'before', 'ky').toFixed(3)} ×`,
      },
    );
  }
  const loopHow = (name: string) =>
    `${median(onLoopback.wall[name]!).toFixed(0)} µs per request; median of per-round ratios; ${when}`;
  rows.push(
    {
      name: 'loopback (server in a child process): raw fetch + JSON.parse',
      value: median(onLoopback.wall.raw!),
      unit: 'µs',
      note: `wall time, ${ROUNDS} rounds × 300 requests, order rotating, medians, keep-alive`,
    },
    {
      name: 'loopback: appointments.retrieve (validation on) vs ky alone',
      value: loopVsKy,
      unit: '×',
      goal: '≤ 1.05 ×',
      pass: loopVsKy <= 1.05,
      note: loopHow('sdk'),
    },
    {
      name: 'loopback: appointments.retrieve vs openai-node client.get()',
      value: loopVsOpenai,
      unit: '×',
      goal: '< 1.00 ×',
      pass: loopVsOpenai < 1,
      note: `openai-node ${median(onLoopback.wall.openai!).toFixed(0)} µs per request; ${when}`,
    },
    {
      name: "loopback: appointments.retrieve vs ky alone, the client thread's CPU per request",
      value: loopRatio(onLoopback.cpu, 'sdk', 'ky'),
      unit: '×',
      note: "main-thread CPU of each client's process (the server runs in its own): what load moves least",
    },
    {
      name: 'loopback: ky alone vs raw fetch',
      value: loopRatio(onLoopback.wall, 'ky', 'raw'),
      unit: '×',
      note: loopHow('ky'),
    },
  );
  return rows;
}

if (import.meta.main) {
  if (args.serve) {
    const baseUrl = args['base-url'];
    const all = baseUrl ? calls(baseUrl, fetch) : calls('https://clinic.bench', stubFetch());
    await serve(all[args.serve]!);
  } else printRows(await run());
}
