/**
 * The dedupe fault suite (faults.ts) on `MemoryDedupeStore`, behind a wrapper that makes every
 * call fail while "down", as a store on another machine fails when unreachable. Both handlers
 * share the one store, as two machines share Redis or PostgreSQL.
 */
import { beforeAll, describe } from 'vitest';
import type { DedupeStore } from '../../../src/webhooks/dedupe/contract.ts';
import { MemoryDedupeStore } from '../../../src/webhooks/dedupe/memory.ts';
import { dedupeFaultSuite, type FaultMachine } from './faults.ts';

/** The store, and a switch that makes it unreachable. */
function unreliable(store: MemoryDedupeStore) {
  let down = false;
  const guard = <T>(call: () => T): Promise<T> =>
    down
      ? Promise.reject(new Error('injected: the store is unreachable'))
      : Promise.resolve(call());
  const wrapped: DedupeStore = {
    claim: (id, leaseMs, token) => guard(() => store.claim(id, leaseMs, token)),
    complete: (id) => guard(() => store.complete(id)),
    release: (id, token) => guard(() => store.release(id, token)),
  };
  const setDown = (value: boolean) => {
    down = value;
  };
  return { wrapped, setDown };
}

describe('webhooks on the memory store under faults', () => {
  const stores = new Map<string, ReturnType<typeof unreliable>>();
  const raw = new Map<string, MemoryDedupeStore>();
  let down = false;

  beforeAll(() => {
    stores.clear();
  });

  async function machine(_kind: string, namespace: string): Promise<FaultMachine> {
    if (!raw.has(namespace)) raw.set(namespace, new MemoryDedupeStore());
    const store = raw.get(namespace)!;
    const switchable = unreliable(store);
    switchable.setDown(down);
    stores.set(`${namespace}:${stores.size}`, switchable);
    return {
      store: switchable.wrapped,
      // What a fresh claim finds, without leaving one behind.
      state: async (id) => {
        const probe = `probe-${Math.random()}`;
        const found = store.claim(id, 60_000, probe);
        if (found === 'claimed') store.release(id, probe);
        return found === 'claimed' ? null : found;
      },
    };
  }

  const setAll = (value: boolean) => {
    down = value;
    for (const s of stores.values()) s.setDown(value);
  };

  dedupeFaultSuite(['MemoryDedupeStore'], () => ({
    kill: async () => setAll(true),
    restart: async () => setAll(false),
    machine,
    storeTimeoutMs: 200,
    ackAfterMs: 300,
    senders: 40,
  }));
});
