/** The OrderingStore contract on PostgresOrderingStore, and its table. */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors.ts';
import { PostgresOrderingStore } from '../../../src/webhooks/ordering/postgres.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  startPostgresServer,
} from '../../helpers/postgres.ts';
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
  let server: PostgresServer;
  let pool: pg.Pool;

  beforeAll(async () => {
    server = await startPostgresServer();
    pool = new pg.Pool({ connectionString: server.url, max: 10 });
    pool.on('error', () => {});
    await new PostgresOrderingStore({ pool }).createTable();
  }, 60_000);

  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  orderingStoreContract(() => new PostgresOrderingStore({ pool }));

  it('a missing table is a ConfigurationError saying to create it', async () => {
    const missing = new PostgresOrderingStore({ pool, table: 'no_such_states' });
    await expect(missing.get('apt_1')).rejects.toThrow(/createTable/);
  });
});
