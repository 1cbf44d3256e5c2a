/**
 * `@clinic-scheduling/sdk/testing/msw`: the MSW adapter, request handlers that pass every
 * request under `{baseUrl}/api/public/v1` to `api.fetch`. Works with msw 2.10+ and msw 3. The
 * one entry of the package that needs msw (the optional peer dependency): importing it without
 * msw installed throws an error that says `npm i -D msw`.
 *
 * @module
 */
import type { HttpHandler } from 'msw';
import { API_PREFIX } from './context.ts';
import { isReferenceNetworkError } from './faults.ts';
import type { ReferenceFetch } from './fetch.ts';
import { HttpResponse, http } from './msw-peer.ts';

/**
 * MSW handlers over a reference server's `fetch`. A `networkError` or `loseResponse` fault is
 * answered with `HttpResponse.error()`, which the caller's `fetch` sees as a network failure.
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
