/**
 * What the client costs per call, for `clinic.appointments.retrieve(id)` from the built package
 * (`dist`), against raw `fetch` + `JSON.parse`, ky alone and openai-node's generic `get` (the
 * peer) on the same URL:
 *
 * - **In process:** every client is given a stub `fetch` that answers at once, so the time per
 *   call is the client's own CPU (headers, ky, retries set up, parsing, validation); the stub's
 *   own cost (`stub` + `JSON.parse`) is subtracted.
 * - **Loopback:** a node:http server in a child process (in this process its CPU would count
 *   as the client's and the ratios would lie), over keep-alive connections.
 *
 * Rounds are interleaved (raw, SDK, ky, openai...) so drift of the machine hits all alike; the
 * figures are medians of rounds. Goals: on loopback at most 1.10 × raw fetch and at most
 * openai-node; in process, the SDK's own CPU at most openai-node's.
 *
 * Run: `node bench/overhead.ts` after `npm run build` (or `npm run bench`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ClinicClient } from '@clinic-scheduling/sdk';
import * as otel from '@opentelemetry/api';
import ky from 'ky';
import OpenAI from 'openai';
import { type BenchRow, BODY, ID, median, printRows } from './lib.ts';

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

/** Medians of `rounds` interleaved rounds of `perRound` sequential calls each, µs per call. */
async function measure(
  fns: Record<string, Call>,
  perRound: number,
): Promise<Record<string, number>> {
  const time = async (fn: Call) => {
    const started = performance.now();
    for (let i = 0; i < perRound; i++) await fn();
    return ((performance.now() - started) * 1000) / perRound;
  };
  const samples: Record<string, number[]> = {};
  for (const name of Object.keys(fns)) samples[name] = [];
  for (let r = -3; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(fns)) {
      const t = await time(fn);
      if (r >= 0) samples[name]!.push(t); // the first 3 rounds warm up
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, s]) => [name, median(s)]));
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
  const inProcess = await measure(calls('https://clinic.bench', stub), 2_000);

  const server = await loopback();
  const onLoopback = await measure(calls(server.baseUrl, fetch), 300);
  server.stop();

  const own = (name: string) => inProcess[name]! - inProcess.raw!;
  const ratio = (name: string) => onLoopback[name]! / onLoopback.raw!;
  const stubHow = `${ROUNDS} interleaved rounds × 2000 calls, medians, minus the stub's ${inProcess.raw!.toFixed(1)} µs`;
  const loopHow = (name: string) => `${onLoopback[name]!.toFixed(0)} µs per request`;
  return [
    {
      name: "in process (stub fetch): appointments.retrieve, the SDK's own CPU per call",
      value: own('sdk'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: "in process (stub fetch): the SDK's own CPU per call vs ky alone's",
      value: own('sdk') / own('ky'),
      unit: '×',
      goal: '≤ 1.10 ×',
      pass: own('sdk') / own('ky') <= 1.1,
      note: 'ratio of the medians above: what the SDK adds to the ky it runs on',
    },
    {
      name: "in process (stub fetch): the SDK's own CPU per call vs openai-node's",
      value: own('sdk') / own('openai'),
      unit: '×',
      goal: '≤ 1.00 ×',
      pass: own('sdk') <= own('openai'),
      note: 'ratio of the medians above',
    },
    {
      name: 'in process (stub fetch): the same, validateResponses: false',
      value: own('sdkRaw'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: 'in process (stub fetch): hooks and openTelemetry on (no-op providers), added CPU per call',
      value: own('sdkObserved') - own('sdk'),
      unit: 'µs',
      note: "the observer's own cost: spans, trace context, metrics and hook events built",
    },
    {
      name: 'in process (stub fetch): ky alone (.get().json(), its defaults)',
      value: own('ky'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: 'in process (stub fetch): openai-node client.get()',
      value: own('openai'),
      unit: 'µs',
      note: stubHow,
    },
    {
      name: 'loopback (server in a child process): raw fetch + JSON.parse',
      value: onLoopback.raw!,
      unit: 'µs',
      note: `${ROUNDS} interleaved rounds × 300 requests, medians, keep-alive`,
    },
    {
      name: 'loopback: appointments.retrieve (validation on) vs raw fetch',
      value: ratio('sdk'),
      unit: '×',
      goal: '≤ 1.10 ×',
      pass: ratio('sdk') <= 1.1,
      note: loopHow('sdk'),
    },
    {
      name: 'loopback: appointments.retrieve (validateResponses: false) vs raw fetch',
      value: ratio('sdkRaw'),
      unit: '×',
      note: loopHow('sdkRaw'),
    },
    { name: 'loopback: ky alone vs raw fetch', value: ratio('ky'), unit: '×', note: loopHow('ky') },
    {
      name: 'loopback: openai-node client.get() vs raw fetch',
      value: ratio('openai'),
      unit: '×',
      note: loopHow('openai'),
    },
    {
      name: 'loopback: appointments.retrieve vs openai-node client.get()',
      value: onLoopback.sdk! / onLoopback.openai!,
      unit: '×',
      goal: '≤ 1.00 ×',
      pass: onLoopback.sdk! <= onLoopback.openai!,
      note: 'ratio of the medians',
    },
  ];
}

if (import.meta.main) printRows(await run());
