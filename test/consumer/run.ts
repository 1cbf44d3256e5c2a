/**
 * Consumer projects against the packed tarball: what a user who runs `npm install
 * @clinic-scheduling/sdk` gets, in every kind of project, on Node 22 and 24, with msw 2 and 3, and without msw.
 *
 *   node test/consumer/run.ts [--tarball <file.tgz>] [--node 24,22] [--msw 3,2,none] [--keep]
 *                             [--no-runtimes] [--no-recipes]
 *
 * Without --tarball it builds dist/ if stale and packs one. For each msw major it installs the
 * tarball, msw, @types/node and vitest into a temporary project (from the npm registry or its
 * cache; nothing else goes to the network), copies the projects of this folder next to it and:
 *
 * - type-checks `ts-nodenext` (module nodenext, an .ts ES module and a .cts CommonJS file) and
 *   `ts-bundler` (moduleResolution bundler) with this repository's tsc, skipLibCheck off, then
 *   compiles the first and bundles the second with esbuild;
 * - copies examples/testing-with-msw.test.ts as a user would (for msw 2 with the one-line
 *   change its header gives) and type-checks it;
 *
 * then, on each Node version, runs: `esm` (.mjs, import), `cjs` (.cjs, require), the compiled
 * `ts-nodenext` files, the `ts-bundler` bundle, the copied vitest file, and the
 * `clinic-scheduling-mock` command of the package against a real socket.
 *
 * `--msw none` is a project without msw (the tarball and @types/node only): `no-msw`
 * type-checks /testing's declarations (skipLibCheck off, lib ES2023 and Node's types, no DOM)
 * and `no-node-types` the root and /webhooks with `types: []`, each with TypeScript 6 and 7;
 * it runs the client on `api.fetch` from ESM and CJS, checks that /testing/msw fails with the
 * error naming `npm i -D msw`, and runs the `clinic-scheduling-demo` and
 * `clinic-scheduling-mock` commands.
 * Then the runtime matrix (runtimes/matrix.ts) in the first msw project: Node (each version),
 * Bun, Deno and workerd (miniflare) run runtimes/checks.mjs against the installed tarball and
 * answer a webhook delivery as their own server; it prints a table (runtime, version, checks
 * passed). Bun, Deno and miniflare come from .ci/tools (installed from its lock file when
 * missing). And `ts-strict` is type-checked with strict, exactOptionalPropertyTypes and
 * noUncheckedIndexedAccess.
 *
 * The `recipes` project installs the tarball with the web frameworks of examples/recipes/
 * (Express, Fastify, Hono, Koa, NestJS, at the versions this repository's lock file pins) and
 * vitest, copies that folder, and runs its test on each Node version: every recipe starts on a
 * loopback port and answers a signed delivery and a booking through the reference server.
 *
 * Node 24 is the repository's pinned Node; Node 22 comes from `npx -p node@22`.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { missingPaths } from '../../scripts/package-links.ts';
import { matrixTable, RUNTIME_CHECKS, runtimeMatrix } from './runtimes/matrix.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const HERE = import.meta.dirname;
const PROJECTS = [
  'shared',
  'esm',
  'cjs',
  'ts-nodenext',
  'ts-bundler',
  'ts-strict',
  'vitest',
  'runtimes',
];
const NO_MSW = 'none';

const { values } = parseArgs({
  options: {
    tarball: { type: 'string' },
    node: { type: 'string', default: '24,22' },
    msw: { type: 'string', default: `3,2,${NO_MSW}` },
    keep: { type: 'boolean', default: false },
    runtimes: { type: 'boolean', default: true },
    recipes: { type: 'boolean', default: true },
  },
  allowNegative: true, // --no-runtimes, --no-recipes
});

const log = (line: string) => process.stdout.write(`consumer: ${line}\n`);
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** The version of a package installed in this repository (the lock file's choice). */
function repoVersion(name: string): string {
  return JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Runs a command to completion; returns its stdout and stderr together, or throws with them. */
function run(command: string, args: string[], cwd: string, timeoutMs = 120_000): string {
  return runSplit(command, args, cwd, timeoutMs).output;
}

function runSplit(command: string, args: string[], cwd: string, timeoutMs = 120_000) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: timeoutMs,
    env: childEnv(),
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    const why = result.error ? String(result.error) : `exit ${result.status ?? result.signal}`;
    throw new Error(`${command} ${args.join(' ')} (${why}):\n${output}`);
  }
  return { stdout: result.stdout, output };
}

