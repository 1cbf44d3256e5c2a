/**
 * The node:http adapter of the reference server: the SDK's Fetch-API → node:http adapter (the
 * one `@clinic-scheduling/sdk/webhooks` uses), plus what a server under test needs: an injected
 * network fault drops the connection. Only types are imported from node:http, so this module
 * loads anywhere.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeListener as fetchToNodeListener } from '../../webhooks/adapters/node.ts';
import { isReferenceNetworkError } from '../server/faults.ts';
import { fetchAs, type ReferenceFetch } from '../server/fetch.ts';
import { markSocketRequest } from '../server/request-body.ts';

/** A `node:http` request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const carriable = new Map<string, boolean>();

/** Whether a Fetch `Request` can carry `method` (TRACE, TRACK and CONNECT it cannot). */
function isCarriable(method: string): boolean {
  let known = carriable.get(method);
  if (known === undefined) {
    try {
      new Request('http://localhost/', { method });
      known = true;
    } catch {
      known = false;
    }
    carriable.set(method, known);
  }
  return known;
}

/** The names of the headers `req` carried more than once (node keeps only the first of some). */
function repeated(req: IncomingMessage): string[] {
  return Object.entries(req.headersDistinct)
    .filter(([, values]) => values !== undefined && values.length > 1)
    .map(([name]) => name);
}

/**
 * Answers a request whose method a Fetch `Request` cannot carry: the core answers it as that
 * method (401 without a valid key, 404 with one: it is none of the 15 operations); its body,
 * if any, is discarded.
 */
async function answerUncarried(
  fetch: ReferenceFetch,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  req.resume();
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  } catch {
    url = new URL(req.url ?? '/', 'http://localhost');
  }
  const request = markSocketRequest(new Request(url, { headers }), repeated(req));
  const response = await fetchAs(fetch, request, req.method ?? 'GET');
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

/**
 * Adapts a reference server (or its `fetch`) to a `node:http` request listener. (Not to be
 * confused with `toNodeListener(handler)` of `@clinic-scheduling/sdk/webhooks`, which adapts
 * a webhook handler.) A
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
 * createServer(referenceServerListener(api)).listen(4010, '127.0.0.1');
 * ```
 */
export function referenceServerListener(
  api: { fetch: ReferenceFetch } | ReferenceFetch,
): NodeRequestListener {
  const fetch = typeof api === 'function' ? api : api.fetch;
  // One adapter per request, so the core learns that request's repeated headers.
  const listenerFor = (req: IncomingMessage) =>
    fetchToNodeListener((request) => fetch(markSocketRequest(request, repeated(req))));
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
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
  };
  return (req, res) => {
    if (!isCarriable(req.method ?? 'GET')) {
      answerUncarried(fetch, req, res).catch((error: unknown) => fail(req, res, error));
      return;
    }
    void listenerFor(req)(req, res, (error) => fail(req, res, error));
  };
}
