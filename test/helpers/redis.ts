/**
 * Starts a real `redis-server` on a free loopback port for the tests of `RedisDedupeStore`.
 * Nothing is persisted; the server is stopped by `stop()`. When `redis-server` is not installed
 * the tests fail (never skip) with the command that installs it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A running `redis-server`. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  port: number;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

const INSTALL_HINT =
  'redis-server is not installed, and the RedisDedupeStore tests need a real one. ' +
  'Install it with: apt-get update && apt-get install -y redis-server';

/** A TCP port on 127.0.0.1 that nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port was assigned');
  return address.port;
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

/**
 * Starts `redis-server` on a free port of 127.0.0.1, without persistence.
 *
 * @throws Error telling to `apt-get install -y redis-server` when it is not installed.
 */
export async function startRedisServer(): Promise<RedisServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await waitUntilReady(child, 10_000);
    } catch (error) {
      // Another process may have taken the port between freePort() and the spawn: try again.
      if (attempt < 3 && !(error as Error).message.startsWith('redis-server is not installed')) {
        continue;
      }
      throw error;
    }
    child.stdout?.resume();
    child.stderr?.resume();
    return {
      url: `redis://127.0.0.1:${port}`,
      port,
      stop: () =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  }
}
