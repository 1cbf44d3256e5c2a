/**
 * The behaviour every DedupeStore must have, run against the memory store and against Redis
 * through both node-redis and ioredis.
 */
import { expect, it } from 'vitest';
import type { DedupeStore } from '../../src/webhooks/dedupe.ts';
import { eventId } from './fixtures.ts';

/** Registers the contract tests; `store()` gives the store under test. */
export function dedupeStoreContract(store: () => DedupeStore): void {
  it('claim of an unknown id is claimed; a second claim while it runs is processing', async () => {
    const id = eventId();
    expect(await store().claim(id, 60_000)).toBe('claimed');
    expect(await store().claim(id, 60_000)).toBe('processing');
  });

  it('after complete, every claim is done', async () => {
    const id = eventId();
    await store().claim(id, 60_000);
    await store().complete(id);
    expect(await store().claim(id, 60_000)).toBe('done');
    expect(await store().claim(id, 60_000)).toBe('done');
  });

  it('after release, the next claim is claimed again (the retry runs)', async () => {
    const id = eventId();
    await store().claim(id, 60_000);
    await store().release(id);
    expect(await store().claim(id, 60_000)).toBe('claimed');
  });

  it('release never forgets a processed id', async () => {
    const id = eventId();
    await store().claim(id, 60_000);
    await store().complete(id);
    await store().release(id);
    expect(await store().claim(id, 60_000)).toBe('done');
  });

  it('of many concurrent claims of one id exactly one is claimed', async () => {
    const id = eventId();
    const results = await Promise.all(Array.from({ length: 20 }, () => store().claim(id, 60_000)));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'processing')).toHaveLength(19);
  });

  it('ids do not interfere', async () => {
    const a = eventId();
    const b = eventId();
    await store().claim(a, 60_000);
    await store().complete(a);
    expect(await store().claim(b, 60_000)).toBe('claimed');
  });
}