/**
 * The environment of every child: no CLINIC_* variables, no colours, and none of the variables
 * `npm run` sets about this package (npm_package_*, npm_lifecycle_*, the local prefix), so
 * that npm in the consumer folder works on that folder. The npm_config_* settings of the
 * machine (registry, cache, proxy...) pass through.
 */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (
      name.startsWith('CLINIC_') ||
      name.startsWith('npm_package_') ||
      name.startsWith('npm_lifecycle_') ||
      name === 'npm_config_local_prefix' ||
      name === 'FORCE_COLOR'
    ) {
      delete env[name];
    }
  }
  env.NO_COLOR = '1';
  return env;
}

/** `clinic-scheduling-probe` from the installed package, read-only against the mock: a report. */
async function probeCheck(node: string, dir: string, baseUrl: string, key: string): Promise<void> {
  const link = join(dir, 'node_modules', '.bin', 'clinic-scheduling-probe');
  if (!existsSync(link))
    throw new Error('the package installs no clinic-scheduling-probe command (package.json "bin")');
  const child = spawn(node, [realpathSync(link), '--json', '--max-seconds', '60'], {
    cwd: dir,
    env: { ...childEnv(), CLINIC_API_KEY: key, CLINIC_BASE_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    err += c;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const report = code === 0 ? (JSON.parse(out) as { findings?: unknown[] }) : undefined;
  if (!report?.findings?.length) {
    throw new Error(`clinic-scheduling-probe exited ${code}:\n${err.slice(-2000)}`);
  }
  if (out.includes(key.split('.')[1]!) || err.includes(key.split('.')[1]!)) {
    throw new Error('clinic-scheduling-probe printed the key');
  }
}

// ---------------------------------------------------------------------------------------------
// The tarball and the Node binaries

function packTarball(into: string): string {
  run(process.execPath, [join(ROOT, 'scripts', 'build-if-stale.ts')], ROOT, 300_000);
  const out = runSplit(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', into],
    ROOT,
  ).stdout;
  const [{ filename }] = JSON.parse(out.slice(out.indexOf('['))) as [{ filename: string }];
  return join(into, filename);
}

function nodeBinary(major: string): string {
  if (process.versions.node.split('.')[0] === major) return process.execPath;
  const out = runSplit(
    'npx',
    ['-y', '-p', `node@${major}`, 'node', '-p', 'process.execPath'],
    tmpdir(),
    300_000,
  ).stdout;
  const path = out.trim().split('\n').at(-1)!.trim();
  const version = execFileSync(path, ['--version'], { encoding: 'utf8' }).trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`npx -p node@${major} gave ${version}`);
  return path;
}

// ---------------------------------------------------------------------------------------------
// One msw major: install, copy, type-check, build

const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const esbuildBin = join(
  createRequire(createRequire(import.meta.url).resolve('tsup')).resolve('esbuild/package.json'),
  '..',
  'bin',
  'esbuild',
);

/** A project with the tarball and no msw: /testing alone, as a user without msw has it. */
function prepareWithoutMsw(dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer-no-msw', private: true, type: 'module' }, null, 2)}\n`,
  );
  const since = Date.now();
  const deps = [tarball, `@types/node@${repoVersion('@types/node')}`];
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...deps],
    dir,
    300_000,
  );
  if (existsSync(join(dir, 'node_modules', 'msw'))) throw new Error('msw was installed anyway');
  cpSync(join(HERE, 'no-msw'), join(dir, 'no-msw'), { recursive: true });
  cpSync(join(HERE, 'no-node-types'), join(dir, 'no-node-types'), { recursive: true });
  cpSync(
    join(dir, 'node_modules', '@clinic-scheduling', 'sdk', 'examples', 'pagination.ts'),
    join(dir, 'pagination.ts'),
  );
  log(`  installed the tarball without msw (${seconds(since)})`);
  for (const [name, [command, leading]] of compilers()) {
    const started = Date.now();
    run(command, [...leading, '-p', 'no-msw'], dir, 300_000);
    const files = run(command, [...leading, '-p', 'no-node-types', '--listFiles'], dir, 300_000);
    if (/[\\/]@types[\\/]node[\\/]/.test(files)) {
      throw new Error(`no-node-types: ${name} pulled @types/node into a project with types: []`);
    }
    log(
      `  ${name}: type-checked no-msw (/testing, lib ES2023 and Node's types, no DOM) and no-node-types (root and /webhooks, types: []) (${seconds(started)})`,
    );
  }
}

