/**
 * Koa 3: a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/koa.ts
 *
 * Koa parses no body itself. The webhook route hands the untouched request stream to
 * `toNodeListener` (`ctx.respond = false`: the listener writes the answer), so `verify` sees the
 * bytes as sent. Mount a body parser (koa-bodyparser, @koa/bodyparser) only on the other
 * routes: one that runs first consumes the stream.
 */
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClinicClient } from '@clinic-scheduling/sdk';
import { toNodeListener } from '@clinic-scheduling/sdk/webhooks';
import Koa from 'koa';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const listener = toNodeListener(webhookHandler(secret));
const app = new Koa();

/** The JSON body of a request, up to 64 KiB; `undefined` when it is not JSON. */
async function readJson(req: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > 64 * 1024) return undefined;
  }
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

app.use(async (ctx) => {
  if (ctx.method !== 'POST') ctx.throw(405);
  if (ctx.path === WEBHOOK_PATH) {
    ctx.respond = false;
    await listener(ctx.req, ctx.res);
  } else if (ctx.path === BOOKING_PATH) {
    const answer = await book(
      clinic,
      await readJson(ctx.req),
      ctx.get('idempotency-key') || undefined,
    );
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  } else {
    ctx.throw(404);
  }
});

const server = app.listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(`listening on http://${host}:${bound}`);
});
process.once('SIGTERM', () => server.close());
