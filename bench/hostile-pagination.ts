/**
 * What a hostile or broken list costs the client (issue 20, part 5):
 *
 * 1. every page `results: []` with a fresh `next`: `toArray({ limit: 10 })` must end (at
 *    `maxEmptyPages`, 10 pages) instead of fetching for ever;
 * 2. one item per page and a fresh `next` for 100,000 pages: the live heap of the walk must
 *    stay flat, since it remembers only the latest page URLs (before, it kept every URL).
 *
 * The pages come from an in-process `fetch`, so the figures are the client's own. On the code
 * before the change, (1) never ends and (2) grows with every URL walked: 25 MB from page 10,000
 * to page 100,000 on the machine of bench/results.md.
 *
 * Run: `node --expose-gc bench/hostile-pagination.ts` (or `npm run bench`).
 */
import { ClinicClient, ClinicError } from '../src/index.ts';
import { type BenchRow, gc, printRows } from './lib.ts';

const BASE = 'https://bench.clinic.test';
const ROOT = `${BASE}/api/public/v1`;
const PAGES = Number(process.env.BENCH_PAGES ?? 100_000);

/** Answers page `cursor` with `items(cursor)` rooms and a next link to the page after it. */
function endlessFetch(items: (cursor: number) => number): typeof fetch {
  return (async (input: RequestInfo | URL) => {
    // One turn of the event loop per answer, as over any network. Without it V8 keeps every
    // request's weakly held abort wiring alive until the loop yields, and the heap grows for a
    // reason no real walk has.
    await new Promise((resolve) => setImmediate(resolve));
    const url = new URL(input instanceof Request ? input.url : String(input));
    const cursor = Number(url.searchParams.get('cursor') ?? 0);
    const results = Array.from({ length: items(cursor) }, (_, i) => ({
      id: cursor + i + 1,
      name: `Room ${cursor + i + 1}`,
    }));
    // A long cursor, as an opaque service cursor is: what a walk that kept every URL would hold.
    const next = `${ROOT}/rooms?cursor=${cursor + 1}&token=${'c'.repeat(120)}`;
    return new Response(JSON.stringify({ results, next, previous: null }), {
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
}

const client = (fetch: typeof globalThis.fetch) =>
  new ClinicClient({
    apiKey: 'bench_live_hostile.notasecretnotasecret',
    baseUrl: BASE,
    fetch,
    logLevel: 'off',
  });

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  // 1. Empty pages for ever.
  let requests = 0;
  const empty = endlessFetch(() => 0);
  const counting = ((input: RequestInfo | URL, init?: RequestInit) => {
    requests++;
    return empty(input, init);
  }) as typeof fetch;
  const started = performance.now();
  const outcome = await client(counting)
    .rooms.list()
    .toArray({ limit: 10 })
    .then(
      () => 'resolved',
      (error: unknown) => (error instanceof ClinicError ? 'ClinicError' : 'other error'),
    );
  const emptyMs = performance.now() - started;
  if (outcome !== 'ClinicError') throw new Error(`the empty-page walk ended with ${outcome}`);

  // 2. One item per page (BENCH_PAGES, default 100,000); heapUsed after a forced GC every tenth.
  const walk = client(endlessFetch(() => 1)).rooms.list();
  const samples: number[] = [];
  let pages = 0;
  gc();
  const before = process.memoryUsage().heapUsed;
  for await (const _ of walk) {
    pages++;
    if (pages % (PAGES / 10) === 0) {
      gc();
      samples.push(process.memoryUsage().heapUsed - before);
    }
    if (pages === PAGES) break;
  }
  const mb = (bytes: number) => bytes / 1024 / 1024;
  const first = mb(samples[0] ?? 0);
  const last = mb(samples.at(-1) ?? 0);
  return [
    {
      name: 'toArray({ limit: 10 }) over endless empty pages: requests sent before it ends',
      value: requests,
      unit: 'requests',
      goal: '= maxEmptyPages (10)',
      pass: requests === 10,
      note: `rejects with ClinicError in ${emptyMs.toFixed(0)} ms`,
    },
    {
      name: `for await over ${PAGES.toLocaleString('en-US')} one-item pages: live heap growth from page ${(PAGES / 10).toLocaleString('en-US')} to ${PAGES.toLocaleString('en-US')}`,
      value: last - first,
      unit: 'MB',
      goal: '< 2 MB (flat)',
      pass: last - first < 2,
      note: `heapUsed after a forced GC: ${first.toFixed(2)} MB at page ${(PAGES / 10).toLocaleString('en-US')}, ${last.toFixed(2)} MB at the end`,
    },
  ];
}

if (import.meta.main) printRows(await run());
