/**
 * What the client costs per call, for `clinic.appointments.retrieve(id)` from the built package
 * (`dist`), against raw `fetch` + `JSON.parse`, ky alone and openai-node's generic `get` (the
 * peer) on the same URL:
 *
 * - **In process:** every client is given a stub `fetch` that answers at once, so the CPU time
 *   per call (`process.cpuUsage`) is the client's own (headers, ky, retries set up, parsing,
 *   validation); the stub's own cost (`stub` + `JSON.parse`) is subtracted.
 * - **Loopback:** a node:http server in a child process (in this process its CPU would count
 *   as the client's and the ratios would lie), over keep-alive connections; wall time.
 *
 * Every client retries alike (`maxRetries: 2`, ky `retry: 2`). Rounds are interleaved (raw,
 * SDK, ky, openai...) and each ratio is taken within a round, then the median over rounds, so
 * drift of a shared machine hits both sides of a ratio alike. Goals (issue 26): own CPU at most
 * 1.10 × ky alone's and below openai-node's; loopback at most 1.05 × ky alone and below
 * openai-node.
 *
 * Run: `node --expose-gc bench/overhead.ts` after `npm run build` (or `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ClinicClient } from '@clinic-scheduling/sdk';
import * as otel from '@opentelemetry/api';
import ky from 'ky';
import OpenAI from 'openai';
import { type BenchRow, BODY, gc, ID, median, printRows } from './lib.ts';

const ROUNDS = 15;
const apiKey = 'bench_live_overhead.notasecretnotasecret';
const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };

type Call = () => Promise<unknown>;

/** The calls measured against one base URL and one `fetch`. */
function calls(baseUrl: string, fetchFn: typeof fetch): Record<string, Call> {
  const url = `${baseUrl}/api/public/v1/appointments/${ID}`;
  const sdk = new ClinicClient({ apiKey, baseUrl, logLevel: 'off', fetch: fetchFn, maxRetries: 2 });
  const sdkRaw = sdk.withOptions({ validateResponses: false });
  // Hooks and OpenTelemetry on, with no provider registered (the API's no-op ones): what the
  // observer itself adds per call.
  const noop = () => {};
  const sdkObserved = sdk.withOptions({
    openTelemetry: otel,
    hooks: { onRequest: noop, onResponse: noop, onSuccess: noop, onError: noop },
  });
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
    sdkRaw: () => sdkRaw.appointments.retrieve(ID),
    sdkObserved: () => sdkObserved.appointments.retrieve(ID),
    // ky alone, as most clients call it: its defaults (2 retries, 10 s timeout), `.json()`.
    ky: () => kyClient.get(url, { headers }).json(),
    // openai-node's generic get: its defaults (2 retries, its headers), the parsed body.
    openai: () => openai.get(`/appointments/${ID}`),
  };
}

/** Per-call figures of interleaved rounds, in µs: the process's CPU time and the wall time. */
interface Samples {
  cpu: Record<string, number[]>;
  wall: Record<string, number[]>;
}

/**
 * `ROUNDS` interleaved rounds of `perRound` sequential calls of each function (after 3 rounds
 * of warm-up). CPU time (`process.cpuUsage`, GC threads included) is what the in-process rows
 * quote: on a shared machine the wall time of a round also counts the time other processes
 * held the cores.
 */
async function measure(fns: Record<string, Call>, perRound: number): Promise<Samples> {
  const samples: Samples = { cpu: {}, wall: {} };
  for (const name of Object.keys(fns)) {
    samples.cpu[name] = [];
    samples.wall[name] = [];
  }
  for (let r = -3; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      // The garbage of the previous function is collected here, not counted in this one's.
      gc();
      const cpu = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < perRound; i++) await fn();
      const wall = ((performance.now() - started) * 1000) / perRound;
      const used = process.cpuUsage(cpu);
      if (r < 0) continue;
      samples.cpu[name]!.push((used.user + used.system) / perRound);
      samples.wall[name]!.push(wall);
    }
  }
  return samples;
}

