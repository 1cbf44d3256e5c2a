/**
 * ky configured once (issue 40, item 2): the retry policy a request runs by is the client's
 * instance's, made at construction, unless the call asks for another limit; a call at the
 * client's limit passes ky no `retry` of its own for the instance's policy.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/core/logger.ts';
import { type PathConfig, RequestPath } from '../../src/internal/request.ts';
import { API_KEY } from '../client/helpers.ts';

const quiet: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function path(maxRetries: number): RequestPath {
  const config: PathConfig = {
    baseUrl: 'https://clinic.test',
    timeout: 10_000,
    maxRetries,
    maxResponseBytes: 1 << 20,
    fetch: undefined,
    headers: undefined,
    logger: quiet,
    info: false,
    debug: false,
    userAgent: 'clinic-scheduling-sdk/test',
    hooks: undefined,
    openTelemetry: undefined,
    propagateBaggage: undefined,
    validateResponses: undefined,
    onDrift: undefined,
  };
  return new RequestPath(API_KEY, config);
}

describe("a request's retry options", () => {
  it("at the client's limit, a safe request passes none: the instance's are its own", () => {
    expect(path(2).retryFor('safe', 2)).toBeUndefined();
  });

  it("at the client's limit, a rate-limit-only request passes the options made once", () => {
    const client = path(2);
    const first = client.retryFor('rate-limit-only', 2);
    expect(first).toBeDefined();
    expect(client.retryFor('rate-limit-only', 2)).toBe(first);
  });

  it.each([['safe'], ['rate-limit-only']] as const)(
    'at another limit, a %s request passes options of its own, made for it',
    (policy) => {
      const client = path(2);
      const own = client.retryFor(policy, 5);
      expect(own).toBeDefined();
      expect(own).not.toBe(client.retryFor(policy, 5));
    },
  );
});
