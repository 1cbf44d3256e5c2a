/**
 * Hono on Node.js (@hono/node-server): a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/hono.ts
 *
 * Hono hands routes the Fetch-API `Request` itself (`c.req.raw`), unread: the webhook handler
 * takes it as is. The same two routes run unchanged on Bun, Deno or a worker (`export default
 * app`).
 */

import { ClinicClient } from '@clinic-scheduling/sdk';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const handler = webhookHandler(secret);
const app = new Hono();

app.post(WEBHOOK_PATH, (c) => handler(c.req.raw));

app.post(BOOKING_PATH, async (c) => {
  const body = await c.req.json().catch(() => undefined);
  const answer = await book(clinic, body, c.req.header('idempotency-key'));
  return c.json(answer.body, answer.status as ContentfulStatusCode, answer.headers);
});

const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
  console.log(`listening on http://${host}:${info.port}`);
});
process.once('SIGTERM', () => server.close());
