/**
 * Express 5: a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/express.ts
 *
 * The webhook route takes the body as raw bytes (`express.raw`), so `verify` checks the bytes
 * as they were sent; `express.json()` serves the rest of the app.
 */
import type { AddressInfo } from 'node:net';
import { ClinicClient } from '@clinic-scheduling/sdk';
import { toNodeListener } from '@clinic-scheduling/sdk/webhooks';
import express from 'express';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const app = express();

app.post(
  WEBHOOK_PATH,
  express.raw({ type: 'application/json' }),
  toNodeListener(webhookHandler(secret)),
);

app.use(express.json());
app.post(BOOKING_PATH, async (req, res) => {
  const answer = await book(clinic, req.body, req.get('idempotency-key'));
  res.status(answer.status).set(answer.headers).json(answer.body);
});

const server = app.listen(port, host, () => {
  const { port: bound } = server.address() as AddressInfo;
  console.log(`listening on http://${host}:${bound}`);
});
process.once('SIGTERM', () => server.close());
