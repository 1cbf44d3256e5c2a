import { defineConfig } from 'vitest/config';
import { LONG } from './vitest.config.ts';

/**
 * `npm run test:long`: the soaks, fault runs and the newest OpenTelemetry releases that
 * `npm test` leaves out (vitest.config.ts names them). `.ci/run` runs it; the suites that need
 * redis-server or PostgreSQL fail there without them, as in `npm test` under `CI`.
 */
export default defineConfig({
  test: {
    name: 'long',
    include: LONG,
    // Each starts processes, brokers or an npm install of its own, and bounds its own runs.
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
