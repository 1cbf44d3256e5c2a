/**
 * Fastify 5: a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/fastify.ts
 *
 * `fastifyWebhooks` mounts the handler in its own encapsulated context, whose parser hands the
 * body on unread: the handler reads the raw bytes for the signature check, under its own size and
 * time limits; the rest of the app keeps Fastify's JSON parser.
 */
import { ClinicClient } from '@clinic-scheduling/sdk';
import { fastifyWebhooks } from '@clinic-scheduling/sdk/webhooks';
import Fastify from 'fastify';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const app = Fastify();

await app.register(fastifyWebhooks, { handler: webhookHandler(secret), prefix: WEBHOOK_PATH });

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
