/**
 * Runs every benchmark and writes the table at the top of bench/results.md; the notes below it
 * (sections opening with `## `) stay. `npm run bench` runs it; each suite runs in a fresh node
 * process with --expose-gc, so that no suite measures the heap, the JIT state or the sockets
 * another one left behind. Benchmarks are never part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type BenchRow, table } from './lib.ts';

const suites: Array<[title: string, file: string]> = [
  ['Overhead against raw fetch', 'overhead.ts'],
  ['Pagination', 'pagination.ts'],
  ['Hostile pagination', 'hostile-pagination.ts'],
  ['Hostile answers', 'hostile-answers.ts'],
  ['Import time', 'import-time.ts'],
  ['Reference server', 'reference-server.ts'],
  ['Worker bundle', 'edge-weight.ts'],
  ['Request path size', 'request-path.ts'],
  ['Webhooks at scale (redis-server and PostgreSQL)', 'webhooks.ts'],
  ['The CLI left running under load', 'cli-memory.ts'],
];

const rows: BenchRow[] = [];
for (const [title, file] of suites) {
  process.stdout.write(`bench: ${title}... `);
  const started = performance.now();
  const script = fileURLToPath(new URL(file, import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', script, '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const last = out.trim().split('\n').at(-1) ?? '[]';
  rows.push(...(JSON.parse(last) as BenchRow[]));
  console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The sections below the table (before/after notes, each with its load) are kept as written.
const resultsFile = new URL('./results.md', import.meta.url);
const previous = existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8') : '';
const notes = previous.indexOf('\n## ');
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${arch()}, Node ${process.version}`;
const output = `# Benchmark results

Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}; machine: ${machine}.

${table(rows)}
${notes < 0 ? '' : previous.slice(notes)}`;
writeFileSync(resultsFile, output);
console.log(`\n${table(rows)}\n\nwritten to bench/results.md`);
if (rows.some((r) => r.pass === false)) {
  console.error('bench: a goal does not hold (marked FAIL above)');
  process.exitCode = 1;
}
