/**
 * The vitest configuration of `npm run test:mutation` (stryker.config.json): the suite's, with
 * a longer test timeout in every project. Stryker instruments every file and runs two processes
 * on a shared machine, so the longest suites (the chaos suite's 1,000 creates) run several times
 * slower than under `npm test`; a mutant that hangs a test is stopped by Stryker's own timeout.
 * The long suites `npm test` leaves out kill mutants too (chaos, the fault runs): they join as a
 * project of their own, without the multi-process webhook soak (a fault run, not a test of one
 * file) and the newest OpenTelemetry releases (an install from the registry).
 * `MUTATION_PROJECTS` (a comma-separated list of project names) keeps only those projects, and
 * `MUTATION_INCLUDE` (comma-separated globs) only those test files of them.
 */
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base, { LONG } from './vitest.config.ts';

const wanted = process.env.MUTATION_PROJECTS?.split(',');
const include = process.env.MUTATION_INCLUDE?.split(',');
const long: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'long', include: LONG, exclude: ['test/otel-company/**'] },
};
const projects = [
  ...((base.test?.projects ?? []) as TestProjectInlineConfiguration[]),
  long,
].filter((project) => !wanted || wanted.includes(String(project.test?.name ?? '')));

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: projects.map((project) => ({
      ...project,
      test: {
        ...project.test,
        ...(include ? { include } : {}),
        exclude: [...(project.test?.exclude ?? []), 'test/webhooks/soak/**'],
        testTimeout: 120_000,
        // A fresh module graph per file, as Stryker's static mutants (run at import) expect;
        // `MUTATION_ISOLATE=false` shares one, for a run that ignores static mutants (the
        // others are switched on at run time), several times faster.
        isolate: process.env.MUTATION_ISOLATE !== 'false',
      },
    })),
  },
});
