/**
 * The runtime matrix: the installed tarball on Node (each version given), Bun, Deno and
 * workerd, each running checks.mjs (the client against the reference server's api.fetch,
 * pagination, a typed error) and answering a webhook delivery with the SDK's handler as that
 * runtime's own server. Bun, Deno and miniflare (workerd) come from .ci/tools.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTools } from '../../../.ci/tools/ensure.ts';

/** One row of the matrix table. */
export interface RuntimeRow {
  runtime: string;
  version: string;
  /** Names of the checks passed, from the runtime's own `ok runtime ...` line. */
  passed: string[];
  /** The failure's output, when the runtime did not print its `ok` line. */
  error?: string;
}

/** The checks of checks.mjs plus the webhook delivery: what a row must pass. */
export const RUNTIME_CHECKS = [
  'client',
  'pagination',
  'typed error',
  'webhook via the runtime server',
];

/** The workerd compatibility date the worker runs with (no compatibility flag is needed). */
export const WORKERD_COMPATIBILITY_DATE = '2026-07-01';

function exec(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 120_000,
    ...(env ? { env } : {}),
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

function row(
  runtime: string,
  version: string,
  result: { ok: boolean; output: string },
): RuntimeRow {
  const line = result.output.split('\n').find((l) => l.startsWith('ok runtime '));
  if (!result.ok || !line) return { runtime, version, passed: [], error: result.output };
  return { runtime, version, passed: line.slice(line.indexOf(': ') + 2).split(', ') };
}

/** Bundles runtimes/worker.mjs for workerd and runs it in miniflare; returns its row. */
async function workerd(dir: string, tools: string, esbuild: string): Promise<RuntimeRow> {
  const bundled = exec(
    esbuild,
    [
      'runtimes/worker.mjs',
      '--bundle',
      '--format=esm',
      '--platform=browser',
      '--conditions=workerd,worker,browser',
      '--outfile=runtimes/dist/worker.js',
      '--log-level=warning',
    ],
    dir,
  );
  const versionOf = (name: string) =>
    (JSON.parse(readFileSync(join(tools, name, 'package.json'), 'utf8')) as { version: string })
      .version;
  const version = `${versionOf('workerd')} (miniflare ${versionOf('miniflare')})`;
  if (!bundled.ok) return { runtime: 'workerd', version, passed: [], error: bundled.output };
  const { Miniflare } = (await import(join(tools, 'miniflare', 'dist', 'src', 'index.js'))) as {
    Miniflare: new (options: {
      modules: Array<{ type: 'ESModule'; path: string; contents: string }>;
      compatibilityDate: string;
    }) => {
      dispatchFetch: (url: string, init?: RequestInit) => Promise<Response>;
      dispose(): Promise<void>;
    };
  };
  // The module's contents, not its path: workerd refuses a path outside miniflare's cwd.
  const contents = readFileSync(join(dir, 'runtimes', 'dist', 'worker.js'), 'utf8');
  const mf = new Miniflare({
    modules: [{ type: 'ESModule', path: 'worker.js', contents }],
    compatibilityDate: WORKERD_COMPATIBILITY_DATE,
  });
  try {
    const checks = await mf.dispatchFetch('http://worker.test/checks');
    const run = (await checks.json()) as {
      passed: string[];
      delivery: string;
      appointmentId: string;
    };
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await mf.dispatchFetch('http://worker.test/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: run.delivery,
      });
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    const handled = (await (
      await mf.dispatchFetch('http://worker.test/handled')
    ).json()) as string[];
    if (
      statuses.every((s) => s >= 200 && s < 300) &&
      handled.length === 1 &&
      handled[0] === run.appointmentId
    ) {
      run.passed.push('webhook via the runtime server');
    }
    return { runtime: 'workerd', version, passed: run.passed };
  } catch (error) {
    return {
      runtime: 'workerd',
      version,
      passed: [],
      error: String((error as Error).stack ?? error),
    };
  } finally {
    await mf.dispose().catch(() => undefined); // a runtime that failed to start has nothing to stop
  }
}

/**
 * Runs the matrix in `dir`, a consumer project with the tarball installed and this folder
 * copied to `dir/runtimes`. `nodes` maps a Node major to its binary.
 */
export async function runtimeMatrix(
  dir: string,
  nodes: Map<string, string>,
  esbuild: string,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<RuntimeRow[]> {
  const tools = ensureTools(log);
  const rows: RuntimeRow[] = [];
  for (const [, node] of nodes) {
    const version = exec(node, ['--version'], dir).output.trim();
    rows.push(row('Node', version, exec(node, ['runtimes/node.mjs'], dir, env)));
  }
  const bun = join(tools, '.bin', 'bun');
  rows.push(
    row(
      'Bun',
      exec(bun, ['--version'], dir).output.trim(),
      exec(bun, ['runtimes/bun.mjs'], dir, env),
    ),
  );
  // Deno reads the project's node_modules (npm install) with nodeModulesDir "manual".
  writeFileSync(
    join(dir, 'deno.json'),
    `${JSON.stringify({ nodeModulesDir: 'manual' }, null, 2)}\n`,
  );
  const deno = join(tools, '.bin', 'deno');
  const denoVersion = exec(deno, ['--version'], dir)
    .output.split('\n')[0]!
    .replace(/^deno /, '')
    .replace(/ \(.*/, '');
  rows.push(
    row(
      'Deno',
      denoVersion,
      exec(
        deno,
        ['run', '--allow-net', '--allow-read', '--allow-env', 'runtimes/deno.mjs'],
        dir,
        env,
      ),
    ),
  );
  rows.push(await workerd(dir, tools, esbuild));
  return rows;
}

/** The matrix as a Markdown table. */
export function matrixTable(rows: RuntimeRow[]): string {
  const lines = ['| runtime | version | checks passed |', '|---|---|---|'];
  for (const r of rows) {
    lines.push(
      `| ${r.runtime} | ${r.version} | ${r.passed.length}/${RUNTIME_CHECKS.length}: ${r.passed.join(', ') || 'none'} |`,
    );
  }
  return lines.join('\n');
}
