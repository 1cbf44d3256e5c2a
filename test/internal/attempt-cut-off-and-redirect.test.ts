/**
 * What one attempt makes of a body cut off and of a redirect (internal/attempt.ts), through
 * `ClinicClient` and a custom `fetch`: a 2xx cut off is an `APIConnectionError` holding the
 * read's error as its cause; an error status cut off is not called answered-and-cut-off; a
 * redirect names the origin it points at, or says the answer gives none. Pinned for the
 * mutation score of issue 11 after the move.
 */
import { describe, expect, it } from 'vitest';
import { APIConnectionError, ClinicClient, ClinicError } from '../../src/index.ts';
import { API_KEY, BASE_URL, expectCopyOf, rejection } from '../client/helpers.ts';

function client(fetch: () => Promise<Response>) {
  return new ClinicClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    logLevel: 'off',
    maxRetries: 0,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
}

/** A response with `status` whose body errors with `error` after its first bytes. */
function cutOff(status: number, error: unknown): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"detail":'));
      controller.error(error);
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'application/json' } });
}

describe('a body cut off', () => {
  it('after a 200: APIConnectionError saying it may have been processed, a copy of the read error as cause', async () => {
    // A network failure while the body is read: fetch's body stream errors with a TypeError.
    const reset = new TypeError('terminated', { cause: new Error('ECONNRESET') });
    const error = await rejection(client(async () => cutOff(200, reset)).rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('was answered 200');
    expect((error as Error).message).toContain('(terminated)');
    expect((error as Error).message).toMatch(/may have been processed/);
    expectCopyOf((error as Error).cause, reset);
  });

  it('after a 503: not called answered and cut off', async () => {
    const error = await rejection(
      client(async () => cutOff(503, new Error('ECONNRESET'))).rooms.retrieve(2),
    );
    expect((error as Error).message).not.toContain('but the body was cut off');
  });
});

describe('a redirect', () => {
  it('without Location says the answer gives no address', async () => {
    const error = await rejection(
      client(async () => new Response(null, { status: 302 })).rooms.retrieve(2),
    );
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toContain('was answered 302');
    expect((error as Error).message).not.toMatch(/https?:/);
  });

  it('with a relative Location names the API origin, never the path', async () => {
    const error = await rejection(
      client(
        async () => new Response(null, { status: 307, headers: { location: '/elsewhere?x=1' } }),
      ).rooms.retrieve(2),
    );
    expect((error as Error).message).toContain('307');
    expect((error as Error).message).toContain(BASE_URL);
    expect((error as Error).message).not.toContain('elsewhere');
  });

  it('hidden by a browser (opaqueredirect) is named a redirect', async () => {
    const fetch = async () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      return response;
    };
    const error = await rejection(client(fetch).rooms.retrieve(2));
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toContain('was answered a redirect, redirecting to');
  });
});
