/**
 * Fastify 5: a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/fastify.ts
 *
 * Fastify reads and parses every JSON body before the route runs, so `toNodeListener` on
 * `request.raw` finds the stream already consumed. The webhook route lives in its own plugin
 * (encapsulation: its parser applies to it alone) whose JSON parser keeps the raw bytes, and it
 * hands the Fetch handler a `Request` built from them. The rest of the app keeps the default
 * JSON parser.
 */
import { ClinicClient } from '@clinic-scheduling/sdk';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const handler = webhookHandler(secret);
const app = Fastify();

/** The Fastify request as a Fetch-API `Request` with the bytes as received. */
function toFetchRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) headers.append(name, v);
  }
  const body = request.body instanceof Buffer ? new Uint8Array(request.body) : undefined;
  return new Request(`http://${request.host}${request.url}`, {
    method: request.method,
    headers,
    body,
  });
}

async function sendFetchResponse(response: Response, reply: FastifyReply): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

await app.register(async (webhooks) => {
  webhooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  webhooks.post(WEBHOOK_PATH, async (request, reply) =>
    sendFetchResponse(await handler(toFetchRequest(request)), reply),
  );
});

app.post(BOOKING_PATH, async (request, reply) => {
  const idempotencyKey = request.headers['idempotency-key'];
  const answer = await book(
    clinic,
    request.body,
    typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
  );
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
});

const address = await app.listen({ port, host });
console.log(`listening on ${address}`);
process.once('SIGTERM', () => void app.close());
