import { defineConfig } from 'vitest/config';

// The console in real Chromium: `npm run test:browser` (CI runs it), never part of `npm test`.
export default defineConfig({
  test: {
    include: ['test/browser/**/*.browser.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
