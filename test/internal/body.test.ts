/**
 * Pins of how a failure while the body is read is classed (issue 11, item 0), through
 * `ClinicClient` and a custom `fetch`: a `TypeError` (what undici rejects with when a
 * connection drops mid-body, also from another realm) is a connection error, retried under the
 * policy; any other error rejects as a plain ClinicError (its cause), never retried.
 */
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  ClinicClient,
  ClinicError,
  type Logger,
} from '../../src/index.ts';
import { captureLogger, expectCopyOf } from '../client/helpers.ts';

const KEY = 'csk_live_bodyread.0123456789abcdef';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A body that sends a few bytes and then fails with `error`. */
function failingBody(error: unknown) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      controller.enqueue(new TextEncoder().encode('{"id": 2,'));
      controller.error(error);
    },
  });
}

/** A fetch whose first answers' bodies fail with the given errors, then a whole room. */
function flakyBodies(errors: unknown[]) {
  const calls: string[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push(`${init.method} ${url}`);
    const error = errors[calls.length - 1];
    if (calls.length <= errors.length) {
      return new Response(failingBody(error), { headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify({ id: 2, name: 'Sala 2' }), {
      status: 201,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(fetch: typeof globalThis.fetch, maxRetries = 2, logger?: Logger) {
  return new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    logLevel: logger ? 'info' : 'off',
    ...(logger ? { logger } : {}),
    maxRetries,
    fetch,
  });
}

/** The message of the APIConnectionError a GET of room 2 ends with when its fetch rejects so. */
async function messageFor(thrown: unknown): Promise<string> {
  const fetch = (async () => {
    throw thrown;
  }) as unknown as typeof globalThis.fetch;
  const outcome = await drive(client(fetch, 0).rooms.retrieve(2));
  const error = (outcome as { error: unknown }).error;
  expect(error).toBeInstanceOf(APIConnectionError);
  return (error as Error).message;
}

async function drive<T>(promise: Promise<T>) {
  let outcome: { ok: true; value: T } | { ok: false; error: unknown } | undefined;
  promise.then(
    (value) => {
      outcome = { ok: true, value };
    },
    (error: unknown) => {
      outcome = { ok: false, error };
    },
  );
  for (let t = 0; outcome === undefined && t <= 60_000; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
  }
  if (outcome === undefined) throw new Error('did not settle');
  return outcome;
}

describe('a TypeError while the body is read', () => {
  it('is a connection error that a safe call retries, after a backoff', async () => {
    const { fetch, calls } = flakyBodies([new TypeError('terminated')]);
    const started = Date.now();
    const outcome = await drive(client(fetch).rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: { id: 2, name: 'Sala 2' } });
    expect(calls).toEqual([
      'GET https://clinic.test/api/public/v1/rooms/2',
      'GET https://clinic.test/api/public/v1/rooms/2',
    ]);
    // The first retry waits 0.5 s less up to 25 % jitter.
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(Date.now() - started).toBeLessThanOrEqual(700);
  });

  it("once the retries are spent, rejects with APIConnectionError holding the SDK's copy of it as cause", async () => {
    const errors = [new TypeError('terminated'), new TypeError('terminated')];
    const { fetch, calls } = flakyBodies(errors);
    const outcome = await drive(client(fetch, 1).rooms.retrieve(2));
    expect(outcome.ok).toBe(false);
    const error = (outcome as { error: unknown }).error as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APIConnectionTimeoutError);
    expectCopyOf(error.cause, errors[1]);
    expect(error.message).toContain('GET /api/public/v1/rooms/2 was answered 200');
    expect(error.message).toContain('(terminated)');
    expect(calls).toHaveLength(2);
  });

  it('names the code of the cause when the message does not hold it', async () => {
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const { fetch } = flakyBodies([new TypeError('terminated', { cause: socket })]);
    const outcome = await drive(client(fetch, 0).rooms.retrieve(2));
    const error = (outcome as { error: unknown }).error as APIConnectionError;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error.message).toContain('(terminated: UND_ERR_SOCKET)');
  });

  it('is a connection error when it comes from another realm', async () => {
    const foreign = runInNewContext('new TypeError("terminated")') as Error;
    expect(foreign instanceof TypeError).toBe(false);
    const { fetch, calls } = flakyBodies([foreign]);
    const outcome = await drive(client(fetch).rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: { id: 2, name: 'Sala 2' } });
    expect(calls).toHaveLength(2);
  });

  it('is not retried on a call that may not be repeated (POST /patients)', async () => {
    const { fetch, calls } = flakyBodies([new TypeError('terminated')]);
    const outcome = await drive(
      client(fetch).patients.create({ name: 'Ana Souza', phone: '+5511999990000' }),
    );
    expect(outcome.ok).toBe(false);
    expect((outcome as { error: unknown }).error).toBeInstanceOf(APIConnectionError);
    expect(calls).toEqual(['POST https://clinic.test/api/public/v1/patients']);
  });
});

