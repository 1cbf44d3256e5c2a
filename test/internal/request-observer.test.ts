/**
 * Who observes a call: nothing is built for a call nobody listens to (not even its id), a call's
 * own hooks are called on a client that has none, and the facts they get are the call's.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { Hooks } from '../../src/index.ts';
import { json, makeClient, roomWire } from '../client/helpers.ts';

afterEach(() => vi.restoreAllMocks());

const answering = () => makeClient({ fetch: async () => json(roomWire()) });

function recording(seen: Array<[string, Record<string, unknown>]>): Hooks {
  const note = (name: string) => (event: object) => void seen.push([name, { ...event }]);
  return {
    onRequest: note('onRequest'),
    onResponse: note('onResponse'),
    onSuccess: note('onSuccess'),
    onError: note('onError'),
  };
}

it('a call nobody observes builds no call id', async () => {
  const ids = vi.spyOn(globalThis.crypto, 'randomUUID');
  expect(await answering().rooms.retrieve(2)).toEqual(roomWire());
  expect(ids).not.toHaveBeenCalled();
});

it("a call's own hooks are called on a client without hooks, and only for that call", async () => {
  const clinic = answering();
  const seen: Array<[string, Record<string, unknown>]> = [];
  await clinic.rooms.retrieve(2, { hooks: recording(seen) });
  await clinic.rooms.retrieve(2);
  expect(seen.map(([name]) => name)).toEqual(['onRequest', 'onResponse', 'onSuccess']);
  const success = seen[2]![1];
  expect(success).toMatchObject({ operation: 'retrieveRoom', status: 200, attempts: 1 });
  // The call's duration, in ms: neither negative nor a clock reading.
  expect(success.durationMs).toBeGreaterThanOrEqual(0);
  expect(success.durationMs).toBeLessThan(60_000);
});
