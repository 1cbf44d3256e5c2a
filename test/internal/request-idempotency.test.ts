/**
 * Spec 4.4 and public-api.md: `POST /appointments` always carries an `Idempotency-Key` (a uuid
 * v4 unless the caller gives one, at most 255 characters), the same on every retry of one call.
 */
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  type APIPromise,
  APIUserAbortError,
  type ClinicError,
  ConfigurationError,
  IdempotencyKeyReuseError,
  InternalServerError,
  RateLimitError,
  type RequestOptions,
  ResponseValidationError,
  SlotBlockedError,
  ValidationError,
} from '../../src/index.ts';
import { IDEMPOTENCY_HEADER } from '../../src/internal/wire.ts';
import { OPERATION_ROWS } from '../../src/operations.ts';
import {
  API,
  appointmentWire,
  createBody,
  json,
  makeClient,
  recordRequests,
  rejection,
  rejectionOnFakeClock,
  roomWire,
  settle,
  settleError,
  useFakeClock,
  useServer,
} from '../client/helpers.ts';
import { answerOf, callRow, invokeRow } from '../helpers/rows.ts';

/** Answers POST /appointments with `respond`, recording each attempt's Idempotency-Key. */
function onCreate(respond: () => Response | Promise<Response>): (string | null)[] {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`${API}/appointments`, ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_HEADER));
      return respond();
    }),
  );
  return keys;
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Every operation but the one whose key the service replays (spec 4.4), by row. */
const NOT_REPLAYED = OPERATION_ROWS.filter((row) => !row.replay).map(
  (row) => [`${row.method} ${row.path}`, row] as const,
);

const server = useServer();
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Records the Idempotency-Key of every attempt; answers with `responses` in turn, then 201. */
function recordCreate(...responses: Array<() => Response | Promise<Response>>): (string | null)[] {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`${API}/appointments`, ({ request }) => {
      keys.push(request.headers.get(IDEMPOTENCY_HEADER));
      const next = responses[keys.length - 1];
      return next ? next() : json(appointmentWire(), 201);
    }),
  );
  return keys;
}

describe('one key per create call, reused on every attempt', () => {
  it.each([
    ['500', () => json({ detail: 'boom' }, 500)],
    ['503', () => json({ detail: 'busy' }, 503)],
    ['429', () => json({ detail: 'slow' }, 429, { 'retry-after': '1' })],
    ['network error', () => HttpResponse.error()],
  ])('after %s twice, all 3 attempts carry the same uuid v4', async (_name, fail) => {
    const keys = recordCreate(fail, fail);
    const outcome = await settle(makeClient().appointments.create(createBody).withResponse());

    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(UUID_V4);
    expect(new Set(keys).size).toBe(1);
    expect(outcome.ok && outcome.value.idempotencyKey).toBe(keys[0]);
  });

  it('after a timeout the retry carries the same key', async () => {
    const keys = recordCreate(() => new Promise<Response>(() => {})); // never answers
    const outcome = await settle(
      makeClient({ timeout: 1_000 }).appointments.create(createBody).withResponse(),
    );
    expect(outcome.ok).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toBe(keys[0]);
  });

  it('two calls with the same body use two different keys', async () => {
    const keys = recordCreate();
    const client = makeClient();
    await settle(client.appointments.create(createBody));
    await settle(client.appointments.create(createBody));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toMatch(UUID_V4);
    expect(keys[0]).not.toBe(keys[1]);
  });
});

