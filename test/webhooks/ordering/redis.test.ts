/** The OrderingStore contract on RedisOrderingStore, through node-redis and ioredis. */
import type { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/core/errors/index.ts';
import { RedisOrderingStore } from '../../../src/webhooks/ordering/redis.ts';
import { describeWithRedis, type RedisClients, useRedisClients } from '../../helpers/redis.ts';
import { orderingStoreContract } from './contract.ts';

describeWithRedis('RedisOrderingStore on a real redis-server', () => {
  const clients = useRedisClients();
  let nodeRedis: RedisClients['nodeRedis'];
  let ioredis: Redis;

  beforeAll(() => {
    ({ nodeRedis, ioredis } = clients());
  });

  describe('with node-redis', () => {
    orderingStoreContract(() => new RedisOrderingStore({ client: nodeRedis, prefix: 'o:node:' }));
  });

  describe('with ioredis', () => {
    orderingStoreContract(() => new RedisOrderingStore({ client: ioredis, prefix: 'o:io:' }));
  });

  it('one key per appointment, expiring after ttlMs; options are checked', async () => {
    expect(() => new RedisOrderingStore({ client: {} as never })).toThrow(ConfigurationError);
    expect(() => new RedisOrderingStore({ client: ioredis, ttlMs: 0 })).toThrow(ConfigurationError);
    const store = new RedisOrderingStore({ client: ioredis, prefix: 'o:ttl:', ttlMs: 60_000 });
    await store.put('apt_1', { order: '0001.000000000', digest: 'abc' });
    expect(await ioredis.get('o:ttl:apt_1')).toBe('0001.000000000|abc');
    expect(Number(await ioredis.pttl('o:ttl:apt_1'))).toBeGreaterThan(50_000);
  });
});
