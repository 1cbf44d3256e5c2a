/** The OrderingStore contract on PostgresOrderingStore, and its table. */
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { PostgresOrderingStore } from '../../../src/webhooks/ordering/postgres.ts';
import { describeWithPostgres, usePostgresPool } from '../../helpers/postgres.ts';
import { orderingStoreContract } from './contract.ts';

describe('PostgresOrderingStore options', () => {
  it('refuses a pool without query and a table name that is not plain, in tableSql too', () => {
    const pool = { query: async () => ({ rows: [] }) };
    expect(() => new PostgresOrderingStore({ pool: {} as never })).toThrow(ConfigurationError);
    expect(() => new PostgresOrderingStore({ pool, table: 'x; DROP TABLE y' })).toThrow(
      ConfigurationError,
    );
    expect(() => PostgresOrderingStore.tableSql('x; DROP TABLE y')).toThrow(ConfigurationError);
    expect(PostgresOrderingStore.tableSql('Select')).toContain('"select"');
  });
});

describeWithPostgres('PostgresOrderingStore on a real PostgreSQL', () => {
  const postgres = usePostgresPool((pool) => new PostgresOrderingStore({ pool }).createTable());
  let pool: pg.Pool;

  beforeAll(() => {
    ({ pool } = postgres());
  });

  orderingStoreContract(() => new PostgresOrderingStore({ pool }));

  it('a missing table is a ConfigurationError saying to create it', async () => {
    const missing = new PostgresOrderingStore({ pool, table: 'no_such_states' });
    await expect(missing.get('apt_1')).rejects.toThrow(/createTable/);
  });
});
