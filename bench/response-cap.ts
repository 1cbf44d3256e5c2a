/**
 * The response-size cap (`maxResponseBytes`) bounds memory: sends GET /rooms/2 through the
 * built client (dist/) to a `fetch` whose 2xx body never ends (64 KiB chunks), `--calls` times
 * (default 20), and reports, per cap, the bytes the SDK pulled before stopping and the peak
 * memory (heap + array buffers, sampled at every chunk) above the baseline after a full GC.
 * The goal: bytes pulled at most the cap plus two chunks, and a peak that follows the cap, not
 * the body's length (which is endless) nor the number of calls (5 against 60: the same peak).
 * The peak includes garbage not yet collected, so it is a few times the cap.
 *
 *   npm run bench:response-cap
 *   node --expose-gc bench/response-cap.ts --calls 5 --json
 */
import { parseArgs } from 'node:util';
import { APIConnectionError, ClinicClient } from '../dist/index.js';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '20' }, json: { type: 'boolean' } },
});
const calls = Number(values.calls);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const rows: Array<{ cap: string; pulledMiB: number; peakMiB: number }> = [];
for (const cap of [1024 * 1024, 10 * 1024 * 1024, 64 * 1024 * 1024]) {
  gc();
  const base = used();
  let peak = 0;
  let pulled = 0;
  const fetch = (async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += CHUNK.byteLength;
          peak = Math.max(peak, used() - base);
          controller.enqueue(CHUNK.slice()); // a fresh buffer, as a socket gives
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    )) as unknown as typeof globalThis.fetch;
  const client = new ClinicClient({
    apiKey: 'csk_live_bench.0123456789abcdef',
    baseUrl: 'https://clinic.test',
    maxResponseBytes: cap,
    logLevel: 'off',
    fetch,
  });
  for (let i = 0; i < calls; i++) {
    const error = await client.rooms.retrieve(2).then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof APIConnectionError)) throw new Error(`call ${i}: ${String(error)}`);
  }
  const mib = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
  rows.push({ cap: `${mib(cap)} MiB`, pulledMiB: mib(pulled / calls), peakMiB: mib(peak) });
}

if (values.json) console.log(JSON.stringify(rows));
else {
  console.log(
    `| maxResponseBytes | pulled per call (endless body) | peak above baseline (${calls} calls) |`,
  );
  console.log('|---|---:|---:|');
  for (const r of rows) console.log(`| ${r.cap} | ${r.pulledMiB} MiB | ${r.peakMiB} MiB |`);
}
