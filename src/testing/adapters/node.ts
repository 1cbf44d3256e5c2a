/** The reference server over node:http (the webhooks adapter, plus network faults dropping the
 * connection); only node:http types are imported, so it loads anywhere. @module */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toNodeListener as fetchToNodeListener } from '../../webhooks/adapters/node.ts';
import { isReferenceNetworkError } from '../server/faults.ts';
import type { ReferenceServe } from '../server/fetch.ts';

/** A `node:http` request listener. */
export type NodeRequestListener = (req: IncomingMessage, res: ServerResponse) => void;

const carriable = new Map<string, boolean>();

/** TRACE, TRACK and CONNECT a Fetch `Request` cannot carry. */
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

/** Node keeps only the first of some repeated headers, so read them here. */
function repeated(req: IncomingMessage): string[] {
  return Object.entries(req.headersDistinct)
    .filter(([, values]) => values !== undefined && values.length > 1)
    .map(([name]) => name);
}

/** The core answers an uncarriable method as sent (401, else 404); its body is discarded. */
async function answerUncarried(
  serve: ReferenceServe,
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
  const request = new Request(url, { headers });
  const response = await serve(request, {
    method: req.method ?? 'GET',
    repeatedHeaders: repeated(req),
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(body);
}

/**
 * A `node:http` listener over a reference server (or a function shaped like `api.serve`): network
 * faults destroy the socket, other failures answer 500. Use:
 * `createServer(referenceServerListener(api))`.
 */
export function referenceServerListener(
  api: { serve: ReferenceServe } | ReferenceServe,
): NodeRequestListener {
  const serve = typeof api === 'function' ? api : api.serve;
  // One adapter per request, so the core learns that request's repeated headers.
  const listenerFor = (req: IncomingMessage) =>
    fetchToNodeListener((request) => serve(request, { repeatedHeaders: repeated(req) }));
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
      answerUncarried(serve, req, res).catch((error: unknown) => fail(req, res, error));
      return;
    }
    void listenerFor(req)(req, res, (error) => fail(req, res, error));
  };
}
