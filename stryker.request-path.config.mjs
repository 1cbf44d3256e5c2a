// @ts-check
/**
 * `npm run test:mutation:request-path`: a fresh (not incremental) mutation run of the request
 * path's files, killed by the unit tests written for it (`TESTS`). Every client test covers these
 * files, so with the whole unit project each mutant ran a hundred test files (about 4 mutants a
 * minute: hours); the other suites reach the request path only on their way to what they test.
 * Leaving them out can only lower the score, never raise it.
 */
import { readFileSync } from 'node:fs';
import { REQUEST_PATH } from './bench/request-path.ts';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

/** The unit test files that test the request path itself. */
const TESTS = [
  'test/internal/**/*.test.ts',
  'test/client/**/*.test.ts',
  'test/pagination/**/*.test.ts',
  'test/resources/**/*.test.ts',
  'test/core/**/*.test.ts',
  'test/messages.test.ts',
];

process.env.MUTATION_PROJECTS = 'unit';
process.env.MUTATION_INCLUDE = TESTS.join(',');
// `ignoreStatic` (stryker.config.json): every mutant is switched on at run time, so the test
// files may share one module graph, as they do under `npm test`.
process.env.MUTATION_ISOLATE = 'false';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: REQUEST_PATH.map((name) => `src/internal/${name}.ts`),
  incremental: false,
  htmlReporter: { fileName: 'reports/mutation-request-path/index.html' },
  jsonReporter: { fileName: 'reports/mutation-request-path/mutation.json' },
};
