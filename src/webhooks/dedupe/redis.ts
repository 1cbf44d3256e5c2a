/** A dedupe store on Redis for several machines, over the node-redis or ioredis client you have. @module */
import { ConfigurationError } from '../../core/errors/index.ts';
import { type RedisDedupeClient, redisSender } from '../shared/redis-client.ts';
import {
  assertDedupeTtl,
  type ClaimResult,
  DEFAULT_DEDUPE_TTL_MS,
  type DedupeStore,
  dedupeKey,
} from './contract.ts';

/** Options of {@link RedisDedupeStore}. */
export interface RedisDedupeStoreOptions {
  /** A connected client; the store never connects or quits it. */
  client: RedisDedupeClient;
  /** Prefix of the keys (default `clinic-scheduling:webhook-event:`); the envelope id follows it. */
  prefix?: string | undefined;
  /** How long processed ids are kept, in ms (default 24 h; above the retry horizon). */
  ttlMs?: number | undefined;
}

/** Atomic in one round trip; `foreign` marks a value this store did not write. */
const CLAIM_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v == 'done' then return v end
if v == 'processing:' .. ARGV[2] then return 'claimed' end
if v and string.sub(v, 1, 11) == 'processing:' then return 'processing' end
if v then return 'foreign' end
redis.call('SET', KEYS[1], 'processing:' .. ARGV[2], 'PX', ARGV[1])
return 'claimed'`;

/** Never forgets a processed id nor a newer delivery's claim. */
const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == 'processing:' .. ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** A {@link DedupeStore} on Redis: one key per id; claim and release are atomic scripts. */
export class RedisDedupeStore implements DedupeStore {
  readonly #send: (args: string[]) => Promise<unknown>;
  readonly #prefix: string;
  readonly #ttlMs: number;

  /** Throws a `ConfigurationError` for a client without `call` nor `sendCommand`, or a short `ttlMs`. */
  constructor(options: RedisDedupeStoreOptions) {
    const { client } = options ?? ({} as Partial<RedisDedupeStoreOptions>);
    this.#send = redisSender(client, 'RedisDedupeStore');
    this.#prefix = options.prefix ?? 'clinic-scheduling:webhook-event:';
    this.#ttlMs = options.ttlMs ?? DEFAULT_DEDUPE_TTL_MS;
    assertDedupeTtl(this.#ttlMs);
  }

  /** How long processed ids are kept, in ms: the handler checks it against `maxEventAgeMs`. */
  get ttlMs(): number {
    return this.#ttlMs;
  }

  /**
   * {@inheritDoc DedupeStore.claim}
   * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when another writer uses the keys (give it a `prefix`).
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
