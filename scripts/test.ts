/**
 * `npm test`: builds dist/ if it is stale, then runs the type check, the lint and vitest at the
 * same time. tsc and biome use one core each for a fraction of vitest's time, so on two cores
 * running them alongside vitest, rather than before it, takes their time off the wall clock.
 * vitest's output streams as it runs; the other two print theirs when they end. The exit code is
 * non-zero when any of the three fails. Arguments go to vitest (`npm test -- test/core`).
 *
 *   node scripts/test.ts [vitest arguments]
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const vitest = join(root, 'node_modules', '.bin', 'vitest');

const build = spawnSync(process.execPath, [join(root, 'scripts', 'build-if-stale.ts')], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

/** Runs a command; `quiet` keeps its output (returned) instead of streaming it. */
function run(
  command: string,
  args: readonly string[],
  quiet: boolean,
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    const keep = (chunk: string) => {
      output += chunk;
    };
    child.stdout?.setEncoding('utf8').on('data', keep);
    child.stderr?.setEncoding('utf8').on('data', keep);
    child.on('error', (error) => keep(`${error.message}\n`));
    child.on('close', (code) => resolve({ status: code ?? 1, output }));
  });
}

// The type check and the lint as package.json states them (typecheck's pre-hook finds dist/ built).
const steps = [
  ['typecheck', 'npm', ['run', '--silent', 'typecheck'], true],
  ['lint', 'npm', ['run', '--silent', 'lint'], true],
  ['vitest', vitest, ['run', ...process.argv.slice(2)], false],
] as const;

const results = await Promise.all(
  steps.map(([, command, args, quiet]) => run(command, args, quiet)),
);
const failed: string[] = [];
steps.forEach(([name, , , quiet], i) => {
  const { status, output } = results[i]!;
  if (status !== 0) failed.push(name);
  if (!quiet) return;
  process.stdout.write(`\n> ${name}: ${status === 0 ? 'passed' : `FAILED (exit ${status})`}\n`);
  if (output.trim() !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
});
if (failed.length > 0) {
  process.stderr.write(`\nnpm test: FAILED: ${failed.join(', ')}\n`);
  process.exit(1);
}
