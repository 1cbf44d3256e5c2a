/**
 * Which failures of a custom `fetch` a safe call sends again (internal/retry.ts's `shouldRetry`),
 * through `ClinicClient` on the fake clock: a `TypeError` whatever its message, or an `Error`
 * named `TypeError` (the network failing), a 2xx whose body is cut off; not any other thrown value. Pinned for the
 * mutation score of issue 11 after the move.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APIConnectionError, ClinicClient, ClinicError } from '../../src/index.ts';
import { API_KEY, BASE_URL, roomWire, settle, useFakeClock } from '../client/helpers.ts';

const ROOM = roomWire();

beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

/** A client whose `fetch` fails with `failure` on the first attempt, then answers room 2. */
function failingOnce(failure: () => Promise<Response>) {
  let calls = 0;
  const fetch = async () => {
    calls++;
    if (calls === 1) return failure();
    return Response.json(ROOM);
  };
  const clinic = new ClinicClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    logLevel: 'off',
    maxRetries: 1,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { clinic, calls: () => calls };
}

/** A 200 whose body errors with `error` after its first bytes. */
function cutOffBody(error: unknown): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
      controller.error(error);
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('a safe call sends again', () => {
  it('after a TypeError with a message no runtime uses', async () => {
    const { clinic, calls } = failingOnce(() =>
      Promise.reject(new TypeError('custom transport down')),
    );
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome).toEqual({ ok: true, value: expect.objectContaining({ id: ROOM.id }) });
    expect(calls()).toBe(2);
  });

  it("after a TypeError subclass with a name of its own (a transport's)", async () => {
    class TransportDown extends TypeError {
      override name = 'TransportDown';
    }
    const { clinic, calls } = failingOnce(() => Promise.reject(new TransportDown('down')));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(true);
    expect(calls()).toBe(2);
  });

  it('after an Error named TypeError', async () => {
    const named = Object.assign(new Error('socket closed'), { name: 'TypeError' });
    const { clinic, calls } = failingOnce(() => Promise.reject(named));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(true);
    expect(calls()).toBe(2);
  });

  it('after a 200 whose body is cut off by a network failure (a TypeError)', async () => {
    const { clinic, calls } = failingOnce(async () => cutOffBody(new TypeError('terminated')));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome).toEqual({ ok: true, value: expect.objectContaining({ id: ROOM.id }) });
    expect(calls()).toBe(2);
  });
});

describe('a safe call does not send again', () => {
  it('after a thrown object named TypeError that is no Error', async () => {
    const thrown = { name: 'TypeError', message: 'not an error' };
    const { clinic, calls } = failingOnce(() => Promise.reject(thrown));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(false);
    expect(calls()).toBe(1);
  });

  it('after an Error that is no TypeError, cutting a 200 body off (not a network failure)', async () => {
    const { clinic, calls } = failingOnce(async () => cutOffBody(new Error('ECONNRESET')));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(false);
    expect(calls()).toBe(1);
  });

  it.each([
    ['a number', 42],
    ['undefined', undefined],
    ['null', null],
    ['an object without headers', { status: 200 }],
    ['an object whose headers cannot be read', { status: 200, headers: {} }],
  ])('after fetch resolved with %s instead of a Response: a ClinicError', async (_, value) => {
    const { clinic, calls } = failingOnce(async () => value as unknown as Response);
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(false);
    const error = !outcome.ok && outcome.error;
    expect(error).toBeInstanceOf(ClinicError);
    expect(error).not.toBeInstanceOf(APIConnectionError);
    expect(calls()).toBe(1);
  });

  it('after a RangeError thrown by fetch', async () => {
    const { clinic, calls } = failingOnce(() => Promise.reject(new RangeError('bad')));
    const outcome = await settle(clinic.rooms.retrieve(ROOM.id));
    expect(outcome.ok).toBe(false);
    expect(calls()).toBe(1);
  });
});

describe('a call that may not be repeated (patients.create)', () => {
  it('is not sent again after a 200 whose body is cut off, and says it may have been processed', async () => {
    let calls = 0;
    const fetch = async () => {
      calls++;
      return cutOffBody(new TypeError('terminated'));
    };
    const clinic = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'off',
      maxRetries: 2,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const outcome = await settle(
      clinic.patients.create({ name: 'Ana Souza', cpf: '529.982.247-25', phone: '+5511987654321' }),
    );
    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error).toBeInstanceOf(APIConnectionError);
    expect(calls).toBe(1);
  });
});
