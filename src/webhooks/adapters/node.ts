/**
 * The adapter of the Fetch-API webhook handler to `node:http` and Express.
 *
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ClinicError } from '../../core/errors.ts';

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
 * At most this many bytes of a request body that the handler answered without reading (a 405,
 * 413, 415, 401, 404...) are read and discarded after the answer, so that the keep-alive
 * connection can carry the next request. A larger rest closes the connection instead: it is
 * answered with `Connection: close` when its declared length says so, else the socket is closed
 * once the answer has been sent. 1 MiB, as the webhook handler's default `maxBodyBytes`.
 */
const DISCARD_LIMIT_BYTES = 1024 * 1024;

/** The request body as the adapter hands it to the Fetch handler. */
interface NodeBody {
  stream: ReadableStream<Uint8Array>;
  /** Bytes received from the request so far. */
  received(): number;
  /**
   * Stops feeding the stream (the answer was written, or the handler cancelled it); the rest of
   * the request is left to {@link discardRest}. A reader still waiting gets a `ClinicError`.
   */
  detach(): void;
}

/**
 * The request body as a web stream, with backpressure. Cancelling it (the handler refused the
 * body) stops reading; the adapter discards the rest after writing the answer, instead of
 * destroying the socket, so the answer still reaches the sender.
 */
function bodyStream(req: IncomingMessage): NodeBody {
  let finished = false;
  let received = 0;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: unknown) => {
    const bytes = toBytes(chunk);
    received += bytes.byteLength;
    controller.enqueue(bytes);
    if ((controller.desiredSize ?? 1) <= 0) req.pause();
  };
  const onEnd = () => {
    if (!finished) controller.close();
    finished = true;
  };
  const onError = (error: unknown) => {
    if (!finished) controller.error(error);
    finished = true;
  };
  const detach = () => {
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.pause();
    if (!finished) {
      finished = true;
      controller.error(
        new ClinicError(
          'toNodeListener: the answer was written before the request body was read to its end; ' +
            'the rest of the body was discarded. Read the body before returning the Response.',
        ),
      );
    }
  };
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      req.on('data', onData);
      req.once('end', onEnd);
      req.once('error', onError);
    },
    pull() {
      req.resume();
    },
    cancel() {
      finished = true;
      detach();
    },
  });
  return { stream, received: () => received, detach };
}

/** Whether the rest of an unread body is known to be over {@link DISCARD_LIMIT_BYTES}. */
function restTooLarge(req: IncomingMessage, body: NodeBody | undefined): boolean {
  if (req.readableEnded) return false;
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared - (body?.received() ?? 0) > DISCARD_LIMIT_BYTES;
}

/**
 * Reads and throws away what is left of the request once its answer is written, so that the
 * next request on a keep-alive connection is parsed (an unread body otherwise stays in the
 * socket, and that request is never answered). Bounded: past {@link DISCARD_LIMIT_BYTES} the
 * reading stops and the socket is closed once the answer has been sent.
 */
function discardRest(
  req: IncomingMessage,
  res: ServerResponse,
  body: NodeBody | undefined,
  close = false,
): void {
  body?.detach();
  if (req.readableEnded || req.destroyed) return;
  const closeAfterAnswer = () => {
    const destroy = () => req.socket?.destroy();
    if (res.writableFinished || res.destroyed) destroy();
    else {
      res.once('finish', destroy);
      res.once('close', destroy);
    }
  };
  // A body that was too slow (408) is not waited for: it may never end.
  if (close) {
    closeAfterAnswer();
    return;
  }
  let discarded = 0;
  const onData = (chunk: { length: number }) => {
    discarded += chunk.length;
    if (discarded <= DISCARD_LIMIT_BYTES) return;
    req.off('data', onData);
    req.pause();
    closeAfterAnswer();
  };
  req.on('data', onData);
  req.resume();
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

const CONSUMED =
  'toNodeListener: the request body was already read by the framework before this listener ran, ' +
  'and no copy of it is on req.body. Give the webhook route the raw bytes instead: see ' +
  'docs/webhooks.md, "Frameworks" (Fastify: a buffer content-type parser and a Request).';

function toRequest(req: ParsedRequest): { request: Request; body?: NodeBody } {
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
  if (method === 'GET' || method === 'HEAD')
    return { request: new Request(url, { method, headers }) };
  if (req.readableEnded && !req._body && req.body === undefined) {
    // A framework (Fastify, a Koa body parser) read the stream and left no copy on req.body.
    const failed = new ReadableStream({ start: (c) => c.error(new ClinicError(CONSUMED)) });
    return {
      request: new Request(url, { method, headers, body: failed, duplex: 'half' } as RequestInit),
    };
  }
  const parsed = parsedBody(req);
  if (parsed) {
    headers.delete('content-length');
    return { request: new Request(url, { method, headers, body: parsed }) };
  }
  const body = bodyStream(req);
  const init = { method, headers, body: body.stream, duplex: 'half' };
  return { request: new Request(url, init as RequestInit), body };
}

async function writeResponse(
  response: Response,
  res: ServerResponse,
  closeConnection: boolean,
): Promise<void> {
  res.statusCode = response.status;
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie') res.setHeader(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (closeConnection) res.setHeader('connection', 'close');
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
 * A 408 (a body that trickled in past `bodyTimeoutMs`) is answered with `Connection: close`
 * and the connection is closed: the rest of such a body is never waited for.
 *
 * A request answered before its body was read (405, 413, 415, or any handler that does not read
 * it) keeps its keep-alive connection usable: once the answer is written, the rest of the body is
 * read and discarded, up to 1 MiB. A larger rest is not read: the answer says
 * `Connection: close` when the declared length shows it, else the connection is closed once the
 * answer has been sent.
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
    let body: NodeBody | undefined;
    let tooSlow = false;
    try {
      const converted = toRequest(req);
      body = converted.body;
      const response = await handler(converted.request);
      tooSlow = response.status === 408;
      // Read after the handler: it may have cancelled the body, leaving the rest unread.
      await writeResponse(response, res, tooSlow || restTooLarge(req, body));
    } catch (error) {
      if (next) {
        next(error);
        discardRest(req, res, body);
        return;
      }
      if (!res.headersSent) {
        res.statusCode = 500;
        if (restTooLarge(req, body)) res.setHeader('connection', 'close');
      }
      res.end();
    }
    discardRest(req, res, body, tooSlow);
  };
}
