/**
 * Walks 100,000 items with `for await` through the client and reports the peak heap growth
 * (goal < 30 MB: one page in memory at a time) and items per second.
 *
 * The pages come from an in-process `fetch` that builds each page on demand, so the figure is
 * the client's own cost (ky, JSON parsing, zod validation of every item), not a server's.
 *
 * Run: `node --expose-gc bench/pagination.ts` (or `npm run bench`).
 */
import { ClinicClient } from '../src/index.ts';
import { type BenchRow, gc, printRows } from './lib.ts';

const TOTAL = 100_000;
const PAGE_SIZE = 100;
const BASE = 'https://bench.clinic.test';

function pageFetch(total: number): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const size = Number(url.searchParams.get('page_size') ?? 50);
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const end = Math.min(start + size, total);
    const results = [];
    for (let i = start; i < end; i++) {
      results.push({
        id: i + 1,
        name: `Patient ${i + 1}`,
        phone: i % 3 ? `+55119${String(i).padStart(8, '0')}` : null,
        active: true,
        created_at: '2026-01-05T09:00:00-03:00',
        updated_at: '2026-01-06T09:00:00-03:00',
      });
    }
    const next =
      end < total ? `${BASE}/api/public/v1/patients?cursor=${end}&page_size=${size}` : null;
    return new Response(JSON.stringify({ results, next, previous: null }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  const client = new ClinicClient({
    apiKey: 'bench_live_pagination.notasecretnotasecret',
    baseUrl: BASE,
    fetch: pageFetch(TOTAL),
  });
  // Warm up: JIT and module initialisation are not part of the walk.
  await client.patients.list({}, { extraQuery: { page_size: PAGE_SIZE } }).toArray({ limit: 1000 });

  // Pass 1, timed: no forced GC inside the loop; the raw peak of heapUsed (live data plus
  // garbage V8 has not collected yet) is sampled on every page.
  gc();
  const rawBefore = process.memoryUsage().heapUsed;
  let rawPeak = rawBefore;
  let count = 0;
  const started = performance.now();
  for await (const patient of client.patients.list({}, { extraQuery: { page_size: PAGE_SIZE } })) {
    count += patient.id > 0 ? 1 : 0;
    if (count % PAGE_SIZE === 0) rawPeak = Math.max(rawPeak, process.memoryUsage().heapUsed);
  }
  const seconds = (performance.now() - started) / 1000;
  if (count !== TOTAL) throw new Error(`walked ${count} items, expected ${TOTAL}`);

  // Pass 2: what the walk keeps alive. A forced GC every 10 pages, then heapUsed: a paginator
  // that held every page would grow by the whole list here.
  gc();
  const liveBefore = process.memoryUsage().heapUsed;
  let livePeak = liveBefore;
  count = 0;
  for await (const patient of client.patients.list({}, { extraQuery: { page_size: PAGE_SIZE } })) {
    count += patient.id > 0 ? 1 : 0;
    if (count % (PAGE_SIZE * 10) === 0) {
      gc();
      livePeak = Math.max(livePeak, process.memoryUsage().heapUsed);
    }
  }
  const liveMb = (livePeak - liveBefore) / 1024 / 1024;
  const rawMb = (rawPeak - rawBefore) / 1024 / 1024;
  const label = `for await over ${TOTAL.toLocaleString('en-US')} items (page size ${PAGE_SIZE})`;
  return [
    {
      name: `${label}: peak live heap growth`,
      value: liveMb,
      unit: 'MB',
      goal: '< 30 MB',
      pass: liveMb < 30,
      note: 'heapUsed after a forced GC every 10 pages, minus the heap before the walk',
    },
    {
      name: `${label}: peak heapUsed growth, garbage included`,
      value: rawMb,
      unit: 'MB',
      note: 'no forced GC; depends on when V8 collects (information only)',
    },
    {
      name: `${label}: throughput`,
      value: count / seconds,
      unit: 'items/s',
      note: 'in-process fetch; response validation on',
    },
  ];
}

if (import.meta.main) printRows(await run());