/**
 * The compilers the type-only projects are checked with: this repository's TypeScript (6) and
 * the native TypeScript 7 (from the registry, as `.ci/run` gets it), each as a command and its
 * leading arguments.
 */
function compilers(): Array<[string, [string, string[]]]> {
  return [
    [`TypeScript ${repoVersion('typescript')}`, [process.execPath, [tsc]]],
    ['TypeScript 7', ['npx', ['-y', '-p', 'typescript@7', 'tsc']]],
  ];
}

function prepare(dir: string, tarball: string, mswMajor: string): void {
  if (mswMajor === NO_MSW) {
    prepareWithoutMsw(dir, tarball);
    return;
  }
  const msw = mswMajor === '3' ? repoVersion('msw') : repoVersion('msw2');
  if (!msw.startsWith(`${mswMajor}.`)) throw new Error(`no msw ${mswMajor} in this repository`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: `consumer-msw${mswMajor}`, private: true, type: 'module' }, null, 2)}\n`,
  );
  const deps = [
    tarball,
    `msw@${msw}`,
    `@types/node@${repoVersion('@types/node')}`,
    `vitest@${repoVersion('vitest')}`,
  ];
  let since = Date.now();
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...deps],
    dir,
    300_000,
  );
  const installed = (name: string) =>
    JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  log(
    `  installed the tarball with ${['msw', 'ky', 'zod', 'uuid'].map((n) => `${n} ${installed(n)}`).join(', ')} (${seconds(since)})`,
  );

  for (const project of PROJECTS) {
    cpSync(join(HERE, project), join(dir, project), { recursive: true });
  }
  // The copyable test, copied as a user would; msw 2 takes the change its header describes.
  let test = readFileSync(join(ROOT, 'examples', 'testing-with-msw.test.ts'), 'utf8');
  if (mswMajor === '2') {
    if (!test.includes("server.listen({ onUnhandledRequest: 'error' })")) {
      throw new Error(
        'examples/testing-with-msw.test.ts no longer tells msw 2 users what to change',
      );
    }
    const listen = "server.listen({ onUnhandledFrame: 'error' })";
    if (test.split(listen).length !== 2) throw new Error(`expected one ${listen} in the example`);
    test = test.replace(listen, "server.listen({ onUnhandledRequest: 'error' })");
  }
  writeFileSync(join(dir, 'vitest', 'testing-with-msw.test.ts'), test);

  since = Date.now();
  run(process.execPath, [tsc, '-p', 'ts-nodenext'], dir);
  run(process.execPath, [tsc, '-p', 'ts-bundler'], dir);
  run(process.execPath, [tsc, '-p', 'vitest'], dir);
  run(process.execPath, [tsc, '-p', 'ts-strict'], dir);
  log(
    `  type-checked ts-nodenext (and compiled it), ts-bundler, vitest, ts-strict (exactOptionalPropertyTypes, noUncheckedIndexedAccess) (${seconds(since)})`,
  );
  since = Date.now();
  run(
    esbuildBin,
    [
      'ts-bundler/index.ts',
      '--bundle',
      '--platform=node',
      '--format=esm',
      // The SDK, ky, zod and uuid go into the bundle. msw stays external, as the SDK's own
      // build keeps it: msw's `debug` dependency uses a dynamic require() that an ES module
      // bundle cannot hold. Test helpers are not what an application bundles anyway.
      '--external:msw',
      '--outfile=ts-bundler/dist/bundle.mjs',
      '--log-level=warning',
    ],
    dir,
  );
  log(`  bundled ts-bundler with esbuild (${seconds(since)})`);
}

/** The frameworks of examples/recipes/, at the versions of this repository's lock file. */
const RECIPE_PACKAGES = [
  'express',
  'fastify',
  'hono',
  '@hono/node-server',
  'koa',
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  'reflect-metadata',
  'rxjs',
  'vitest',
];

/** A project with the tarball and the frameworks, and examples/recipes/ copied into it. */
function prepareRecipes(dir: string, tarball: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'consumer-recipes', private: true, type: 'module' }, null, 2)}\n`,
  );
  const since = Date.now();
  const deps = [tarball, ...RECIPE_PACKAGES.map((name) => `${name}@${repoVersion(name)}`)];
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...deps],
    dir,
    300_000,
  );
  cpSync(join(ROOT, 'examples', 'recipes'), join(dir, 'recipes'), { recursive: true });
  log(`  installed the tarball with ${RECIPE_PACKAGES.join(', ')} (${seconds(since)})`);
  // The installed package stands alone: what its README links to and its code prints is there.
  const installed = join(dir, 'node_modules', '@clinic-scheduling', 'sdk');
  const files = (readdirSync(installed, { recursive: true }) as string[])
    .map((file) => file.split(sep).join('/'))
    .filter((file) => statSync(join(installed, file)).isFile());
  const missing = missingPaths(files, (file) => readFileSync(join(installed, file), 'utf8'));
  if (missing.length > 0) {
    throw new Error(
      `the installed package names files it lacks: ${missing.map((m) => `${m.path} (in ${m.from})`).join(', ')}`,
    );
  }
  log(`  every path the installed package links to or prints exists (${files.length} files)`);
}

