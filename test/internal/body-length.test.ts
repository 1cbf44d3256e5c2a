/**
 * A body whose length the answer states (issue 40, item 4): read whole as `text()` reads it when
 * the length is within `maxResponseBytes` and no encoding changes it, streamed and counted
 * otherwise; either way bounded by the cap, the timeout and the caller's abort, even with a
 * `fetch` that ignores the signal or states a length the body does not keep.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  ClinicClient,
  ResponseValidationError,
} from '../../src/index.ts';

const KEY = 'csk_live_bodylength.0123456789abcdef';

function client(answer: () => Response, options = {}) {
  let calls = 0;
  const clinic = new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    maxRetries: 0,
    fetch: (async () => {
      calls++;
      return answer();
    }) as typeof fetch,
    ...options,
  });
  return { clinic, calls: () => calls };
}

const room = (name = 'Sala 2') => JSON.stringify({ id: 2, name });
const stated = (text: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(text, {
    status,
    headers: { 'content-length': String(Buffer.byteLength(text)), ...headers },
  });

/** A body of 64 KiB chunks that never ends; `state.cancelled` once the reader gives up. */
function endless(state: { cancelled: boolean }) {
  const chunk = new TextEncoder().encode(' '.repeat(64 * 1024));
  return new ReadableStream<Uint8Array>({
    pull: (controller) => controller.enqueue(chunk),
    cancel: () => {
      state.cancelled = true;
    },
  });
}

/** How the SDK read an answer `fetch` handed it: whole (`text()`) or as a stream (`getReader()`). */
function watched(response: Response) {
  const read = { whole: 0, streamed: 0 };
  // text() takes its own reader, within the call: that one is not a streamed read.
  let inText = false;
  const text = response.text.bind(response);
  response.text = () => {
    read.whole++;
    inText = true;
    try {
      return text();
    } finally {
      inText = false;
    }
  };
  const body = response.body;
  if (body) {
    const getReader = body.getReader.bind(body);
    body.getReader = ((...args: []) => {
      if (!inText) read.streamed++;
      return getReader(...args);
    }) as typeof body.getReader;
  }
  return { response, read };
}

describe('a stated length within the cap', () => {
  it.each([
    ['under the cap', 1_000],
    ['exactly the cap', Buffer.byteLength(room())],
  ])('%s: read whole by text(), not streamed', async (_, maxResponseBytes) => {
    const answer = watched(stated(room()));
    const { clinic } = client(() => answer.response, { maxResponseBytes });
    expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 'Sala 2' });
    expect(answer.read).toEqual({ whole: 1, streamed: 0 });
  });

  it('a stated length of 0: read whole, an empty body', async () => {
    const answer = watched(stated(''));
    const { clinic } = client(() => answer.response);
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(ResponseValidationError);
    expect(answer.read).toEqual({ whole: 1, streamed: 0 });
  });

  it('no stated length, a negative or a compressed one: streamed and counted, never text()', async () => {
    const chunked = watched(new Response(room()));
    const negative = watched(new Response(room(), { headers: { 'content-length': '-1' } }));
    const encoded = watched(stated(room(), { 'content-encoding': 'identity' }));
    for (const answer of [chunked, negative, encoded]) {
      const { clinic } = client(() => answer.response);
      expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 'Sala 2' });
      expect(answer.read).toEqual({ whole: 0, streamed: 1 });
    }
  });

  it('reads the text whole, multi-byte characters included', async () => {
    const { clinic } = client(() => stated(room('Sala ção 🦷')));
    expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 'Sala ção 🦷' });
  });

  it("counts the stated bytes toward toArray's maxBytes", async () => {
    const page = JSON.stringify({ results: [JSON.parse(room('Sala ç'))], next: null });
    const bytes = Buffer.byteLength(page);
    const list = () => client(() => stated(page)).clinic.rooms.list();
    expect(await list().toArray({ limit: 5, maxBytes: bytes })).toHaveLength(1);
    await expect(list().toArray({ limit: 5, maxBytes: bytes - 1 })).rejects.toThrow(/maxBytes/);
  });

  it('a body longer than it stated is counted by its characters: over the cap, refused', async () => {
    const text = room('x'.repeat(500));
    const lying = () =>
      new Response(text, { headers: { 'content-length': '20', 'content-type': 'text/plain' } });
    const { clinic, calls } = client(lying, { maxResponseBytes: 100, maxRetries: 2 });
    const error = await clinic.rooms.retrieve(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toMatch(/maxResponseBytes \(100 bytes\)/);
    expect(calls()).toBe(1);
  });
});

describe('a stated length that is not the body read', () => {
  it('with Content-Encoding (a compressed length): streamed, stopped at the cap', async () => {
    const state = { cancelled: false };
    const compressed = () =>
      new Response(endless(state), {
        headers: { 'content-length': '20', 'content-encoding': 'gzip' },
      });
    const { clinic } = client(compressed, { maxResponseBytes: 1_000_000 });
    const error = await clinic.rooms.retrieve(2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(state.cancelled).toBe(true);
  });

  it('over the cap: refused before the body is read', async () => {
    const state = { cancelled: false };
    const big = () => new Response(endless(state), { headers: { 'content-length': '2000' } });
    const error = await client(big, { maxResponseBytes: 1_000 })
      .clinic.rooms.retrieve(2)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(state.cancelled).toBe(true);
  });
});

describe('a stated length whose body stalls, from a fetch that ignores the signal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const stalled = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start: (controller) => controller.enqueue(new TextEncoder().encode('{"id":')),
      }),
      { headers: { 'content-length': '100' } },
    );

  async function outcome(promise: Promise<unknown>) {
    let result: unknown = 'pending';
    promise.then(
      () => {
        result = 'resolved';
      },
      (error: unknown) => {
        result = error;
      },
    );
    for (let t = 0; result === 'pending' && t < 10_000; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
    }
    return result;
  }

  it('times out after `timeout`', async () => {
    const { clinic } = client(stalled, { timeout: 1_000 });
    expect(await outcome(clinic.rooms.retrieve(2))).toBeInstanceOf(APIConnectionTimeoutError);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("stops at the caller's abort", async () => {
    const controller = new AbortController();
    const { clinic } = client(stalled, { timeout: 30_000 });
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    expect(await outcome(call)).toBeInstanceOf(APIUserAbortError);
  });

  it("a streamed body's read stops at the caller's abort, its stream cancelled", async () => {
    const controller = new AbortController();
    const state = { cancelled: false };
    const trickling = () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start: (c) => c.enqueue(new TextEncoder().encode('{"id":')),
          cancel: () => {
            state.cancelled = true;
          },
        }),
      );
    const { clinic } = client(trickling, { timeout: 30_000 });
    const call = clinic.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 500);
    expect(await outcome(call)).toBeInstanceOf(APIUserAbortError);
    expect(state.cancelled).toBe(true);
  });
});
