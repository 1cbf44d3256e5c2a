/** `@clinic-scheduling/sdk/testing/msw`: MSW handlers over the reference server (msw 2.10+ or 3,
 * an optional peer: without it, the import says `npm i -D msw`). @module */
import type { HttpHandler } from 'msw';
import { API_PREFIX } from '../server/context.ts';
import { isReferenceNetworkError } from '../server/faults.ts';
import type { ReferenceFetch } from '../server/fetch.ts';
import { HttpResponse, http } from './msw-peer.ts';

/**
 * Handlers passing every request under the API prefix to `api.fetch`; network faults reach the
 * caller as network failures. Use: `setupServer(...createHandlers(api))`.
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
