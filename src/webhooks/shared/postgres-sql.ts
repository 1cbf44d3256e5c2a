/** What the PostgreSQL stores share: the pool's shape and a table name made safe to splice. @module */
import { ConfigurationError } from '../../core/errors/index.ts';

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

const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}(?:\.[A-Za-z_][A-Za-z0-9_]{0,62})?$/;

/** A checked table name: quoted for SQL (a reserved word such as `order` is fine), and bare. */
export interface TableName {
  /** `"schema"."table"`, lower-cased as PostgreSQL folds an unquoted name. */
  sql: string;
  /** `schema_table`: the stem of the index names. */
  stem: string;
}

/**
 * Checks `[schema.]table` (letters, digits, `_`) and quotes each part, so that no name, reserved
 * or injected, changes the statement. A `ConfigurationError` names `who` and the default.
 */
export function tableName(name: unknown, who: string, fallback: string): TableName {
  if (typeof name !== 'string' || !TABLE_NAME.test(name)) {
    throw new ConfigurationError(
      `${who}: table ${JSON.stringify(name)} is not a plain table name ` +
        '(letters, digits and underscores, optionally schema.table); leave it out for ' +
        `${fallback}.`,
    );
  }
  const parts = name.toLowerCase().split('.');
  return { sql: parts.map((part) => `"${part}"`).join('.'), stem: parts.join('_') };
}

/** "relation does not exist" */
const UNDEFINED_TABLE = '42P01';

/** Runs a statement; a missing table becomes a `ConfigurationError` saying how to create it. */
export async function queryTable(
  pool: PostgresQueryable,
  text: string,
  values: unknown[],
  who: string,
  table: string,
) {
  try {
    return await pool.query(text, values);
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === UNDEFINED_TABLE) {
      throw new ConfigurationError(
        `${who}: the table ${table} does not exist; call await store.createTable() once, or ` +
          `run ${who}.tableSql() in a migration.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** A `ConfigurationError` unless `pool` has `query`. */
export function checkPool(pool: unknown, who: string): asserts pool is PostgresQueryable {
  if (!pool || typeof (pool as PostgresQueryable).query !== 'function') {
    throw new ConfigurationError(
      `${who} needs a PostgreSQL pool as { pool }, such as new pg.Pool() from "pg" ` +
        '(any object with query(text, values) resolving with { rows }).',
    );
  }
}
