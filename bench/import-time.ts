/**
 * Cold import time of each entry point of the built package, against a bare `node` start:
 * a new process per sample, interleaved, medians. Needs `npm run build` first (`npm run bench`
 * builds).
 *
 * Run: `node bench/import-time.ts`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BenchRow, median, printRows } from './lib.ts';

const SAMPLES = 15;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const ENTRIES: Array<[name: string, file: string]> = [
  ['@clinic-scheduling/sdk', 'index.js'],
  ['@clinic-scheduling/sdk/webhooks', 'webhooks/index.js'],
  ['@clinic-scheduling/sdk/testing', 'testing/index.js'],
];

function timeOnce(code: string): number {
  // The child measures from its own start to the end of the import, so process start-up
  // noise of the parent does not count.
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const t=performance.now();${code};console.log(performance.now()-t)`,
    ],
    { encoding: 'utf8' },
  );
  return Number(out.trim());
}

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  if (!existsSync(`${dist}index.js`))
    throw new Error('dist/ is missing: run `npm run build` first');
  const times = new Map<string, number[]>();
  const startup: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    startup.push(timeOnce(''));
    for (const [name, file] of ENTRIES) {
      const url = new URL(file, `file://${dist}`).href;
      const list = times.get(name) ?? [];
      list.push(timeOnce(`await import(${JSON.stringify(url)})`));
      times.set(name, list);
    }
  }
  const rows: BenchRow[] = [];
  for (const [name] of ENTRIES) {
    rows.push({
      name: `cold import of ${name} (ESM)`,
      value: median(times.get(name) ?? []),
      unit: 'ms',
      note: `median of ${SAMPLES} fresh processes; an empty script measures ${median(startup).toFixed(2)} ms`,
    });
  }
  return rows;
}

if (import.meta.main) printRows(await run());
