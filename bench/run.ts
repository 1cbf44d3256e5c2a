/**
 * Runs every benchmark and writes the table to bench/results.md. `npm run bench` runs it with
 * --expose-gc. Benchmarks are never part of `npm test`.
 */
import { writeFileSync } from 'node:fs';
import { arch, cpus, totalmem } from 'node:os';
import { type BenchRow, table } from './lib.ts';

const suites: Array<[title: string, load: () => Promise<{ run: () => Promise<BenchRow[]> }>]> = [
  ['Overhead against raw fetch', () => import('./overhead.ts')],
  ['Pagination', () => import('./pagination.ts')],
  ['Import time', () => import('./import-time.ts')],
  ['Reference server', () => import('./reference-server.ts')],
];

const rows: BenchRow[] = [];
for (const [title, load] of suites) {
  process.stdout.write(`bench: ${title}... `);
  const started = performance.now();
  const suite = await load();
  rows.push(...(await suite.run()));
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${arch()}, Node ${process.version}`;
const output = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine}.

${table(rows)}
`;
writeFileSync(new URL('./results.md', import.meta.url), output);
console.log(`\n${table(rows)}\n\nwritten to bench/results.md`);
if (rows.some((r) => r.pass === false)) {
  console.error('bench: a goal does not hold (marked FAIL above)');
  process.exitCode = 1;
}
