/** Log levels and redaction (core/logger.ts); `checkNumber`, `readEnv` (internal/utils.ts). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLogLevel, type Logger, levelLogger, redactHeaders } from '../../src/core/logger.ts';
import { ConfigurationError } from '../../src/index.ts';
import { checkNumber, readEnv, runtimeName } from '../../src/internal/utils.ts';

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

describe('redactHeaders', () => {
  it('masks Authorization, Proxy-Authorization and cookies in any case, keeps the rest', () => {
    expect(
      redactHeaders({
        Authorization: 'Bearer k_live_a.b',
        'proxy-authorization': 'Basic x',
        Cookie: 'a=b',
        'set-cookie': 'c=d',
        accept: 'application/json',
        'idempotency-key': 'k1',
      }),
    ).toEqual({
      Authorization: '***',
      'proxy-authorization': '***',
      Cookie: '***',
      'set-cookie': '***',
      accept: 'application/json',
      'idempotency-key': 'k1',
    });
  });
});

describe('checkNumber', () => {
  it.each([
    [1, 1, 10, false],
    [10, 1, 10, false],
    [2.5, 1, 10, false],
    [0, 0, 10, true],
  ])('%d in [%d, %d] is accepted', (value, min, max, integer) => {
    expect(checkNumber('n', value, min, max, integer)).toBe(value);
  });

  it.each([
    [0, 1, 10, false],
    [11, 1, 10, false],
    [1.5, 0, 10, true],
    [Number.NaN, 0, 10, false],
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
