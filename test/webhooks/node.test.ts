/**
 * toNodeListener on a real node:http server and a real Express app, both on 127.0.0.1.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { WebhookEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler, type WebhookHandlerOptions } from '../../src/webhooks/handler.ts';
import { toNodeListener } from '../../src/webhooks/node.ts';
import { appointmentEvent } from './fixtures.ts';

const servers: Server[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(
      (s) =>
        new Promise<void>((resolve) => {
          s.close(() => resolve());
          s.closeAllConnections();
        }),
    ),
  );
});

function consumer(options: Partial<WebhookHandlerOptions> = {}) {
  const seen: WebhookEvent[] = [];
  const raw: string[] = [];
  const handler = createWebhookHandler({
    on: { 'appointment.created': (event) => void seen.push(event) },
    verify: (_request, rawBody) => {
      raw.push(new TextDecoder().decode(rawBody));
      return true;
    },
    onError: () => {},
    ...options,
  });
  return { handler, seen, raw };
}

const send = (url: string, body: string, init: RequestInit = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    ...init,
  });

describe('toNodeListener on node:http', () => {
  it('delivers the request to the handler and writes its answer', async () => {
    const { handler, seen, raw } = consumer();
    const url = await listen(toNodeListener(handler) as RequestListener);
    const event = appointmentEvent();
    // Odd spacing: verify must get the bytes exactly as sent.
    const body = JSON.stringify(event, null, 3);
    const response = await send(url, body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ status: 'processed', id: event.id });
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([body]);
  });

  it('answers 405 with Allow to a GET', async () => {
    const url = await listen(toNodeListener(consumer().handler) as RequestListener);
    const response = await fetch(url);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('answers 413 to a chunked upload over the cap, and the sender reads the answer', async () => {
    const { handler, seen } = consumer({ maxBodyBytes: 64 * 1024 });
    const url = await listen(toNodeListener(handler) as RequestListener);
    const chunk = new TextEncoder().encode('x'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const response = await send(url, '', { body: stream, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ detail: 'The body is larger than 65536 bytes.' });
    expect(seen).toEqual([]);
  });

  it('a handler that rejects gets a bare 500', async () => {
    const url = await listen(
      toNodeListener(async () => {
        throw new Error('boom');
      }) as RequestListener,
    );
    expect((await send(url, '{}')).status).toBe(500);
  });
});

describe('toNodeListener as Express middleware', () => {
  it('works mounted on a route with no body parser', async () => {
    const { handler, seen, raw } = consumer();
    const app = express();
    app.post('/webhooks', toNodeListener(handler));
    const url = await listen(app);
    const event = appointmentEvent();
    const body = JSON.stringify(event);
    expect((await send(url, body)).status).toBe(200);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([body]);
  });

  it('after express.raw(), verify gets the raw bytes', async () => {
    const { handler, raw } = consumer();
    const app = express();
    app.post('/webhooks', express.raw({ type: 'application/json' }), toNodeListener(handler));
    const url = await listen(app);
    const body = JSON.stringify(appointmentEvent(), null, 2);
    expect((await send(url, body)).status).toBe(200);
    expect(raw).toEqual([body]);
  });

  it('after express.json(), the parsed body is re-serialised (verify sees other bytes)', async () => {
    const { handler, seen, raw } = consumer();
    const app = express();
    app.use(express.json());
    app.post('/webhooks', toNodeListener(handler));
    const url = await listen(app);
    const event = appointmentEvent();
    const body = JSON.stringify(event, null, 2);
    expect((await send(url, body)).status).toBe(200);
    expect(seen.map((e) => e.id)).toEqual([event.id]);
    expect(raw).toEqual([JSON.stringify(event)]);
  });

  it('passes a failure of the adapted handler to next()', async () => {
    const app = express();
    const failures: string[] = [];
    app.post(
      '/webhooks',
      toNodeListener(async () => {
        throw new Error('boom');
      }),
    );
    app.use(
      (error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        failures.push(error.message);
        res.status(502).json({ detail: 'from the error middleware' });
      },
    );
    const url = await listen(app);
    const response = await send(url, '{}');
    expect(response.status).toBe(502);
    expect(failures).toEqual(['boom']);
  });
});