describe('any other error while the body is read', () => {
  it.each([
    ['a RangeError', new RangeError('bug')],
    ['an Error named like something else', Object.assign(new Error('x'), { name: 'SyntaxError' })],
    ['a non-error value', 'a string'],
    ['an object named TypeError that is no Error', { name: 'TypeError', message: 'x' }],
  ])(
    "rejects with a ClinicError whose cause is the SDK's copy of %s, without retrying",
    async (_, thrown) => {
      const { fetch, calls } = flakyBodies([thrown]);
      const outcome = await drive(client(fetch).rooms.retrieve(2));
      expect(outcome.ok).toBe(false);
      const error = (outcome as { error: ClinicError }).error;
      expect(error).toBeInstanceOf(ClinicError);
      expect(error).not.toBeInstanceOf(APIConnectionError);
      expectCopyOf(error.cause, thrown);
      expect(error.message).toMatch(
        /^GET \/api\/public\/v1\/rooms\/2 failed: the fetch in use threw /,
      );
      expect(calls).toHaveLength(1);
    },
  );
});

describe('the message and log lines of a connection error', () => {
  // The message without a detail, the call's own words (pinned in test/messages.test.ts): these
  // tests pin the detail the SDK adds in parentheses.
  let path = '';
  beforeEach(async () => {
    path = (await messageFor(new TypeError(''))).replace(/\.$/, '');
  });

  it('does not repeat a code the message already holds', async () => {
    const cause = Object.assign(new Error('x'), { code: 'ECONNREFUSED' });
    const thrown = new TypeError('connect ECONNREFUSED 127.0.0.1:1', { cause });
    expect(await messageFor(thrown)).toBe(`${path} (connect ECONNREFUSED 127.0.0.1:1).`);
  });

  it('has no parentheses when there is neither a message nor a code', async () => {
    const message = await messageFor(new TypeError(''));
    expect(message).toContain('GET /api/public/v1/rooms/2 failed');
    expect(message).not.toMatch(/[()]/);
  });

  it('gives the code alone when the message is empty', async () => {
    const thrown = Object.assign(new TypeError(''), { code: 'ECONNRESET' });
    expect(await messageFor(thrown)).toBe(`${path} (ECONNRESET).`);
  });

  it('skips an empty code for one further down the cause chain', async () => {
    const thrown = Object.assign(new TypeError('fetch failed'), {
      code: '',
      cause: { cause: { code: 'ENOTFOUND' } },
    });
    expect(await messageFor(thrown)).toBe(`${path} (fetch failed: ENOTFOUND).`);
  });

  it('a DOMException named NetworkError (read as ky reads its own): no cause member at all', async () => {
    const fetch = (async () => {
      throw new DOMException('network down', 'NetworkError');
    }) as unknown as typeof globalThis.fetch;
    const outcome = await drive(client(fetch, 0).rooms.retrieve(2));
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(Object.hasOwn(error as object, 'cause')).toBe(false);
  });

  it('names a code four causes down, not five', async () => {
    const chain = (depth: number): unknown =>
      depth === 0 ? { code: 'EAI_AGAIN' } : { cause: chain(depth - 1) };
    expect(await messageFor(new TypeError('fetch failed', { cause: chain(3) }))).toBe(
      `${path} (fetch failed: EAI_AGAIN).`,
    );
    expect(await messageFor(new TypeError('fetch failed', { cause: chain(4) }))).toBe(
      `${path} (fetch failed).`,
    );
  });

  it('a cause that is a string, null, or the error itself ends the search for a code', async () => {
    expect(await messageFor(new TypeError('fetch failed', { cause: 'socket hang up' }))).toBe(
      `${path} (fetch failed).`,
    );
    expect(await messageFor(new TypeError('fetch failed', { cause: null }))).toBe(
      `${path} (fetch failed).`,
    );
    const looped = new TypeError('fetch failed');
    Object.assign(looped, { cause: looped });
    expect(await messageFor(looped)).toBe(`${path} (fetch failed).`);
  });

  it('a URL in the message keeps its origin and path: no credentials, with or without a query', async () => {
    expect(
      await messageFor(new TypeError('fetch to https://user:pw@clinic.test/api/x failed')),
    ).toBe(`${path} (fetch to https://clinic.test/api/x failed).`);
    expect(
      await messageFor(new TypeError('fetch to https://user:pw@clinic.test/api/x?cpf=1 failed')),
    ).toBe(`${path} (fetch to https://clinic.test/api/x failed).`);
  });

  it('logs an info line per retry, numbered from 1, and one error line for the failed call', async () => {
    const { messages: lines, logger } = captureLogger();
    const { fetch } = flakyBodies([new TypeError('terminated'), new TypeError('terminated')]);
    const outcome = await drive(client(fetch, 1, logger).rooms.retrieve(2));
    expect(outcome.ok).toBe(false);
    // One retry line, then the failed call's error line; both name the path template only.
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^info: clinic-scheduling: GET \/api\/public\/v1\/rooms\/\{id\} failed \(APIConnectionError\); retry 1 of 1, after \d+ ms\.$/,
    );
    expect(lines[1]).toMatch(
      /^error: clinic-scheduling: GET \/api\/public\/v1\/rooms\/\{id\} failed: APIConnectionError/,
    );
  });
});
