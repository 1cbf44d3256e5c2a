/**
 * The dedupe fault suite (faults.ts) on `PostgresDedupeStore` against a real PostgreSQL killed
 * (SIGKILL of the postmaster and every backend) and restarted mid-flight. A committed claim or
 * completion survives the kill (crash recovery replays the WAL); the `pg` pool fails its queries
 * while the server is down and reconnects once it is back.
 */
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { PostgresDedupeStore } from '../../../src/webhooks/dedupe/postgres.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  startPostgresServer,
} from '../../helpers/postgres.ts';
import { dedupeFaultSuite, type FaultMachine } from './faults.ts';

describeWithPostgres('webhooks on PostgreSQL under real faults', () => {
  let server: PostgresServer;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    server = await startPostgresServer();
  }, 60_000);

  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => {});
    await server?.stop();
  });

  async function machine(_kind: string, namespace: string): Promise<FaultMachine> {
    // A pool as a consumer machine has one: it fails queries while the server is down.
    const pool = new pg.Pool({
      connectionString: server.url,
      max: 10,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
    });
    pool.on('error', () => {});
    pools.push(pool);
    const table = `faults_${namespace}`;
    const store = new PostgresDedupeStore({ pool, table });
    await store.createTable();
    return {
      store,
      state: async (id) => {
        const { rows } = await pool.query(`SELECT state FROM ${table} WHERE id = $1`, [id]);
        return (rows[0]?.state as string | undefined) ?? null;
      },
    };
  }

  dedupeFaultSuite(
    ['pg.Pool'],
    () => ({
      kill: () => server.kill(),
      restart: () => server.restart(),
      machine,
      storeTimeoutMs: 300,
      ackAfterMs: 500,
      senders: 16,
    }),
    90_000,
  );
});
