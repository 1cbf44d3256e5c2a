/**
 * The one reader of a whole body under a byte cap (internal/capped-body.ts), shared by the
 * webhook receiver, the reference server and its control API: what it returns at the cap, and
 * that it cancels what it will not read.
 */
import { describe, expect, it } from 'vitest';
import { cancelBody, OVER_CAP, readCappedBody } from '../../src/internal/capped-body.ts';

/** A stream of `chunks`, then open (never closed) when `endless`; records its cancel. */
function streamed(chunks: string[], endless = false) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      if (!endless) controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  const request = new Request('https://example.test/', {
    method: 'POST',
    body,
    duplex: 'half',
  } as RequestInit);
  return { request, state };
}

const text = (bytes: unknown) => new TextDecoder().decode(bytes as Uint8Array);

describe('readCappedBody', () => {
  it('returns the bytes of a body within the cap, joined across chunks', async () => {
    const { request } = streamed(['{"a":', '1}']);
    expect(text(await readCappedBody(request, 7))).toBe('{"a":1}');
  });

  it('returns no bytes for a request without a body', async () => {
    const bytes = await readCappedBody(new Request('https://example.test/'), 10);
    expect(bytes).toEqual(new Uint8Array(0));
  });

  it('returns OVER_CAP for a stated Content-Length over the cap, the body cancelled unread', async () => {
    const { request, state } = streamed([], true);
    request.headers.set('content-length', '11');
    expect(await readCappedBody(request, 10)).toBe(OVER_CAP);
    await Promise.resolve();
    expect(state.cancelled).toBe(true);
  });

  it('returns OVER_CAP once the bytes counted pass the cap, and cancels an endless rest', async () => {
    const { request, state } = streamed(['12345', '67890', '1'], true);
    expect(await readCappedBody(request, 10)).toBe(OVER_CAP);
    expect(state.cancelled).toBe(true);
  });

  it('ends as `until` does when it settles first, the stream cancelled', async () => {
    const { request, state } = streamed(['{"id":'], true);
    const late = Symbol('late');
    expect(await readCappedBody(request, 100, Promise.resolve(late))).toBe(late);
    expect(state.cancelled).toBe(true);

    const second = streamed(['{'], true);
    const failure = new Error('stopped');
    await expect(readCappedBody(second.request, 100, Promise.reject(failure))).rejects.toBe(
      failure,
    );
    expect(second.state.cancelled).toBe(true);
  });

  it('is not stopped by an `until` that settles after the body ended', async () => {
    const { request } = streamed(['done']);
    const never = new Promise<never>(() => {});
    expect(text(await readCappedBody(request, 10, never))).toBe('done');
  });
});

describe('cancelBody', () => {
  it('cancels an unread body and leaves a read one alone', async () => {
    const { request, state } = streamed(['x'], true);
    cancelBody(request);
    await Promise.resolve();
    expect(state.cancelled).toBe(true);
    const read = new Response('y');
    await read.text();
    expect(() => cancelBody(read)).not.toThrow();
  });
});
