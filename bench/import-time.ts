/**
 * Cold import time of each entry point of the built package, and of openai-node's root entry
 * (the peer), against a bare `node` start:
 * the wall time of a fresh process that imports the entry, minus that of one that runs an
 * empty module; a new process per sample, interleaved, medians. Needs `npm run build` first (`npm run bench`
 * builds).
 *
 * `--before <dist dir>` times another build's root entry in the same samples, paired with
 * openai-node's as this build's is.
 *
 * Run: `node bench/import-time.ts [--before <dist dir>]`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type BenchRow, median, printRows } from './lib.ts';

const { values: args } = parseArgs({
  options: { before: { type: 'string' }, json: { type: 'boolean', default: false } },
});

const SAMPLES = 15;
// openai does not export its package.json; read the installed one.
const OPENAI_VERSION = (
  JSON.parse(
    readFileSync(new URL('../node_modules/openai/package.json', import.meta.url), 'utf8'),
  ) as {
    version: string;
  }
).version;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const ENTRIES: Array<[name: string, file: string]> = [
  ['@clinic-scheduling/sdk', 'index.js'],
  ['@clinic-scheduling/sdk/webhooks', 'webhooks/index.js'],
  ['@clinic-scheduling/sdk/testing', 'testing/index.js'],
];

/** Wall time of a fresh `node` process that runs `code` (ES module), seen from this process. */
function timeOnce(code: string): number {
  const started = performance.now();
  execFileSync(process.execPath, ['--input-type=module', '-e', code], { stdio: 'ignore' });
  return performance.now() - started;
}

/** Runs the benchmark. */
export async function run(): Promise<BenchRow[]> {
  if (!existsSync(`${dist}index.js`))
    throw new Error('dist/ is missing: run `npm run build` first');
  const times = new Map<string, number[]>();
  const startup: number[] = [];
  const deps: number[] = [];
  const openai: number[] = [];
  const pairs: number[] = [];
  const beforePairs: number[] = [];
  const root = new URL('index.js', `file://${dist}`).href;
  const beforeRoot = args.before && pathToFileURL(resolve(args.before, 'index.js')).href;
  for (let i = 0; i < SAMPLES; i++) {
    startup.push(timeOnce(''));
    // Paired: the SDK's root entry and openai-node's, one right after the other.
    const ours = timeOnce(`await import(${JSON.stringify(root)})`);
    const theirs = timeOnce("await import('openai')");
    openai.push(theirs);
    pairs.push(ours / theirs);
    if (beforeRoot)
      beforePairs.push(timeOnce(`await import(${JSON.stringify(beforeRoot)})`) / theirs);
    deps.push(timeOnce("await import('ky'); await import('uuid')"));
    for (const [name, file] of ENTRIES) {
      const url = new URL(file, `file://${dist}`).href;
      const list = times.get(name) ?? [];
      list.push(timeOnce(`await import(${JSON.stringify(url)})`));
      times.set(name, list);
    }
  }
  const bare = median(startup);
  const rows: BenchRow[] = [
    {
      name: 'bare node: a fresh process running an empty module',
      value: bare,
      unit: 'ms',
      note: `median of ${SAMPLES} processes, wall time from spawn to exit`,
    },
  ];
  rows.push({
    name: 'the external runtime dependencies alone (ky, uuid; zod is bundled), over bare node',
    value: median(deps) - bare,
    unit: 'ms',
    note: 'what any entry pays before its own code',
  });
  for (const [name] of ENTRIES) {
    const total = median(times.get(name) ?? []);
    rows.push({
      name: `cold import of ${name} (ESM), over bare node`,
      value: total - bare,
      unit: 'ms',
      note: `${total.toFixed(1)} ms in all; median of ${SAMPLES} fresh processes, interleaved`,
    });
  }
  rows.push({
    name: `cold import of openai-node ${OPENAI_VERSION} (ESM), over bare node`,
    value: median(openai) - bare,
    unit: 'ms',
    note: `${median(openai).toFixed(1)} ms in all; the peer, same method`,
  });
  const ratio = median(pairs);
  rows.push({
    name: `cold import: @clinic-scheduling/sdk vs openai-node ${OPENAI_VERSION}, whole processes`,
    value: ratio,
    unit: '×',
    goal: '≤ 0.75 ×',
    pass: ratio <= 0.75,
    note: `median of ${SAMPLES} paired ratios (the two imports back to back in each sample)`,
  });
  if (args.before) {
    rows.push({
      name: `cold import: the build of ${args.before} vs openai-node ${OPENAI_VERSION}`,
      value: median(beforePairs),
      unit: '×',
      note: 'in the same samples, right after the pair above',
    });
  }
  return rows;
}

if (import.meta.main) printRows(await run());
