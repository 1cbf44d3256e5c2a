/**
 * The behaviour every DedupeStore must have, run against the memory store and against Redis
 * through both node-redis and ioredis.
 */
import { expect, it } from 'vitest';
import type { DedupeStore } from '../../../src/webhooks/dedupe/contract.ts';
import { eventId } from '../fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the contract tests; `store()` gives the store under test. */
export function dedupeStoreContract(store: () => DedupeStore): void {
  it('claim of an unknown id is claimed; a second claim while it runs is processing', async () => {
    const id = eventId();
    expect(await store().claim(id, 60_000, 'a')).toBe('claimed');
    expect(await store().claim(id, 60_000, 'b')).toBe('processing');
  });

  it('after complete, every claim is done', async () => {
    const id = eventId();
    await store().claim(id, 60_000, 'a');
    await store().complete(id);
    expect(await store().claim(id, 60_000, 'b')).toBe('done');
    expect(await store().claim(id, 60_000, 'c')).toBe('done');
  });

  it('after release, the next claim is claimed again (the retry runs)', async () => {
    const id = eventId();
    await store().claim(id, 60_000, 'a');
    await store().release(id, 'a');
    expect(await store().claim(id, 60_000, 'b')).toBe('claimed');
  });

  it('release never forgets a processed id', async () => {
    const id = eventId();
    await store().claim(id, 60_000, 'a');
    await store().complete(id);
    await store().release(id, 'a');
    expect(await store().claim(id, 60_000, 'b')).toBe('done');
  });

  it('release under another token does not forget the claim', async () => {
    const id = eventId();
    await store().claim(id, 60_000, 'a');
    await store().release(id, 'b');
    expect(await store().claim(id, 60_000, 'c')).toBe('processing');
  });

  it('a delivery whose lease ran out cannot release the claim a newer delivery took since', async () => {
    const id = eventId();
    expect(await store().claim(id, 1, 'old')).toBe('claimed');
    await sleep(20); // the lease of 'old' ends while its handlers still run
    expect(await store().claim(id, 60_000, 'new')).toBe('claimed');
    await store().release(id, 'old'); // the old delivery's handlers failed
    expect(await store().claim(id, 60_000, 'third')).toBe('processing');
    await store().release(id, 'new');
    expect(await store().claim(id, 60_000, 'fourth')).toBe('claimed');
  });

  it('complete marks the event done whoever holds the claim (its handlers succeeded)', async () => {
    const id = eventId();
    await store().claim(id, 1, 'old');
    await sleep(20);
    await store().claim(id, 60_000, 'new');
    await store().complete(id); // the old delivery succeeded after all
    await store().release(id, 'new'); // the new one failed: the event stays processed
    expect(await store().claim(id, 60_000, 'third')).toBe('done');
  });

  it('of many concurrent claims of one id exactly one is claimed', async () => {
    const id = eventId();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => store().claim(id, 60_000, `t${i}`)),
    );
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'processing')).toHaveLength(19);
  });

  it('the same uuid in upper- and lower-case hex is one event', async () => {
    const id = eventId().replace('evt_00000000', 'evt_abcdef0a');
    expect(await store().claim(id.toUpperCase(), 60_000, 'a')).toBe('claimed');
    expect(await store().claim(id, 60_000, 'b')).toBe('processing');
    await store().release(id, 'a');
    expect(await store().claim(id, 60_000, 'b')).toBe('claimed');
    await store().complete(id.toUpperCase());
    expect(await store().claim(id, 60_000, 'c')).toBe('done');
  });

  it('a claim repeated under the token that holds it is claimed (a client resent a command whose reply was lost)', async () => {
    const id = eventId();
    expect(await store().claim(id, 60_000, 'a')).toBe('claimed');
    expect(await store().claim(id, 60_000, 'a')).toBe('claimed');
    expect(await store().claim(id, 60_000, 'b')).toBe('processing');
    await store().complete(id);
    expect(await store().claim(id, 60_000, 'a')).toBe('done');
  });

  it('ids do not interfere', async () => {
    const a = eventId();
    const b = eventId();
    await store().claim(a, 60_000, 'a');
    await store().complete(a);
    expect(await store().claim(b, 60_000, 'b')).toBe('claimed');
  });
}
