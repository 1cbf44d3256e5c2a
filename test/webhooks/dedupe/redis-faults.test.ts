/**
 * The dedupe fault suite (faults.ts) on `RedisDedupeStore` against a real `redis-server` killed
 * (SIGKILL) and restarted mid-flight, through node-redis and ioredis, each with its offline queue
 * (commands wait while the client reconnects: the store hangs rather than fails). The server
 * persists every write before answering it (append-only file, `appendfsync always`), as a
 * deduplication store must: a restart that forgot processed ids would let them run again.
 */
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { RedisDedupeStore } from '../../../src/webhooks/dedupe/redis.ts';
import { describeWithRedis, type RedisServer, startRedisServer } from '../../helpers/redis.ts';
import { dedupeFaultSuite, type FaultMachine } from './faults.ts';

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

  async function machine(kind: string, namespace: string): Promise<FaultMachine> {
    const prefix = `faults:${namespace}:`;
    if (kind === 'node-redis') {
      // Its offline queue keeps commands while it reconnects (every 50 ms).
      const client = createClient({ url: server.url, socket: { reconnectStrategy: () => 50 } });
      client.on('error', () => {});
      await client.connect();
      closers.push(() => client.destroy());
      return {
        store: new RedisDedupeStore({ client, prefix }),
        state: async (id) => normalise(await client.get(prefix + id)),
      };
    }
    // ioredis with its offline queue and no retry limit per command: commands wait for Redis.
    const client = new Redis(server.url, {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: () => 50,
    });
    client.on('error', () => {});
    await client.connect();
    closers.push(() => client.disconnect());
    return {
      store: new RedisDedupeStore({ client, prefix }),
      state: async (id) => normalise(await client.get(prefix + id)),
    };
  }

  dedupeFaultSuite(['node-redis', 'ioredis'], () => ({
    kill: () => server.kill(),
    restart: () => server.restart(),
    machine,
    storeTimeoutMs: 200,
    ackAfterMs: 300,
    senders: 40,
  }));
});

/** `processing:<token>` is a claim; the suite only asks whether one is held. */
function normalise(value: string | null): string | null {
  return value?.startsWith('processing:') ? 'processing' : value;
}
