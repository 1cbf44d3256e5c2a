/** A dedupe store on PostgreSQL for several machines, over the `pg` pool you have. @module */
import { ClinicError, ConfigurationError } from '../../core/errors.ts';
import {
  assertDedupeTtl,
  type ClaimResult,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeStore,
  dedupeKey,
} from './contract.ts';

/** A `pg` `Pool` (it reconnects) or `Client`, or any driver wrapper taking `$1` parameters. */
export interface PostgresQueryable {
  /** Runs one statement with its parameters. */
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
}

/** What {@link PostgresQueryable.query} resolves with (a `pg` `QueryResult` has it). */
export interface PostgresQueryResult {
  /** One object per row, keyed by column name. */
  rows: Array<Record<string, unknown>>;
}

/** Options of {@link PostgresDedupeStore}. */
export interface PostgresDedupeStoreOptions {
  /** A `pg` `Pool` (or `Client`), connected or lazy. The store never ends it. */
  pool: PostgresQueryable;
  /** `[schema.]table` of letters, digits, `_` (default `clinic_scheduling_webhook_events`). */
  table?: string;
  /** How long processed ids are kept, in ms (default 24 h; above the retry horizon). */
  ttlMs?: number;
  /** How often a claim also sweeps expired rows, in ms (default 60 000); `false`: your own job. */
  sweepIntervalMs?: number | false;
}

const DEFAULT_TABLE = 'clinic_scheduling_webhook_events';
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}(?:\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;
/** "relation does not exist" */
const UNDEFINED_TABLE = '42P01';

/** A {@link DedupeStore} on PostgreSQL: one row per id, expiring on the database's clock. */
export class PostgresDedupeStore implements DedupeStore {
  readonly #pool: PostgresQueryable;
  readonly #table: string;
  readonly #ttlMs: number;
  readonly #sweepIntervalMs: number | false;
  #nextSweepAt = 0;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for an option out of range. */
  constructor(options: PostgresDedupeStoreOptions) {
    const { pool } = options ?? ({} as Partial<PostgresDedupeStoreOptions>);
    if (!pool || typeof pool.query !== 'function') {
      throw new ConfigurationError(
        'PostgresDedupeStore needs a PostgreSQL pool as { pool }, such as new pg.Pool() from "pg" ' +
          '(any object with query(text, values) resolving with { rows }).',
      );
    }
    this.#pool = pool;
    this.#table = options.table ?? DEFAULT_TABLE;
    if (!TABLE_NAME.test(this.#table)) {
      throw new ConfigurationError(
        `PostgresDedupeStore: table ${JSON.stringify(this.#table)} is not a plain table name ` +
          '(letters, digits and underscores, optionally schema.table); leave it out for ' +
          `${DEFAULT_TABLE}.`,
      );
    }
    this.#ttlMs = options.ttlMs ?? DEFAULT_DEDUPE_TTL_MS;
    assertDedupeTtl(this.#ttlMs);
    const sweep = options.sweepIntervalMs ?? 60_000;
    if (sweep !== false && !(Number.isFinite(sweep) && sweep >= 0)) {
      throw new ConfigurationError(
        'PostgresDedupeStore: sweepIntervalMs must be a number of milliseconds >= 0, or false.',
      );
    }
    this.#sweepIntervalMs = sweep;
  }

  /** The DDL of the table, for a migration (`table` as in the options). */
  static tableSql(table: string = DEFAULT_TABLE): string {
    return `CREATE TABLE IF NOT EXISTS ${table} (
  id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('processing', 'done')),
  token text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS ${table.replace(/\./g, '_')}_expires_at ON ${table} (expires_at);`;
  }

  /** Creates the table and its index unless they exist. */
  async createTable(): Promise<void> {
    for (const statement of PostgresDedupeStore.tableSql(this.#table).split(';\n')) {
      await this.#pool.query(statement);
    }
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
  INSERT INTO ${this.#table} AS e (id, state, token, expires_at)
  VALUES ($1, 'processing', $2, now() + $3::double precision * interval '1 millisecond')
  ON CONFLICT (id) DO UPDATE
    SET state = 'processing', token = EXCLUDED.token, expires_at = EXCLUDED.expires_at
    WHERE e.expires_at <= now() OR (e.state = 'processing' AND e.token = EXCLUDED.token)
  RETURNING 'claimed'::text AS result
)
SELECT result FROM claimed
UNION ALL
SELECT state FROM ${this.#table} WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM claimed)`,
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
      `INSERT INTO ${this.#table} (id, state, token, expires_at)
VALUES ($1, 'done', NULL, now() + $2::double precision * interval '1 millisecond')
ON CONFLICT (id) DO UPDATE SET state = 'done', token = NULL, expires_at = EXCLUDED.expires_at`,
      [dedupeKey(id), this.#ttlMs],
    );
  }

  /** {@inheritDoc DedupeStore.release} */
  async release(id: string, token: string): Promise<void> {
    await this.#query(
      `DELETE FROM ${this.#table} WHERE id = $1 AND state = 'processing' AND token = $2`,
      [dedupeKey(id), String(token)],
    );
  }

  /** Deletes up to `limit` expired rows; resolves with how many. */
  async sweep(limit = 1000): Promise<number> {
    const { rows } = await this.#query(
      `WITH expired AS (
  DELETE FROM ${this.#table} WHERE id IN (
    SELECT id FROM ${this.#table} WHERE expires_at <= now() LIMIT $1 FOR UPDATE SKIP LOCKED
  ) RETURNING 1
)
SELECT count(*)::int AS deleted FROM expired`,
      [limit],
    );
    return Number(rows[0]?.deleted ?? 0);
  }

  #sweepWhenDue(): void {
    if (this.#sweepIntervalMs === false || Date.now() < this.#nextSweepAt) return;
    this.#nextSweepAt = Date.now() + this.#sweepIntervalMs;
    // Housekeeping only: a failure leaves the rows for the next sweep.
    this.sweep().catch(() => {});
  }

  async #query(text: string, values: unknown[]) {
    try {
      return await this.#pool.query(text, values);
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code === UNDEFINED_TABLE) {
        throw new ConfigurationError(
          `PostgresDedupeStore: the table ${this.#table} does not exist; call ` +
            'await store.createTable() once, or run PostgresDedupeStore.tableSql() in a migration.',
          { cause: error },
        );
      }
      throw error;
    }
  }
}
