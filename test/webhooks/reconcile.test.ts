/**
 * reconcileAppointments on its own: what it applies, records and counts, a throwing `apply`,
 * an aborted walk, a state far ahead of now, and what it refuses as options.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/core/errors/index.ts';
import type { Appointment } from '../../src/schemas/appointments.ts';
import { freshnessIn, recordApplied } from '../../src/webhooks/ordering/contract.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import { type ReconcileResult, reconcileAppointments } from '../../src/webhooks/reconcile.ts';
import { appointmentWire } from '../fixtures.ts';

const ids = [
  '11111111-1111-4111-8111-111111111111',
  '22222222-2222-4222-8222-222222222222',
  '33333333-3333-4333-8333-333333333333',
];

/** A client whose list yields `items`, one page, and records the signal it was given. */
function listing(items: Appointment[]) {
  const seen: Array<AbortSignal | undefined> = [];
  return {
    seen,
    client: {
      appointments: {
        async *list(_query?: undefined, options?: { signal?: AbortSignal }) {
          seen.push(options?.signal);
          yield* items;
        },
      },
    },
  };
}

const at = (id: string, updated_at: string, status = 'scheduled') =>
  appointmentWire({ id, updated_at, status } as never);

describe('reconcileAppointments', () => {
  it('applies and records each appointment newer than recorded; the same state is skipped, so a second run applies nothing', async () => {
    const ordering = new MemoryOrderingStore();
    const items = ids.map((id) => at(id, '2026-03-01T10:00:05Z'));
    await recordApplied(ordering, items[0]!);
    await recordApplied(ordering, at(ids[1]!, '2026-03-01T10:00:09Z')); // a live event, newer
    const applied: string[] = [];
    const progress: ReconcileResult[] = [];
    const { client } = listing(items);
    const run = () =>
      reconcileAppointments({
        client,
        ordering,
        apply: (a) => void applied.push(a.id!),
        onProgress: (p) => void progress.push(p),
      });
    expect(await run()).toEqual({ seen: 3, applied: 1, skipped: 2, refused: 0 });
    expect(applied).toEqual([ids[2]]);
    expect(progress.map((p) => p.seen)).toEqual([1, 2, 3]);
    expect(await freshnessIn(ordering, items[2]!)).toBe('same');
    expect(await run()).toEqual({ seen: 3, applied: 0, skipped: 3, refused: 0 });
  });

  it('applies an equal updated_at with other data (the list is a fresh read) and records it', async () => {
    const ordering = new MemoryOrderingStore();
    await recordApplied(ordering, at(ids[0]!, '2026-03-01T10:00:05Z', 'scheduled'));
    const read = at(ids[0]!, '2026-03-01T10:00:05Z', 'confirmed');
    const applied: Appointment[] = [];
    const { client } = listing([read]);
    const result = await reconcileAppointments({
      client,
      ordering,
      apply: (a) => void applied.push(a),
    });
    expect([result.applied, applied]).toEqual([1, [read]]);
    expect(await freshnessIn(ordering, read)).toBe('same');
  });

  it('a throwing apply rejects the walk; nothing from it on is applied or recorded', async () => {
    const ordering = new MemoryOrderingStore();
    const items = ids.map((id) => at(id, '2026-03-01T10:00:05Z'));
    const applied: string[] = [];
    const { client } = listing(items);
    const failure = new Error('your database is down');
    await expect(
      reconcileAppointments({
        client,
        ordering,
        apply: (a) => {
          if (a.id === ids[1]) throw failure;
          applied.push(a.id!);
        },
      }),
    ).rejects.toBe(failure);
    expect(applied).toEqual([ids[0]]);
    expect(await freshnessIn(ordering, items[0]!)).toBe('same');
    expect(await freshnessIn(ordering, items[1]!)).toBe('newer');
    expect(await freshnessIn(ordering, items[2]!)).toBe('newer');
  });

  it('passes its signal to the list, and stops at the next appointment once aborted', async () => {
    const ordering = new MemoryOrderingStore();
    const controller = new AbortController();
    const { client, seen } = listing(ids.map((id) => at(id, '2026-03-01T10:00:05Z')));
    const applied: string[] = [];
    const walk = reconcileAppointments({
      client,
      ordering,
      signal: controller.signal,
      apply: (a) => {
        applied.push(a.id!);
        controller.abort(new Error('shutting down'));
      },
    });
    await expect(walk).rejects.toThrow('shutting down');
    expect([seen, applied]).toEqual([[controller.signal], [ids[0]]]);
  });

  it('refuses, without applying, an appointment far ahead of now (it would pin it) or without an id', async () => {
    const ordering = new MemoryOrderingStore();
    const { client } = listing([
      at(ids[0]!, '9999-12-31T23:59:59Z'),
      { ...at(ids[1]!, '2026-03-01T10:00:05Z'), id: null },
    ]);
    const applied: unknown[] = [];
    const result = await reconcileAppointments({
      client,
      ordering,
      apply: (a) => void applied.push(a),
    });
    expect([result, applied]).toEqual([{ seen: 2, applied: 0, skipped: 0, refused: 2 }, []]);
  });

  it('refuses a missing client, ordering store or apply with what to pass', async () => {
    const ordering = new MemoryOrderingStore();
    const { client } = listing([]);
    const apply = () => {};
    await expect(reconcileAppointments({ ordering, apply } as never)).rejects.toThrow(
      ConfigurationError,
    );
    await expect(reconcileAppointments({ client, apply } as never)).rejects.toThrow(/ordering/);
    await expect(reconcileAppointments({ client, ordering } as never)).rejects.toThrow(/apply/);
  });
});
