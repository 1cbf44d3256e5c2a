import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          // test/browser needs Chromium: `npm run test:browser`, from CI.
          exclude: ['test/consumer/**', 'test/browser/**', 'node_modules/**'],
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
        },
      },
    ],
  },
});
