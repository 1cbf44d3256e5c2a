/**
 * examples/python/: the Python suites (standard library only) against the CLI as users run it
 * (dist/testing/cli.js, the `clinic-scheduling-mock` bin), configured only by environment
 * variables. Without python3 it is skipped with one line saying how to install it; under
 * CI=true its absence fails the run, as the Redis suites do.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { redisSuiteMode } from '../helpers/redis.ts';
import { assertBuilt, ROOT } from './run.ts';

const INSTALL = 'apt-get update && apt-get install -y python3';
const hasPython = !spawnSync('python3', ['--version'], { stdio: 'ignore' }).error;
// The same rule as the Redis suites: run when present, fail under CI, else skip.
const mode = redisSuiteMode(hasPython, process.env);

/** A random key in the spec's format, made for this run. */
const randomKey = () =>
  `py_live_${randomBytes(8).toString('hex')}.${randomBytes(16).toString('hex')}`;

function collect(child: ReturnType<typeof spawn>) {
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  child.stderr?.setEncoding('utf8').on('data', (c: string) => {
    out += c;
  });
  return () => out;
}

async function runSuite(): Promise<void> {
  assertBuilt();
  const apiKey = randomKey();
  const adminToken = randomBytes(12).toString('hex');
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('CLINIC_')),
  );
  const server = spawn(process.execPath, [`${ROOT}dist/testing/cli.js`], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      CLINIC_MOCK_PORT: '0',
      CLINIC_MOCK_JSON: '1',
      CLINIC_MOCK_API_KEY: apiKey,
      CLINIC_MOCK_ADMIN_TOKEN: adminToken,
      CLINIC_MOCK_ALLOW_HTTP_WEBHOOKS: '1',
    },
  });
  const serverOutput = collect(server);
  try {
    const deadline = Date.now() + 15_000;
    while (!serverOutput().includes('\n')) {
      if (server.exitCode !== null || Date.now() > deadline) {
        throw new Error(`the CLI did not start:\n${serverOutput()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const { baseUrl } = JSON.parse(serverOutput().split('\n')[0]!) as { baseUrl: string };
    const files = ['test_reference_server.py', 'test_settings.py'];
    const python = spawn('python3', ['-m', 'unittest', '-v', ...files], {
      cwd: `${ROOT}examples/python`,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        CLINIC_BASE_URL: baseUrl,
        CLINIC_API_KEY: apiKey,
        CLINIC_ADMIN_TOKEN: adminToken,
      },
    });
    const output = collect(python);
    const code = await new Promise<number | null>((resolve) => python.on('exit', resolve));
    expect(code, output()).toBe(0);
    expect(output()).toMatch(/Ran \d+ tests/);
    expect(output()).not.toMatch(/skipped/);
  } finally {
    server.kill('SIGKILL');
  }
}

describe('examples/python (python3, standard library only)', () => {
  if (mode === 'run') {
    it('passes against the CLI started from environment variables', runSuite, 60_000);
  } else if (mode === 'fail') {
    it('needs python3 (CI is set, so its absence is a failure)', () => {
      throw new Error(`python3 is not installed: ${INSTALL}`);
    });
  } else {
    console.warn(
      `[python] SKIPPED "examples/python": python3 is not installed. To run it: ${INSTALL}`,
    );
    it.skip('passes against the CLI started from environment variables', runSuite);
  }
});
