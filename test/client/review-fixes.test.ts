/**
 * The findings of the client's code review, each with the behaviour it fixed:
 *  1. every error of `appointments.create` thrown after a request was sent carries the key sent;
 *  2. a PATCH/cancel that succeeded but whose read-back failed says the write succeeded;
 *  3. local mistakes (a header HTTP cannot carry, a custom fetch's bug) are neither connection
 *     errors nor retried;
 *  4. the parsed error body is redacted, not only its text, in every form of the key;
 *  5. log lines never carry the body nor its detail;
 *  6. `list()` with a bad query rejects when awaited, never throws at the call;
 *  7. relative page links resolve against their page; `previous` is named; a self link is refused;
 *  8. `idempotencyKey` on any call but `appointments.create` is refused;
 *  9. a `Retry-After` over the cap is not waited out: the error is thrown at once;
 * 10. the 403 message does not claim to know why the service refused;
 * 11. connection errors name the underlying code; the paginator lets go of page 1.
 *
 * Self-contained helpers on purpose (the shared ones are being reorganised).
 */
import { delay, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  type ClientOptions,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  IdempotencyKeyReuseError,
  InternalServerError,
  type Logger,
  MAX_RETRY_AFTER_MS,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ReadBackError,
  type RequestOptions,
  ResponseValidationError,
  SlotBlockedError,
  ValidationError,
} from '../../src/index.ts';
import { Appointment } from '../../src/schemas/appointments.ts';
import { APPOINTMENT_ID, appointmentWire, createBody, roomWire } from '../fixtures.ts';

const BASE_URL = 'https://clinic.test';
const P = '/api/public/v1';
const API = `${BASE_URL}${P}`;
/** A secret with every character the key format allows beyond \w: `+`, `/`, `=` and `-`. */
const SECRET = 'Zq8+sEc/ReT=vAl-Ue0123456789xyzW';
const API_KEY = `clk_live_k7Fq2.${SECRET}`;
/** `text` URL-encoded with lower-case hex digits (`%2f`), which decoders accept too. */
const lowerHex = (text: string) =>
  encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());
afterEach(() => {
  server.resetHandlers();
  server.events.removeAllListeners();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function makeClient(options: ClientOptions = {}): ClinicClient {
  return new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, logLevel: 'off', ...options });
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return HttpResponse.json(body as Record<string, unknown>, { status, headers });
}

