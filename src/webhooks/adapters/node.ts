/**
 * The Fetch-API webhook handler on `node:http` and Express. Its types name only the members it
 * uses, so that `/webhooks` type-checks in a project without Node's types (a worker, Deno,
 * `types: []`); `node:http`'s objects have them all. @module
 */
import { ClinicError } from '../../core/errors/index.ts';

/** The members of `node:http`'s `IncomingMessage` (or Express's `Request`) the listener uses. */
export interface NodeListenerRequest {
  /** The request method. */
  method?: string | undefined;
  /** The request target, path and query. */
  url?: string | undefined;
  /** The request headers, names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  /** Whether the body was read to its end. */
  readonly readableEnded: boolean;
  /** Whether the stream was destroyed. */
  readonly destroyed: boolean;
  /** The connection. */
  socket?: {
    /** `true` on a TLS connection. */
    encrypted?: boolean;
    /** Closes the connection. */
    destroy(): unknown;
  } | null;
  /** Subscribes to `data`, `end` or `error`. */
  on(event: string, listener: (value: unknown) => void): unknown;
  /** Subscribes once. */
  once(event: string, listener: (value: unknown) => void): unknown;
  /** Unsubscribes. */
  off(event: string, listener: (value: unknown) => void): unknown;
  /** Stops the flow of `data` events. */
  pause(): unknown;
  /** Resumes the flow of `data` events. */
  resume(): unknown;
}

/** The members of `node:http`'s `ServerResponse` (or Express's `Response`) the listener uses. */
export interface NodeListenerResponse {
  /** The status code to send. */
  statusCode: number;
  /** Whether the head was sent. */
  readonly headersSent: boolean;
  /** Whether the answer was written to its end. */
  readonly writableFinished: boolean;
  /** Whether the stream was destroyed. */
  readonly destroyed: boolean;
  /** Sets a header of the answer. */
  setHeader(name: string, value: string | number | readonly string[]): unknown;
  /** Ends the answer, with an optional body. */
  end(chunk?: Uint8Array): unknown;
  /** Subscribes once to `finish` or `close`. */
  once(event: string, listener: () => void): unknown;
}

/** A `node:http` listener and Express middleware: a failure goes to `next`, else a bare 500. */
export type NodeListener = (
  req: NodeListenerRequest,
  res: NodeListenerResponse,
  next?: (error?: unknown) => void,
) => Promise<void>;

type IncomingMessage = NodeListenerRequest;
type ServerResponse = NodeListenerResponse;

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

/** The unread rest discarded to keep a connection alive (as `maxBodyBytes`); past it, close. */
const DISCARD_LIMIT_BYTES = 1024 * 1024;

export interface NodeBody {
  stream: ReadableStream<Uint8Array>;
  received(): number;
  /** The rest is left to {@link discardRest}; a reader still waiting gets a `ClinicError`. */
  detach(): void;
}

/** Cancelling stops reading but keeps the socket, so that the answer still reaches the sender. */
export function bodyStream(req: IncomingMessage): NodeBody {
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

export function restTooLarge(req: IncomingMessage, body: NodeBody | undefined): boolean {
  if (req.readableEnded) return false;
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared - (body?.received() ?? 0) > DISCARD_LIMIT_BYTES;
}

/** An unread body left in the socket would keep the next keep-alive request from being parsed. */
export function discardRest(
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
  const onData = (chunk: unknown) => {
    discarded += (chunk as { length: number }).length;
    if (discarded <= DISCARD_LIMIT_BYTES) return;
    req.off('data', onData);
    req.pause();
    closeAfterAnswer();
  };
  req.on('data', onData);
  req.resume();
}

function parsedBody(req: ParsedRequest): Uint8Array<ArrayBuffer> | undefined {
  if (!req._body && !req.readableEnded) return undefined;
  const { body } = req;
  if (body === undefined || body === null) return new Uint8Array(0);
  if (typeof body === 'string' || body instanceof Uint8Array) return new Uint8Array(toBytes(body));
  // express.json() parsed it: the original bytes are gone (see toNodeListener's doc).
  return encoder.encode(JSON.stringify(body));
}

const CONSUMED =
  'toNodeListener: the request body was already read by the framework before this listener ran, ' +
  'and no copy of it is on req.body. Give the webhook route the raw bytes instead: see ' +
  'docs/webhooks-receiving.md, "Frameworks" (Fastify: a buffer content-type parser and a Request).';

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
 * Adapts a Fetch-API handler to `node:http` and Express; in Express, mount it before
 * `express.json()` (or use `express.raw`) so that `verify` sees the bytes as sent.
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
