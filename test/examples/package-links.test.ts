/**
 * The package stands alone: every file its README, CONTRIBUTING and guides link to, and every
 * docs/ or examples/ path its code prints (the control API's "see docs/testing-cli.md"), is in the
 * file list `npm pack` makes. scripts/check-package.ts runs the same check on the tarball, and
 * test/consumer/run.ts on a fresh install of it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, expect, test } from 'vitest';
import { missingPaths } from '../../scripts/package-links.ts';
import { assertBuilt, ROOT } from './run.ts';

let files: string[];

beforeAll(() => {
  assertBuilt();
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const [info] = JSON.parse(out.slice(out.indexOf('['))) as [{ files: { path: string }[] }];
  files = info.files.map((f) => f.path);
}, 60_000);

const read = (file: string) => readFileSync(`${ROOT}${file}`, 'utf8');

test('the guides, the examples and CONTRIBUTING.md ship with the README that links them', () => {
  expect(files).toEqual(
    expect.arrayContaining([
      'README.md',
      'CONTRIBUTING.md',
      'docs/testing.md',
      'docs/webhooks.md',
      'examples/quickstart.ts',
      'examples/recipes/fastify.ts',
    ]),
  );
  expect(files.filter((f) => f.startsWith('test/') || f.startsWith('docs/api/'))).toEqual([]);
});

test('every path the package names is in it', () => {
  expect(missingPaths(files, read)).toEqual([]);
});

test('a path named but not shipped is reported, with the file that names it', () => {
  const text: Record<string, string> = {
    'README.md': '[Guide](docs/guide.md#setup), [site](https://example.com), `x[0](y)`',
    'dist/cli.js': 'console.log("see docs/testing.md and examples/gone.ts")',
  };
  expect(
    missingPaths(['README.md', 'dist/cli.js', 'docs/testing.md'], (f) => text[f] ?? ''),
  ).toEqual([
    { from: 'README.md', path: 'docs/guide.md' },
    { from: 'dist/cli.js', path: 'examples/gone.ts' },
  ]);
});
