/**
 * Builds dist/ when it is missing or older than what it is built from.
 *
 * The examples import the package by its name (`@clinic-scheduling/sdk`), as a user's code
 * does; inside this repository Node, TypeScript and vitest resolve that name through
 * package.json `exports` to dist/. So `npm test`, `npm run typecheck` and `npm run demo` call
 * this first: a fresh clone builds once (a few seconds), and an edit under src/ is never
 * checked or demonstrated against a stale build.
 *
 *   node scripts/build-if-stale.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/** Newest modification time (ms) of a file, or of every file under a directory. */
function newest(path: string): number {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs; // a deleted file shows only as a newer directory
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Every file that package.json `exports` points at (the entries' JS and declarations). */
function exportedFiles(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const files = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      if (value.startsWith('./dist/')) files.add(value);
    } else if (value && typeof value === 'object') {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  walk(pkg.exports);
  return [...files];
}

const inputs = ['src', 'package.json', 'tsup.config.ts', 'tsconfig.json', 'docs/openapi.json'];
const newestInput = Math.max(...inputs.map((p) => newest(join(root, p))));
const outputs = exportedFiles().map((f) => statSync(join(root, f), { throwIfNoEntry: false }));
const missing = outputs.some((s) => s === undefined);
const oldestOutput = Math.min(...outputs.map((s) => s?.mtimeMs ?? 0));

if (missing || oldestOutput < newestInput) {
  process.stderr.write(
    `build-if-stale: dist/ is ${missing ? 'missing' : 'older than src/'}; building it (npm run build)\n`,
  );
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent', '--', '--silent'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ''}${result.stderr ?? ''}`);
    process.stderr.write(`build-if-stale: npm run build failed (exit ${result.status})\n`);
    process.exit(result.status ?? 1);
  }
  process.stderr.write(
    `build-if-stale: built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
}
