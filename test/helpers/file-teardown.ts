/**
 * Setup file of the unit project, whose files share a worker's modules and globals (`isolate:
 * false`): after each file, the real clock, the environment and the globals as the file found
 * them, and no spy left on a shared object.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
