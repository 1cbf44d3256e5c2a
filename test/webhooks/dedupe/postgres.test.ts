/**
 * PostgresDedupeStore against a real PostgreSQL (a throwaway cluster started on a free
 * loopback port by test/helpers/postgres.ts), through the `pg` driver's Pool.
 */
import pg from 'pg';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ClinicError, ConfigurationError } from '../../../src/core/errors/index.ts';
import { PostgresDedupeStore } from '../../../src/webhooks/dedupe/postgres.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import type {
  PostgresQueryable,
  PostgresQueryResult,
} from '../../../src/webhooks/shared/postgres-sql.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  skipLine,
  usePostgresPool,
} from '../../helpers/postgres.ts';
import { appointmentEvent, post } from '../fixtures.ts';
import { dedupeStoreContract } from './contract.ts';

describe('the PostgreSQL suites without PostgreSQL', () => {
  it('are skipped with one line saying how to install it', () => {
    expect(skipLine('PostgresDedupeStore')).toContain('apt-get install -y postgresql');
  });
});

describe('PostgresDedupeStore options', () => {
  it('refuses a pool without query, a table name that is not plain, and a short ttlMs', () => {
    expect(() => new PostgresDedupeStore({ pool: {} as never })).toThrow(ConfigurationError);
    expect(() => new PostgresDedupeStore(undefined as never)).toThrow(ConfigurationError);
    const pool = { query: async () => ({ rows: [] }) };
    expect(() => new PostgresDedupeStore({ pool, table: 'events; DROP TABLE x' })).toThrow(
      ConfigurationError,
    );
    expect(() => new PostgresDedupeStore({ pool, ttlMs: 3_600_000 })).toThrow(ConfigurationError);
    expect(() => new PostgresDedupeStore({ pool, sweepIntervalMs: -1 })).toThrow(
      ConfigurationError,
    );
    expect(() => new PostgresDedupeStore({ pool, table: 'app.webhook_events' })).not.toThrow();
  });

  it('tableSql checks its argument as the constructor does, and quotes the name it splices', () => {
    for (const bad of ['events; DROP TABLE x', 'a.b.c', '1events', '', 'x"y']) {
      expect(() => PostgresDedupeStore.tableSql(bad)).toThrow(ConfigurationError);
    }
    expect(() => PostgresDedupeStore.tableSql(42 as never)).toThrow(ConfigurationError);
    const sql = PostgresDedupeStore.tableSql('App.Order');
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS "app"."order" (');
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS "app_order_expires_at" ON "app"."order"');
  });

  it('never sends the envelope, only the lower-cased id, the token and durations', async () => {
    const sent: unknown[][] = [];
    const pool = {
      query: async (_text: string, values: unknown[] = []) => {
        sent.push(values);
        return { rows: [{ result: 'claimed' }] };
      },
    };
    const store = new PostgresDedupeStore({ pool, sweepIntervalMs: false });
    expect(await store.claim('evt_ABC', 1_000, 'tok')).toBe('claimed');
    expect(sent).toEqual([['evt_abc', 'tok', 1_000]]);
  });
});

/** A driver: its n-th statement gets the n-th reply (the last from then on); an Error or null rejects. */
function stubPool(...replies: Array<PostgresQueryResult | Error | null>): PostgresQueryable & {
  calls: number;
} {
  const pool = {
    calls: 0,
    query: async () => {
      const reply = replies[Math.min(pool.calls, replies.length - 1)] as (typeof replies)[number];
      pool.calls += 1;
      if (reply === null || reply instanceof Error) throw reply;
      return reply;
    },
  };
  return pool;
}

describe('PostgresDedupeStore over any driver (a stub pool)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a claim sweeps expired rows at most once per sweepIntervalMs; 0 sweeps at every claim, false never', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2026-03-01T12:00:00Z');
    vi.setSystemTime(start);
    const claimed = { rows: [{ result: 'claimed' }] };
    const store = new PostgresDedupeStore({ pool: stubPool(claimed) });
    const sweep = vi.spyOn(store, 'sweep');
    await store.claim('evt_1', 1_000, 't');
    expect(sweep).toHaveBeenCalledTimes(1);
    vi.setSystemTime(start + 59_999);
    await store.claim('evt_2', 1_000, 't');
    expect(sweep).toHaveBeenCalledTimes(1);
    vi.setSystemTime(start + 60_000);
    await store.claim('evt_3', 1_000, 't');
    expect(sweep).toHaveBeenCalledTimes(2);

    const eager = new PostgresDedupeStore({ pool: stubPool(claimed), sweepIntervalMs: 0 });
    const eagerSweep = vi.spyOn(eager, 'sweep');
    await eager.claim('evt_1', 1_000, 't');
    await eager.claim('evt_2', 1_000, 't');
    expect(eagerSweep).toHaveBeenCalledTimes(2);

    const never = new PostgresDedupeStore({ pool: stubPool(claimed), sweepIntervalMs: false });
    const neverSweep = vi.spyOn(never, 'sweep');
    await never.claim('evt_1', 1_000, 't');
    expect(neverSweep).not.toHaveBeenCalled();
  });

  it('a sweep that fails during a claim does not fail the claim', async () => {
    const store = new PostgresDedupeStore({ pool: stubPool({ rows: [{ result: 'claimed' }] }) });
    const sweep = vi.spyOn(store, 'sweep').mockRejectedValue(new Error('connection lost'));
    expect(await store.claim('evt_1', 1_000, 't')).toBe('claimed');
    expect(sweep).toHaveBeenCalledTimes(1);
  });

  it('sweep resolves with the count deleted, and 0 from a driver that returns no row', async () => {
    const counted = new PostgresDedupeStore({
      pool: stubPool({ rows: [{ deleted: 3 }] }),
      sweepIntervalMs: false,
    });
    expect(await counted.sweep()).toBe(3);
    const empty = new PostgresDedupeStore({ pool: stubPool({ rows: [] }), sweepIntervalMs: false });
    expect(await empty.sweep()).toBe(0);
  });

  it('a claim that finds no row (a concurrent claim its snapshot missed) asks again', async () => {
    const pool = stubPool({ rows: [] }, { rows: [{ result: 'processing' }] });
    const store = new PostgresDedupeStore({ pool, sweepIntervalMs: false });
    expect(await store.claim('evt_1', 1_000, 't')).toBe('processing');
    expect(pool.calls).toBe(2);
  });

  it('a claim that never settles gives up with a ClinicError', async () => {
    const pool = stubPool({ rows: [] });
    const store = new PostgresDedupeStore({ pool, sweepIntervalMs: false });
    const claim = store.claim('evt_1', 1_000, 't');
    await expect(claim).rejects.toThrow(ClinicError);
    await expect(claim).rejects.not.toThrow(ConfigurationError);
    expect(pool.calls).toBeGreaterThan(1);
  });

  it('a missing table is a ConfigurationError caused by the driver error; any other failure passes through as it is', async () => {
    const missing = Object.assign(new Error('relation does not exist'), { code: '42P01' });
    const store = new PostgresDedupeStore({ pool: stubPool(missing), sweepIntervalMs: false });
    const error = await store.claim('evt_1', 1_000, 't').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).cause).toBe(missing);

    const terminated = Object.assign(new Error('terminating connection'), { code: '57P01' });
    const down = new PostgresDedupeStore({ pool: stubPool(terminated), sweepIntervalMs: false });
    await expect(down.claim('evt_1', 1_000, 't')).rejects.toBe(terminated);
    await expect(down.complete('evt_1')).rejects.toBe(terminated);
    await expect(down.release('evt_1', 't')).rejects.toBe(terminated);
    const odd = new PostgresDedupeStore({ pool: stubPool(null), sweepIntervalMs: false });
    await expect(odd.claim('evt_1', 1_000, 't')).rejects.toBeNull();
  });
});