/** Every request that reached MSW, as `METHOD pathname+search`. */
function recordRequests(): string[] {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}${url.search}`);
  });
  return seen;
}

/** The rejection of `promise`; fails the test when it resolves. */
async function rejection(promise: PromiseLike<unknown>): Promise<unknown> {
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
async function rejectionOnFakeClock(promise: PromiseLike<unknown>): Promise<unknown> {
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
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(0);
    }
    if (outcome) break;
    await vi.advanceTimersToNextTimerAsync();
  }
  if (!outcome) throw new Error('the call did not settle');
  if ('value' in outcome) throw new Error('expected a rejection, but it resolved');
  return outcome.error;
}

function captureLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const record =
    (level: string) =>
    (message: string, ...rest: unknown[]) => {
      lines.push([`${level}: ${message}`, ...rest.map((r) => JSON.stringify(r))].join(' '));
    };
  return {
    lines,
    logger: {
      error: record('error'),
      warn: record('warn'),
      info: record('info'),
      debug: record('debug'),
    },
  };
}

/** Answers POST /appointments with `respond`, recording each attempt's Idempotency-Key. */
function onCreate(respond: () => Response | Promise<Response>): (string | null)[] {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`${API}/appointments`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return respond();
    }),
  );
  return keys;
}

describe('1. every error of appointments.create after a send carries the key sent', () => {
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
    const seen = recordRequests();
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

describe('2. a write that succeeded, then a read-back that failed: ReadBackError', () => {
  const ITEM = `${API}/appointments/${APPOINTMENT_ID}`;

  it('PATCH 204, then GET 500: ReadBackError says the write succeeded; the PATCH is not repeated', async () => {
    let patches = 0;
    server.use(
      http.patch(ITEM, () => {
        patches++;
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(ITEM, () => json({ detail: 'boom' }, 500)),
    );
    const error = await rejection(
      makeClient({ maxRetries: 0 }).appointments.update(APPOINTMENT_ID, { status: 'confirmed' }),
    );
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error).toBeInstanceOf(ClinicError);
    const readBack = error as ReadBackError;
    expect(readBack.method).toBe('PATCH');
    expect(readBack.path).toBe(`${P}/appointments/${APPOINTMENT_ID}`);
    expect(readBack.response.status).toBe(204);
    expect(readBack.cause).toBeInstanceOf(InternalServerError);
    expect(readBack.message).toMatch(/PATCH \S+ succeeded \(204\)/);
    expect(readBack.message).toContain(`GET ${P}/appointments/${APPOINTMENT_ID}`);
    expect(readBack.message).toMatch(/do not repeat it/);
    expect(patches).toBe(1);
  });

  it('cancel 202, then GET 404: ReadBackError whose cause is the NotFoundError', async () => {
    server.use(
      http.post(`${ITEM}/cancel`, () => json({ detail: 'Cancelled.' }, 202)),
      http.get(ITEM, () => json({ detail: 'Not found.' }, 404)),
    );
    const error = (await rejection(
      makeClient().appointments.cancel(APPOINTMENT_ID),
    )) as ReadBackError;
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error.method).toBe('POST');
    expect(error.path).toBe(`${P}/appointments/${APPOINTMENT_ID}/cancel`);
    expect(error.response.status).toBe(202);
    expect(error.cause).toBeInstanceOf(NotFoundError);
  });

  it('a read-back of the wrong shape: ReadBackError whose cause is the ResponseValidationError', async () => {
    server.use(
      http.patch(ITEM, () => new HttpResponse(null, { status: 200 })),
      http.get(ITEM, () => json(appointmentWire({ status: 'nope' }))),
    );
    const error = (await rejection(
      makeClient().appointments.update(APPOINTMENT_ID, { note: 'x' }),
    )) as ReadBackError;
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error.cause).toBeInstanceOf(ResponseValidationError);
    expect((error.cause as ResponseValidationError).paths).toEqual(['status']);
  });

  it('the read-back goes to the path of the write, without its suffix', async () => {
    const seen = recordRequests();
    server.use(
      http.post(`${ITEM}/cancel`, () => new HttpResponse(null, { status: 204 })),
      http.get(ITEM, () => json(appointmentWire({ status: 'cancelled' }))),
    );
    const result = await makeClient().appointments.cancel(APPOINTMENT_ID);
    expect(result.status).toBe('cancelled');
    expect(seen).toEqual([
      `POST ${P}/appointments/${APPOINTMENT_ID}/cancel`,
      `GET ${P}/appointments/${APPOINTMENT_ID}`,
    ]);
  });

  it('an appointment in the write answer is checked with zod once, not twice', async () => {
    server.use(http.patch(ITEM, () => json(appointmentWire({ status: 'confirmed' }))));
    const spy = vi.spyOn(Appointment, 'safeParse');
    const result = await makeClient().appointments.update(APPOINTMENT_ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('3. local mistakes are ConfigurationErrors, not connection errors, and are not retried', () => {
  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a NUL', 'a\u0000b'],
    ['a character beyond Latin-1', 'caf€'],
  ])('a call header with %s: ConfigurationError naming it, nothing sent', async (_name, value) => {
    const seen = recordRequests();
    const error = await rejection(
      makeClient().rooms.retrieve(2, { headers: { 'X-Trace': `${value}-${SECRET}` } }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('x-trace');
    expect((error as Error).message).not.toContain(SECRET);
    expect(seen).toEqual([]);
  });

  it('an invalid header name: ConfigurationError, nothing sent', async () => {
    const seen = recordRequests();
    const error = await rejection(makeClient().rooms.retrieve(2, { headers: { 'X Trace': 'a' } }));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('X Trace'.toLowerCase());
    expect(seen).toEqual([]);
  });

  it('a client header HTTP cannot carry: ConfigurationError at construction, its value not repeated', () => {
    let error: unknown;
    try {
      makeClient({ headers: { 'X-Team': `front\r\nX-Injected: ${SECRET}` } });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('x-team');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('an Authorization header is dropped unread, whatever it holds: no error, its value nowhere', async () => {
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/rooms/2`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return json(roomWire());
      }),
    );
    const client = makeClient({ headers: { Authorization: 'Bearer other\nvalue' } });
    await client.rooms.retrieve(2, { headers: { authorization: 'x\ny' } });
    expect(authorization).toBe(`Bearer ${API_KEY}`);
  });

  it('a custom fetch that throws something other than a TypeError: rethrown as is, not retried', async () => {
    const bug = new RangeError('a bug in the custom fetch');
    let calls = 0;
    const client = makeClient({
      maxRetries: 2,
      fetch: async () => {
        calls++;
        throw bug;
      },
    });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBe(bug);
    expect(calls).toBe(1);
  });

  it("a custom fetch's TypeError is a network failure: APIConnectionError, retried, naming its code", async () => {
    let calls = 0;
    const client = makeClient({
      maxRetries: 1,
      fetch: async () => {
        calls++;
        throw new TypeError('fetch failed', {
          cause: Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }),
        });
      },
    });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain('ECONNREFUSED');
    expect(calls).toBe(2);
  });
});