describe("the caller's key", () => {
  it('is sent as given on every attempt and reported by withResponse()', async () => {
    const keys = recordCreate(() => json({}, 502));
    const outcome = await settle(
      makeClient()
        .appointments.create(createBody, { idempotencyKey: 'order-42/attempt' })
        .withResponse(),
    );
    expect(keys).toEqual(['order-42/attempt', 'order-42/attempt']);
    expect(outcome.ok && outcome.value.idempotencyKey).toBe('order-42/attempt');
  });

  it('of exactly 255 characters is sent', async () => {
    const key = 'k'.repeat(255);
    const keys = recordCreate();
    await settle(makeClient().appointments.create(createBody, { idempotencyKey: key }));
    expect(keys).toEqual([key]);
  });

  it.each([
    ['256 characters', 'k'.repeat(256)],
    ['empty', ''],
  ])('%s: ValidationError, nothing sent', async (_name, key) => {
    const keys = recordCreate();
    const error = await settleError(
      makeClient().appointments.create(createBody, { idempotencyKey: key }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['Idempotency-Key']);
    expect(keys).toEqual([]);
  });

  it('given as an Idempotency-Key header is sent alone, not merged with a generated one', async () => {
    const keys = recordCreate(() => json({}, 500));
    const outcome = await settle(
      makeClient()
        .appointments.create(createBody, { headers: { 'Idempotency-Key': 'from-header' } })
        .withResponse(),
    );
    expect(keys).toEqual(['from-header', 'from-header']);
    expect(outcome.ok && outcome.value.idempotencyKey).toBe('from-header');
  });
});

describe('an Idempotency-Key header given by the caller', () => {
  it('on appointments.create, checked as an Idempotency-Key: a ValidationError, nothing sent', async () => {
    const keys = recordCreate(() => json(appointmentWire(), 201));
    const error = await settleError(
      makeClient().appointments.create(createBody, { headers: { 'Idempotency-Key': 'a\u0007b' } }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['Idempotency-Key']);
    expect(keys).toEqual([]);
  });

  it.each(NOT_REPLAYED)(
    'on %s, refused unsent like options.idempotencyKey: nothing deduplicates there (issue 26 bug)',
    async (_name, row) => {
      const seen: (string | null)[] = [];
      server.use(
        http.all(`${API}/*`, ({ request }) => {
          seen.push(request.headers.get(IDEMPOTENCY_HEADER));
          return json(roomWire());
        }),
      );
      for (const name of ['Idempotency-Key', 'idempotency-key']) {
        const options = { headers: { [name]: 'mine' } };
        const error = await rejection(callRow(makeClient(), row, { options }));
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as ConfigurationError).idempotencyKey).toBeUndefined();
      }
      expect(seen).toEqual([]);
    },
  );
});

describe('replays and reuse', () => {
  it('replayed is true on Idempotent-Replayed: true, false otherwise', async () => {
    let replay = false;
    server.use(
      http.post(`${API}/appointments`, () =>
        json(
          appointmentWire(),
          replay ? 200 : 201,
          replay ? { 'Idempotent-Replayed': 'true' } : {},
        ),
      ),
    );
    const client = makeClient();
    const first = await settle(client.appointments.create(createBody).withResponse());
    replay = true;
    const second = await settle(
      client.appointments.create(createBody, { idempotencyKey: 'same' }).withResponse(),
    );
    expect(first.ok && first.value.replayed).toBe(false);
    expect(second.ok && second.value.replayed).toBe(true);
    expect(second.ok && second.value.data).toEqual(appointmentWire());
  });

  it('a 422 on create is an IdempotencyKeyReuseError holding the key sent', async () => {
    server.use(
      http.post(`${API}/appointments`, () =>
        json({ code: 'idempotency_key_reused', detail: 'Another body.' }, 422),
      ),
    );
    const error = await settleError(
      makeClient().appointments.create(createBody, { idempotencyKey: 'used-before' }),
    );
    expect(error).toBeInstanceOf(IdempotencyKeyReuseError);
    expect((error as IdempotencyKeyReuseError).idempotencyKey).toBe('used-before');
    expect((error as IdempotencyKeyReuseError).code).toBe('idempotency_key_reused');
  });
});

describe('no other operation sends an Idempotency-Key', () => {
  it.each(NOT_REPLAYED)('%s', async (_name, row) => {
    const seen: (string | null)[] = [];
    server.use(
      http.all(`${API}/*`, ({ request }) => {
        seen.push(request.headers.get(IDEMPOTENCY_HEADER));
        return answerOf(row);
      }),
    );
    const call = invokeRow(makeClient(), row) as APIPromise<unknown>;
    const outcome = await settle(call.withResponse());
    expect(seen).toEqual([null]);
    expect(outcome.ok && outcome.value.idempotencyKey).toBeUndefined();
  });
});

