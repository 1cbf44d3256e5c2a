/**
 * Shared fixtures of the client tests: one MSW server and base URL for every file
 * ({@link useServer}), a key whose secret the secrecy tests hunt for, the wire objects of
 * test/fixtures.ts, a client factory, a capturing logger, and `settle`, which drives vitest's
 * fake timers until a call settles (no test ever really sleeps).
 */
import { inspect } from 'node:util';
import { HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import {
  type ClientOptions,
  ClinicClient,
  ConfigurationError,
  type LogFields,
  type Logger,
} from '../../src/index.ts';

import { roomWire } from '../fixtures.ts';

export {
  APPOINTMENT_ID,
  appointmentWire,
  createBody,
  patientWire,
  roomWire,
} from '../fixtures.ts';

import { API_PREFIX } from '../../src/internal/wire.ts';

export const BASE_URL = 'https://clinic.test';
export const API = `${BASE_URL}${API_PREFIX}`;

/**
 * The secret part of the test key: no output of the SDK may ever contain it. It holds every
 * character the key format allows beyond \w (`+`, `/`, `=` and `-`), so that its URL-encoded
 * and JSON-escaped forms differ from it.
 */
export const SECRET = 'Zq8+sEc/ReT=vAl-Ue0123456789xyzW';
/** A key in the spec's format `<key_prefix>_live_<key_id>.<secret>`. */
export const API_KEY = `clk_live_k7Fq2.${SECRET}`;

/**
 * The MSW server of this test file, listening from the first test to the last; after each test
 * its handlers and event listeners are reset. Call once, at the top of a file.
 */
export function useServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterAll(() => server.close());
  afterEach(() => {
    server.resetHandlers();
    server.events.removeAllListeners();
  });
  return server;
}

/**
 * No test of this file depends on the machine running it or on the test before it: the client's
 * environment variables unset before each test; stubs, spies and the real clock restored after
 * it. Call once, at the top of a file.
 */
export function isolateEachTest(): void {
  beforeEach(() => {
    vi.stubEnv('CLINIC_API_KEY', undefined);
    vi.stubEnv('CLINIC_BASE_URL', undefined);
    vi.stubEnv('CLINIC_LOG', undefined);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}

/** Every request that reaches `server`, as `METHOD pathname+search`. */
export function recordRequests(server: SetupServer): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** The rejection of `promise` on the real clock; fails the test when it resolves. */
export async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but it resolved');
}

/**
 * Drives a call on vitest's fake clock: lets the I/O of MSW run, then jumps to the next timer,
 * until the call settles. Returns its rejection (fails when it resolves).
 */
export async function rejectionOnFakeClock(promise: PromiseLike<unknown>): Promise<unknown> {
  let outcome: { error: unknown } | { value: unknown } | undefined;
  Promise.resolve(promise).then(
    (value) => {
      outcome = { value };
    },
    (error: unknown) => {
      outcome = { error };
    },
  );
  for (let jumps = 0; jumps < 50; jumps++) {
    await flush();
    if (outcome) break;
    await vi.advanceTimersToNextTimerAsync();
  }
  if (!outcome) throw new Error('the call did not settle');
  if ('value' in outcome) throw new Error('expected a rejection, but it resolved');
  return outcome.error;
}

/** A client on the test base URL that logs nothing unless told. */
export function makeClient(options: ClientOptions = {}): ClinicClient {
  return new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, logLevel: 'off', ...options });
}

/**
 * A logger that keeps every line: `lines` with its fields rendered by `util.inspect` (what a
 * console shows, for the secrecy checks), `messages` without them, `fields` the fields alone.
 */
export function captureLogger(): {
  logger: Logger;
  lines: string[];
  messages: string[];
  fields: LogFields[];
} {
  const lines: string[] = [];
  const messages: string[] = [];
  const fields: LogFields[] = [];
  const record =
    (level: string) =>
    (message: string, ...rest: unknown[]) => {
      lines.push([`${level}: ${message}`, ...rest.map((r) => inspect(r, { depth: 10 }))].join(' '));
      messages.push(`${level}: ${message}`);
      fields.push(rest[0] as LogFields);
    };
  return {
    lines,
    messages,
    fields,
    logger: {
      error: record('error'),
      warn: record('warn'),
      info: record('info'),
      debug: record('debug'),
    },
  };
}

/**
 * Fakes the clock (`setTimeout`, `setInterval`, `Date`) but not `setImmediate`: undici (under
 * MSW) finishes each response with a `setImmediate`, which a fake clock would run 1 ms late and
 * so shift every measured gap by 1 ms.
 */
export function useFakeClock(): void {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Lets the in-process I/O of MSW and undici run (a few real event-loop turns) and then the
 * microtasks and zero-delay timers, without moving the fake clock.
 */
export async function flush(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(0);
  }
}

/**
 * Advances the fake clock in steps of `stepMs` (flushing I/O before each) until `promise`
 * settles, and returns its outcome. Fails the test (instead of hanging) when it does not settle
 * within `maxMs` of fake time. A measured wait may therefore come out up to one step long.
 */
export async function settle<T>(
  promise: PromiseLike<T>,
  { stepMs = 250, maxMs = 30 * 60_000 } = {},
): Promise<Settled<T>> {
  let outcome: Settled<T> | undefined;
  const tracked = Promise.resolve(promise).then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  await flush();
  for (let elapsed = 0; outcome === undefined && elapsed <= maxMs; elapsed += stepMs) {
    await vi.advanceTimersByTimeAsync(stepMs);
    await flush(2);
  }
  if (outcome === undefined) throw new Error(`the call did not settle within ${maxMs} ms`);
  await tracked;
  return outcome;
}

/** The error a settled call rejected with; fails the test when it resolved. */
export async function settleError(promise: PromiseLike<unknown>): Promise<unknown> {
  const outcome = await settle(promise);
  if (outcome.ok) throw new Error('expected the call to reject, but it resolved');
  return outcome.error;
}

/** A JSON answer with a status and headers. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status, headers });
}

/**
 * Checks that `cause` is the SDK's copy of `thrown` (what a custom `fetch` threw): a plain
 * `Error`, never the thrown value, holding its name and message (a primitive's text) and
 * nothing else than `code`.
 */
export function expectCopyOf(cause: unknown, thrown: unknown): void {
  expect(cause).not.toBe(thrown);
  expect(Object.getPrototypeOf(cause)).toBe(Error.prototype);
  const copy = cause as Error;
  const source = (typeof thrown === 'object' && thrown !== null ? thrown : {}) as Error;
  const message = typeof source.message === 'string' ? source.message : String(thrown);
  expect(copy.message).toBe(typeof thrown === 'object' ? message : String(thrown));
  expect(copy.name).toBe(typeof source.name === 'string' ? source.name : 'Error');
  expect(Object.keys(copy).filter((key) => key !== 'name' && key !== 'code')).toEqual([]);
}

/** Records the headers of every request to GET /rooms/2 through `server`. */
export function recordRooms(server: SetupServer, base = API): Headers[] {
  const seen: Headers[] = [];
  server.use(
    http.get(`${base}/rooms/2`, ({ request }) => {
      seen.push(request.headers);
      return json(roomWire());
    }),
  );
  return seen;
}

/** The `ConfigurationError` a `new ClinicClient(options)` throws; fails when it throws none. */
export function configError(options: Record<string, unknown>): ConfigurationError {
  try {
    new ClinicClient(options);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}
