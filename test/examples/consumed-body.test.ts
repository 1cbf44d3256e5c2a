/**
 * Mounting `toNodeListener` where the framework already read the body (Fastify parses every JSON
 * body before the route runs): the delivery is refused, and the error handed to `onError` says
 * that the framework read the body and where the recipe is, instead of "not valid JSON".
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createWebhookHandler, toNodeListener } from '../../src/webhooks/index.ts';

const errors: unknown[] = [];
const app = Fastify();
const listener = toNodeListener(
  createWebhookHandler({ verify: () => true, onError: (error) => void errors.push(error) }),
);
app.post('/webhooks', (request, reply) => {
  reply.hijack();
  return listener(request.raw, reply.raw);
});
let url = '';

beforeAll(async () => {
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

test('a body Fastify already consumed: 400, and onError names the cause and the recipe', async () => {
  const response = await fetch(`${url}/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      id: 'evt_1',
      type: 'ping',
      created_at: '2026-03-02T12:00:00Z',
      data: {},
    }),
  });
  expect(response.status).toBe(400);
  await response.arrayBuffer();
  expect(errors).toHaveLength(1);
  expect(errors[0]).toMatchObject({ name: 'ClinicError' });
  // The message is the documented way out: it names the cause and the guide.
  expect(String((errors[0] as Error).message)).toMatch(/already read by the framework/);
  expect(String((errors[0] as Error).message)).toContain('docs/webhooks-receiving.md');
});
