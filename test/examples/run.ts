/**
 * Runs an example as a user does, `node examples/<file>`, and collects what it printed.
 *
 * The examples import the package by name; inside this repository that resolves through
 * package.json `exports` to dist/, which `npm test` builds first when it is stale
 * (scripts/build-if-stale.ts).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fails with a clear message when dist/ was never built. */
export function assertBuilt(): void {
  if (!existsSync(`${ROOT}dist/index.js`) || !existsSync(`${ROOT}dist/testing/index.js`)) {
    throw new Error(
      'dist/ is missing: the examples import @clinic-scheduling/sdk, which resolves to dist/. ' +
        'Run `npm run build` (npm test does it when needed).',
    );
  }
}

/**
 * Spawns `node examples/<file> ...args` (`node <file>` in `cwd`, when given) with the
 * environment given (and no CLINIC_* or OTEL_* variable from the parent's), asynchronously, so
 * that a server in this process can answer it.
 */
export function runExample(
  file: string,
  options: { args?: string[]; env?: Record<string, string>; timeoutMs?: number; cwd?: string } = {},
): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of Object.keys(env)) if (/^(CLINIC|OTEL)_/.test(name)) delete env[name];
  Object.assign(env, options.env);
  const script = options.cwd === undefined ? `examples/${file}` : file;
  const child = spawn(process.execPath, [script, ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${script} did not finish:\n${stdout}\n${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
