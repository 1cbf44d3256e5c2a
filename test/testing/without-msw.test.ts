/**
 * `@clinic-scheduling/sdk/testing` where msw is not installed, as the built package (dist/)
 * runs in a user's project: a scratch folder whose node_modules holds the package (its
 * package.json and dist/) and its runtime dependencies ky, zod and uuid, and no msw, so Node's
 * own resolution fails for msw exactly as it does in such a project. ES module and CommonJS.
 * (test/consumer/run.ts does the same from the packed tarball, with the CLI too.)
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertBuilt, ROOT } from '../examples/run.ts';

const ESM = `
import { ClinicClient } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: api.baseUrl, fetch: api.fetch });
const rooms = await clinic.rooms.list();
console.log('rooms', rooms.results.length, 'handlers' in api);
try {
  await import('@clinic-scheduling/sdk/testing/msw');
  console.log('loaded msw entry');
} catch (error) {
  console.log('error', error.message);
}
`;

const CJS = `
const { ClinicClient } = require('@clinic-scheduling/sdk');
const { createReferenceServer } = require('@clinic-scheduling/sdk/testing');
const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: api.baseUrl, fetch: api.fetch });
clinic.rooms.list().then((rooms) => {
  console.log('rooms', rooms.results.length, 'handlers' in api);
  try {
    require('@clinic-scheduling/sdk/testing/msw');
    console.log('loaded msw entry');
  } catch (error) {
    console.log('error', error.message);
  }
});
`;

/** The error a missing msw is: it says how to install it (messages.test.ts pins the words). */
const MISSING = expect.stringMatching(/^error .*npm i -D msw/);

let dir = '';

beforeAll(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), 'clinic-sdk-no-msw-'));
  const sdk = join(dir, 'node_modules', '@clinic-scheduling', 'sdk');
  mkdirSync(sdk, { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(sdk, 'package.json'));
  cpSync(join(ROOT, 'dist'), join(sdk, 'dist'), { recursive: true });
  for (const dep of ['ky', 'zod', 'uuid']) {
    symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep), 'dir');
  }
  writeFileSync(join(dir, 'package.json'), '{ "private": true, "type": "module" }\n');
  writeFileSync(join(dir, 'esm.mjs'), ESM);
  writeFileSync(join(dir, 'cjs.cjs'), CJS);
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function run(file: string): string[] {
  const result = spawnSync(process.execPath, [file], { cwd: dir, encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.trim().split('\n');
}

describe('without msw installed', () => {
  test('only the /testing/msw files of dist/ mention msw, declarations included', () => {
    const files = readdirSync(join(ROOT, 'dist'), { recursive: true, encoding: 'utf8' });
    const mentioning = files
      .filter((file) => /\.(?:js|cjs|d\.ts|d\.cts)$/.test(file))
      .filter((file) =>
        /(?:from |import\(|require\()["']msw/.test(readFileSync(join(ROOT, 'dist', file), 'utf8')),
      );
    expect(mentioning.sort()).toEqual([
      'testing/msw.cjs',
      'testing/msw.d.cts',
      'testing/msw.d.ts',
      'testing/msw.js',
    ]);
  });

  test('the scratch project really has no msw', () => {
    const result = spawnSync(process.execPath, ['-e', "require.resolve('msw')"], { cwd: dir });
    expect(result.status).not.toBe(0);
  });

  test('ES module: /testing and api.fetch work; /testing/msw says `npm i -D msw`', () => {
    expect(run('esm.mjs')).toEqual(['rooms 3 false', MISSING]);
  });

  test('CommonJS: /testing and api.fetch work; /testing/msw says `npm i -D msw`', () => {
    expect(run('cjs.cjs')).toEqual(['rooms 3 false', MISSING]);
  });
});
