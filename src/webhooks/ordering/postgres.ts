/** The newest state per appointment on PostgreSQL, shared by workers on every machine. @module */
import {
  checkPool,
  type PostgresQueryable,
  queryTable,
  type TableName,
  tableName,
} from '../shared/postgres-sql.ts';
import type { NewestState, OrderingStore } from './contract.ts';

/** Options of {@link PostgresOrderingStore}. */
export interface PostgresOrderingStoreOptions {
  /** A `pg` `Pool` (or `Client`); the store never ends it. */
  pool: PostgresQueryable;
  /** `[schema.]table` of letters, digits, `_` (default `clinic_scheduling_appointment_states`). */
  table?: string | undefined;
}

const DEFAULT_TABLE = 'clinic_scheduling_appointment_states';
const WHO = 'PostgresOrderingStore';

/** An {@link OrderingStore} on PostgreSQL: one row per appointment; `put` is one upsert. */
export class PostgresOrderingStore implements OrderingStore {
  readonly #pool: PostgresQueryable;
  readonly #table: TableName;
  readonly #tableOption: string;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a missing pool or a bad table name. */
  constructor(options: PostgresOrderingStoreOptions) {
    const { pool } = options ?? ({} as Partial<PostgresOrderingStoreOptions>);
    checkPool(pool, WHO);
    this.#pool = pool;
    this.#tableOption = options.table ?? DEFAULT_TABLE;
    this.#table = tableName(this.#tableOption, WHO, DEFAULT_TABLE);
  }

  /**
   * The DDL of the table, for a migration (`table` checked and quoted as in the options).
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a name that is not `[schema.]table`.
   */
  static tableSql(table: string = DEFAULT_TABLE): string {
    const { sql } = tableName(table, WHO, DEFAULT_TABLE);
    return `CREATE TABLE IF NOT EXISTS ${sql} (
  appointment_id text PRIMARY KEY,
  order_key text NOT NULL,
  digest text NOT NULL
)`;
  }

  /** Creates the table unless it exists. */
  async createTable(): Promise<void> {
    await this.#pool.query(PostgresOrderingStore.tableSql(this.#tableOption));
  }

  /** {@inheritDoc OrderingStore.get} */
  async get(appointmentId: string): Promise<NewestState | undefined> {
    const { rows } = await queryTable(
      this.#pool,
      `SELECT order_key, digest FROM ${this.#table.sql} WHERE appointment_id = $1`,
      [appointmentId],
      WHO,
      this.#table.sql,
    );
    const row = rows[0];
    return row ? { order: String(row.order_key), digest: String(row.digest) } : undefined;
  }

  /** {@inheritDoc OrderingStore.put} */
  async put(appointmentId: string, state: NewestState): Promise<void> {
    // COLLATE "C": the keys compare byte by byte, as in Redis and in memory.
    await queryTable(
      this.#pool,
      `INSERT INTO ${this.#table.sql} AS s (appointment_id, order_key, digest) VALUES ($1, $2, $3)
ON CONFLICT (appointment_id) DO UPDATE SET order_key = EXCLUDED.order_key, digest = EXCLUDED.digest
WHERE s.order_key COLLATE "C" <= EXCLUDED.order_key COLLATE "C"`,
      [appointmentId, state.order, state.digest],
      WHO,
      this.#table.sql,
    );
  }
}
