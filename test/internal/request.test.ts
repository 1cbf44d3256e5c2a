/**
 * The request path of issue 26: retry timing is ky's (the wait reported is the wait taken, and
 * a wait past the cap is refused at once whichever header asked it), no Idempotency-Key outside
 * `appointments.create`, no run of the key in an error or its causes, the byte bound of
 * `toArray`, and the standard fetch functions working unchanged.
 */
import { createServer } from 'node:http';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  ClinicClient,
  ClinicError,
  InternalServerError,
  RateLimitError,
} from '../../src/index.ts';
import { MAX_RETRY_AFTER_MS } from '../../src/internal/retry.ts';
import {
  API_KEY,
  APPOINTMENT_ID,
  json,
  makeClient,
  patientWire,
  rejection,
  roomWire,
  SECRET,
  settle,
  useFakeClock,
} from '../client/helpers.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A `fetch` answering each attempt with the next answer (the last one repeated). */
function scripted(answers: Array<() => Response | Error>): { fetch: typeof fetch; sent: number } {
  const state = { sent: 0, fetch: undefined as unknown as typeof fetch };
  state.fetch = async () => {
    const answer = answers[Math.min(state.sent++, answers.length - 1)]!();
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return state;
}

describe('retry timing has one home, ky (item 3)', () => {
  it.each([
    ['Retry-After', '2'],
    ['RateLimit-Reset', '2'],
    ['X-RateLimit-Reset', '2'],
  ])('%s: %s s — ky waits it and onRetry reports that wait', async (header, value) => {
    useFakeClock();
    const delays: number[] = [];
    const stub = scripted([() => json({}, 429, { [header]: value }), () => json(roomWire())]);
    const clinic = makeClient({
      fetch: stub.fetch,
      hooks: { onRetry: ({ delayMs }) => delays.push(delayMs) },
    });
    const outcome = await settle(clinic.rooms.retrieve(2), { stepMs: 100 });
    expect(outcome.ok).toBe(true);
    expect(stub.sent).toBe(2);
    // The wait measured on the fake clock, in steps of 100 ms.
    expect(delays).toHaveLength(1);
    expect(delays[0]).toBeGreaterThanOrEqual(2_000);
    expect(delays[0]).toBeLessThanOrEqual(2_100);
  });

  it.each([
    ['Retry-After', '120'],
    ['RateLimit-Reset', '120'],
    ['X-RateLimit-Reset', '120'],
  ])(
    '%s: %s s is past the cap: refused at once with retryAfterMs, never waited',
    async (header, value) => {
      useFakeClock();
      const stub = scripted([() => json({}, 429, { [header]: value })]);
      const outcome = await settle(makeClient({ fetch: stub.fetch }).rooms.retrieve(2), {
        stepMs: 1_000,
        maxMs: 5_000,
      });
      expect(outcome.ok).toBe(false);
      const error = (outcome as { error: RateLimitError }).error;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error.retryAfterMs).toBe(120_000);
      expect(error.retryAfterMs).toBeGreaterThan(MAX_RETRY_AFTER_MS);
      expect(stub.sent).toBe(1);
    },
  );
});

describe('the bugs of issue 26 (item 7)', () => {
  it.each([
    ['a 500', () => json({}, 500)],
    ['a network failure', () => new TypeError('fetch failed')],
  ])('a PATCH failing with %s carries no idempotencyKey', async (_name, answer) => {
    const stub = scripted([answer]);
    const error = await rejection(
      makeClient({ fetch: stub.fetch, maxRetries: 0 }).appointments.update(APPOINTMENT_ID, {
        note: 'x',
      }),
    );
    expect(error).toBeInstanceOf(
      answer() instanceof Error ? APIConnectionError : InternalServerError,
    );
    expect((error as ClinicError).idempotencyKey).toBeUndefined();
    expect(Object.hasOwn(error as object, 'idempotencyKey')).toBe(false);
  });
});

