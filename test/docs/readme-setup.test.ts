/**
 * The README's first screen gives a newcomer the two set-up commands, `npm ci` then `npm test`,
 * and `npm run demo` for the main job, after a link to the integration checklist; `.ci/run`
 * runs them as written there (scripts/readme-setup.ts).
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { readmeSetup } from '../../scripts/readme-setup.ts';
import { ROOT } from '../examples/run.ts';

/** What fits on a screen without scrolling: the commands must be within it. */
const FIRST_SCREEN_LINES = 40;

const readme = readFileSync(`${ROOT}README.md`, 'utf8');

test("the README's first screen: the checklist first, then npm ci, npm test and npm run demo", () => {
  const setup = readmeSetup(readme);
  expect([setup.install, setup.test, setup.demo]).toEqual(['npm ci', 'npm test', 'npm run demo']);
  expect(setup.line + 4).toBeLessThanOrEqual(FIRST_SCREEN_LINES);
  const checklist = readme.indexOf('](docs/integration-checklist.md)');
  expect(checklist).toBeGreaterThan(0);
  expect(readme.indexOf('](docs/')).toBe(checklist); // the first guide it links
  expect(readme.slice(0, checklist).split('\n').length).toBeLessThan(setup.line);
  // The commands exist: `npm test` and `npm run demo` are scripts of package.json.
  const { scripts } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8'));
  expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['test', 'demo']));
});

test('a README that stops naming a set-up command fails', () => {
  const without = readme.replace(/^npm test .*\n/m, '');
  expect(() => readmeSetup(without)).toThrow(/no test command/);
  expect(() => readmeSetup('# A README\n\nNo set-up section.\n')).toThrow(/## Set up/);
});
