/**
 * README's "See it work" sample is the real output of `npm run demo` (examples/quickstart.ts
 * with no configuration), line for line; only the ids and dates, which change on every run,
 * are compared as placeholders.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { assertBuilt, ROOT, runExample } from '../examples/run.ts';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const DATE = /\b\d{4}-\d\d-\d\d\b/g;
const normalize = (text: string) => text.replace(UUID, '<uuid>').replace(DATE, '<date>');

/** The plain ``` block that follows the README's `npm run demo` command. */
function readmeSample(): string {
  const readme = readFileSync(`${ROOT}README.md`, 'utf8');
  const command = readme.indexOf('npm run demo    #');
  expect(command).toBeGreaterThan(0);
  const afterCommandBlock = readme.indexOf('\n```\n', command) + 4; // past the sh block's end
  const sample = /^```\n([\s\S]*?)^```$/m.exec(readme.slice(afterCommandBlock));
  expect(sample).not.toBeNull();
  return sample![1]!;
}

test("README's demo sample is what `npm run demo` prints", async () => {
  assertBuilt();
  const { code, stdout, stderr } = await runExample('quickstart.ts');
  expect(stderr).toBe('');
  expect(code).toBe(0);
  const sample = readmeSample();
  expect(sample).toMatch(/^1\. Create a patient$/m); // the block found is the sample
  expect(normalize(sample)).toBe(normalize(stdout));
});
