/**
 * RedisDedupeStore against a real redis-server (started on a free loopback port by
 * test/helpers/redis.ts), through node-redis and through ioredis.
 */
import type { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { RedisDedupeStore } from '../../../src/webhooks/dedupe/redis.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import {
  describeWithRedis,
  INSTALL_HINT,
  type RedisClients,
  redisSuiteMode,
  skipLine,
  useRedisClients,
} from '../../helpers/redis.ts';
import { appointmentEvent, post } from '../fixtures.ts';
import { dedupeStoreContract } from './contract.ts';

describe('the Redis suites without redis-server', () => {
  it('are skipped with one line saying how to run them, on a machine without it', () => {
    expect(redisSuiteMode(false, {})).toBe('skip');
    expect(redisSuiteMode(false, { CI: 'false' })).toBe('skip');
    expect(skipLine('RedisDedupeStore')).toBe(
      '[redis] SKIPPED "RedisDedupeStore": redis-server is not installed. To run it: apt-get update && apt-get install -y redis-server (with CI=true its absence fails the run).',
    );
  });

  it('fail under CI, with the install command', () => {
    expect(redisSuiteMode(false, { CI: 'true' })).toBe('fail');
    expect(redisSuiteMode(false, { CI: '1' })).toBe('fail');
    expect(redisSuiteMode(true, { CI: 'true' })).toBe('run');
    expect(INSTALL_HINT).toContain('apt-get install -y redis-server');
  });
});

