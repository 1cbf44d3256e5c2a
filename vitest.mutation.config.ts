/**
 * The vitest configuration of `npm run test:mutation` (stryker.config.json): the suite's, with
 * a longer test timeout. Stryker instruments every file and runs two processes on a shared
 * machine, so the longest suites (the chaos suite's 1,000 creates) run several times slower
 * than under `npm test`; a mutant that hangs a test is stopped by Stryker's own timeout.
 */
import { mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

export default mergeConfig(base, { test: { testTimeout: 120_000 } });