/** The median over rounds of `f(round)`: a ratio taken within each round, then its median. */
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

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  const stub: typeof fetch = async () =>
    new Response(BODY, { headers: { 'content-type': 'application/json' } });
  const inProcess = (await measure(calls('https://clinic.bench', stub), 2_000)).cpu;

  const server = await loopback();
  const loopback_ = await measure(calls(server.baseUrl, fetch), 300);
  const onLoopback = loopback_.wall;
  server.stop();

  // Own CPU: the call's minus the stub's (stub + JSON.parse) in the same round.
  const own = (name: string) => perRound(inProcess, (at) => at(name) - at('raw'));
  const ownRatio = (a: string, b: string) =>
    perRound(inProcess, (at) => (at(a) - at('raw')) / (at(b) - at('raw')));
  const loopRatio = (a: string, b: string) => perRound(onLoopback, (at) => at(a) / at(b));
  const stub_ = median(inProcess.raw!);
  const stubHow = `CPU time, ${ROUNDS} interleaved rounds × 2000 calls, medians, minus the stub's ${stub_.toFixed(1)} µs`;
  const ratioHow = 'CPU time; median over the rounds of the ratio within each round';
  const loopHow = (name: string) =>
    `${median(onLoopback[name]!).toFixed(0)} µs per request; median of per-round ratios`;
  const vsKy = ownRatio('sdk', 'ky');
  const vsOpenai = ownRatio('sdk', 'openai');
  const loopVsKy = loopRatio('sdk', 'ky');
  const loopVsOpenai = loopRatio('sdk', 'openai');
  return [
    {
      name: "in process (stub fetch): appointments.retrieve, the SDK's own CPU per call",
      value: own('sdk'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: "in process (stub fetch): the SDK's own CPU per call vs ky alone's",
      value: vsKy,
      unit: '×',
      goal: '≤ 1.10 ×',
      pass: vsKy <= 1.1,
      note: `${ratioHow}: what the SDK adds to the ky it runs on`,
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
      value: ownRatio('sdkRaw', 'ky'),
      unit: '×',
      note: `${own('sdkRaw').toFixed(1)} µs; ${ratioHow}`,
    },
    {
      name: 'in process (stub fetch): hooks and openTelemetry on (no-op providers), added CPU per call',
      value: perRound(inProcess, (at) => at('sdkObserved') - at('sdk')),
      unit: 'µs',
      note: "the observer's own cost: spans, trace context, metrics and hook events built",
    },
    {
      name: 'in process (stub fetch): ky alone (.get().json(), retry: 2)',
      value: own('ky'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: 'in process (stub fetch): openai-node client.get() (maxRetries: 2)',
      value: own('openai'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: 'loopback (server in a child process): raw fetch + JSON.parse',
      value: median(onLoopback.raw!),
      unit: 'µs',
      note: `wall time, ${ROUNDS} interleaved rounds × 300 requests, medians, keep-alive`,
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
      note: `openai-node ${median(onLoopback.openai!).toFixed(0)} µs per request; median of per-round ratios`,
    },
    {
      name: "loopback: appointments.retrieve vs ky alone, the client process's CPU per request",
      value: perRound(loopback_.cpu, (at) => at('sdk') / at('ky')),
      unit: '×',
      note: 'CPU time of this process (the server runs in its own): what load on the machine moves least',
    },
    {
      name: 'loopback: appointments.retrieve (validateResponses: false) vs ky alone',
      value: loopRatio('sdkRaw', 'ky'),
      unit: '×',
      note: loopHow('sdkRaw'),
    },
    {
      name: 'loopback: ky alone vs raw fetch',
      value: loopRatio('ky', 'raw'),
      unit: '×',
      note: loopHow('ky'),
    },
  ];
}

if (import.meta.main) printRows(await run());
