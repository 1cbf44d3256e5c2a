/** The OrderingStore contract on MemoryOrderingStore, and its bound. */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { freshnessIn, recordApplied } from '../../../src/webhooks/ordering/contract.ts';
import { MemoryOrderingStore } from '../../../src/webhooks/ordering/memory.ts';
import { appointmentWire } from '../../fixtures.ts';
import { orderingStoreContract } from './contract.ts';

describe('MemoryOrderingStore', () => {
  const store = new MemoryOrderingStore();
  orderingStoreContract(() => store);

  it('keeps maxEntries appointments, forgetting the least recently recorded (then newer)', async () => {
    expect(() => new MemoryOrderingStore({ maxEntries: 0 })).toThrow(ConfigurationError);
    const small = new MemoryOrderingStore({ maxEntries: 2 });
    const at = (id: string) => appointmentWire({ id, updated_at: '2026-03-01T10:00:05Z' });
    await recordApplied(small, at('a'));
    await recordApplied(small, at('b'));
    await recordApplied(small, at('c'));
    expect(await freshnessIn(small, at('a'))).toBe('newer');
    expect(await freshnessIn(small, at('c'))).toBe('same');
  });
});
