/**
 * The third-party tools of CI (.ci/tools/package.json: Redocly CLI, Prism, openapi-typescript,
 * Bun, Deno, miniflare), installed from their lock file with `npm ci` when missing or older
 * than it. They are not devDependencies: they weigh about 500 MB, and `npm ci && npm test`
 * stays fast for a new user. `npm install --no-save`, not `npm ci`: see .ci/run.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';

/** The folder of the tools' package.json; their binaries are under node_modules/. */
export const TOOLS_DIR = import.meta.dirname;

/** Installs the tools in .ci/tools unless its node_modules is newer than its lock file. */
export function ensureTools(log: (line: string) => void): string {
  const lock = statSync(join(TOOLS_DIR, 'package-lock.json')).mtimeMs;
  const installed = statSync(join(TOOLS_DIR, 'node_modules', '.package-lock.json'), {
    throwIfNoEntry: false,
  });
  if (!installed || installed.mtimeMs < lock) {
    const started = Date.now();
    log('installing the CI tools (npm install in .ci/tools)');
    const result = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'],
      { cwd: TOOLS_DIR, encoding: 'utf8', stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0) {
      throw new Error(`npm install in ${TOOLS_DIR} failed (${result.status})`);
    }
    log(`installed the CI tools in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return join(TOOLS_DIR, 'node_modules');
}
