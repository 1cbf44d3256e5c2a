/**
 * When retries happen and when calls end: `Retry-After` (seconds or HTTP date, as ky reads it)
 * up to `MAX_RETRY_AFTER_MS`, exponential backoff with jitter otherwise, the per-attempt
 * `timeout`, the caller's `AbortSignal`, and per-call `timeout`/`maxRetries` overriding the
 * client's. Everything runs on vitest's fake clock.
 */
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionTimeoutError,
  APIUserAbortError,
  ConfigurationError,
  InternalServerError,
  MAX_RETRY_AFTER_MS,
  NotFoundError,
  RateLimitError,
} from '../../src/index.ts';
import { IDEMPOTENCY_HEADER } from '../../src/internal/wire.ts';
import {
  API,
  appointmentWire,
  createBody,
  flush,
  json,
  makeClient,
  rejectionOnFakeClock,
  roomWire,
  settle,
  settleError,
  useFakeClock,
  useServer,
} from '../client/helpers.ts';

const ROOM = `${API}/rooms/2`;

const server = useServer();
beforeEach(() => {
  useFakeClock();
  vi.setSystemTime(new Date('2026-03-02T12:00:00.000Z'));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/**
 * Answers GET /rooms/2 with `fail()` for the first `failing` attempts, then the room, and
 * records the fake time of each attempt.
 */
function rooms(fail: () => Response | Promise<Response>, failing = 1): number[] {
  const times: number[] = [];
  server.use(
    http.get(ROOM, () => {
      times.push(Date.now());
      return times.length <= failing ? fail() : json(roomWire());
    }),
  );
  return times;
}

/** The gaps between consecutive attempts. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i]!);
}

describe('Retry-After', () => {
  it('Retry-After: 2 → no second attempt before 2000 ms, one at 2000 ms', async () => {
    const times = rooms(() => json({ detail: 'slow down' }, 429, { 'Retry-After': '2' }));
    const call = makeClient().rooms.retrieve(2);
    const result = call.then(
      (v) => v,
      (e: unknown) => e,
    );

    await flush();
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(times).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    expect(times).toHaveLength(2);
    expect(gaps(times)).toEqual([2_000]);
    expect(await result).toEqual(roomWire());
  });

  it('the HTTP-date form waits until that date', async () => {
    const times = rooms(() =>
      json({}, 503, { 'Retry-After': new Date(Date.now() + 5_000).toUTCString() }),
    );
    const outcome = await settle(makeClient().rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: roomWire() });
    expect(gaps(times)).toEqual([5_000]);
  });

  it('an HTTP date in the past retries at once', async () => {
    const times = rooms(() => json({}, 503, { 'Retry-After': 'Wed, 21 Oct 2015 07:28:00 GMT' }));
    const outcome = await settle(makeClient().rooms.retrieve(2));
    expect(outcome.ok).toBe(true);
    expect(gaps(times)).toEqual([0]);
  });

  it(`above MAX_RETRY_AFTER_MS (${MAX_RETRY_AFTER_MS} ms) it does not wait: Retry-After: 3600 throws the RateLimitError at once, retryAfterMs set`, async () => {
    expect(MAX_RETRY_AFTER_MS).toBe(60_000);
    const times = rooms(() => json({}, 429, { 'Retry-After': '3600' }));
    const started = Date.now();
    const error = await settleError(makeClient().rooms.retrieve(2));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(3_600_000);
    expect(times).toHaveLength(1);
    expect(Date.now()).toBe(started);
  });

  it.each([
    ['retry-after-ms (not in the spec)', { 'retry-after-ms': '1500' }],
    ['fractional seconds (not a delay-seconds)', { 'Retry-After': '1.5' }],
  ])('%s is not read: the backoff applies', async (_name, headers) => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const times = rooms(() => json({}, 429, headers));
    const outcome = await settle(makeClient().rooms.retrieve(2), { stepMs: 10 });
    expect(outcome.ok).toBe(true);
    expect(gaps(times)).toEqual([500]);
  });

  it('is honoured on a 5xx as well as on a 429', async () => {
    const times = rooms(() => json({}, 500, { 'Retry-After': '3' }));
    await settle(makeClient().rooms.retrieve(2));
    expect(gaps(times)).toEqual([3_000]);
  });

  it('on the last attempt, RateLimitError.retryAfterMs tells how long to wait', async () => {
    rooms(() => json({ detail: 'slow down' }, 429, { 'Retry-After': '7' }), Infinity);
    const error = await settleError(makeClient({ maxRetries: 0 }).rooms.retrieve(2));
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(7_000);
  });
});

describe('backoff without Retry-After', () => {
  it('is exponential: 500 ms, then 1000 ms (no jitter drawn)', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const times = rooms(() => json({}, 500), 2);
    const outcome = await settle(makeClient().rooms.retrieve(2), { stepMs: 5 });
    expect(outcome.ok).toBe(true);
    expect(gaps(times)).toEqual([500, 1_000]);
  });

  it('is shortened by up to 25 % of jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    const times = rooms(() => HttpResponse.error(), 2);
    const outcome = await settle(makeClient().rooms.retrieve(2), { stepMs: 5 });
    expect(outcome.ok).toBe(true);
    expect(gaps(times)).toEqual([375, 750]);
  });

  it('grows up to 8 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const times = rooms(() => json({}, 502), 6);
    const outcome = await settle(makeClient({ maxRetries: 6 }).rooms.retrieve(2), {
      stepMs: 50,
    });
    expect(outcome.ok).toBe(true);
    expect(gaps(times)).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
  });
});

describe('the wait a retry reports (onRetry delayMs, the info line)', () => {
  /** The `delayMs` of each `onRetry` of a call to GET /rooms/2. */
  async function reported(headers: Record<string, string>, failing: number) {
    const delays: number[] = [];
    const times = rooms(() => json({}, 503, headers), failing);
    const client = makeClient({ hooks: { onRetry: (e) => void delays.push(e.delayMs) } });
    const outcome = await settle(client.rooms.retrieve(2), { stepMs: 5 });
    expect(outcome.ok).toBe(true);
    return { delays, gaps: gaps(times) };
  }

  it('is the backoff ky waited, jitter included', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.4);
    const { delays, gaps: waited } = await reported({}, 2);
    expect(waited).toEqual([450, 900]);
    expect(delays).toEqual(waited);
  });

  it('is the Retry-After ky waited, in its date form too', async () => {
    const { delays, gaps: waited } = await reported(
      { 'Retry-After': new Date(Date.now() + 3_000).toUTCString() },
      1,
    );
    expect(waited).toEqual([3_000]);
    expect(delays).toEqual(waited);
  });
});

