/**
 * Statuses at the edge of the retry policy: a 5xx outside ky's usual list is retried by a safe
 * call on the backoff, and a call retried only on 429 (`patients.create`) waits the
 * `Retry-After` the answer asked, as ky reads it.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { InternalServerError } from '../../src/index.ts';
import {
  json,
  makeClient,
  patientWire,
  roomWire,
  settle,
  useFakeClock,
} from '../client/helpers.ts';

beforeEach(() => useFakeClock());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A client whose fetch answers with `first()` once, then with `then()`. */
function client(first: () => Response, then: () => Response, delays: number[] = []) {
  let calls = 0;
  const fetch = async () => (++calls === 1 ? first() : then());
  const clinic = makeClient({
    maxRetries: 1,
    fetch: fetch as unknown as typeof globalThis.fetch,
    hooks: { onRetry: (event) => void delays.push(event.delayMs) },
  });
  return { clinic, calls: () => calls };
}

it.each([501, 505, 507, 599])('a safe call retries a %i', async (status) => {
  const { clinic, calls } = client(
    () => json({}, status),
    () => json(roomWire()),
  );
  const outcome = await settle(clinic.rooms.retrieve(2));
  expect(outcome.ok).toBe(true);
  expect(calls()).toBe(2);
});

it('and rejects with its InternalServerError when it persists', async () => {
  const { clinic, calls } = client(
    () => json({}, 507),
    () => json({}, 507),
  );
  const outcome = await settle(clinic.rooms.retrieve(2));
  expect(!outcome.ok && outcome.error).toBeInstanceOf(InternalServerError);
  expect(calls()).toBe(2);
});

it("patients.create, retried on 429 only, waits the 429's Retry-After", async () => {
  const delays: number[] = [];
  const { clinic, calls } = client(
    () => json({}, 429, { 'Retry-After': '3' }),
    () => json(patientWire(), 201),
    delays,
  );
  const input = { name: 'Ana Souza', cpf: '529.982.247-25', phone: '+5511987654321' };
  const outcome = await settle(clinic.patients.create(input), { stepMs: 100 });
  expect(outcome.ok).toBe(true);
  expect(calls()).toBe(2);
  expect(delays).toEqual([3_000]);
});
