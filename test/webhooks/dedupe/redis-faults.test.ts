/**
 * The webhook handler on `RedisDedupeStore` against a real `redis-server` that is killed
 * (SIGKILL) and restarted mid-flight, through node-redis and ioredis, each with its offline
 * queue (commands wait while the client reconnects: the store hangs rather than fails). The
 * server persists every write before answering it (append-only file, `appendfsync always`),
 * as a deduplication store must: a restart that forgot processed ids would let them run again.
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededRandom as seeded } from '../../../src/testing/server/random.ts';
import { RedisDedupeStore } from '../../../src/webhooks/dedupe/redis.ts';
import type { AppointmentEvent } from '../../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { describeWithRedis, type RedisServer, startRedisServer } from '../../helpers/redis.ts';
import { appointmentEvent, post } from '../fixtures.ts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describeWithRedis('webhooks on Redis under real faults', () => {
  let server: RedisServer;
  const closers: Array<() => unknown> = [];

  beforeAll(async () => {
    server = await startRedisServer({ durable: true });
  });

  afterAll(async () => {
    for (const close of closers) await close();
    await server?.stop();
  });

  /** node-redis; its offline queue keeps commands while it reconnects (every 50 ms). */
  async function nodeRedis() {
    const client = createClient({ url: server.url, socket: { reconnectStrategy: () => 50 } });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => client.destroy());
    return { client, get: (key: string) => client.get(key) };
  }

  /** ioredis with its offline queue and no retry limit per command: commands wait for Redis. */
  async function ioredis() {
    const client = new Redis(server.url, {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: () => 50,
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => client.disconnect());
    return { client, get: (key: string) => client.get(key) };
  }

  for (const [name, connect] of [
    ['node-redis', nodeRedis],
    ['ioredis', ioredis],
  ] as const) {
    it(`${name}, Redis down: 503 within storeTimeoutMs and no handler runs; once Redis is back the claim is released and the retry is processed`, async () => {
      const { client, get } = await connect();
      const prefix = `faults:down:${name}:`;
      const runs: string[] = [];
      const handler = createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.created': (event) => void runs.push(event.id) },
        dedupe: new RedisDedupeStore({ client, prefix }),
        storeTimeoutMs: 300,
        ackAfterMs: 1_000,
        onError: () => {},
      });
      const event = appointmentEvent();
      await server.kill();
      try {
        const response = await handler(post(event));
        expect(await response.json()).toEqual({
          detail: 'The deduplication store is unavailable; retry later.',
          id: event.id,
        });
        expect(response.status).toBe(503);
        expect(runs).toEqual([]);
      } finally {
        await server.restart();
      }
      await handler.drain(); // the queued claim lands, and is released under its token
      const key = `${prefix}${event.id}`;
      expect(await get(key)).toBeNull();
      const retry = await handler(post(event));
      expect(await retry.json()).toEqual({ status: 'processed', id: event.id });
      expect(runs).toEqual([event.id]);
      expect(await get(key)).toBe('done');
    });
  }

  it('1,000 deliveries with duplicates and retries, to a node-redis and an ioredis machine, Redis killed and restarted twice mid-flight: none lost, none processed twice', async () => {
    const rand = seeded(13);
    const prefix = 'faults:load:';
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
      await sleep(slow.has(event.id) ? 500 : Math.floor(rand() * 3));
      processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
    };
    const machines = [(await nodeRedis()).client, (await ioredis()).client].map((client) =>
      createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.created': handle },
        dedupe: new RedisDedupeStore({ client, prefix }),
        storeTimeoutMs: 200,
        ackAfterMs: 300,
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
        await sleep(10 + Math.floor(rand() * 20)); // the service's retry, compressed
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

    await Promise.all([faults(), ...Array.from({ length: 40 }, worker)]);
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
  }, 30_000);
});
