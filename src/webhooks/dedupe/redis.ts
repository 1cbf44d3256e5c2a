/**
 * A {@link DedupeStore} on Redis, for consumers that run on several machines: every instance
 * sees the ids the others have claimed or processed. It needs no Redis package of its own: it
 * takes the client you already have, node-redis or ioredis.
 *
 * @module
 */
import { ConfigurationError } from '../../core/errors.ts';
import {
  assertDedupeTtl,
  type ClaimResult,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeStore,
  dedupeKey,
} from './contract.ts';

/** The part of a node-redis (v4 and later) client that the store uses: `sendCommand`. */
export interface NodeRedisCommandClient {
  /** Sends one command, such as `['GET', 'key']`, and resolves with its reply. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** The part of an ioredis (v5 and later) client that the store uses: `call`. */
export interface IoRedisCommandClient {
  /** Sends one command, such as `call('GET', 'key')`, and resolves with its reply. */
  call(command: string, ...args: string[]): Promise<unknown>;
}

/**
 * A Redis client as {@link RedisDedupeStore} needs it: a node-redis client (`createClient()`)
 * or an ioredis one (`new Redis()`) satisfies it as it is. Each command (`EVAL`, `SET`) touches
 * one key.
 */
export type RedisDedupeClient = NodeRedisCommandClient | IoRedisCommandClient;

/** Options of {@link RedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** A connected node-redis or ioredis client. The store never connects or quits it. */
  client: RedisDedupeClient;
  /** Prefix of the keys (default `clinic-scheduling:webhook-event:`); the envelope id follows it. */
  prefix?: string | undefined;
  /** How long processed ids are kept, in ms. Default 24 h; must exceed the 8 h 36 min retry horizon. */
  ttlMs?: number | undefined;
}

/**
 * Reads the key; when absent, sets it to `processing:<token>` with the lease. Answers `claimed`,
 * `processing` or `done`; `foreign` for a value this store did not write. The claim of this very token answers
 * `claimed` again: a client that resends the command after a lost reply (ioredis does on
 * reconnection) gets the claim it made. Atomic, one round trip.
 */
const CLAIM_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v == 'done' then return v end
if v == 'processing:' .. ARGV[2] then return 'claimed' end
if v and string.sub(v, 1, 11) == 'processing:' then return 'processing' end
if v then return 'foreign' end
redis.call('SET', KEYS[1], 'processing:' .. ARGV[2], 'PX', ARGV[1])
return 'claimed'`;

/**
 * Deletes the key only while it holds the claim made under the token: neither a processed id
 * nor a newer delivery's claim is ever forgotten.
 */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == 'processing:' .. ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/**
 * A {@link DedupeStore} on Redis. Each envelope id (lower-cased) is one key holding `processing:<token>` (with
 * the claim's lease as its expiry) or `done` (kept `ttlMs`, 24 h by default). The claim and the
 * release are Lua scripts, so two machines that receive the same event at once cannot both
 * process it, and a delivery only ever releases its own claim.
 *
 * @example
 * ```ts
 * import { createClient } from 'redis';
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const handler = createWebhookHandler({ on, dedupe: new RedisDedupeStore({ client: redis }) });
 * ```
 */
export class RedisDedupeStore implements DedupeStore {
  readonly #send: (args: string[]) => Promise<unknown>;
  readonly #prefix: string;
  readonly #ttlMs: number;

  /**
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `client` has neither `call` (ioredis) nor
   *   `sendCommand` (node-redis), or when `ttlMs` does not exceed the retry horizon.
   */
  constructor(options: RedisDedupeStoreOptions) {
    const { client } = options ?? ({} as Partial<RedisDedupeStoreOptions>);
    // ioredis has a `sendCommand` too, taking a Command object: look for `call` first.
    if (client && typeof (client as IoRedisCommandClient).call === 'function') {
      const io = client as IoRedisCommandClient;
      this.#send = ([command, ...args]) => io.call(command as string, ...args);
    } else if (client && typeof (client as NodeRedisCommandClient).sendCommand === 'function') {
      const node = client as NodeRedisCommandClient;
      this.#send = (args) => node.sendCommand(args);
    } else {
      throw new ConfigurationError(
        'RedisDedupeStore needs a connected node-redis client (createClient from "redis") or an ' +
          'ioredis client (new Redis() from "ioredis") as { client }.',
      );
    }
    this.#prefix = options.prefix ?? 'clinic-scheduling:webhook-event:';
    this.#ttlMs = options.ttlMs ?? DEFAULT_DEDUPE_TTL_MS;
    assertDedupeTtl(this.#ttlMs);
  }

  /**
   * {@inheritDoc DedupeStore.claim}
   *
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when the key holds a value this store did not write:
   *   something else uses the same keys (give the store a `prefix` of its own).
   */
  async claim(id: string, leaseMs: number, token: string): Promise<ClaimResult> {
    const lease = String(Math.max(1, Math.ceil(leaseMs)));
    const key = this.#key(id);
    const reply = String(await this.#send(['EVAL', CLAIM_SCRIPT, '1', key, lease, String(token)]));
    if (reply === 'claimed' || reply === 'processing' || reply === 'done') return reply;
    throw new ConfigurationError(
      `RedisDedupeStore: the key ${key} holds a value this store did not write; another program ` +
        `uses keys under the prefix ${JSON.stringify(this.#prefix)}: give the store a prefix of its own.`,
    );
  }

  /** {@inheritDoc DedupeStore.complete} */
  async complete(id: string): Promise<void> {
    await this.#send(['SET', this.#key(id), 'done', 'PX', String(this.#ttlMs)]);
  }

  /** {@inheritDoc DedupeStore.release} */
  async release(id: string, token: string): Promise<void> {
    await this.#send(['EVAL', RELEASE_SCRIPT, '1', this.#key(id), String(token)]);
  }

  #key(id: string): string {
    return this.#prefix + dedupeKey(id);
  }
}
