/**
 * Checks the package as it would be published: packs the tarball, then runs publint and
 * @arethetypeswrong/cli on it, checks what it contains (its source maps included), and checks
 * the size budget. It also type-checks the scripts of this folder, which the root tsconfig
 * does not include.
 *
 *   node scripts/check-package.ts [--out <dir>] [--size-advisory]
 *
 * dist/ is built first when it is stale. The tarball is written to --out (kept, so that
 * test/consumer/run.ts can install the same file) or to a temporary folder that is removed.
 * Exits 1 when a check fails, a size over its budget included (`npm run release:check`). With
 * --size-advisory (CI), a size over its budget is printed as SIZE GOAL MISSED and does not fail
 * the run, so main stays green while the release gate still refuses the overrun.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { missingPaths } from './package-links.ts';
import { measure, table } from './size-report.ts';

const root = join(import.meta.dirname, '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const { values } = parseArgs({
  options: { out: { type: 'string' }, 'size-advisory': { type: 'boolean' } },
});

const failures: string[] = [];
const section = (title: string) => process.stdout.write(`\n== ${title}\n`);

/** Runs a command, echoing its output; records a failure on a non-zero exit. */
function check(title: string, command: string, args: string[]): string {
  section(title);
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  const shown = output.trim() === '' ? (result.status === 0 ? 'ok' : '') : output;
  process.stdout.write(shown.endsWith('\n') ? shown : `${shown}\n`);
  if (result.status !== 0) failures.push(`${title} (exit ${result.status ?? result.signal})`);
  return output;
}

const out = values.out ? resolve(values.out) : mkdtempSync(join(tmpdir(), 'clinic-sdk-pack-'));
mkdirSync(out, { recursive: true });
try {
  check('type-check scripts/ (tsc -p scripts)', bin('tsc'), ['--noEmit', '-p', 'scripts']);
  check('build (when stale)', process.execPath, [join(root, 'scripts', 'build-if-stale.ts')]);

  // --ignore-scripts: prepack would build again; dist/ is fresh already.
  section('npm pack');
  const packed = spawnSync(
    'npm',
    ['pack', '--ignore-scripts', '--json', '--pack-destination', out],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [
    { filename: string; size: number; unpackedSize: number; files: { path: string }[] },
  ];
  const tarball = join(out, info.filename);
  const paths = info.files.map((f) => f.path);
  console.log(
    `${tarball}: ${paths.length} files, ${(info.size / 1024).toFixed(1)} KB packed, ` +
      `${(info.unpackedSize / 1024).toFixed(1)} KB unpacked`,
  );
  // The build, the TypeScript sources its maps point at (with the map of src/, its README,
  // which npm packs with any folder it packs), the guides and examples the README links to, and
  // the documents: no tests of the SDK, generated pages or scratch files.
  const stray = paths.filter(
    (p) =>
      !p.startsWith('dist/') &&
      !(p.startsWith('src/') && (p.endsWith('.ts') || p.endsWith('/README.md'))) &&
      !/^docs\/[\w-]+\.md$/.test(p) &&
      !/^docs\/images\/[\w-]+\.png$/.test(p) &&
      !(p.startsWith('examples/') && /\.(ts|py)$|\/README\.md$/.test(p)) &&
      !['package.json', 'README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'LICENSE'].includes(p),
  );
  if (stray.length > 0) {
    failures.push(`the tarball holds unexpected files: ${stray.join(', ')}`);
  }
  // Every link of its Markdown and every docs/ or examples/ path its code prints, in the tarball.
  section('paths the package names');
  const unshipped = missingPaths(paths, (file) => readFileSync(join(root, file), 'utf8'));
  for (const { from, path } of unshipped)
    failures.push(`${from} names ${path}, not in the tarball`);
  console.log(
    unshipped.length === 0 ? 'every linked or printed path is in the tarball' : 'missing paths',
  );
  // Stack traces point at the TypeScript source: every map names files that are in the
  // tarball, and embeds none of them (sourcesContent), which would double the sources' weight.
  // The zod the build bundles maps to zod's own files, which the zod dependency installs.
  section('source maps');
  const maps = paths.filter((p) => p.endsWith('.map'));
  const shipped = new Set(paths);
  for (const map of maps) {
    const { sources, sourcesContent } = JSON.parse(readFileSync(join(root, map), 'utf8')) as {
      sources: string[];
      sourcesContent?: unknown[];
    };
    if (sourcesContent?.some((content) => content != null)) {
      failures.push(`${map} embeds its sources (sourcesContent); they ship in src/`);
    }
    const missing = sources
      .map((source) => posix.join(dirname(map), source))
      .filter((source) => !shipped.has(source) && !source.startsWith('node_modules/zod/'));
    if (missing.length > 0) {
      failures.push(`${map} points at files the tarball lacks: ${missing.join(', ')}`);
    }
  }
  console.log(`${maps.length} maps, each pointing at src/*.ts files in the tarball, none embedded`);
  for (const entry of [
    'dist/index.js',
    'dist/index.cjs',
    'dist/index.d.ts',
    'dist/index.d.cts',
    'dist/openapi.json',
    'dist/testing/settings.schema.json',
    // The console's files, read at run time beside dist/testing/console.js.
    'dist/testing/ui/index.html',
    'dist/testing/ui/app.js',
    'dist/testing/ui/console.css',
  ]) {
    if (!paths.includes(entry)) failures.push(`the tarball lacks ${entry}`);
  }

  check('publint (warnings are failures)', bin('publint'), ['run', tarball, '--strict']);
  // The strict profile: node10, node16 from CJS and from ESM, and bundler resolution.
  check('@arethetypeswrong/cli', bin('attw'), [
    tarball,
    '--format',
    'table-flipped',
    '--no-emoji',
    '--no-color',
    // The OpenAPI document and the settings' JSON Schema are JSON assets, not code: node10
    // resolution (no `exports`) has no subpath for them, and such a user reads them in dist/.
    '--exclude-entrypoints',
    './openapi.json',
    './testing/settings.schema.json',
  ]);

  section('size (own code per entry, min+gz)');
  const rows = await measure();
  console.log(table(rows));
  for (const r of rows) {
    if (r.budget !== undefined && r.gzipped > r.budget) {
      const over = `${r.entry} is ${r.gzipped} bytes min+gz, over its budget of ${r.budget}`;
      if (values['size-advisory']) console.warn(`\nSIZE GOAL MISSED (advisory in CI): ${over}`);
      else failures.push(over);
    }
  }
  if (values.out) console.log(`\ntarball kept: ${tarball}`);
} catch (error) {
  failures.push((error as Error).message);
} finally {
  if (!values.out) rmSync(out, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(`\ncheck-package: FAILED\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(
  '\ncheck-package: the tarball passes publint, attw, its contents and source maps checks and the size budget',
);
