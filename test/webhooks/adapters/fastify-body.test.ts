/**
 * fastifyWebhooks on a real Fastify 5 listening on a socket: the body is read under the handler's
 * `bodyTimeoutMs` (trickling connections are answered 408 and closed while a signed delivery
 * goes through), `maxBodyBytes` answers 413, and a Host that is not a host is a 400 that reaches
 * `onError` (it was Fastify's own 500).
 */
import { createHmac } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fastifyWebhooks } from '../../../src/webhooks/adapters/fastify.ts';
import { WebhookPayloadError } from '../../../src/webhooks/errors.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { appointmentEvent } from '../fixtures.ts';

const SECRET = 'fastify-body-secret';
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

let fastify: FastifyInstance | undefined;
afterEach(async () => {
  await fastify?.close();
  fastify = undefined;
});

async function serve(options: { bodyTimeoutMs?: number; maxBodyBytes?: number } = {}) {
  const errors: unknown[] = [];
  const processed: string[] = [];
  const handler = createWebhookHandler({
    verify: (request, rawBody) =>
      request.headers.get('x-sig') === sign(Buffer.from(rawBody).toString()),
    onAny: (event) => void processed.push(event.id),
    onError: (error) => void errors.push(error),
    ...options,
  });
  fastify = Fastify();
  await fastify.register(fastifyWebhooks, { handler, prefix: '/webhooks' });
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  const { port } = fastify.server.address() as { port: number };
  return { port, errors, processed, handler };
}

/** A raw connection that sends `head`, then one byte of body every `everyMs`; what it received. */
function trickle(port: number, head: string, everyMs: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  const started = performance.now();
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => {});
  socket.write(head);
  const timer = setInterval(() => socket.writable && socket.write('{'), everyMs);
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve(performance.now() - started);
    }),
  );
  return { closed, received: () => received, destroy: () => socket.destroy() };
}

const head = (host: string, length = 10_000) =>
  `POST /webhooks HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
  `Content-Length: ${length}\r\n\r\n`;

describe('fastifyWebhooks: the body in time and in size', () => {
  it("answers trickling bodies 408 at the handler's bodyTimeoutMs and closes them, while a signed delivery goes through", async () => {
    const { port, errors, processed } = await serve({ bodyTimeoutMs: 300 });
    const slow = Array.from({ length: 40 }, () => trickle(port, head('127.0.0.1'), 50));
    const event = appointmentEvent();
    const body = JSON.stringify(event);
    const ok = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sig': sign(body) },
      body,
    });
    expect([ok.status, await ok.json()]).toEqual([200, { status: 'processed', id: event.id }]);
    const lasted = await Promise.all(slow.map((s) => s.closed));
    for (const s of slow) expect(s.received()).toMatch(/^HTTP\/1\.1 408 /);
    // Closed by the server soon after the deadline, however long the body would trickle on.
    expect(Math.max(...lasted)).toBeLessThan(5_000);
    expect(processed).toEqual([event.id]);
    expect(errors).toHaveLength(40);
    expect(errors.every((e) => e instanceof WebhookPayloadError)).toBe(true);
  });

  it("answers a body over the handler's maxBodyBytes 413", async () => {
    const { port } = await serve({ maxBodyBytes: 1024 });
    const response = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(5_000),
    });
    expect(response.status).toBe(413);
  });

  it('answers a Host that is not a host 400 and tells onError (not a 500 of its own)', async () => {
    const { port, errors } = await serve();
    const body = JSON.stringify(appointmentEvent());
    const bad = trickle(port, head('a:99999', body.length) + body, 60_000);
    await bad.closed;
    expect(bad.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(bad.received()).toContain('"detail"');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(WebhookPayloadError);
    expect((errors[0] as Error).message).not.toContain('99999');
  });
});
