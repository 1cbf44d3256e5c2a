/**
 * Pins of how the webhook handler reads a body (issue 11, item 0), through
 * `createWebhookHandler` and streamed `Request`s: a body that arrives in several chunks (one
 * character split across two of them included) is joined byte for byte, the size cap counts
 * every chunk and lets a body of exactly `maxBodyBytes` through, and a stream that fails
 * mid-body is answered 400.
 */
import { describe, expect, it } from 'vitest';
import {
  createWebhookHandler,
  type WebhookEvent,
  WebhookPayloadError,
} from '../../src/webhooks/index.ts';
import { appointmentEvent } from './fixtures.ts';

const encoder = new TextEncoder();

/** A POST whose body is streamed in `chunks` (no Content-Length), and fails at the end with `fail`. */
function streamed(chunks: Uint8Array[], headers: Record<string, string> = {}, fail?: Error) {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (fail) controller.error(fail);
      else controller.close();
    },
  });
  return new Request('https://consumer.example/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Uint8Array, ...at: number[]): Uint8Array[] {
  const edges = [0, ...at, bytes.byteLength];
  return edges.slice(1).map((end, i) => bytes.slice(edges[i], end));
}

function setup(maxBodyBytes?: number) {
  const seen: WebhookEvent[] = [];
  const raw: Uint8Array[] = [];
  const errors: unknown[] = [];
  const handler = createWebhookHandler({
    onAny: (event) => {
      seen.push(event);
    },
    verify: (_request, rawBody) => {
      raw.push(rawBody);
      return true;
    },
    onError: (error) => {
      errors.push(error);
    },
    ...(maxBodyBytes === undefined ? {} : { maxBodyBytes }),
  });
  return { handler, seen, raw, errors };
}

describe('a webhook body that arrives in several chunks', () => {
  it('is joined byte for byte, a character split across two chunks included', async () => {
    const event = appointmentEvent('appointment.created', {
      patient: { id: 7, name: 'João Conceição', phone: '+5511999990000' },
    });
    const bytes = encoder.encode(JSON.stringify(event));
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of "ã"
    const { handler, seen, raw } = setup();
    const response = await handler(streamed(cut(bytes, 10, split, bytes.byteLength - 5)));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'processed', id: event.id });
    expect(seen).toEqual([event]);
    expect(raw).toHaveLength(1);
    expect(Buffer.from(raw[0]!).equals(Buffer.from(bytes))).toBe(true);
  });

  it('one chunk per byte', async () => {
    const event = appointmentEvent();
    const bytes = encoder.encode(JSON.stringify(event));
    const { handler, seen } = setup();
    const chunks = Array.from(bytes, (byte) => Uint8Array.of(byte));
    const response = await handler(streamed(chunks));
    expect(response.status).toBe(200);
    expect(seen).toEqual([event]);
  });

  it('a body of exactly maxBodyBytes, in chunks, is accepted; one byte more is 413', async () => {
    const event = appointmentEvent();
    const bytes = encoder.encode(JSON.stringify(event));
    const exact = setup(bytes.byteLength);
    expect((await exact.handler(streamed(cut(bytes, 100, 200)))).status).toBe(200);
    expect(exact.seen).toEqual([event]);

    const under = setup(bytes.byteLength - 1);
    const response = await under.handler(streamed(cut(bytes, 100, 200)));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      detail: expect.stringContaining(String(bytes.byteLength - 1)),
    });
    expect(under.seen).toEqual([]);
    expect(under.raw).toEqual([]);
  });

  it('a declared Content-Length equal to maxBodyBytes is read; one over is 413 unread', async () => {
    const event = appointmentEvent();
    const bytes = encoder.encode(JSON.stringify(event));
    const length = { 'content-length': String(bytes.byteLength) };
    const exact = setup(bytes.byteLength);
    expect((await exact.handler(streamed(cut(bytes, 300), length))).status).toBe(200);
    expect(exact.seen).toEqual([event]);
    const under = setup(bytes.byteLength - 1);
    expect((await under.handler(streamed(cut(bytes, 300), length))).status).toBe(413);
    expect(under.raw).toEqual([]);
  });

  it('a Content-Length that is not a number is ignored: the stream decides', async () => {
    const event = appointmentEvent();
    const bytes = encoder.encode(JSON.stringify(event));
    const { handler, seen } = setup(bytes.byteLength);
    const response = await handler(streamed(cut(bytes, 50), { 'content-length': 'lots' }));
    expect(response.status).toBe(200);
    expect(seen).toEqual([event]);
  });

  it('a stream that fails after some chunks is answered 400, and onError is told', async () => {
    const bytes = encoder.encode(JSON.stringify(appointmentEvent()));
    const failure = new Error('connection reset');
    const { handler, seen, raw, errors } = setup();
    const response = await handler(streamed(cut(bytes.slice(0, 200), 100), {}, failure));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ detail: expect.any(String) });
    await handler.drain();
    expect(errors).toEqual([failure]);
    expect(seen).toEqual([]);
    expect(raw).toEqual([]);
  });

  it('an empty POST is read as no bytes, and answered 400 as no envelope', async () => {
    const { handler, raw, errors } = setup();
    const response = await handler(
      new Request('https://consumer.example/webhooks', { method: 'POST' }),
    );
    expect(response.status).toBe(400);
    expect(raw).toHaveLength(1);
    expect(raw[0]?.byteLength).toBe(0);
    await handler.drain();
    expect(errors).toEqual([expect.any(WebhookPayloadError)]);
  });
});
