/**
 * A real PostgreSQL server for the tests of `PostgresDedupeStore`: a throwaway cluster
 * (`initdb`) in a temporary directory, on a free loopback port, that a test can kill (SIGKILL
 * of the postmaster and every backend) and restart on the same port and data directory.
 *
 * The binaries come from `pg_config --bindir`, else /usr/lib/postgresql/<newest>/bin. initdb
 * refuses to run as root: as root, the cluster runs as the `postgres` system user (the Debian
 * package creates it) through `runuser`.
 *
 * Without PostgreSQL, the suites are skipped with one line that says how to install it,
 * except under CI (`CI` set and not `false`), where its absence fails the run.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { freePort } from './ports.ts';
import { redisSuiteMode } from './redis.ts';

/** A running PostgreSQL cluster. */
export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, loopback only). */
  url: string;
  port: number;
  /** Kills the postmaster and its backends at once (SIGKILL), and waits for their exit. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data directory (crash recovery from the WAL). */
  restart(): Promise<void>;
  /** Stops the server, waits for its exit, and removes its data directory. */
  stop(): Promise<void>;
}

export const INSTALL_HINT =
  'PostgreSQL is not installed, and the PostgresDedupeStore tests need a real one. ' +
  'Install it with: apt-get update && apt-get install -y postgresql';

/** The directory of `initdb` and `postgres`, or undefined when PostgreSQL is not installed. */
export function postgresBinDir(): string | undefined {
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates: string[] = [];
  if (!configured.error && configured.status === 0) candidates.push(configured.stdout.trim());
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(root, version, 'bin')));
  }
  return candidates.find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')),
  );
}

/** The line printed when the suites are skipped. */
export function skipLine(suite: string): string {
  return (
    `[postgres] SKIPPED "${suite}": PostgreSQL is not installed. To run it: ` +
    'apt-get update && apt-get install -y postgresql (with CI=true its absence fails the run).'
  );
}

/**
 * `describe` for a suite that needs PostgreSQL: runs it when installed; else, under CI, a
 * failing test with the install command; else skips it with one line on the console.
 */
export function describeWithPostgres(name: string, suite: () => void): void {
  const mode = redisSuiteMode(postgresBinDir() !== undefined, process.env);
  if (mode === 'run') return void describe(name, suite);
  if (mode === 'fail') {
    return void describe(name, () => {
      it('needs PostgreSQL (CI is set, so its absence is a failure)', () => {
        throw new Error(INSTALL_HINT);
      });
    });
  }
  console.warn(skipLine(name));
  describe.skip(name, suite);
}

/** The uid and gid of the `postgres` user, when this process is root (initdb refuses root). */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error(
      'The tests run as root and initdb refuses root, but there is no postgres user to run ' +
        'PostgreSQL as: install the Debian package (apt-get install -y postgresql), which creates it.',
    );
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function command(user: ReturnType<typeof runAs>, bin: string, args: string[]): [string, string[]] {
  return user ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
}

function waitUntilReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`postgres did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      if (error) reject(error);
      else resolve();
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) done();
    };
    child.stderr?.on('data', onData);
    child.once('error', done);
    child.once('exit', (code) => done(new Error(`postgres exited with ${code}:\n${output}`)));
  });
}

/** SIGKILL to the whole process group: the postmaster and every backend it forked. */
function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function exited(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    killGroup(child, signal);
  });
}

/** Options of {@link startPostgresServer}. */
export interface PostgresServerOptions {
  /**
   * Durable as a queue or store of acknowledged events must be: fsync on and
   * `synchronous_commit` on (a commit is on disk before it is confirmed). Default false: fsync
   * off, which a killed process survives (the OS keeps the writes) but a machine crash would not.
   */
  durable?: boolean;
  /** `max_connections` (default 50). */
  maxConnections?: number;
}

/**
 * Initialises a cluster in a fresh temporary directory and starts it on a free port of
 * 127.0.0.1 (its unix socket in the same directory).
 *
 * @throws Error telling to `apt-get install -y postgresql` when it is not installed.
 */
export async function startPostgresServer(
  options: PostgresServerOptions = {},
): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(INSTALL_HINT);
  const user = runAs();
  const dir = mkdtempSync(join(process.platform === 'linux' ? '/dev/shm' : tmpdir(), 'pg-test-'));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, 'data');
  const [initdb, initArgs] = command(user, join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
    '--encoding=UTF8',
  ]);
  const init = spawnSync(initdb, initArgs, { encoding: 'utf8', timeout: 60_000 });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}):\n${init.stdout}\n${init.stderr}`);
  }
  const launch = async (port: number) => {
    // fsync off unless durable: a killed process loses nothing the OS has (a machine crash would).
    const [cmd, args] = command(user, join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      options.durable ? 'fsync=on' : 'fsync=off',
      '-c',
      'synchronous_commit=on',
      '-c',
      `max_connections=${options.maxConnections ?? 50}`,
      '-c',
      'shared_buffers=16MB',
    ]);
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    await waitUntilReady(child, 30_000);
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
      // Another process may have taken the port between freePort() and the start: try again.
      if (attempt < 3) continue;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      kill: () => exited(child, 'SIGKILL'),
      restart: async () => {
        // The killed postmaster may linger a moment as a zombie, holding its lock file.
        for (let tries = 1; ; tries++) {
          try {
            child = await launch(port);
            return;
          } catch (error) {
            if (tries >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      },
      stop: async () => {
        await exited(child, 'SIGTERM');
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
}

/**
 * Registers `beforeAll` and `afterAll` hooks of the current suite: a throwaway PostgreSQL and a
 * `pg` pool on it, `setUp` run once (tables); call the result inside a test for them.
 */
export function usePostgresPool(
  setUp: (pool: pg.Pool) => Promise<unknown> = async () => {},
): () => { server: PostgresServer; pool: pg.Pool } {
  let held: { server: PostgresServer; pool: pg.Pool } | undefined;
  beforeAll(async () => {
    const server = await startPostgresServer();
    const pool = new pg.Pool({ connectionString: server.url, max: 10 });
    pool.on('error', () => {});
    held = { server, pool };
    await setUp(pool);
  }, 60_000);
  afterAll(async () => {
    await held?.pool.end();
    await held?.server.stop();
  });
  return () => {
    if (!held) throw new Error('usePostgresPool: the server starts in beforeAll');
    return held;
  };
}
