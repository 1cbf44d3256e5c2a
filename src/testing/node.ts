/**
 * The node:http adapter: serves a reference server (or any Fetch-API function) on a real
 * socket. Only types are imported from node:http, so this module loads anywhere.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isReferenceNetworkError } from './faults.ts';
import type { ReferenceFetch } from './fetch.ts';

/** A `node:http` request listener (also usable as Express middleware at the end of a chain). */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

async function readRequestBody(req: IncomingMessage): Promise<Uint8Array | undefined> {
  if (req.method === 'GET' || req.method === 'HEAD') return undefined;
  const chunks: Uint8Array[] = [];
  for await (const chunk of req) chunks.push(chunk as Uint8Array);
  return chunks.length === 0 ? undefined : Buffer.concat(chunks);
}

async function serve(
  fetch: ReferenceFetch,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  try {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, v);
      else if (value !== undefined) headers.set(name, value);
    }
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    const body = await readRequestBody(req);
    const request = new Request(url, {
      method: req.method ?? 'GET',
      headers,
      ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      signal: controller.signal,
    });
    const response = await fetch(request);
    const payload = new Uint8Array(await response.arrayBuffer());
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(payload);
  } catch (error) {
    if (isReferenceNetworkError(error)) {
      // An injected network fault: drop the connection without an answer.
      req.socket.destroy();
      return;
    }
    if (controller.signal.aborted || res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        detail: `The reference server failed: ${error instanceof Error ? error.message : String(error)}`,
      }),
    );
  }
}

/**
 * Adapts a reference server (or its `fetch`) to a `node:http` request listener. A
 * `networkError` or `loseResponse` fault destroys the socket, so the client sees a real
 * connection error.
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
  return (req, res) => {
    void serve(fetch, req, res);
  };
}
