/**
 * ky configured once (issue 40, item 2): the retry policy a request runs by is the client's
 * instance's, made at construction, unless the call asks for another limit; a call at the
 * client's limit passes ky no `retry` of its own for the instance's policy, and a call at another
 * limit is sent by it.
 */
import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/core/logger.ts';
import type { ClinicClient } from '../../src/index.ts';
import { type PathConfig, RequestPath } from '../../src/internal/request.ts';
import { API_KEY, json, makeClient, rejection } from '../client/helpers.ts';

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

  it.each([
    [
      'a safe request (GET, 503s)',
      503,
      (c: ClinicClient) => c.rooms.retrieve(2, { maxRetries: 3 }),
    ],
    [
      'a rate-limit-only request (POST, 429s)',
      429,
      (c: ClinicClient) =>
        c.patients.create({ name: 'Ana Souza', phone: '+5511999990000' }, { maxRetries: 3 }),
    ],
  ])('at another limit, %s is sent by that limit', async (_, status, call) => {
    let sent = 0;
    const fetch = (async () => {
      sent++;
      return json({ detail: 'again' }, status, { 'retry-after': '0' });
    }) as typeof globalThis.fetch;
    await rejection(call(makeClient({ fetch, maxRetries: 1 })));
    expect(sent).toBe(4);
  });
});