describe('timeout', () => {
  it('an attempt that outlives `timeout` ends in APIConnectionTimeoutError', async () => {
    const times = rooms(async () => {
      await delay(10_000);
      return json(roomWire());
    }, Infinity);
    const client = makeClient({ timeout: 2_000, maxRetries: 0 });
    const call = client.rooms.retrieve(2).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await flush();
    await vi.advanceTimersByTimeAsync(1_999);
    let settled = false;
    void call.then(() => {
      settled = true;
    });
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await flush();
    const error = await call;
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain('2000 ms');
    expect(times).toHaveLength(1);
  });

  it('defaults to 30 s per attempt', async () => {
    rooms(() => new Promise<Response>(() => {}), Infinity);
    const client = makeClient({ maxRetries: 0 });
    expect(client.timeout).toBe(30_000);
    const started = Date.now();
    const error = await settleError(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(30_000);
    expect(Date.now() - started).toBeLessThan(30_500);
  });

  it('covers the body: a body that stalls after the headers times out too', async () => {
    const times = rooms(
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"id": 2,'));
            },
          }),
          { headers: { 'content-type': 'application/json' } },
        ),
      Infinity,
    );
    const error = await settleError(makeClient({ timeout: 1_000 }).rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(times).toHaveLength(3);
  });

  it('a per-call timeout overrides the client one', async () => {
    const times = rooms(async () => {
      await delay(5_000);
      return json(roomWire());
    }, Infinity);
    const client = makeClient({ timeout: 30_000, maxRetries: 0 });
    const started = Date.now();
    const error = await settleError(client.rooms.retrieve(2, { timeout: 1_000 }));
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(times).toHaveLength(1);
    // …and a per-call timeout longer than the answer lets it through.
    const ok = await settle(makeClient({ timeout: 1_000 }).rooms.retrieve(2, { timeout: 10_000 }));
    expect(ok).toEqual({ ok: true, value: roomWire() });
  });
});

describe('maxRetries per call', () => {
  it.each([
    [0, 2, 3],
    [2, 0, 1],
    [0, 4, 5],
    [3, 1, 2],
  ])('client %i, call %i → %i attempts', async (clientRetries, callRetries, attempts) => {
    const times = rooms(() => json({}, 500), Infinity);
    const client = makeClient({ maxRetries: clientRetries });
    const error = await settleError(client.rooms.retrieve(2, { maxRetries: callRetries }));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(times).toHaveLength(attempts);
  });

  it.each([
    ['maxRetries', { maxRetries: -1 }],
    ['maxRetries', { maxRetries: 1.5 }],
    ['maxRetries', { maxRetries: 11 }],
    ['maxRetries', { maxRetries: Number.NaN }],
    ['timeout', { timeout: 0 }],
    ['timeout', { timeout: -5 }],
    ['timeout', { timeout: Number.POSITIVE_INFINITY }],
    ['timeout', { timeout: 2 ** 31 }],
  ])(
    'a per-call %s out of range (%o) is a ConfigurationError, nothing sent',
    async (name, options) => {
      const times = rooms(() => json(roomWire()));
      const error = await settleError(makeClient().rooms.retrieve(2, options));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toContain(name);
      expect(times).toHaveLength(0);
    },
  );
});