describe('no run of the key in what the SDK reports (item 6)', () => {
  it('a custom fetch quoting Authorization cut two characters short: nothing of 12 characters in the error, its causes or onError', async () => {
    const errors: unknown[] = [];
    const fetch: typeof globalThis.fetch = async (_url, init) => {
      const auth = new Headers(init?.headers).get('authorization') ?? '';
      throw new TypeError(`connect failed for ${auth.slice(0, -2)}`, {
        cause: new Error(`inner ${auth.slice(9, -2)}`, {
          cause: { message: `deeper ${Buffer.from(SECRET.slice(2, 20)).toString('hex')}` },
        }),
      });
    };
    const error = await rejection(
      makeClient({
        fetch,
        maxRetries: 0,
        hooks: { onError: (e) => errors.push(e) },
      }).rooms.retrieve(2),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    const text = inspect([error, errors], { depth: 20 });
    expect(text).toContain('connect failed for');
    expect(text).toContain('deeper');
    for (let i = 0; i + 12 <= API_KEY.length; i++) {
      const run = API_KEY.slice(i, i + 12);
      expect(text).not.toContain(run);
      expect(text.toLowerCase()).not.toContain(Buffer.from(run).toString('hex'));
    }
  });

  it('the key sent in another header is never printed raw in debug lines', async () => {
    const lines: string[] = [];
    const logger = {
      error: () => {},
      warn: () => {},
      info: () => {},
      debug: (...args: unknown[]) => lines.push(inspect(args, { depth: 10 })),
    };
    await makeClient({
      fetch: scripted([() => json(roomWire())]).fetch,
      logger,
      logLevel: 'debug',
      headers: { 'x-forwarded-authorization': `Bearer ${API_KEY}` },
    }).rooms.retrieve(2);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SECRET.slice(0, 12));
  });
});

describe('toArray is bounded by bytes (item 4)', () => {
  const big = 'x'.repeat(200_000);
  const pages = () => {
    let n = 0;
    return scripted([
      () =>
        json({
          results: [patientWire({ name: big })],
          next: `https://clinic.test/api/public/v1/patients?page=${++n + 1}`,
          previous: null,
        }),
    ]);
  };

  it('past maxBytes it rejects with a ClinicError naming the option', async () => {
    const stub = pages();
    const error = await rejection(
      makeClient({ fetch: stub.fetch, validateResponses: false })
        .patients.list()
        .toArray({ limit: 10_000, maxBytes: 1_000_000 }),
    );
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toContain('maxBytes');
    expect(stub.sent).toBeLessThanOrEqual(6);
  });

  it('the default bound is 64 MiB; a list within it is returned whole', async () => {
    const clinic = makeClient({
      fetch: scripted([() => json({ results: [patientWire()], next: null, previous: null })]).fetch,
    });
    expect(await clinic.patients.list().toArray({ limit: 5 })).toHaveLength(1);
  });

  it('maxBytes is checked', async () => {
    const clinic = makeClient({ fetch: scripted([() => json([])]).fetch });
    await expect(clinic.patients.list().toArray({ limit: 5, maxBytes: 0 })).rejects.toThrow(
      /maxBytes/,
    );
  });
});

describe('standard fetch functions keep working (issues 26, 40)', () => {
  it("Node's global fetch against a real server, a wrapper reading init.headers, one adding to it", async () => {
    const extra: (string | undefined)[] = [];
    const auth: (string | undefined)[] = [];
    const server = createServer((req, res) => {
      extra.push(req.headers['x-extra'] as string | undefined);
      auth.push(req.headers.authorization);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(req.url?.endsWith('/rooms/2') ? roomWire() : {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const seen: string[] = [];
    try {
      const wrapper: typeof fetch = (url, init) => {
        seen.push(new Headers(init?.headers).get('authorization') ?? '');
        return fetch(url, init);
      };
      // A wrapper that adds a header, as the documented contract says: `init.headers` is a
      // Headers (ky's own, sent as they are).
      const adding: typeof fetch = (url, init) => {
        const headers = new Headers(init?.headers);
        headers.set('x-extra', '1');
        return fetch(url, { ...init, headers });
      };
      for (const f of [fetch, wrapper, adding]) {
        const clinic = new ClinicClient({
          apiKey: API_KEY,
          baseUrl: `http://127.0.0.1:${port}`,
          fetch: f,
        });
        expect(await clinic.rooms.retrieve(2)).toEqual(roomWire());
      }
      expect(seen).toEqual([`Bearer ${API_KEY}`]);
      expect(extra).toEqual([undefined, undefined, '1']);
      expect(auth).toEqual(Array(3).fill(`Bearer ${API_KEY}`));
    } finally {
      server.close();
    }
  });
});
