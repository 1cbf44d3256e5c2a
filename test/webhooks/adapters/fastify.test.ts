/**
 * fastifyWebhooks on a real Fastify 5 (inject): the raw bytes reach `verify`, the handler's
 * statuses and headers pass through, and the rest of the app keeps its JSON parser.
 */
import { createHmac } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyWebhooks } from '../../../src/webhooks/adapters/fastify.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { appointmentEvent } from '../fixtures.ts';

const SECRET = 'fastify-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

async function app() {
  const seen: string[] = [];
  const handler = createWebhookHandler({
    // The exact bytes sent: a parsed-and-reserialised body would not match.
    verify: (request, rawBody) =>
      request.headers.get('x-sig') === sign(Buffer.from(rawBody).toString()),
    onAny: (event) => void seen.push(event.id),
    onError: () => {},
  });
  const fastify = Fastify();
  await fastify.register(fastifyWebhooks, { handler, prefix: '/webhooks/clinic' });
  fastify.post('/other', async (request) => ({ parsed: request.body }));
  await fastify.ready();
  return { fastify, seen };
}

describe('fastifyWebhooks', () => {
  it('hands the raw body to verify: a signed delivery is processed once, a forged one refused', async () => {
    const { fastify, seen } = await app();
    const event = appointmentEvent();
    // Spacing Fastify's JSON parser would not keep.
    const body = JSON.stringify(event, null, 3);
    const send = (sig: string) =>
      fastify.inject({
        method: 'POST',
        url: '/webhooks/clinic',
        headers: { 'content-type': 'application/json', 'x-sig': sig },
        payload: body,
      });
    const ok = await send(sign(body));
    expect([ok.statusCode, ok.json()]).toEqual([200, { status: 'processed', id: event.id }]);
    expect(ok.headers['content-type']).toMatch(/application\/json/);
    expect((await send(sign(body))).json()).toEqual({ status: 'duplicate', id: event.id });
    expect((await send('forged')).statusCode).toBe(401);
    expect(seen).toEqual([event.id]);
    await fastify.close();
  });

  it("answers the handler's own statuses: 415 for a non-JSON body, 405 with Allow for a GET", async () => {
    const { fastify } = await app();
    const text = await fastify.inject({
      method: 'POST',
      url: '/webhooks/clinic',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const get = await fastify.inject({ method: 'GET', url: '/webhooks/clinic' });
    expect([get.statusCode, get.headers.allow]).toEqual([405, 'POST']);
    await fastify.close();
  });

  it('leaves the JSON parser of the rest of the app alone', async () => {
    const { fastify } = await app();
    const other = await fastify.inject({
      method: 'POST',
      url: '/other',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":1}',
    });
    expect(other.json()).toEqual({ parsed: { a: 1 } });
    await fastify.close();
  });
});
