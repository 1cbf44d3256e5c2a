/** The newest state per appointment on Redis, shared by workers on every machine. @module */
import { ConfigurationError } from '../../core/errors/index.ts';
import { type RedisDedupeClient, redisSender } from '../shared/redis-client.ts';
import type { NewestState, OrderingStore } from './contract.ts';

/** Options of {@link RedisOrderingStore}. */
export interface RedisOrderingStoreOptions {
  /** A connected node-redis or ioredis client; the store never connects or quits it. */
  client: RedisDedupeClient;
  /** Prefix of the keys (default `clinic-scheduling:appointment-state:`). */
  prefix?: string | undefined;
  /**
   * How long a state is kept after its last write, in ms (default 30 days): an event of an
   * appointment untouched for longer reads as `newer`. Keep it above `maxEventAgeMs`.
   */
  ttlMs?: number | undefined;
}

/** Compare-and-set in one round trip: `order|digest`, kept unless the held order is greater. */
const PUT_SCRIPT = `local v = redis.call('GET', KEYS[1])
if v then
  local held = string.sub(v, 1, string.find(v, '|', 1, true) - 1)
  if held > ARGV[1] then return 0 end
end
redis.call('SET', KEYS[1], ARGV[1] .. '|' .. ARGV[2], 'PX', ARGV[3])
return 1`;

/** An {@link OrderingStore} on Redis: one key per appointment; `put` is an atomic script. */
export class RedisOrderingStore implements OrderingStore {
  readonly #send: (args: string[]) => Promise<unknown>;
  readonly #prefix: string;
  readonly #ttlMs: number;

  /** @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} for a client without `call` nor `sendCommand`, or a bad `ttlMs`. */
  constructor(options: RedisOrderingStoreOptions) {
    const { client } = options ?? ({} as Partial<RedisOrderingStoreOptions>);
    this.#send = redisSender(client, 'RedisOrderingStore');
    this.#prefix = options.prefix ?? 'clinic-scheduling:appointment-state:';
    this.#ttlMs = options.ttlMs ?? 30 * 24 * 60 * 60_000;
    if (!(Number.isInteger(this.#ttlMs) && this.#ttlMs > 0)) {
      throw new ConfigurationError('RedisOrderingStore: ttlMs must be a positive integer of ms.');
    }
  }

  /** {@inheritDoc OrderingStore.get} */
  async get(appointmentId: string): Promise<NewestState | undefined> {
    const value = await this.#send(['GET', this.#prefix + appointmentId]);
    if (typeof value !== 'string') return undefined;
    const bar = value.indexOf('|');
    return { order: value.slice(0, bar), digest: value.slice(bar + 1) };
  }

  /** {@inheritDoc OrderingStore.put} */
  async put(appointmentId: string, state: NewestState): Promise<void> {
    await this.#send([
      'EVAL',
      PUT_SCRIPT,
      '1',
      this.#prefix + appointmentId,
      state.order,
      state.digest,
      String(this.#ttlMs),
    ]);
  }
}