describe('every error of appointments.create after a send carries the key sent', () => {
  // Drives its calls on the real clock (or installs its own fake one).
  beforeEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ['a network error → APIConnectionError', () => HttpResponse.error(), APIConnectionError],
    ['409 slot_blocked', () => json({ code: 'slot_blocked', detail: 'd' }, 409), SlotBlockedError],
    ['500', () => json({ detail: 'boom' }, 500), InternalServerError],
    ['429', () => json({ detail: 'slow' }, 429), RateLimitError],
    [
      'a 201 of the wrong shape → ResponseValidationError',
      () => json(appointmentWire({ start_at: 'nope' }), 201),
      ResponseValidationError,
    ],
  ])('%s', async (_name, respond, cls) => {
    const keys = onCreate(respond);
    const error = await rejection(makeClient({ maxRetries: 0 }).appointments.create(createBody));
    expect(error).toBeInstanceOf(cls);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect((error as ClinicError).idempotencyKey).toBe(keys[0]);
  });

  it('the caller-given key, after retries: the same key, and it replays', async () => {
    let fail = true;
    const keys = onCreate(() =>
      fail
        ? json({ detail: 'boom' }, 503)
        : json(appointmentWire(), 200, { 'Idempotent-Replayed': 'true' }),
    );
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const error = await rejectionOnFakeClock(
      makeClient().appointments.create(createBody, { idempotencyKey: 'booking-77' }),
    );
    expect(error).toBeInstanceOf(InternalServerError);
    expect(keys).toEqual(['booking-77', 'booking-77', 'booking-77']);
    expect((error as InternalServerError).idempotencyKey).toBe('booking-77');

    fail = false;
    vi.useRealTimers();
    const again = await makeClient()
      .appointments.create(createBody, {
        idempotencyKey: (error as InternalServerError).idempotencyKey,
      })
      .withResponse();
    expect(keys.at(-1)).toBe('booking-77');
    expect(again.replayed).toBe(true);
  });

  it('a timeout → APIConnectionTimeoutError with the key', async () => {
    const keys = onCreate(() => new Promise<Response>(() => {}));
    const error = await rejection(
      makeClient({ maxRetries: 0, timeout: 30 }).appointments.create(createBody),
    );
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as ClinicError).idempotencyKey).toBe(keys[0]);
  });

  it('an abort while the request is in flight → APIUserAbortError with the key', async () => {
    const keys = onCreate(async () => {
      await delay(5_000);
      return json(appointmentWire(), 201);
    });
    const controller = new AbortController();
    const call = makeClient().appointments.create(createBody, { signal: controller.signal });
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    controller.abort();
    const error = await rejection(call);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as ClinicError).idempotencyKey).toBe(keys[0]);
  });

  it('an abort during the backoff after a 500 → APIUserAbortError with the key', async () => {
    const keys = onCreate(() => json({}, 500, { 'Retry-After': '5' }));
    const controller = new AbortController();
    const call = makeClient().appointments.create(createBody, { signal: controller.signal });
    await vi.waitFor(() => expect(keys).toHaveLength(1));
    await delay(20);
    controller.abort();
    const error = await rejection(call);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as ClinicError).idempotencyKey).toBe(keys[0]);
  });

  it('nothing sent → no key: an abort before the call, a ValidationError', async () => {
    const seen = recordRequests(server);
    const controller = new AbortController();
    controller.abort();
    const aborted = await rejection(
      makeClient().appointments.create(createBody, { signal: controller.signal }),
    );
    const invalid = await rejection(
      makeClient().appointments.create({ ...createBody, start_at: '2026-03-02T14:30:30' }),
    );
    expect(aborted).toBeInstanceOf(APIUserAbortError);
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((aborted as ClinicError).idempotencyKey).toBeUndefined();
    expect((invalid as ClinicError).idempotencyKey).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('IdempotencyKeyReuseError keeps its key; other calls carry none', async () => {
    onCreate(() => json({ code: 'idempotency_key_reused', detail: 'd' }, 422));
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'boom' }, 500)));
    const reuse = await rejection(
      makeClient().appointments.create(createBody, { idempotencyKey: 'k-1' }),
    );
    const room = await rejection(makeClient({ maxRetries: 0 }).rooms.retrieve(2));
    expect(reuse).toBeInstanceOf(IdempotencyKeyReuseError);
    expect((reuse as IdempotencyKeyReuseError).idempotencyKey).toBe('k-1');
    expect(room).toBeInstanceOf(InternalServerError);
    expect((room as ClinicError).idempotencyKey).toBeUndefined();
  });
});

describe('idempotencyKey on any call but appointments.create: ConfigurationError, nothing sent', () => {
  // Drives its calls on the real clock (or installs its own fake one).
  beforeEach(() => {
    vi.useRealTimers();
  });

  // A type error in TypeScript (test/types/options.test-d.ts); a JavaScript caller can still
  // pass it, and must be refused at run time.
  const jsOptions = { idempotencyKey: 'k-1' } as unknown as RequestOptions;
  it.each(NOT_REPLAYED)('%s', async (_name, row) => {
    const seen = recordRequests(server);
    const error = await rejection(callRow(makeClient(), row, { options: jsOptions }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/Idempotency-Key/);
    expect((error as Error).message).toMatch(/appointments\.create/);
    expect(seen).toEqual([]);
  });
});
