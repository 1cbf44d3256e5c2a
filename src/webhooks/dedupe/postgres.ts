/** A dedupe store on PostgreSQL for several machines, over the `pg` pool you have. @module */
import { ClinicError, ConfigurationError } from '../../core/errors/index.ts';
import {
  checkPool,
  type PostgresQueryable,
  queryTable,
  type TableName,
  tableName,
} from '../shared/postgres-sql.ts';
import {
  assertDedupeTtl,
  type ClaimResult,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeStore,
  dedupeKey,
} from './contract.ts';

/** Options of {@link PostgresDedupeStore}. */
export interface PostgresDedupeStoreOptions {
  /** A `pg` `Pool` (or `Client`), connected or lazy. The store never ends it. */
  pool: PostgresQueryable;
  /** `[schema.]table` of letters, digits, `_` (default `clinic_scheduling_webhook_events`). */
  table?: string;
  /** How long processed ids are kept, in ms (default 24 h; above the retry horizon). */
  ttlMs?: number;
  /**
   * How often a claim also sweeps expired rows, in ms (default 60 000); `false`: your own job
   * (call `sweep()`). A sweep deletes batches of `sweepBatch` until fewer are left.
   */
  sweepIntervalMs?: number | false;
  /** Rows deleted per statement of a sweep (default 5000). */
  sweepBatch?: number;
}

const DEFAULT_TABLE = 'clinic_scheduling_webhook_events';
const WHO = 'PostgresDedupeStore';
/** A sweep stops after this many full batches, and goes on at the next claim. */
const MAX_BATCHES_PER_SWEEP = 200;

/** A {@link DedupeStore} on PostgreSQL: one row per id, expiring on the database's clock. */
export class PostgresDedupeStore implements DedupeStore {
  readonly #pool: PostgresQueryable;
  readonly #table: TableName;
  readonly #tableOption: string;
  readonly #ttlMs: number;
  readonly #sweepIntervalMs: number | false;
  readonly #sweepBatch: number;
  #nextSweepAt = 0;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for an option out of range. */
  constructor(options: PostgresDedupeStoreOptions) {
    const { pool } = options ?? ({} as Partial<PostgresDedupeStoreOptions>);
    checkPool(pool, WHO);
    this.#pool = pool;
    this.#tableOption = options.table ?? DEFAULT_TABLE;
    this.#table = tableName(this.#tableOption, WHO, DEFAULT_TABLE);
    this.#ttlMs = options.ttlMs ?? DEFAULT_DEDUPE_TTL_MS;
    assertDedupeTtl(this.#ttlMs);
    const sweep = options.sweepIntervalMs ?? 60_000;
    if (sweep !== false && !(Number.isFinite(sweep) && sweep >= 0)) {
      throw new ConfigurationError(
        'PostgresDedupeStore: sweepIntervalMs must be a number of milliseconds >= 0, or false.',
      );
    }
    this.#sweepIntervalMs = sweep;
    this.#sweepBatch = options.sweepBatch ?? 5000;
    if (!(Number.isInteger(this.#sweepBatch) && this.#sweepBatch > 0)) {
      throw new ConfigurationError('PostgresDedupeStore: sweepBatch must be a positive integer.');
    }
  }

  /**
   * The DDL of the table, for a migration (`table` as in the options, checked and quoted alike).
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a name that is not `[schema.]table`.
   */
  static tableSql(table: string = DEFAULT_TABLE): string {
    const { sql, stem } = tableName(table, WHO, DEFAULT_TABLE);
    return `CREATE TABLE IF NOT EXISTS ${sql} (
  id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('processing', 'done')),
  token text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS "${stem}_expires_at" ON ${sql} (expires_at);`;
  }

  /** Creates the table and its index unless they exist. */
  async createTable(): Promise<void> {
    for (const statement of PostgresDedupeStore.tableSql(this.#tableOption).split(';\n')) {
      await this.#pool.query(statement);
    }
  }

  /** How long processed ids are kept, in ms: the handler checks it against `maxEventAgeMs`. */
  get ttlMs(): number {
    return this.#ttlMs;
  }

  /**
   * {@inheritDoc DedupeStore.claim}
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when the table does not exist.
   */
  async claim(id: string, leaseMs: number, token: string): Promise<ClaimResult> {
    this.#sweepWhenDue();
    const key = dedupeKey(id);
    const lease = Math.max(1, Math.ceil(leaseMs));
    // The outer SELECT's snapshot can miss a row a concurrent claim committed: ask again.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { rows } = await this.#query(
        `WITH claimed AS (
  INSERT INTO ${this.#table.sql} AS e (id, state, token, expires_at)
  VALUES ($1, 'processing', $2, now() + $3::double precision * interval '1 millisecond')
  ON CONFLICT (id) DO UPDATE
    SET state = 'processing', token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
    WHERE e.expires_at <= now() OR (e.state = 'processing' AND e.token = EXCLUDED.token)
  RETURNING 'claimed'::text AS result
)
SELECT result FROM claimed
UNION ALL
SELECT state FROM ${this.#table.sql} WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM claimed)`,
        [key, String(token), lease],
      );
      const result = rows[0]?.result;
      if (result === 'claimed' || result === 'processing' || result === 'done') return result;
    }
    throw new ClinicError(`PostgresDedupeStore: the claim of ${key} did not settle; retry later.`);
  }

  /** {@inheritDoc DedupeStore.complete} */
  async complete(id: string): Promise<void> {
    await this.#query(
      `INSERT INTO ${this.#table.sql} (id, state, token, expires_at)
VALUES ($1, 'done', NULL, now() + $2::double precision * interval '1 millisecond')
ON CONFLICT (id) DO UPDATE SET state = 'done', token = NULL, expires_at = EXCLUDED.expires_at`,
      [dedupeKey(id), this.#ttlMs],
    );
  }

  /** {@inheritDoc DedupeStore.release} */
  async release(id: string, token: string): Promise<void> {
    await this.#query(
      `DELETE FROM ${this.#table.sql} WHERE id = $1 AND state = 'processing' AND token = $2`,
      [dedupeKey(id), String(token)],
    );
  }

  /** Deletes up to `limit` expired rows (default `sweepBatch`), oldest first; resolves with how many. */
  async sweep(limit = this.#sweepBatch): Promise<number> {
    const { rows } = await this.#query(
      `WITH expired AS (
  DELETE FROM ${this.#table.sql} WHERE id IN (
    SELECT id FROM ${this.#table.sql} WHERE expires_at <= now()
    ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
  ) RETURNING 1
)
SELECT count(*)::int AS deleted FROM expired`,
      [limit],
    );
    return Number(rows[0]?.deleted ?? 0);
  }

  /**
   * Due once per `sweepIntervalMs`; a sweep goes on in batches while they come back full, so it
   * keeps up with any rate of arrivals (concurrent sweeps share the rows: SKIP LOCKED).
   */
  #sweepWhenDue(): void {
    if (this.#sweepIntervalMs === false || Date.now() < this.#nextSweepAt) return;
    this.#nextSweepAt = Date.now() + this.#sweepIntervalMs;
    const drain = async () => {
      for (let batch = 0; batch < MAX_BATCHES_PER_SWEEP; batch++) {
        if ((await this.sweep()) < this.#sweepBatch) return;
      }
    };
    // Housekeeping only: a failure leaves the rows for the next sweep.
    drain().catch(() => {});
  }

  #query(text: string, values: unknown[]) {
    return queryTable(this.#pool, text, values, WHO, this.#table.sql);
  }
}
