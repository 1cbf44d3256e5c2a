/**
 * A `TypeError` is fetch's network failure whatever its name: a transport's subclass that names
 * itself is sent again by a safe call, as a connection error, not as a bug of the fetch.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { APIConnectionError, ClinicClient } from '../../src/index.ts';
import { API_KEY, BASE_URL, roomWire, settle, useFakeClock } from '../client/helpers.ts';

beforeEach(() => useFakeClock());
afterEach(() => vi.useRealTimers());

class TransportDown extends TypeError {
  override name = 'TransportDown';
}

function clientFailing(times: number) {
  let calls = 0;
  const fetch = async () => {
    calls++;
    if (calls <= times) throw new TransportDown('down');
    return Response.json(roomWire());
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

it('a TypeError subclass with a name of its own is retried', async () => {
  const { clinic, calls } = clientFailing(1);
  const outcome = await settle(clinic.rooms.retrieve(roomWire().id));
  expect(outcome.ok).toBe(true);
  expect(calls()).toBe(2);
});

it('and, when it persists, rejects with an APIConnectionError whose cause names it', async () => {
  const { clinic, calls } = clientFailing(2);
  const outcome = await settle(clinic.rooms.retrieve(roomWire().id));
  expect(outcome.ok).toBe(false);
  const error = !outcome.ok && outcome.error;
  expect(error).toBeInstanceOf(APIConnectionError);
  // The cause is the SDK's copy, the key cleared: its name is the thrown one's.
  expect((error as Error).cause).toMatchObject({ name: 'TransportDown' });
  expect(calls()).toBe(2);
});
