/** Log levels and redaction (core/logger.ts); `checkNumber`, `readEnv` (internal/utils.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLogLevel, type Logger, levelLogger } from '../../src/core/logger.ts';
import { ConfigurationError } from '../../src/index.ts';
import { checkNumber, isJsonContentType, readEnv, runtimeName } from '../../src/internal/utils.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

function spyLogger(): Logger & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    error: (m) => calls.push(`error ${m}`),
    warn: (m) => calls.push(`warn ${m}`),
    info: (m) => calls.push(`info ${m}`),
    debug: (m) => calls.push(`debug ${m}`),
  };
}

describe('levelLogger', () => {
  it.each([
    ['off', []],
    ['error', ['error']],
    ['warn', ['error', 'warn']],
    ['info', ['error', 'warn', 'info']],
    ['debug', ['error', 'warn', 'info', 'debug']],
  ] as const)('%s passes on %o', (level, passed) => {
    const target = spyLogger();
    const logger = levelLogger(target, level);
    logger.error('e');
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    expect(target.calls.map((c) => c.split(' ')[0])).toEqual(passed);
  });

  it('isLogLevel accepts only the five levels', () => {
    for (const l of ['off', 'error', 'warn', 'info', 'debug']) expect(isLogLevel(l)).toBe(true);
    for (const l of ['trace', 'WARN', '', 'toString', undefined, 3])
      expect(isLogLevel(l)).toBe(false);
  });
});

describe('checkNumber', () => {
  it.each([
    [1, 1, 10, false],
    [10, 1, 10, false],
    [2.5, 1, 10, false],
    [0, 0, 10, true],
    [2.5, 1, 10, undefined],
  ])('%d in [%d, %d] is accepted', (value, min, max, integer) => {
    expect(checkNumber('n', value, min, max, integer)).toBe(value);
  });

  it.each([
    [0, 1, 10, false],
    [11, 1, 10, false],
    [1.5, 0, 10, true],
    [Number.NaN, 0, 10, false],
    [Number.NaN, 0, 10, undefined],
    [Number.POSITIVE_INFINITY, 0, 10, false],
    ['3', 0, 10, false],
  ])('%o in [%d, %d] is a ConfigurationError naming the option', (value, min, max, integer) => {
    expect(() => checkNumber('timeout', value, min, max, integer)).toThrow(ConfigurationError);
    expect(() => checkNumber('timeout', value, min, max, integer)).toThrow(/^timeout must be/);
  });
});

describe('readEnv and runtimeName', () => {
  it('reads a set variable; empty and unset are undefined', () => {
    vi.stubEnv('CLINIC_TEST_VAR', 'x');
    expect(readEnv('CLINIC_TEST_VAR')).toBe('x');
    vi.stubEnv('CLINIC_TEST_VAR', '');
    expect(readEnv('CLINIC_TEST_VAR')).toBeUndefined();
    vi.stubEnv('CLINIC_TEST_VAR', undefined);
    expect(readEnv('CLINIC_TEST_VAR')).toBeUndefined();
  });

  it('names node and its version', () => {
    expect(runtimeName()).toBe(`node/${process.versions.node}`);
  });
});

/** Runs `read` with `globalThis.process` replaced by `stand` (synchronously, then restored). */
function withProcess<T>(stand: unknown, read: () => T): T {
  const real = Object.getOwnPropertyDescriptor(globalThis, 'process')!;
  Object.defineProperty(globalThis, 'process', { configurable: true, value: stand });
  try {
    return read();
  } finally {
    Object.defineProperty(globalThis, 'process', real);
  }
}

describe('readEnv and runtimeName in other runtimes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('Bun and Deno are named by their own versions', () => {
    vi.stubGlobal('Bun', { version: '1.2.3' });
    expect(runtimeName()).toBe('bun/1.2.3');
    vi.unstubAllGlobals();
    vi.stubGlobal('Deno', { version: { deno: '2.1.0' } });
    expect(runtimeName()).toBe('deno/2.1.0');
  });

  it('a Deno global without a version, or a process without versions, is no runtime named', () => {
    vi.stubGlobal('Deno', { env: {} });
    expect(runtimeName()).toBe(`node/${process.versions.node}`);
    expect(withProcess({}, runtimeName)).toBe('unknown-runtime');
    expect(withProcess(undefined, runtimeName)).toBe('unknown-runtime');
  });

  it('without process.env, Deno.env is read', () => {
    vi.stubGlobal('Deno', { env: { get: (name: string) => `deno:${name}` } });
    expect(withProcess({}, () => readEnv('CLINIC_TEST_VAR'))).toBe('deno:CLINIC_TEST_VAR');
    expect(withProcess(undefined, () => readEnv('CLINIC_TEST_VAR'))).toBe('deno:CLINIC_TEST_VAR');
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['Application/JSON; charset=utf-8', true],
    ['application/problem+json;charset=utf-8', true],
    ['application/json ; charset=utf-8', true],
    [' application/json', true],
    ['text/json', false],
    ['xapplication/problem+json', false],
    ['application/problem+jsonx', false],
  ])('%s: %s', (value, json) => {
    expect(isJsonContentType(value)).toBe(json);
  });
});
