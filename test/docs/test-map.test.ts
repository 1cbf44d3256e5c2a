/**
 * test/MAP.md, the map from each source file to its tests (scripts/test-map.ts): the committed
 * one is the generated one, and every source file has a test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAP_COMMAND, MAP_PATH, renderMap, testMap } from '../../scripts/test-map.ts';

describe('test/MAP.md', () => {
  const map = testMap();

  it(`is the generated one (\`${MAP_COMMAND}\` rewrites it)`, () => {
    const current = existsSync(MAP_PATH) ? readFileSync(MAP_PATH, 'utf8') : '';
    expect(
      current === renderMap(map),
      `test/MAP.md is stale: run \`${MAP_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('gives every source file a test', () => {
    const untested = map.filter((entry) => entry.tests.length + entry.naming.length === 0);
    expect(
      untested.map((entry) => entry.source),
      'these source files have no test that mirrors, imports or reaches them: add one',
    ).toEqual([]);
  });

  it('lists every test under the file it is named after, and names the importers it goes through', () => {
    const stem = (source: string) => source.replace(/^src\//, 'test/').replace(/\.[cm]?[jt]s$/, '');
    const tests = new Set(map.flatMap((entry) => [...entry.tests, ...entry.naming]));
    for (const { source, tests: listed, through } of map) {
      const named = [...tests].filter(
        (t) => t === `${stem(source)}.test.ts` || t.startsWith(`${stem(source)}-`),
      );
      if (through.length === 0) expect(listed, source).toEqual(expect.arrayContaining(named));
      for (const importer of through) {
        expect(map.find((e) => e.source === importer)?.through, importer).toEqual([]);
      }
    }
  });
});
