/**
 * The node:http adapter of the reference server: the SDK's Fetch-API → node:http adapter (the
 * one `@clinic-scheduling/sdk/webhooks` uses), plus what a server under test needs: an injected
 * network fault drops the connection. Only types are imported from node:http, so this module
 * loads anywhere.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeListener as fetchToNodeListener } from '../webhooks/node.ts';
import { isReferenceNetworkError } from './faults.ts';
import type { ReferenceFetch } from './fetch.ts';

/** A `node:http` request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Adapts a reference server (or its `fetch`) to a `node:http` request listener. A
 * `networkError` or `loseResponse` fault destroys the socket, so the client sees a real
 * connection error; any other failure of the server answers 500 `{detail}`. A request answered
 * before its body was read (a 401, a 404) keeps its keep-alive connection usable: the SDK's
 * adapter discards the rest of the body after the answer (up to 1 MiB; past it the connection
 * is closed).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * const api = createReferenceServer({ baseUrl: 'http://127.0.0.1:4010' });
 * createServer(toNodeListener(api)).listen(4010, '127.0.0.1');
 * ```
 */
export function toNodeListener(
  api: { fetch: ReferenceFetch } | ReferenceFetch,
): NodeRequestListener {
  const fetch = typeof api === 'function' ? api : api.fetch;
  const listener = fetchToNodeListener((request) => fetch(request));
  return (req, res) => {
    void listener(req, res, (error) => {
      if (isReferenceNetworkError(error)) {
        req.socket.destroy();
        return;
      }
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          detail: `The reference server failed: ${error instanceof Error ? error.message : String(error)}`,
        }),
      );
    });
  };
}
