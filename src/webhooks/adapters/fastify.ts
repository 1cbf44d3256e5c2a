/**
 * The Fetch-API webhook handler as a Fastify plugin: the raw body handed to the handler, which
 * reads it under its own limits (`maxBodyBytes`, `bodyTimeoutMs`), in the plugin's encapsulated
 * context, mounted in one line. Structural types: nothing imports `fastify`. @module
 */
import { WebhookPayloadError } from '../errors.ts';
import { HANDLER_INTERNALS, type HandlerInternals, type WebhookHandler } from '../handler.ts';
import {
  bodyStream,
  discardRest,
  type NodeBody,
  type NodeListenerRequest,
  type NodeListenerResponse,
  restTooLarge,
} from './node.ts';

/** A Fastify request, as far as the plugin reads it. */
export interface FastifyWebhookRequest {
  /** The method. */
  method: string;
  /** Path and query as received. */
  url: string;
  /** The host the request was sent to. */
  host: string;
  /** The headers, as Node parsed them. */
  headers: Record<string, string | string[] | undefined>;
  /** What the plugin's parser left: the body, unread. */
  body?: unknown;
  /** Node's request. */
  raw: NodeListenerRequest;
}

/** A Fastify reply, as far as the plugin writes it. */
export interface FastifyWebhookReply {
  /** Sets the status. */
  code(statusCode: number): FastifyWebhookReply;
  /** Sets a header. */
  header(name: string, value: string): FastifyWebhookReply;
  /** Sends the body. */
  send(payload: Uint8Array): FastifyWebhookReply;
  /** Node's response. */
  raw: NodeListenerResponse;
}

/** The part of a Fastify instance the plugin uses (Fastify 4 and 5). */
export interface FastifyWebhookInstance {
  /** Drops the inherited parsers, in the plugin's own context only. */
  removeAllContentTypeParsers(): void;
  /** Registers the parser that hands the body on unread. */
  addContentTypeParser(
    contentType: string,
    parser: (
      request: unknown,
      payload: unknown,
      done: (error: Error | null, body?: unknown) => void,
    ) => void,
  ): void;
  /** Declares the route. */
  route(options: {
    method: string[];
    url: string;
    handler: (request: FastifyWebhookRequest, reply: FastifyWebhookReply) => Promise<unknown>;
  }): unknown;
}

/** Options of {@link fastifyWebhooks}. */
export interface FastifyWebhookOptions {
  /** The handler from `createWebhookHandler`: its `maxBodyBytes` and `bodyTimeoutMs` apply. */
  handler: WebhookHandler;
  /** The route, under the plugin's `prefix` (default `/`). */
  path?: string | undefined;
}

const METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];

/** The body, unread, as the parser hands it on. */
const UNREAD = Symbol('unread body');

interface Unread {
  [UNREAD]: NodeListenerRequest;
}

const isUnread = (body: unknown): body is Unread =>
  typeof body === 'object' && body !== null && UNREAD in body;

function headersOf(request: FastifyWebhookRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined) headers.append(name, v);
    }
  }
  return headers;
}

/** The request's URL, or `undefined` when its Host is not a host (`a:99999`). */
function urlOf(request: FastifyWebhookRequest): URL | undefined {
  const secure = request.raw.socket?.encrypted === true;
  try {
    const url = new URL(request.url, `${secure ? 'https' : 'http'}://${request.host}`);
    return url.host === '' ? undefined : url;
  } catch {
    return undefined;
  }
}

function toFetchRequest(request: FastifyWebhookRequest, url: URL, body: NodeBody | undefined) {
  const init = { method: request.method, headers: headersOf(request) } as RequestInit;
  if (body) Object.assign(init, { body: body.stream, duplex: 'half' });
  return new Request(url, init);
}

const BAD_HOST = 'The Host header is not a host name with an optional port.';

/**
 * A Fastify plugin that mounts `handler`: `await app.register(fastifyWebhooks, { handler,
 * prefix: '/webhooks/clinic' })`. Its parser hands every body on unread, in the plugin's own
 * encapsulated context (the rest of the app keeps its JSON parser), and the handler reads it
 * under its `maxBodyBytes` (413) and `bodyTimeoutMs` (408, the connection closed): a body that
 * trickles in holds nothing past that. The handler answers every status itself; a Host that is
 * not a host is answered 400 and reported to `onError`.
 */
export async function fastifyWebhooks(
  fastify: FastifyWebhookInstance,
  options: FastifyWebhookOptions,
): Promise<void> {
  const { handler, path = '/' } = options;
  const internals = (handler as unknown as Record<symbol, HandlerInternals | undefined>)[
    HANDLER_INTERNALS
  ];
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', (request, _payload, done) =>
    done(null, { [UNREAD]: (request as FastifyWebhookRequest).raw } satisfies Unread),
  );
  fastify.route({
    method: METHODS,
    url: path,
    handler: async (request, reply) => {
      const { raw } = request;
      const body = isUnread(request.body) ? bodyStream(raw) : undefined;
      const url = urlOf(request);
      let response: Response;
      if (url) response = await handler(toFetchRequest(request, url, body));
      else {
        internals?.report(new WebhookPayloadError(`${BAD_HOST} The delivery was answered 400.`));
        response = Response.json({ detail: BAD_HOST }, { status: 400 });
      }
      const abandon = !url || response.status === 408;
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      if (abandon || restTooLarge(raw, body)) reply.header('connection', 'close');
      const bytes = new Uint8Array(await response.arrayBuffer());
      // Read after the handler: it may have left the rest unread (413, 408).
      discardRest(raw, reply.raw, body, abandon);
      return reply.send(bytes);
    },
  });
}
