/**
 * `@clinic-scheduling/sdk/testing/msw`: MSW handlers over the reference server (msw 2.10+ or 3).
 * The one entry that needs msw, an optional peer: without it, the import says `npm i -D msw`.
 * @module
 */
import type { HttpHandler } from 'msw';
import { API_PREFIX } from '../server/context.ts';
import { isReferenceNetworkError } from '../server/faults.ts';
import type { ReferenceFetch } from '../server/fetch.ts';
import { HttpResponse, http } from './msw-peer.ts';

/**
 * Handlers that pass every request under `{baseUrl}/api/public/v1` to `api.fetch`; a
 * `networkError` or `loseResponse` fault reaches the caller's `fetch` as a network failure.
 *
 * @example
 * ```ts
 * import { setupServer } from 'msw/node';
 * import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
 * import { createHandlers } from '@clinic-scheduling/sdk/testing/msw';
 *
 * const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
 * const server = setupServer(...createHandlers(api));
 * ```
 */
export function createHandlers(api: { baseUrl: string; fetch: ReferenceFetch }): HttpHandler[] {
  const resolve = async ({ request }: { request: Request }): Promise<Response> => {
    try {
      return await api.fetch(request);
    } catch (error) {
      if (isReferenceNetworkError(error)) return HttpResponse.error();
      throw error;
    }
  };
  return [
    http.all(`${api.baseUrl}${API_PREFIX}`, resolve),
    http.all(`${api.baseUrl}${API_PREFIX}/*`, resolve),
  ];
}