describe('AbortSignal', () => {
  it('aborted before the call: APIUserAbortError, nothing sent', async () => {
    const times = rooms(() => json(roomWire()));
    const controller = new AbortController();
    controller.abort();
    const error = await settleError(makeClient().rooms.retrieve(2, { signal: controller.signal }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(times).toHaveLength(0);
  });

  it('aborted during a backoff wait: ends at once, no further attempt', async () => {
    const times = rooms(() => json({}, 503, { 'Retry-After': '10' }), Infinity);
    const controller = new AbortController();
    const result = makeClient()
      .rooms.retrieve(2, { signal: controller.signal })
      .then(
        () => 'resolved',
        (e: unknown) => e,
      );
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(times).toHaveLength(1);
    const before = Date.now();
    controller.abort();
    await flush();
    expect(await result).toBeInstanceOf(APIUserAbortError);
    expect(Date.now()).toBe(before); // no fake time had to pass
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toHaveLength(1);
  });

  it('aborted while the request is in flight: APIUserAbortError, no retry', async () => {
    const times = rooms(async () => {
      await delay(5_000);
      return json(roomWire());
    }, Infinity);
    const controller = new AbortController();
    const result = makeClient()
      .rooms.retrieve(2, { signal: controller.signal })
      .then(
        () => 'resolved',
        (e: unknown) => e,
      );
    await flush();
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await flush();
    expect(await result).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(times).toHaveLength(1);
  });

  it('aborted while the body is being read: APIUserAbortError at once', async () => {
    rooms(
      () =>
        new HttpResponse(
          new ReadableStream({
            start(controller) {
              controller.enqueue(new TextEncoder().encode('{"id":'));
            },
          }),
        ),
      Infinity,
    );
    const controller = new AbortController();
    const result = makeClient()
      .rooms.retrieve(2, { signal: controller.signal })
      .then(
        () => 'resolved',
        (e: unknown) => e,
      );
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await flush();
    expect(await result).toBeInstanceOf(APIUserAbortError);
  });

  it('aborts a create during its backoff too, keeping the one key it sent', async () => {
    const keys: (string | null)[] = [];
    server.use(
      http.post(`${API}/appointments`, ({ request }) => {
        keys.push(request.headers.get(IDEMPOTENCY_HEADER));
        return json({}, 500, { 'Retry-After': '5' });
      }),
    );
    const controller = new AbortController();
    const result = makeClient()
      .appointments.create(createBody, { signal: controller.signal })
      .then(
        () => appointmentWire(),
        (e: unknown) => e,
      );
    await flush();
    controller.abort();
    await flush();
    expect(await result).toBeInstanceOf(APIUserAbortError);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(keys).toHaveLength(1);
  });
});

describe(`a Retry-After over MAX_RETRY_AFTER_MS (${MAX_RETRY_AFTER_MS} ms) is not waited out`, () => {
  it.each([
    ['429 Retry-After: 120', 429, { 'Retry-After': '120' }, RateLimitError, 120_000],
    ['503 Retry-After: 61', 503, { 'Retry-After': '61' }, InternalServerError, 61_000],
  ] as const)('%s: thrown at once with retryAfterMs', async (_n, status, headers, cls, ms) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let attempts = 0;
    server.use(
      http.get(`${API}/rooms/2`, () => {
        attempts++;
        return json({ detail: 'later' }, status, headers);
      }),
    );
    const started = Date.now();
    const error = await rejectionOnFakeClock(makeClient().rooms.retrieve(2));
    expect(error).toBeInstanceOf(cls);
    expect((error as RateLimitError | InternalServerError).retryAfterMs).toBe(ms);
    expect(attempts).toBe(1);
    expect(Date.now()).toBe(started);
  });

  it('exactly MAX_RETRY_AFTER_MS is still waited out and retried', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times: number[] = [];
    server.use(
      http.get(`${API}/rooms/2`, () => {
        times.push(Date.now());
        return times.length === 1
          ? json({}, 429, { 'Retry-After': String(MAX_RETRY_AFTER_MS / 1000) })
          : json({ detail: 'x' }, 404);
      }),
    );
    const error = await rejectionOnFakeClock(makeClient().rooms.retrieve(2));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBe(MAX_RETRY_AFTER_MS);
  });
});
