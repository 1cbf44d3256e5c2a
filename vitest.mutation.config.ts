/**
 * The vitest configuration of `npm run test:mutation` (stryker.config.json): the suite's, with
 * a longer test timeout in every project. Stryker instruments every file and runs two processes
 * on a shared machine, so the longest suites (the chaos suite's 1,000 creates) run several times
 * slower than under `npm test`; a mutant that hangs a test is stopped by Stryker's own timeout.
 * The multi-process webhook soak is a fault run, not a test of one file: it is left out.
 * `MUTATION_PROJECTS` (a comma-separated list of project names) keeps only those projects.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.ts';

const wanted = process.env.MUTATION_PROJECTS?.split(',');
const projects = ((base.test?.projects ?? []) as TestProjectInlineConfiguration[]).filter(
  (project) => !wanted || wanted.includes(String(project.test?.name ?? '')),
);

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projects.map((project) => ({
      ...project,
      test: {
        ...project.test,
        exclude: [...(project.test?.exclude ?? []), 'test/webhooks/soak/**'],
        testTimeout: 120_000,
        // A fresh module graph per file, as Stryker's static mutants (run at import) expect.
        isolate: true,
      },
    })),
  },
});
