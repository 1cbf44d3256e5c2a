/**
 * The OpenAPI document checked by tools we did not write:
 *
 * 1. docs/openapi.json is what scripts/openapi.ts generates from the zod schemas today;
 * 2. Redocly CLI lints it (recommended rules): zero errors;
 * 3. openapi-typescript generates types from it, and agreement.ts (tsc) shows that they and
 *    the SDK's exported types agree for every object and input (the inputs' pairs written
 *    from the operation table by inputs.ts);
 * 4. Prism's validation proxy sits between the SDK and the CLI reference server
 *    (prism-check.ts) and reports no request or response that breaks the document.
 *
 *   node .ci/contract/run.ts       (dist/ is built when stale)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureTools } from '../tools/ensure.ts';
import { writeInputsAgreement } from './inputs.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const HERE = import.meta.dirname;
const log = (line: string) => process.stdout.write(`contract: ${line}\n`);

function step(title: string, command: string, args: string[], expect?: RegExp): string {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 || (expect && !expect.test(output))) {
    process.stderr.write(output);
    throw new Error(`${title}: failed (exit ${result.status})`);
  }
  log(`${title}: passed (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return output;
}

const node = process.execPath;
try {
  const tools = ensureTools(log);
  step('build dist/ when stale', node, [join(ROOT, 'scripts', 'build-if-stale.ts')]);
  step('docs/openapi.json is in step with the schemas', node, [
    join(ROOT, 'scripts', 'openapi.ts'),
    '--check',
  ]);
  const lint = step('Redocly CLI lint (recommended rules), zero errors', node, [
    join(tools, '@redocly', 'cli', 'bin', 'cli.js'),
    'lint',
    'docs/openapi.json',
    '--format=summary',
  ]);
  process.stdout.write(lint.replace(/^/gm, '  '));
  mkdirSync(join(HERE, 'generated'), { recursive: true });
  step('openapi-typescript generates types', node, [
    join(tools, 'openapi-typescript', 'bin', 'cli.js'),
    'docs/openapi.json',
    '-o',
    join(HERE, 'generated', 'openapi.ts'),
  ]);
  writeInputsAgreement();
  log('generated/inputs.ts written from the operation table');
  step('the SDK types and the generated ones agree (tsc -p .ci/contract)', node, [
    join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    HERE,
  ]);
  const prism = step(
    'Prism validation proxy (prism proxy --errors)',
    node,
    [join(HERE, 'prism-check.ts')],
    /no request or response breaks/,
  );
  process.stdout.write(prism.replace(/^/gm, '  '));
  log('all contract checks passed');
} catch (error) {
  process.stderr.write(`contract: FAILED ${(error as Error).message}\n`);
  process.exit(1);
}
