/**
 * `createReferenceServer`: the reference server with its MSW handlers.
 *
 * @module
 */
import type { HttpHandler } from 'msw';
import { createHandlers } from './msw.ts';
import {
  createReferenceServerCore,
  type ReferenceServerCore,
  type ReferenceServerOptions,
} from './server.ts';

/** A stateful, in-memory Clinic Scheduling API v1 (see {@link createReferenceServer}). */
export interface ReferenceServer extends ReferenceServerCore {
  /**
   * MSW request handlers (msw 2.10+ or 3) that answer every request under
   * `{baseUrl}/api/public/v1` through `api.fetch`: `setupServer(...api.handlers)`.
   */
  readonly handlers: HttpHandler[];
}

/**
 * Creates a reference server: an in-memory Clinic Scheduling API v1 that keeps state and
 * enforces every rule the spec states. Each call has its own state. It starts with clinic 1
 * and no records (unless `seed: 'demo'`).
 *
 * @throws TypeError for a missing or malformed `baseUrl`, a bad `now`, or a bad `listEnvelope`.
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
 *
 * const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
 * const server = setupServer(...api.handlers);
 * const apiKey = api.issueApiKey({ preset: 'full_access' });
 * const patient = api.seed.patient({ name: 'Ana Souza' });
 * ```
 */
export function createReferenceServer(options: ReferenceServerOptions): ReferenceServer {
  const core = createReferenceServerCore(options);
  return Object.assign(core, { handlers: createHandlers(core) });
}