describe('4. the parsed error body is redacted too, in every form of the key', () => {
  /** `text` with each character of the secret written as a JSON \u escape. */
  const jsonEscaped = (text: string) =>
    [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');

  function renderings(error: unknown): string {
    const e = error as Error & { body?: unknown; detail?: unknown };
    return [e.message, JSON.stringify(e.body), String(e.detail), JSON.stringify(e)].join('\n');
  }

  function expectClean(error: unknown): void {
    const text = renderings(error);
    for (const form of [
      SECRET,
      encodeURIComponent(SECRET),
      lowerHex(SECRET),
      SECRET.replaceAll('/', '\\/'),
    ]) {
      expect(text).not.toContain(form);
    }
    expect(text).toContain('[redacted]');
  }

  it('a JSON body whose strings hide the secret behind \\u escapes (detail, nested, member names)', async () => {
    const hidden = jsonEscaped(SECRET);
    const raw =
      `{"detail":"Unauthorized: Bearer clk_live_k7Fq2.${hidden}",` +
      `"echo":{"headers":[["authorization","Bearer ${hidden}"]]},"${hidden}":1}`;
    server.use(
      http.get(
        `${API}/rooms/2`,
        () =>
          new HttpResponse(raw, { status: 401, headers: { 'content-type': 'application/json' } }),
      ),
    );
    const error = await rejection(makeClient().rooms.retrieve(2));
    expect((error as { detail?: string }).detail).toBe('Unauthorized: Bearer [redacted]');
    expectClean(error);
  });

  it.each([
    ['URL-encoded, upper-case hex', encodeURIComponent(API_KEY)],
    ['URL-encoded, lower-case hex', lowerHex(API_KEY)],
    ['the secret URL-encoded alone', `key=${encodeURIComponent(SECRET)}`],
    ['JSON-escaped slashes', SECRET.replaceAll('/', '\\/')],
  ])('a text body with the key %s', async (_name, form) => {
    server.use(
      http.get(`${API}/rooms/2`, () => new HttpResponse(`echo: ${form}`, { status: 400 })),
    );
    const error = await rejection(makeClient().rooms.retrieve(2));
    expectClean(error);
  });
});

describe('5. log lines carry status, method, path, code and request id, never the body', () => {
  it.each([
    [500, 'warn'],
    [409, 'debug'],
  ])('a final %i', async (status) => {
    const detail = 'Patient Maria Silva, CPF 529.982.247-25, diagnosis X';
    server.use(
      http.get(`${API}/rooms/2`, () =>
        json({ code: 'slot_blocked', detail }, status, { 'x-request-id': 'req-42' }),
      ),
    );
    const { logger, lines } = captureLogger();
    const error = await rejection(
      makeClient({ logLevel: 'debug', logger, maxRetries: 0 }).rooms.retrieve(2),
    );
    expect((error as Error).message).toContain(detail); // the error itself may keep it
    const last = lines.at(-1) ?? '';
    expect(last).toContain(String(status));
    expect(last).toContain(`GET ${P}/rooms/2`);
    expect(last).toContain('slot_blocked');
    expect(last).toContain('req-42');
    for (const line of lines) {
      expect(line).not.toContain('Maria');
      expect(line).not.toContain('529.982');
    }
  });

  it('a text body is not logged either', async () => {
    server.use(
      http.get(
        `${API}/rooms/2`,
        () => new HttpResponse('Maria Silva is not here', { status: 502 }),
      ),
    );
    const { logger, lines } = captureLogger();
    await rejection(makeClient({ logLevel: 'debug', logger, maxRetries: 0 }).rooms.retrieve(2));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain('Maria');
  });
});

describe('6. list() with a bad query rejects when awaited; it never throws at the call', () => {
  const bad = { page_size: { nested: true } } as unknown as Record<string, string>;

  it('await, iteration and toArray reject with the ValidationError; nothing is sent', async () => {
    const seen = recordRequests();
    const client = makeClient();
    let paginator: ReturnType<typeof client.rooms.list> | undefined;
    expect(() => {
      paginator = client.rooms.list(bad);
    }).not.toThrow();
    const awaited = await rejection(paginator!);
    expect(awaited).toBeInstanceOf(ValidationError);
    expect(Object.keys((awaited as ValidationError).fields)).toContain('page_size');
    const iterated = await rejection(
      (async () => {
        for await (const _ of client.rooms.list(bad)) {
          // nothing
        }
      })(),
    );
    expect(iterated).toBeInstanceOf(ValidationError);
    expect(await rejection(client.patients.list(bad).toArray({ limit: 5 }))).toBeInstanceOf(
      ValidationError,
    );
    expect(seen).toEqual([]);
  });
});

describe('7. next/previous links', () => {
  /** GET /rooms answering page 1 with `links`, and any page with a cursor as the last page. */
  function rooms(links: { next?: string | null; previous?: string | null }): string[] {
    const seen = recordRequests();
    server.use(
      http.get(`${API}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor
          ? json({ results: [roomWire({ id: 9 })], next: null, previous: null })
          : json({ results: [roomWire({ id: 1 })], next: null, previous: null, ...links });
      }),
      http.all('*', () => json({ stolen: true })),
    );
    return seen;
  }

  it.each([
    ['a query only', '?cursor=2'],
    ['a path relative to the page', 'rooms?cursor=2'],
    ['a path from the root', `${P}/rooms?cursor=2`],
  ])('a relative next (%s) resolves against the page that gave it', async (_name, next) => {
    const seen = rooms({ next });
    const ids = (await makeClient().rooms.list({ page_size: 1 }).toArray({ limit: 10 })).map(
      (r) => r.id,
    );
    expect(ids).toEqual([1, 9]);
    expect(seen).toEqual([`GET ${P}/rooms?page_size=1`, `GET ${P}/rooms?cursor=2`]);
  });

  it('a previous link outside the API is refused, named as previous', async () => {
    const seen = rooms({ previous: 'https://evil.example/api/public/v1/rooms?cursor=0' });
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getPreviousPage());
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatch(/Refused to follow the previous page URL/);
    expect((error as Error).message).toMatch(/never sent to another host/);
    expect(seen).toEqual([`GET ${P}/rooms`]);
  });

  it('a previous link that is not a URL: ResponseValidationError naming previous', async () => {
    rooms({ previous: 'https://[broken' });
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getPreviousPage());
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).paths).toEqual(['previous']);
  });

  it.each([
    ['absolute', `${API}/rooms?page_size=1`],
    ['relative, empty', ''],
  ])(
    'a next link equal to the page itself (%s) is refused, not followed forever',
    async (_n, next) => {
      const seen = rooms({ next });
      const error = await rejection(
        makeClient().rooms.list({ page_size: 1 }).toArray({ limit: 5 }),
      );
      expect(error).toBeInstanceOf(ClinicError);
      expect((error as Error).message).toMatch(/same page forever/);
      expect(seen).toEqual([`GET ${P}/rooms?page_size=1`]);
    },
  );
});

describe('8. idempotencyKey on any call but appointments.create: ConfigurationError, nothing sent', () => {
  // A type error in TypeScript (test/types/options.test-d.ts); a JavaScript caller can still
  // pass it, and must be refused at run time.
  const jsOptions = { idempotencyKey: 'k-1' } as unknown as RequestOptions;
  const calls: Array<[string, (c: ClinicClient, o: RequestOptions) => PromiseLike<unknown>]> = [
    ['rooms.retrieve', (c, o) => c.rooms.retrieve(2, o)],
    ['rooms.list', (c, o) => c.rooms.list(undefined, o)],
    ['patients.create', (c, o) => c.patients.create({ name: 'Ana' }, o)],
    ['patients.update', (c, o) => c.patients.update(7, { name: 'Ana' }, o)],
    ['appointments.update', (c, o) => c.appointments.update(APPOINTMENT_ID, { note: 'x' }, o)],
    ['appointments.cancel', (c, o) => c.appointments.cancel(APPOINTMENT_ID, o)],
    ['appointments.retrieve', (c, o) => c.appointments.retrieve(APPOINTMENT_ID, o)],
  ];

  it.each(calls)('%s', async (_name, call) => {
    const seen = recordRequests();
    const error = await rejection(call(makeClient(), jsOptions));
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /only appointments\.create takes an Idempotency-Key; the spec gives none to other calls/,
    );
    expect(seen).toEqual([]);
  });
});

describe(`9. a Retry-After over MAX_RETRY_AFTER_MS (${MAX_RETRY_AFTER_MS} ms) is not waited out`, () => {
  it.each([
    ['429 Retry-After: 120', 429, { 'Retry-After': '120' }, RateLimitError, 120_000],
    ['503 Retry-After: 61', 503, { 'Retry-After': '61' }, InternalServerError, 61_000],
    ['429 retry-after-ms: 60001', 429, { 'retry-after-ms': '60001' }, RateLimitError, 60_001],
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
          ? json({}, 429, { 'retry-after-ms': String(MAX_RETRY_AFTER_MS) })
          : json({ detail: 'x' }, 404);
      }),
    );
    const error = await rejectionOnFakeClock(makeClient().rooms.retrieve(2));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(times).toHaveLength(2);
    expect(times[1]! - times[0]!).toBe(MAX_RETRY_AFTER_MS);
  });
});

describe('10. the 403 message does not assert why the service refused', () => {
  it('names the scope the spec gives, says the key may lack it, points at Full access', () => {
    const error = new PermissionDeniedError({
      status: 403,
      headers: new Headers(),
      body: { detail: 'Forbidden.' },
      method: 'POST',
      path: `${P}/appointments`,
    });
    expect(error.requiredScope).toBe('appointments:write');
    expect(error.message).toContain('this endpoint requires scope appointments:write (spec 5)');
    expect(error.message).toContain('the key may lack it');
    expect(error.message).toContain('Full access preset');
    expect(error.message).not.toMatch(/the key lacks/);
  });
});

describe('11. small ones', () => {
  it('a walk past page 1 lets the paginator drop it: a later await fetches it again', async () => {
    const seen = recordRequests();
    server.use(
      http.get(`${API}/rooms`, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return json({
          results: [roomWire({ id: cursor ? 2 : 1 })],
          next: cursor ? null : `${API}/rooms?cursor=2`,
          previous: null,
        });
      }),
    );
    const paginator = makeClient().rooms.list();
    const first = await paginator;
    const ids: number[] = [];
    for await (const page of paginator.pages()) ids.push(...page.results.map((r) => r.id));
    expect(ids).toEqual([1, 2]);
    expect(seen).toHaveLength(2); // page 1 came from the await, not fetched again
    const again = await paginator;
    expect(again).not.toBe(first);
    expect(again.results).toEqual(first.results);
    expect(seen).toHaveLength(3);
  });
});
