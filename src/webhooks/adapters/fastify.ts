/**
 * The Fetch-API webhook handler as a Fastify plugin: the raw body kept (the route's own parser,
 * encapsulated), mounted in one line. Structural types: nothing imports `fastify`. @module
 */
import type { WebhookHandler } from '../handler.ts';

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
  /** The raw bytes, as the plugin's parser kept them. */
  body?: unknown;
}

/** A Fastify reply, as far as the plugin writes it. */
export interface FastifyWebhookReply {
  /** Sets the status. */
  code(statusCode: number): FastifyWebhookReply;
  /** Sets a header. */
  header(name: string, value: string): FastifyWebhookReply;
  /** Sends the body. */
  send(payload: Uint8Array): FastifyWebhookReply;
}

/** The part of a Fastify instance the plugin uses (Fastify 4 and 5). */
export interface FastifyWebhookInstance {
  /** Drops the inherited parsers, in the plugin's own context only. */
  removeAllContentTypeParsers(): void;
  /** Registers the raw-body parser. */
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'buffer'; bodyLimit?: number },
    parser: (
      request: unknown,
      body: Uint8Array,
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
  /** The handler from `createWebhookHandler`. */
  handler: WebhookHandler;
  /** The route, under the plugin's `prefix` (default `/`). */
  path?: string | undefined;
  /** Largest body Fastify reads, in bytes (default 1 MiB, as the handler's `maxBodyBytes`). */
  bodyLimit?: number | undefined;
}

const METHODS = ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'];

function toFetchRequest(request: FastifyWebhookRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined) headers.append(name, v);
    }
  }
  const { body } = request;
  const bytes = body instanceof Uint8Array ? body : undefined;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(`http://${request.host}${request.url}`, {
    method: request.method,
    headers,
    body: hasBody && bytes ? new Uint8Array(bytes) : undefined,
  });
}

/**
 * A Fastify plugin that mounts `handler`: `await app.register(fastifyWebhooks, { handler,
 * prefix: '/webhooks/clinic' })`. It keeps every body as raw bytes for `verify`, in its own
 * encapsulated context (the rest of the app keeps its JSON parser); the handler answers every
 * status itself (405, 415, 413...).
 */
export async function fastifyWebhooks(
  fastify: FastifyWebhookInstance,
  options: FastifyWebhookOptions,
): Promise<void> {
  const { handler, path = '/', bodyLimit = 1024 * 1024 } = options;
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
    done(null, body),
  );
  fastify.route({
    method: METHODS,
    url: path,
    handler: async (request, reply) => {
      const response = await handler(toFetchRequest(request));
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        reply.header(name, value);
      });
      return reply.send(new Uint8Array(await response.arrayBuffer()));
    },
  });
}
