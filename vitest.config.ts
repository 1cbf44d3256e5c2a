import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Node's compile cache for every process the suites start (the CLI, the examples, the recipes,
// each loading about a hundred TypeScript modules): a start takes about 0.3 s instead of 0.7,
// the spawning suites a third less time. Node keys each entry by the file's content, so an edit
// is never served stale; the cache lives with the install and goes with `npm ci`.
process.env.NODE_COMPILE_CACHE ??= fileURLToPath(
  new URL('node_modules/.cache/node-compile', import.meta.url),
);

/**
 * Suites that start processes or servers (the CLI, node examples and recipes, the two builds,
 * redis-server and PostgreSQL): their own project, so that their start-up time never sets the
 * timeout of a unit test. A new suite that spawns anything belongs here.
 */
const INTEGRATION = [
  'test/testing/*cli*.test.ts',
  'test/testing/console*.test.ts',
  'test/testing/control-host.test.ts',
  'test/testing/settings-document.test.ts',
  'test/testing/delivery-network.test.ts',
  'test/testing/without-msw.test.ts',
  'test/examples/**/*.test.ts',
  'test/otel-company/**/*.test.ts',
  'test/docs/readme-demo.test.ts',
  'test/core/dual-package.test.ts',
  'test/webhooks/**/{redis,postgres,bullmq,pg-boss}*.test.ts',
  'examples/recipes/**/*.test.ts',
];

/**
 * Soaks, fault runs and the newest OpenTelemetry releases: minutes of processes killed, brokers
 * restarted and packages installed from the registry. They are not part of `npm test`, which
 * stays fast; `.ci/run` runs them (`npm run test:long`, vitest.long.config.ts).
 */
export const LONG = [
  'test/webhooks/soak/**/*.test.ts',
  'test/webhooks/**/*-faults.test.ts',
  'test/webhooks/queue/*-poison.test.ts',
  'test/reliability/chaos.test.ts',
  'test/otel-company/newest.test.ts',
];

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single worker on 2 cores, which
    // then waits, idle, on every process and server an integration suite starts. One worker more
    // than the cores fills those waits (2 cores: vitest 83 s -> 57 s, alone at load 2).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          // test/browser needs Chromium: `npm run test:browser`, from CI.
          exclude: [
            ...INTEGRATION,
            ...LONG,
            'test/consumer/**',
            'test/browser/**',
            'node_modules/**',
          ],
          testTimeout: 20_000,
          // One module graph per worker instead of one per file: importing src, msw and zod
          // again for each of ~100 files was a third of the project's time. The setup file
          // restores what a file may leave behind (fake timers, stubs, spies).
          isolate: false,
          setupFiles: ['test/helpers/file-teardown.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: LONG,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The reference server's MSW handlers against msw 2 (installed as the npm alias msw2):
        // `msw` and `msw/*` resolve to `msw2` and `msw2/*`, in src and tests alike.
        extends: true,
        resolve: { alias: [{ find: /^msw(\/.*)?$/, replacement: 'msw2$1' }] },
        test: {
          name: 'msw2',
          include: ['test/testing/adapters.test.ts'],
          env: { EXPECTED_MSW_MAJOR: '2' },
          testTimeout: 20_000,
        },
      },
    ],
  },
});
