/**
 * Files a maintainer reads whole: no source file of `src/` over 400 lines (the operation table
 * aside: one row per operation), no test file over 800. An exception that no longer needs to be
 * one fails too, so that the list only shrinks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const MAX_SOURCE = 400;
const MAX_TEST = 800;

/** Files allowed past the limit, and why. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  'src/operations.ts': 'the operation table: one row per operation, each fact once',
  'src/client.ts': 'issue 40 (the request path) restructures it; its runner moves to internal/',
};

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter(keep)
    .map((name) => `${dir}/${name.split('\\').join('/')}`);
}

const lines = (file: string) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  const sources = files('src', (name) => /\.(?:ts|js)$/.test(name));
  const tests = files('test', (name) => name.endsWith('.test.ts'));

  it(`no source file is over ${MAX_SOURCE} lines, and no test file over ${MAX_TEST}`, () => {
    const over = [
      ...sources.filter((f) => !(f in EXCEPTIONS) && lines(f) > MAX_SOURCE),
      ...tests.filter((f) => lines(f) > MAX_TEST),
    ].map((f) => `${f}: ${lines(f)} lines (split it by what it holds)`);
    expect(over).toEqual([]);
  });

  it('each exception is still over the limit (else remove it)', () => {
    const needless = Object.keys(EXCEPTIONS)
      .filter((f) => lines(f) <= MAX_SOURCE)
      .map((f) => `${f}: ${lines(f)} lines, within ${MAX_SOURCE}: remove its exception`);
    expect(needless).toEqual([]);
    expect(Object.keys(EXCEPTIONS).every((f) => sources.includes(f))).toBe(true);
  });
});