describeWithRedis('RedisDedupeStore on a real redis-server', () => {
  const clients = useRedisClients();
  let nodeRedis: RedisClients['nodeRedis'];
  let ioredis: Redis;

  beforeAll(() => {
    ({ nodeRedis, ioredis } = clients());
  });

  describe('RedisDedupeStore with node-redis', () => {
    dedupeStoreContract(() => new RedisDedupeStore({ client: nodeRedis, prefix: 'test:node:' }));
  });

  describe('RedisDedupeStore with ioredis', () => {
    dedupeStoreContract(() => new RedisDedupeStore({ client: ioredis, prefix: 'test:io:' }));
  });

  describe('RedisDedupeStore keys', () => {
    it('a claim expires with its lease; a processed id is kept ttlMs (24 h by default)', async () => {
      const store = new RedisDedupeStore({ client: nodeRedis, prefix: 'test:ttl:' });
      await store.claim('evt_a', 50_000, 'token-a');
      expect(await nodeRedis.get('test:ttl:evt_a')).toBe('processing:token-a');
      const lease = Number(await nodeRedis.sendCommand(['PTTL', 'test:ttl:evt_a']));
      expect(lease).toBeGreaterThan(45_000);
      expect(lease).toBeLessThanOrEqual(50_000);
      await store.complete('evt_a');
      expect(await nodeRedis.get('test:ttl:evt_a')).toBe('done');
      const kept = Number(await nodeRedis.sendCommand(['PTTL', 'test:ttl:evt_a']));
      expect(kept).toBeGreaterThan(24 * 3_600_000 - 60_000);
      expect(kept).toBeLessThanOrEqual(24 * 3_600_000);
    });

    it('an expired lease lets the next delivery claim the id', async () => {
      const store = new RedisDedupeStore({ client: ioredis, prefix: 'test:lease:' });
      expect(await store.claim('evt_b', 1, 'died')).toBe('claimed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await store.claim('evt_b', 60_000, 'next')).toBe('claimed');
    });

    it('uses the default prefix clinic-scheduling:webhook-event:', async () => {
      const store = new RedisDedupeStore({ client: nodeRedis });
      await store.claim('evt_prefix', 60_000, 'token-p');
      expect(await nodeRedis.get('clinic-scheduling:webhook-event:evt_prefix')).toBe(
        'processing:token-p',
      );
    });

    it('refuses a client that is neither node-redis nor ioredis, and a short ttlMs', () => {
      expect(() => new RedisDedupeStore({ client: {} as never })).toThrow(ConfigurationError);
      expect(() => new RedisDedupeStore(undefined as never)).toThrow(ConfigurationError);
      expect(() => new RedisDedupeStore({ client: {} as never })).toThrow(
        'RedisDedupeStore needs a connected node-redis client (createClient from "redis") or an ioredis client (new Redis() from "ioredis") as { client }.',
      );
      expect(() => new RedisDedupeStore({ client: nodeRedis, ttlMs: 3_600_000 })).toThrow(
        ConfigurationError,
      );
    });

    it('a value it did not write (a bare processing included) is a ConfigurationError, and is left as it is', async () => {
      const store = new RedisDedupeStore({ client: ioredis, prefix: 'test:foreign:' });
      await nodeRedis.set('test:foreign:evt_old', 'processing', { PX: 60_000 });
      await expect(store.claim('evt_old', 60_000, 'token')).rejects.toThrow(ConfigurationError);
      await store.release('evt_old', 'token');
      expect(await nodeRedis.get('test:foreign:evt_old')).toBe('processing');

      await nodeRedis.set('test:foreign:evt_other', '{"session":1}');
      const claim = store.claim('evt_other', 60_000, 'token');
      await expect(claim).rejects.toThrow(ConfigurationError);
      await expect(claim).rejects.toThrow(
        'RedisDedupeStore: the key test:foreign:evt_other holds a value this store did not write; another program uses keys under the prefix "test:foreign:": give the store a prefix of its own.',
      );
      expect(await nodeRedis.get('test:foreign:evt_other')).toBe('{"session":1}');
    });
  });

  describe('two consumer machines sharing one Redis', () => {
    it('an event delivered to both is processed once; the other answers duplicate or 409', async () => {
      const runs: string[] = [];
      // Open, except while the concurrent deliveries run: the winner's handler then waits until
      // the loser has answered, so the loser always finds the claim held (never already done).
      let gate: Promise<void> = Promise.resolve();
      const machine = (client: Parameters<typeof createWebhookHandler>[0]['dedupe']) =>
        createWebhookHandler({
          verify: 'unsigned',
          on: {
            'appointment.created': async (event) => {
              runs.push(event.id);
              await gate;
            },
          },
          dedupe: client,
        });
      const a = machine(new RedisDedupeStore({ client: nodeRedis, prefix: 'test:shared:' }));
      const b = machine(new RedisDedupeStore({ client: ioredis, prefix: 'test:shared:' }));
      const event = appointmentEvent();
      const first = await a(post(event));
      expect(first.status).toBe(200);
      expect(await (await b(post(event))).json()).toEqual({ status: 'duplicate', id: event.id });

      const concurrent = appointmentEvent();
      let open!: () => void;
      gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const answers = [a(post(concurrent)), b(post(concurrent))];
      expect((await Promise.race(answers)).status).toBe(409);
      open();
      const statuses = (await Promise.all(answers)).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      expect(runs).toEqual([event.id, concurrent.id]);
    });

    it('a failure on one machine releases the id, and the retry on the other runs it', async () => {
      const runs: string[] = [];
      const failing = createWebhookHandler({
        verify: 'unsigned',
        on: {
          'appointment.created': () => {
            throw new Error('disk full');
          },
        },
        dedupe: new RedisDedupeStore({ client: nodeRedis, prefix: 'test:retry:' }),
        onError: () => {},
      });
      const healthy = createWebhookHandler({
        verify: 'unsigned',
        on: { 'appointment.created': (event) => void runs.push(event.id) },
        dedupe: new RedisDedupeStore({ client: ioredis, prefix: 'test:retry:' }),
      });
      const event = appointmentEvent();
      expect((await failing(post(event))).status).toBe(500);
      await failing.drain(); // the release, sent after the 500 (the service retries a minute later)
      expect((await healthy(post(event))).status).toBe(200);
      expect(runs).toEqual([event.id]);
    });
  });
});
