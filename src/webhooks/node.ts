/**
 * The adapter of the Fetch-API webhook handler to `node:http` and Express.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * A `node:http` request listener that also works as Express (or Connect) middleware: when the
 * adapted handler itself fails, the error goes to `next` when there is one, else a bare 500
 * is sent.
 */
export type NodeListener = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

/** The parts of an Express request this adapter reads when a body parser ran before it. */
interface ParsedRequest extends IncomingMessage {
  originalUrl?: string;
  body?: unknown;
  /** Set by body-parser (express.json, express.raw) once it has read the stream. */
  _body?: boolean;
}

const encoder = new TextEncoder();

function toBytes(chunk: unknown): Uint8Array {
  if (typeof chunk === 'string') return encoder.encode(chunk);
  const view = chunk as Uint8Array;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * The request body as a web stream, with backpressure. Cancelling it (the handler refused a
 * body that is too large) discards the rest of the upload instead of destroying the socket,
 * so the 413 still reaches the sender.
 */
function bodyStream(req: IncomingMessage): ReadableStream<Uint8Array> {
  let finished = false;
  let onData: (chunk: unknown) => void = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      onData = (chunk) => {
        controller.enqueue(toBytes(chunk));
        if ((controller.desiredSize ?? 1) <= 0) req.pause();
      };
      req.on('data', onData);
      req.once('end', () => {
        if (!finished) controller.close();
        finished = true;
      });
      req.once('error', (error) => {
        if (!finished) controller.error(error);
        finished = true;
      });
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      req.off('data', onData);
      req.resume();
    },
  });
}

/** The body an Express body parser already read, as bytes; `undefined` when none ran. */
function parsedBody(req: ParsedRequest): Uint8Array<ArrayBuffer> | undefined {
  if (!req._body && !req.readableEnded) return undefined;
  const { body } = req;
  if (body === undefined || body === null) return new Uint8Array(0);
  if (typeof body === 'string' || body instanceof Uint8Array) return new Uint8Array(toBytes(body));
  // express.json() parsed it: the original bytes are gone. Mount the webhook route before
  // express.json(), or use express.raw({ type: 'application/json' }), when verify needs them.
  return encoder.encode(JSON.stringify(body));
}

function toRequest(req: ParsedRequest): Request {
  const secure = (req.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  let url: URL;
  try {
    url = new URL(
      req.originalUrl ?? req.url ?? '/',
      `${secure ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`,
    );
  } catch {
    url = new URL(req.originalUrl ?? req.url ?? '/', 'http://localhost');
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers });
  const parsed = parsedBody(req);
  if (parsed) {
    headers.delete('content-length');
    return new Request(url, { method, headers, body: parsed });
  }
  return new Request(url, {
    method,
    headers,
    body: bodyStream(req),
    duplex: 'half',
  } as RequestInit);
}

async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  const body = response.body ? new Uint8Array(await response.arrayBuffer()) : undefined;
  res.end(body);
}

/**
 * Adapts a Fetch-API handler (such as the one `createWebhookHandler` returns) to
 * `node:http` and Express.
 *
 * Express: mount it before `express.json()`, or with `express.raw({ type: 'application/json' })`,
 * so that `verify` sees the bytes as sent; after `express.json()` the body is re-serialised.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeListener(handler)).listen(3000);
 *
 * // Express
 * app.post('/webhooks/clinic', toNodeListener(handler));
 * ```
 */
export function toNodeListener(handler: (request: Request) => Promise<Response>): NodeListener {
  return async (req, res, next) => {
    try {
      const response = await handler(toRequest(req));
      await writeResponse(response, res);
    } catch (error) {
      if (next) {
        next(error);
        return;
      }
      if (!res.headersSent) res.statusCode = 500;
      res.end();
    }
  };
}
