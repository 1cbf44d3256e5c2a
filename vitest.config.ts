import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    exclude: ['test/consumer/**', 'node_modules/**'],
    testTimeout: 20_000,
  },
});
