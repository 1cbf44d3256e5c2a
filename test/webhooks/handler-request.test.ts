/**
 * `createWebhookHandler`'s checks of the HTTP request before any handler runs: the method, the
 * Content-Type, the body (JSON, UTF-8, under `maxBodyBytes`, within `bodyTimeoutMs`, cancelled when
 * it will not be read) and the envelope of spec 6.1.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import { WebhookPayloadError } from '../../src/webhooks/errors.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { answerOf, appointmentEvent, collectingHandler, post } from './fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('request checks', () => {
  it('answers 405 with Allow: POST to anything but POST', async () => {
    const { handler, seen } = collectingHandler();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await handler(new Request('https://consumer.example/webhooks', { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({ detail: expect.any(String) });
    }
    expect(seen).toEqual([]);
  });

  it('answers 415 to a Content-Type that is not JSON', async () => {
    const { handler, errors } = collectingHandler();
    const response = await handler(
      post(JSON.stringify(appointmentEvent()), { 'content-type': 'text/plain' }),
    );
    expect(await answerOf(response)).toEqual({
      status: 415,
      body: { detail: expect.any(String) },
    });
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookPayloadError)]);
  });

  it('accepts application/json with a charset, a +json type, and no Content-Type at all', async () => {
    const { handler, seen } = collectingHandler();
    for (const contentType of ['application/json; charset=utf-8', 'application/vnd.clinic+json']) {
      const response = await handler(post(appointmentEvent(), { 'content-type': contentType }));
      expect(response.status).toBe(200);
    }
    const bare = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      body: new TextEncoder().encode(JSON.stringify(appointmentEvent())),
    });
    expect(bare.headers.get('content-type')).toBeNull();
    expect((await handler(bare)).status).toBe(200);
    expect(seen).toHaveLength(3);
  });

  it('answers 400 to a body that is not JSON or not UTF-8', async () => {
    const { handler } = collectingHandler();
    expect(await answerOf(await handler(post('{"id":')))).toEqual({
      status: 400,
      body: { detail: expect.any(String), paths: [] },
    });
    const notUtf8 = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0x7d]),
    });
    expect(await answerOf(await handler(notUtf8))).toEqual({
      status: 400,
      body: { detail: expect.any(String), paths: [] },
    });
  });

  it('answers 413 to a body over the size cap, declared or streamed', async () => {
    const { handler, seen } = collectingHandler({ maxBodyBytes: 1000 });
    const big = JSON.stringify({ ...appointmentEvent(), padding: 'x'.repeat(2000) });
    expect(await answerOf(await handler(post(big)))).toEqual({
      status: 413,
      body: { detail: expect.stringContaining('1000') },
    });
    // No Content-Length: the cap is enforced while reading the stream.
    const chunks = [
      new TextEncoder().encode(big.slice(0, 600)),
      new TextEncoder().encode(big.slice(600)),
    ];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    const streamed = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.headers.get('content-length')).toBeNull();
    expect((await handler(streamed)).status).toBe(413);
    expect(seen).toEqual([]);
  });

  it('cancels a body it will not read before answering 405 and 415, so the runtime can discard it', async () => {
    const { handler } = collectingHandler();
    const cancelled: string[] = [];
    const unread = (label: string) =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        },
        cancel() {
          cancelled.push(label);
        },
      });
    const put = new Request('https://consumer.example/webhooks', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: unread('405'),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(put)).status).toBe(405);
    const text = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: unread('415'),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(text)).status).toBe(415);
    expect(cancelled).toEqual(['405', '415']);
  });

  it('cancels a body whose declared length is over the cap without reading it (413)', async () => {
    const { handler } = collectingHandler({ maxBodyBytes: 1000 });
    let pulled = 0;
    let cancelled = false;
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '5000' },
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += 1;
          controller.enqueue(new Uint8Array(1000));
        },
        cancel() {
          cancelled = true;
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(1); // the stream's own first pull, nothing read by the handler
  });

  it('reads a body that arrives in several chunks, byte for byte', async () => {
    const bodies: string[] = [];
    const { handler, seen } = collectingHandler({
      verify: (_request, rawBody) => {
        bodies.push(new TextDecoder().decode(rawBody));
        return true;
      },
    });
    const text = JSON.stringify(appointmentEvent(), null, 2);
    const bytes = new TextEncoder().encode(text);
    const thirds = [0, 1, 2].map((i) =>
      bytes.slice((i * bytes.length) / 3, ((i + 1) * bytes.length) / 3),
    );
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (const part of thirds) controller.enqueue(part);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(200);
    expect(bodies).toEqual([text]);
    expect(seen).toHaveLength(1);
  });

  it('answers 408 to a body that trickles in past bodyTimeoutMs (5 s), and cancels it', async () => {
    vi.useFakeTimers();
    const { handler, seen, errors } = collectingHandler();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"id":'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request('https://consumer.example/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    let response: Response | undefined;
    const done = handler(request).then((r) => {
      response = r;
      return r;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(response).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(await answerOf(await done)).toEqual({
      status: 408,
      body: { detail: expect.stringContaining('5000 ms') },
    });
    expect(cancelled).toBe(true);
    expect(seen).toEqual([]);
    await handler.drain();
    expect(errors.map((e) => e.error)).toEqual([expect.any(WebhookPayloadError)]);
    const tooLong = () => createWebhookHandler({ verify: 'unsigned', bodyTimeoutMs: 10_000 });
    expect(tooLong).toThrow(ConfigurationError);
    expect(tooLong).toThrow(/^bodyTimeoutMs .*10000 ms/);
  });

  it('answers 400 naming api_version when it is not v1', async () => {
    const { handler, seen } = collectingHandler();
    const response = await handler(post({ ...appointmentEvent(), api_version: 'v2' }));
    expect(await answerOf(response)).toEqual({
      status: 400,
      body: {
        detail: expect.stringContaining('api_version'),
        paths: ['api_version'],
      },
    });
    expect(seen).toEqual([]);
  });

  it('answers 400 naming the paths of an envelope that breaks spec 6.1, without echoing values', async () => {
    const { handler } = collectingHandler();
    const event = appointmentEvent();
    const response = await handler(
      post({ ...event, data: { ...event.data, start_at: 'Ana Souza tomorrow' } }),
    );
    const text = await response.text();
    expect(response.status).toBe(400);
    expect(JSON.parse(text)).toEqual({
      detail: expect.stringContaining('data.start_at'),
      paths: ['data.start_at'],
    });
    expect(text).not.toContain('Ana Souza');
  });
});
