/**
 * A real `redis-server` for the tests of `RedisDedupeStore`, on a free loopback port, that a
 * test can kill (SIGKILL) and restart on the same port and data directory.
 *
 * Without `redis-server` on the PATH, the Redis suites are skipped with one line that says how
 * to run them, except under CI (`CI` set and not `false`), where its absence fails the run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from './ports.ts';

/** A running `redis-server`. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL: no shutdown, no last save), and waits for its exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory (after `kill`). */
  restart(): Promise<void>;
  /** Stops the server, waits for its exit, and removes its data directory. */
  stop(): Promise<void>;
}

export const INSTALL_HINT =
  'redis-server is not installed, and the RedisDedupeStore tests need a real one. ' +
  'Install it with: apt-get update && apt-get install -y redis-server';

/** What to do with the Redis suites: run them, skip them (with a line), or fail (CI). */
export type RedisSuiteMode = 'run' | 'skip' | 'fail';

/**
 * Decides from whether `redis-server` is installed and from the environment: a missing server
 * skips the suites on a developer's machine and fails them under CI.
 */
export function redisSuiteMode(installed: boolean, env: NodeJS.ProcessEnv): RedisSuiteMode {
  if (installed) return 'run';
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false'
    ? 'fail'
    : 'skip';
}

/** The line printed when the suites are skipped. */
export function skipLine(suite: string): string {
  return (
    `[redis] SKIPPED "${suite}": redis-server is not installed. To run it: ` +
    'apt-get update && apt-get install -y redis-server (with CI=true its absence fails the run).'
  );
}

let installed: boolean | undefined;
function redisServerInstalled(): boolean {
  installed ??= !spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).error;
  return installed;
}

/**
 * `describe` for a suite that needs `redis-server`: runs it when installed; else, under CI, a
 * failing test with the install command; else skips it with one line on the console.
 */
export function describeWithRedis(name: string, suite: () => void): void {
  const mode = redisSuiteMode(redisServerInstalled(), process.env);
  if (mode === 'run') return void describe(name, suite);
  if (mode === 'fail') {
    return void describe(name, () => {
      it('needs redis-server (CI is set, so its absence is a failure)', () => {
        throw new Error(INSTALL_HINT);
      });
    });
  }
  console.warn(skipLine(name));
  describe.skip(name, suite);
}

function waitUntilReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) done();
    };
    child.stdout?.on('data', onData);
    child.once('error', (error: NodeJS.ErrnoException) => {
      done(error.code === 'ENOENT' ? new Error(INSTALL_HINT) : error);
    });
    child.once('exit', (code) => done(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/** Options of {@link startRedisServer}. */
export interface RedisServerOptions {
  /**
   * Persist every write before answering it (append-only file, `appendfsync always`) in a
   * fresh data directory (on /dev/shm when there is one), so that a killed server restarts with
   * every write it acknowledged. Default false: nothing persisted.
   */
  durable?: boolean;
}

/**
 * Starts `redis-server` on a free port of 127.0.0.1.
 *
 * @throws Error telling to `apt-get install -y redis-server` when it is not installed.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
  const dir = options.durable
    ? mkdtempSync(join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), 'redis-test-'))
    : undefined;
  const persistence = dir
    ? ['--dir', dir, '--appendonly', 'yes', '--appendfsync', 'always', '--save', '']
    : ['--save', '', '--appendonly', 'no'];
  const launch = async (port: number) => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', ...persistence],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await waitUntilReady(child, 10_000);
    child.stdout?.resume();
    child.stderr?.resume();
    return child;
  };
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    let child: ChildProcess;
    try {
      child = await launch(port);
    } catch (error) {
      // Another process may have taken the port between freePort() and the spawn: try again.
      if (attempt < 3 && (error as Error).message !== INSTALL_HINT) continue;
      throw error;
    }
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      kill: () => exited(child, 'SIGKILL'),
      restart: async () => {
        child = await launch(port);
      },
      stop: async () => {
        await exited(child, 'SIGTERM');
        if (dir) rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

const connectNodeRedis = (url: string) => createClient({ url }).connect();

/** A server and a client of each library, as {@link useRedisClients} gives them. */
export interface RedisClients {
  server: RedisServer;
  nodeRedis: Awaited<ReturnType<typeof connectNodeRedis>>;
  ioredis: Redis;
}

/**
 * Registers `beforeAll` and `afterAll` hooks of the current suite: a throwaway redis-server and a
 * connected node-redis and ioredis client; call the result inside a test for them.
 */
export function useRedisClients(): () => RedisClients {
  let clients: RedisClients | undefined;
  beforeAll(async () => {
    const server = await startRedisServer();
    const nodeRedis = await connectNodeRedis(server.url);
    const ioredis = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await ioredis.connect();
    clients = { server, nodeRedis, ioredis };
  });
  afterAll(async () => {
    await clients?.nodeRedis.quit();
    await clients?.ioredis.quit();
    await clients?.server.stop();
  });
  return () => {
    if (!clients) throw new Error('useRedisClients: the servers start in beforeAll');
    return clients;
  };
}
