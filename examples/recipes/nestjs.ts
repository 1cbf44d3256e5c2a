/**
 * NestJS 12 (Express platform): a webhook endpoint and a booking route.
 *
 *   WEBHOOK_SECRET=... CLINIC_BASE_URL=... CLINIC_API_KEY=... node examples/recipes/nestjs.ts
 *
 * `NestFactory.create(AppModule, { rawBody: true })` keeps the bytes of each JSON body as
 * `req.rawBody`; the webhook route hands the Fetch handler a `Request` built from them.
 *
 * Node.js runs this file directly (type stripping), which has no decorator syntax, so the
 * decorators are applied as calls at the end of the class. In a Nest CLI project
 * (`experimentalDecorators`) write them in place, as the comments show:
 *
 *   @Controller()
 *   class ClinicController {
 *     @Post('webhooks/clinic')
 *     async webhook(@Req() req: RawBodyRequest<ExpressRequest>, @Res() res: ExpressResponse) {...}
 *     @Post('bookings')
 *     async booking(@Body() body: unknown, @Headers('idempotency-key') key: string | undefined,
 *                   @Res() res: ExpressResponse) {...}
 *   }
 */
import 'reflect-metadata';
import { ClinicClient } from '@clinic-scheduling/sdk';
import {
  Body,
  Controller,
  Headers,
  Module,
  Post,
  type RawBodyRequest,
  Req,
  Res,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { BOOKING_PATH, book, settings, WEBHOOK_PATH, webhookHandler } from './common.ts';

const { secret, port, host } = settings();
const clinic = new ClinicClient();
const handler = webhookHandler(secret);

/** The Express request as a Fetch-API `Request`, with the raw bytes Nest kept. */
function toFetchRequest(req: RawBodyRequest<ExpressRequest>): Request {
  const headers = new globalThis.Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined) headers.append(name, v);
  }
  const body = req.rawBody ? new Uint8Array(req.rawBody) : undefined;
  return new Request(`http://${req.get('host')}${req.originalUrl}`, {
    method: req.method,
    headers,
    body,
  });
}

class ClinicController {
  async webhook(req: RawBodyRequest<ExpressRequest>, res: ExpressResponse): Promise<void> {
    const response = await handler(toFetchRequest(req));
    res.status(response.status);
    response.headers.forEach((value, name) => {
      res.setHeader(name, value);
    });
    res.send(Buffer.from(await response.arrayBuffer()));
  }

  async booking(body: unknown, key: string | undefined, res: ExpressResponse): Promise<void> {
    const answer = await book(clinic, body, key);
    res.status(answer.status).set(answer.headers).json(answer.body);
  }
}

// @Controller(), @Post(...) and the parameter decorators, applied as calls (see the header).
const route = (method: keyof ClinicController, path: string) =>
  Post(path)(
    ClinicController.prototype,
    method,
    Object.getOwnPropertyDescriptor(ClinicController.prototype, method)!,
  );
route('webhook', WEBHOOK_PATH);
Req()(ClinicController.prototype, 'webhook', 0);
Res()(ClinicController.prototype, 'webhook', 1);
route('booking', BOOKING_PATH);
Body()(ClinicController.prototype, 'booking', 0);
Headers('idempotency-key')(ClinicController.prototype, 'booking', 1);
Res()(ClinicController.prototype, 'booking', 2);
Controller()(ClinicController);

class AppModule {}
Module({ controllers: [ClinicController] })(AppModule);

const app = await NestFactory.create(AppModule, { rawBody: true, logger: ['error', 'warn'] });
app.enableShutdownHooks();
await app.listen(port, host);
console.log(
  `listening on http://${host}:${(app.getHttpServer().address() as { port: number }).port}`,
);
