/** One way to send a command over the node-redis or ioredis client a store is given. @module */
import { ConfigurationError } from '../../core/errors/index.ts';

/** The part of a node-redis (v4 and later) client that the stores use: `sendCommand`. */
export interface NodeRedisCommandClient {
  /** Sends one command, such as `['GET', 'key']`. */
  sendCommand(args: string[]): Promise<unknown>;
}

/** The part of an ioredis (v5 and later) client that the stores use: `call`. */
export interface IoRedisCommandClient {
  /** Sends one command, such as `call('GET', 'key')`. */
  call(command: string, ...args: string[]): Promise<unknown>;
}

/** A node-redis (`createClient()`) or ioredis (`new Redis()`) client; commands touch one key. */
export type RedisDedupeClient = NodeRedisCommandClient | IoRedisCommandClient;

/** `send(['GET', key])` over either client; a `ConfigurationError` naming `store` for anything else. */
export function redisSender(client: unknown, store: string): (args: string[]) => Promise<unknown> {
  // ioredis has a `sendCommand` too, taking a Command object: look for `call` first.
  if (client && typeof (client as IoRedisCommandClient).call === 'function') {
    const io = client as IoRedisCommandClient;
    return ([command, ...args]) => io.call(command as string, ...args);
  }
  if (client && typeof (client as NodeRedisCommandClient).sendCommand === 'function') {
    const node = client as NodeRedisCommandClient;
    return (args) => node.sendCommand(args);
  }
  throw new ConfigurationError(
    `${store} needs a connected node-redis client (createClient from "redis") or an ` +
      'ioredis client (new Redis() from "ioredis") as { client }.',
  );
}
