// @ts-check
/**
 * `npm run test:mutation:request-path`: a fresh (not incremental) mutation run of the request
 * path's files, killed by the unit project alone. The unit project covers every line of
 * them; the process-spawning suites would only make each mutant slower, never kill more of them,
 * so leaving them out can only lower the score, never raise it.
 */
import { readFileSync } from 'node:fs';
import { REQUEST_PATH } from './bench/request-path.ts';

const base = JSON.parse(readFileSync(new URL('./stryker.config.json', import.meta.url), 'utf8'));

process.env.MUTATION_PROJECTS = 'unit';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...base,
  mutate: REQUEST_PATH.map((name) => `src/internal/${name}.ts`),
  incremental: false,
  htmlReporter: { fileName: 'reports/mutation-request-path/index.html' },
  jsonReporter: { fileName: 'reports/mutation-request-path/mutation.json' },
};