// ---------------------------------------------------------------------------------------------
// The runs on one Node version

interface Step {
  name: string;
  args: string[];
  expect: RegExp;
}

function steps(dir: string, mswMajor: string): Step[] {
  if (mswMajor === NO_MSW) {
    return [
      { name: 'no-msw esm', args: ['no-msw/index.mjs'], expect: /^ok no-msw \(esm\)/ },
      { name: 'no-msw cjs', args: ['no-msw/index.cjs'], expect: /^ok no-msw \(cjs\)/ },
      // An example copied out of node_modules and run as the README says.
      {
        name: 'examples/pagination.ts, copied',
        args: ['pagination.ts'],
        expect: /^aborted after \d+ patients: APIUserAbortError/,
      },
      // The README's command for npm users: the demo from the installed package, no clone.
      {
        name: 'clinic-scheduling-demo',
        args: [join('node_modules', '.bin', 'clinic-scheduling-demo')],
        expect: /^Done\. /,
      },
    ];
  }
  return [
    { name: 'esm', args: ['esm/index.mjs'], expect: /^ok esm: / },
    { name: 'cjs', args: ['cjs/index.cjs'], expect: /^ok cjs: / },
    {
      name: 'ts-nodenext esm',
      args: ['ts-nodenext/dist/index.js'],
      expect: /^ok ts-nodenext \(esm\)/,
    },
    {
      name: 'ts-nodenext cjs',
      args: ['ts-nodenext/dist/index-cjs.cjs'],
      expect: /^ok ts-nodenext \(cjs\)/,
    },
    { name: 'ts-bundler', args: ['ts-bundler/dist/bundle.mjs'], expect: /^ok ts-bundler/ },
    {
      name: 'vitest example',
      args: [
        join(dir, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--root',
        'vitest',
        '--reporter=dot',
      ],
      expect: /Tests\s+(\d+) passed \(\1\)/, // every test of the file passed
    },
  ];
}

/** `clinic-scheduling-mock` from the installed package: starts, answers with its key, serves
 * its console, stops; the installed `clinic-scheduling-probe` reads it. */
async function cliCheck(node: string, dir: string): Promise<string> {
  const link = join(dir, 'node_modules', '.bin', 'clinic-scheduling-mock');
  if (!existsSync(link))
    throw new Error('the package installs no clinic-scheduling-mock command (package.json "bin")');
  const child: ChildProcess = spawn(node, [realpathSync(link), '--port', '0', '--seed', 'demo'], {
    cwd: dir,
    env: childEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 15_000;
    while (!/CLINIC_API_KEY=\S+\n/.test(out)) {
      if (child.exitCode !== null) throw new Error(`it exited early:\n${out}`);
      if (Date.now() > deadline) throw new Error(`it did not start:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const baseUrl = /CLINIC_BASE_URL=(\S+)/.exec(out)![1]!;
    const key = /CLINIC_API_KEY=(\S+)/.exec(out)![1]!;
    const response = await fetch(`${baseUrl}/api/public/v1/rooms`, {
      headers: { authorization: `Bearer ${key}` },
    });
    const body = (await response.json()) as { results?: unknown[] };
    if (response.status !== 200 || body.results?.length !== 3) {
      throw new Error(`GET /rooms answered ${response.status} ${JSON.stringify(body)}`);
    }
    // The console's files are read from the installed package at run time.
    for (const file of ['', 'app.js', 'console.css']) {
      const asset = await fetch(`${baseUrl}/__control/ui/${file}`);
      if (asset.status !== 200 || (await asset.text()).length === 0) {
        throw new Error(`GET /__control/ui/${file} answered ${asset.status}`);
      }
    }
    await probeCheck(node, dir, baseUrl, key);
  } finally {
    child.kill('SIGTERM');
  }
  const code = await exited;
  if (code !== 0) throw new Error(`it exited with ${code} on SIGTERM:\n${out}`);
  return 'ok';
}

// ---------------------------------------------------------------------------------------------

const nodes = values.node.split(',').map((v) => v.trim());
const msws = values.msw
  .split(',')
  .map((v) => v.trim())
  .filter((v) => v !== ''); // --msw '' runs no msw project (with --no-runtimes: the recipes alone)
const work = mkdtempSync(join(tmpdir(), 'clinic-sdk-consumers-'));
const failures: string[] = [];
const results: string[] = [];

try {
  const tarball = values.tarball ? realpathSync(values.tarball) : packTarball(work);
  log(`tarball ${tarball}`);
  const binaries = new Map(nodes.map((major) => [major, nodeBinary(major)]));
  for (const [major, path] of binaries) {
    log(
      `node ${major}: ${execFileSync(path, ['--version'], { encoding: 'utf8' }).trim()} (${path})`,
    );
  }

  for (const msw of msws) {
    const dir = join(work, `msw${msw}`);
    log(`msw ${msw}: preparing ${dir}`);
    prepare(dir, tarball, msw);
    for (const [major, node] of binaries) {
      const cell = `node ${major} × msw ${msw}`;
      const passed: string[] = [];
      for (const step of steps(dir, msw)) {
        const since = Date.now();
        try {
          const output = run(node, step.args, dir);
          if (!output.split('\n').some((line) => step.expect.test(line))) {
            throw new Error(`expected ${step.expect} in:\n${output}`);
          }
          passed.push(`${step.name} (${seconds(since)})`);
        } catch (error) {
          failures.push(`${cell}: ${step.name}\n${(error as Error).message}`);
          log(`  ${cell}: ${step.name} FAILED`);
        }
      }
      const since = Date.now();
      try {
        await cliCheck(node, dir);
        passed.push(`clinic-scheduling-mock and -probe (${seconds(since)})`);
      } catch (error) {
        failures.push(`${cell}: clinic-scheduling-mock and -probe\n${(error as Error).message}`);
        log(`  ${cell}: clinic-scheduling-mock FAILED`);
      }
      const total = steps(dir, msw).length + 1; // and the command-line server
      log(`  ${cell}: ${passed.length}/${total} passed: ${passed.join(', ')}`);
      results.push(`${cell}: ${passed.length}/${total}`);
    }
  }

  if (values.recipes) {
    const dir = join(work, 'recipes');
    log(`recipes: preparing ${dir}`);
    prepareRecipes(dir, tarball);
    const vitest = join(dir, 'node_modules', 'vitest', 'vitest.mjs');
    for (const [major, node] of binaries) {
      const cell = `node ${major} × recipes`;
      const since = Date.now();
      try {
        const output = run(node, [vitest, 'run', '--root', 'recipes', '--reporter=dot'], dir);
        const passed = /Tests\s+(\d+) passed \(\1\)/.exec(output);
        if (!passed) throw new Error(`expected every test of examples/recipes to pass:\n${output}`);
        log(`  ${cell}: ${passed[1]} tests passed (${seconds(since)})`);
        results.push(`${cell}: ${passed[1]} tests`);
      } catch (error) {
        failures.push(`${cell}\n${(error as Error).message}`);
        log(`  ${cell}: FAILED`);
      }
    }
  }

  // The runtime matrix, in the first msw project (the runtimes do not load msw's handlers).
  if (values.runtimes) {
    const since = Date.now();
    const dir = join(work, `msw${msws[0]}`);
    const rows = await runtimeMatrix(dir, binaries, esbuildBin, childEnv(), log);
    log(`runtime matrix (${seconds(since)}):\n\n${matrixTable(rows)}\n`);
    for (const r of rows) {
      const missing = RUNTIME_CHECKS.filter((c) => !r.passed.includes(c));
      if (missing.length > 0) {
        failures.push(`${r.runtime} ${r.version}: ${missing.join(', ')}\n${r.error ?? ''}`);
      }
      results.push(`${r.runtime} ${r.version}: ${r.passed.length}/${RUNTIME_CHECKS.length}`);
    }
  }
} catch (error) {
  failures.push((error as Error).message);
} finally {
  if (values.keep) log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

log(`summary (${seconds(started)}): ${results.join('; ') || 'nothing ran'}`);
if (failures.length > 0) {
  for (const failure of failures) process.stderr.write(`\nconsumer: FAILED ${failure}\n`);
  process.exit(1);
}
log('all consumer projects passed');
