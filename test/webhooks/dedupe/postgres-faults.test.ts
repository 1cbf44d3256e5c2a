/**
 * The webhook handler on `PostgresDedupeStore` against a real PostgreSQL that is killed
 * (SIGKILL of the postmaster and every backend) and restarted mid-flight: the same fault test
 * as Redis's (redis-faults.test.ts). A committed claim or completion survives the kill (crash
 * recovery replays the WAL); the `pg` pool fails its queries while the server is down and
 * reconnects once it is back.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededRandom as seeded } from '../../../src/testing/server/random.ts';
import { PostgresDedupeStore } from '../../../src/webhooks/dedupe/postgres.ts';
import type { AppointmentEvent } from '../../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import {
  describeWithPostgres,
  type PostgresServer,
  startPostgresServer,
} from '../../helpers/postgres.ts';
import { appointmentEvent, post } from '../fixtures.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describeWithPostgres('webhooks on PostgreSQL under real faults', () => {
  let server: PostgresServer;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    server = await startPostgresServer();
    const pool = connect();
    await new PostgresDedupeStore({ pool }).createTable();
  }, 60_000);

  afterAll(async () => {
    for (const pool of pools) await pool.end().catch(() => {});
    await server?.stop();
  });

  /** A pool as a consumer machine has one: it fails queries while the server is down. */
  function connect(): pg.Pool {
    const pool = new pg.Pool({
      connectionString: server.url,
      max: 10,
      connectionTimeoutMillis: 1_000,
      query_timeout: 2_000,
    });
    pool.on('error', () => {});
    pools.push(pool);
    return pool;
  }

  it('PostgreSQL down: 503 and no handler runs; once it is back the claim is released and the retry is processed', async () => {
    const pool = connect();
    const runs: string[] = [];
    const handler = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': (event) => void runs.push(event.id) },
      dedupe: new PostgresDedupeStore({ pool, table: 'faults_down' }),
      storeTimeoutMs: 500,
      ackAfterMs: 1_500,
      onError: () => {},
    });
    await new PostgresDedupeStore({ pool, table: 'faults_down' }).createTable();
    const event = appointmentEvent();
    await server.kill();
    try {
      const response = await handler(post(event));
      expect(response.status).toBe(503);
      expect(runs).toEqual([]);
    } finally {
      await server.restart();
    }
    await handler.drain();
    const { rows } = await pool.query('SELECT state FROM faults_down WHERE id = $1', [event.id]);
    expect(rows).toEqual([]);
    const retry = await handler(post(event));
    expect(await retry.json()).toEqual({ status: 'processed', id: event.id });
    expect(runs).toEqual([event.id]);
  }, 30_000);

  it('1,000 deliveries with duplicates and retries, to two machines, PostgreSQL killed and restarted twice mid-flight: none lost, none processed twice', async () => {
    const rand = seeded(13);
    const events = Array.from({ length: 600 }, () => appointmentEvent());
    // A copy of 400 of them (at-least-once delivery), in a shuffled order.
    const deliveries: AppointmentEvent[] = [
      ...events,
      ...Array.from({ length: 400 }, () => events[Math.floor(rand() * events.length)]!),
    ];
    for (let i = deliveries.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [deliveries[i], deliveries[j]] = [deliveries[j]!, deliveries[i]!];
    }
    // 2% of the events take longer than ackAfterMs (answered 202 after their claim); 5% fail on
    // their first run (500, retried).
    const slow = new Set(events.filter(() => rand() < 0.02).map((e) => e.id));
    const failedOnce = new Set<string>();
    const processed = new Map<string, number>();
    const handle = async (event: AppointmentEvent) => {
      if (!slow.has(event.id) && !failedOnce.has(event.id) && rand() < 0.05) {
        failedOnce.add(event.id);
        throw new Error('injected: the consumer database failed');
      }
      await sleep(slow.has(event.id) ? 700 : Math.floor(rand() * 3));
      processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
    };
    const machines = [connect(), connect()].map((pool) =>
      createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.created': handle },
        dedupe: new PostgresDedupeStore({ pool }),
        storeTimeoutMs: 300,
        ackAfterMs: 500,
        onError: () => {},
      }),
    );

    // The service: each delivery is sent to either machine until one answers 2xx.
    const statuses = new Map<number, number>();
    let acknowledged = 0;
    const deliver = async (event: AppointmentEvent) => {
      for (let attempt = 1; attempt <= 300; attempt++) {
        const machine = machines[Math.floor(rand() * machines.length)]!;
        const { status } = await machine(post(event));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (status >= 200 && status < 300) {
          acknowledged += 1;
          return;
        }
        await sleep(20 + Math.floor(rand() * 40)); // the service's retry, compressed
      }
      throw new Error(`the delivery of ${event.id} was never acknowledged`);
    };
    let next = 0;
    const worker = async () => {
      while (next < deliveries.length) await deliver(deliveries[next++]!);
    };
    const kills: number[] = [];
    const faults = async () => {
      for (const at of [250, 650]) {
        while (acknowledged < at) await sleep(5);
        kills.push(acknowledged);
        await server.kill();
        await sleep(300);
        await server.restart();
      }
    };

    await Promise.all([faults(), ...Array.from({ length: 16 }, worker)]);
    await Promise.all(machines.map((machine) => machine.drain()));

    // None lost, none processed twice (one assertion, so that a failure shows every figure).
    expect({
      acknowledged,
      kills: kills.length,
      processed: processed.size,
      twice: [...processed].filter(([, n]) => n !== 1),
      statuses: Object.fromEntries(statuses),
    }).toMatchObject({ acknowledged: 1_000, kills: 2, processed: 600, twice: [] });
    // The faults were real: store outages answered 503, failed handlers 500, slow ones 202.
    expect(statuses.get(503)).toBeGreaterThan(0);
    expect(statuses.get(500)).toBeGreaterThan(0);
    expect(statuses.get(202)).toBeGreaterThan(0);
    expect([...statuses.keys()].sort()).toEqual(
      [200, 202, 409, 500, 503].filter((s) => statuses.has(s)),
    );
  }, 90_000);
});