describeWithPostgres('PostgresDedupeStore on a real PostgreSQL', () => {
  const postgres = usePostgresPool((pool) => new PostgresDedupeStore({ pool }).createTable());
  let server: PostgresServer;
  let pool: pg.Pool;

  beforeAll(() => {
    ({ server, pool } = postgres());
  });

  describe('the DedupeStore contract', () => {
    dedupeStoreContract(() => new PostgresDedupeStore({ pool }));
  });

  it('createTable is idempotent, and a missing table is a ConfigurationError saying to create it', async () => {
    await new PostgresDedupeStore({ pool }).createTable();
    const missing = new PostgresDedupeStore({ pool, table: 'no_such_table' });
    await expect(missing.claim('evt_1', 1_000, 't')).rejects.toThrow(ConfigurationError);
    await expect(missing.claim('evt_1', 1_000, 't')).rejects.toThrow(/createTable/);
    const custom = new PostgresDedupeStore({ pool, table: 'public.custom_events' });
    await custom.createTable();
    expect(await custom.claim('evt_1', 1_000, 't')).toBe('claimed');
  });

  it('one row per id, holding the state, the token while processing, and its expiry on the database clock', async () => {
    const store = new PostgresDedupeStore({ pool });
    const event = appointmentEvent();
    await store.claim(event.id.toUpperCase(), 60_000, 'tok');
    const row = async () =>
      (
        await pool.query(
          `SELECT state, token, expires_at > now() + interval '50 seconds' AS leased,
                  expires_at > now() + interval '23 hours' AS kept
           FROM clinic_scheduling_webhook_events WHERE id = $1`,
          [event.id.toLowerCase()],
        )
      ).rows;
    expect(await row()).toEqual([{ state: 'processing', token: 'tok', leased: true, kept: false }]);
    await store.complete(event.id);
    expect(await row()).toEqual([{ state: 'done', token: null, leased: true, kept: true }]);
  });

  it('tables named by reserved words (order, public.user) work: every name is quoted', async () => {
    for (const table of ['order', 'public.user']) {
      const store = new PostgresDedupeStore({ pool, table, sweepIntervalMs: 0 });
      await store.createTable();
      expect(await store.claim('evt_1', 60_000, 't')).toBe('claimed');
      await store.complete('evt_1');
      expect(await store.claim('evt_1', 60_000, 'u')).toBe('done');
    }
  });

  it('the sweep keeps up: a claim starts one that deletes expired rows in batches until none is left', async () => {
    const table = 'sweep_backlog';
    const store = new PostgresDedupeStore({ pool, table, sweepBatch: 2_000, sweepIntervalMs: 0 });
    await store.createTable();
    // 12,000 expired rows: what 200 events a second leave in a minute, six times the old cap.
    await pool.query(
      `INSERT INTO ${table} (id, state, expires_at)
       SELECT 'evt_' || g, 'done', now() - interval '1 second' FROM generate_series(1, 12000) g`,
    );
    await store.claim('evt_new', 60_000, 't');
    const left = async () =>
      Number((await pool.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    for (let i = 0; i < 200 && (await left()) > 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await left()).toBe(1); // the live claim alone
  });

  it('sweep deletes expired rows only', async () => {
    const store = new PostgresDedupeStore({ pool, table: 'sweep_events', sweepIntervalMs: false });
    await store.createTable();
    await store.claim('evt_expired', 1, 'a');
    await store.claim('evt_live', 60_000, 'b');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await store.sweep()).toBe(1);
    const { rows } = await pool.query('SELECT id FROM sweep_events');
    expect(rows).toEqual([{ id: 'evt_live' }]);
  });

  it('two consumer machines with their own pools: an event delivered to both at once is processed once', async () => {
    const other = new pg.Pool({ connectionString: server.url, max: 5 });
    other.on('error', () => {});
    try {
      const runs: string[] = [];
      const machines = [pool, other].map((p) =>
        createWebhookHandler({
          verify: 'unsigned',
          on: {
            'appointment.created': async (event) => {
              await new Promise((resolve) => setTimeout(resolve, 30));
              runs.push(event.id);
            },
          },
          dedupe: new PostgresDedupeStore({ pool: p }),
          onError: () => {},
        }),
      );
      const answers: string[] = [];
      for (let i = 0; i < 20; i++) {
        const event = appointmentEvent();
        const responses = await Promise.all(machines.map((machine) => machine(post(event))));
        for (const response of responses) {
          const body = (await response.json()) as { status?: string };
          answers.push(response.status === 409 ? '409' : String(body.status));
        }
      }
      // Each event: one machine processed it; the other found it claimed (409) or done.
      expect(answers.filter((a) => a === 'processed')).toHaveLength(20);
      expect(
        answers.filter((a) => a !== 'processed').every((a) => a === '409' || a === 'duplicate'),
      ).toBe(true);
      expect(answers).toContain('409');
      expect(runs).toHaveLength(20);
      expect(new Set(runs).size).toBe(20);
    } finally {
      await other.end();
    }
  });
});
