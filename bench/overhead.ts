/**
 * Per-request time of `clinic.appointments.retrieve(id)` against raw `fetch` + `JSON.parse` of
 * the same URL, on a loopback node:http server. Rounds are interleaved (raw, SDK, raw, SDK...)
 * so drift of the machine hits both alike; the figure is the ratio of the medians.
 * Goal: at most 1.10 × raw fetch, with response validation on.
 *
 * Run: `node bench/overhead.ts` (or `npm run bench`).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import ky from 'ky';
import { ClinicClient } from '../src/index.ts';
import { type BenchRow, median, printRows } from './lib.ts';

const ID = '3f0c2a1e-8b7d-4c6e-9f5a-2b1c0d9e8f7a';
const BODY = JSON.stringify({
  id: ID,
  appointment_type: { id: 1, name: 'Consultation' },
  patient: { id: 7, name: 'Ana Souza', phone: '+5511987654321' },
  professional: { id: 3, name: 'Dr. Lima', specialty: 'Cardiology' },
  room: { id: 2, name: 'Room 2' },
  start_at: '2026-03-02T14:30:00-03:00',
  end_at: '2026-03-02T15:00:00-03:00',
  modality: 'in_person',
  origin: 'api',
  status: 'scheduled',
  created_at: '2026-03-01T10:00:00-03:00',
  updated_at: '2026-03-01T10:00:00-03:00',
});

const ROUNDS = 25;
const PER_ROUND = 300;

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  const server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(BODY),
    });
    res.end(BODY);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const url = `${baseUrl}/api/public/v1/appointments/${ID}`;
  const apiKey = 'bench_live_overhead.notasecretnotasecret';
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/json' };

  const raw = async () => {
    const response = await fetch(url, { headers });
    if (!response.ok) throw new Error(String(response.status));
    return JSON.parse(await response.text()) as unknown;
  };
  // ky alone, configured as lean as it goes (no retries, its own timeout, no hooks): the floor
  // of any client built on ky.
  const kyOnly = async () => {
    const response = await ky(url, { headers, retry: 0, timeout: 30_000, throwHttpErrors: false });
    return JSON.parse(await response.text()) as unknown;
  };
  // ky as the SDK drives it: no ky timeout (one AbortController of its own instead), and a
  // `fetch` adapter that sends the URL and init ky was given rather than ky's Request, which
  // fetch would copy into a second Request following a second signal.
  const kyAdapted = async () => {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 30_000);
    const response = await ky(url, {
      headers,
      retry: 0,
      timeout: false,
      throwHttpErrors: false,
      fetch: () => fetch(url, { headers, signal: abort.signal }),
    });
    const data = JSON.parse(await response.text()) as unknown;
    clearTimeout(timer);
    return data;
  };
  const validated = new ClinicClient({ apiKey, baseUrl, logLevel: 'off' });
  const unvalidated = new ClinicClient({
    apiKey,
    baseUrl,
    logLevel: 'off',
    validateResponses: false,
  });

  const time = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    for (let i = 0; i < PER_ROUND; i++) await fn();
    return ((performance.now() - started) * 1000) / PER_ROUND; // µs per request
  };
  const sdk = () => validated.appointments.retrieve(ID);
  const sdkRaw = () => unvalidated.appointments.retrieve(ID);

  for (let i = 0; i < 3; i++) {
    await time(raw);
    await time(sdk);
    await time(sdkRaw);
    await time(kyOnly);
    await time(kyAdapted);
  }
  const rawTimes: number[] = [];
  const sdkTimes: number[] = [];
  const sdkRawTimes: number[] = [];
  const kyTimes: number[] = [];
  const kyAdaptedTimes: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    rawTimes.push(await time(raw));
    sdkTimes.push(await time(sdk));
    sdkRawTimes.push(await time(sdkRaw));
    kyTimes.push(await time(kyOnly));
    kyAdaptedTimes.push(await time(kyAdapted));
  }
  server.closeAllConnections();
  server.close();

  const rawMedian = median(rawTimes);
  const ratio = median(sdkTimes) / rawMedian;
  const ratioNoValidation = median(sdkRawTimes) / rawMedian;
  const how = `${ROUNDS} interleaved rounds × ${PER_ROUND} requests, medians, loopback node:http`;
  return [
    { name: 'raw fetch + JSON.parse: time per request', value: rawMedian, unit: 'µs', note: how },
    {
      name: 'appointments.retrieve (validation on) vs raw fetch',
      value: ratio,
      unit: '×',
      goal: '≤ 1.10 ×',
      pass: ratio <= 1.1,
      note: `${median(sdkTimes).toFixed(0)} µs per request`,
    },
    {
      name: 'ky alone (retry 0, timeout, no hooks) + JSON.parse vs raw fetch',
      value: median(kyTimes) / rawMedian,
      unit: '×',
      note: `${median(kyTimes).toFixed(0)} µs per request: ky as most clients call it`,
    },
    {
      name: 'ky as the SDK drives it (fetch adapter, own timer) + JSON.parse vs raw fetch',
      value: median(kyAdaptedTimes) / rawMedian,
      unit: '×',
      note: `${median(kyAdaptedTimes).toFixed(0)} µs per request: the floor of the SDK's transport`,
    },
    {
      name: 'appointments.retrieve (validateResponses: false) vs raw fetch',
      value: ratioNoValidation,
      unit: '×',
      note: `${median(sdkRawTimes).toFixed(0)} µs per request`,
    },
  ];
}

if (import.meta.main) printRows(await run());
