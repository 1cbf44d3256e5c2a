/**
 * public-api.md, "Client": options and environment defaults, ConfigurationError for each bad
 * setting, baseUrl normalisation, the browser guard, withOptions, the headers every request
 * carries (User-Agent, Authorization), VERSION, and APIPromise.withResponse().
 */
import { readFileSync } from 'node:fs';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIPromise,
  type ClientOptions,
  ClinicClient,
  ClinicError,
  ConfigurationError,
  InternalServerError,
  VERSION,
} from '../../src/index.ts';
import { API_PREFIX, IDEMPOTENCY_HEADER } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  APPOINTMENT_ID,
  appointmentWire,
  BASE_URL,
  captureLogger,
  createBody,
  expectCopyOf,
  json,
  makeClient,
  recordRequests,
  rejection,
  roomWire,
  SECRET,
  settleError,
  useFakeClock,
  useServer,
} from './helpers.ts';

const server = useServer();
beforeEach(() => {
  // No test may depend on the environment of the machine running it.
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

/** Records the headers of every request to GET /rooms/2. */
function recordRooms(base = API): Headers[] {
  const seen: Headers[] = [];
  server.use(
    http.get(`${base}/rooms/2`, ({ request }) => {
      seen.push(request.headers);
      return json(roomWire());
    }),
  );
  return seen;
}

function configError(options: Record<string, unknown>): ConfigurationError {
  try {
    new ClinicClient(options);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return e as ConfigurationError;
  }
  throw new Error('expected a ConfigurationError');
}

describe('environment defaults', () => {
  it('reads CLINIC_API_KEY and CLINIC_BASE_URL', async () => {
    vi.stubEnv('CLINIC_API_KEY', API_KEY);
    vi.stubEnv('CLINIC_BASE_URL', BASE_URL);
    const seen = recordRooms();
    const client = new ClinicClient();
    expect(client.baseUrl).toBe(BASE_URL);
    await client.rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('options win over the environment', async () => {
    vi.stubEnv('CLINIC_API_KEY', 'other_live_x.y');
    vi.stubEnv('CLINIC_BASE_URL', 'https://elsewhere.test');
    const seen = recordRooms();
    const client = new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL });
    await client.rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('CLINIC_LOG sets the log level (debug logs each attempt)', async () => {
    vi.stubEnv('CLINIC_LOG', 'debug');
    recordRooms();
    const { logger, lines } = captureLogger();
    await makeClient({ logLevel: undefined, logger }).rooms.retrieve(2);
    expect(
      lines.some((l) =>
        l.startsWith('debug: clinic-scheduling: GET /api/public/v1/rooms/{id} attempt 1'),
      ),
    ).toBe(true);
  });

  it('the default level is warn: a call that fails after its retries is one error line, its retries none', async () => {
    useFakeClock();
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'x' }, 500)));
    const { logger, messages } = captureLogger();
    const client = makeClient({ logLevel: undefined, logger, maxRetries: 2 });
    const error = await settleError(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(InternalServerError);
    expect(messages).toEqual([
      'error: clinic-scheduling: GET /api/public/v1/rooms/{id} failed: InternalServerError (500) after 3 attempt(s).',
    ]);
  });

  it("logLevel 'error' writes one line per failed call, nothing for a call that succeeds (issue 26 bug) or is refused (issue 37)", async () => {
    useFakeClock();
    const statuses = [500, 200, 401, 200, 404, 409];
    server.use(
      http.get(`${API}/rooms/:id`, () => {
        const status = statuses.shift()!;
        return status === 200 ? json(roomWire()) : json({ detail: 'Ana', code: 'x' }, status);
      }),
    );
    const { logger, messages, fields } = captureLogger();
    const client = makeClient({ logLevel: 'error', logger, maxRetries: 0 });
    for (let i = 0; i < 6; i++) await client.rooms.retrieve(2).catch(() => {});
    expect(messages).toEqual([
      'error: clinic-scheduling: GET /api/public/v1/rooms/{id} failed: InternalServerError (500) after 1 attempt(s).',
      'error: clinic-scheduling: GET /api/public/v1/rooms/{id} failed: AuthenticationError (401) after 1 attempt(s).',
    ]);
    expect(fields[0]).toMatchObject({
      errorType: 'InternalServerError',
      status: 500,
      attempts: 1,
      outcome: 'failure',
    });
    expect(fields[0]!.callId).not.toBe(fields[1]!.callId);
    expect(JSON.stringify(fields)).not.toContain('Ana');
  });

  it('at info, each retry is one line (status, retry count, the wait ky took), then the error line', async () => {
    useFakeClock();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'x' }, 503)));
    const { logger, messages: lines } = captureLogger();
    const client = makeClient({ logLevel: 'info', logger, maxRetries: 2 });
    await settleError(client.rooms.retrieve(2));
    expect(lines).toEqual([
      'info: clinic-scheduling: GET /api/public/v1/rooms/{id} failed (503); retry 1 of 2, after 500 ms.',
      'info: clinic-scheduling: GET /api/public/v1/rooms/{id} failed (503); retry 2 of 2, after 1000 ms.',
      'error: clinic-scheduling: GET /api/public/v1/rooms/{id} failed: InternalServerError (503) after 3 attempt(s).',
    ]);
  });

  it('at debug, the final line is one line: status, code, method, path template, never the body', async () => {
    useFakeClock();
    server.use(
      http.get(`${API}/rooms/2`, () => json({ code: 'x_code', detail: 'Ana Souza' }, 409)),
    );
    const { logger, messages: lines } = captureLogger();
    await settleError(makeClient({ logLevel: 'debug', logger }).rooms.retrieve(2));
    expect(lines.filter((l) => !l.includes(' attempt 1') && !l.includes(' → 409 in '))).toEqual([
      'info: clinic-scheduling: GET /api/public/v1/rooms/{id} refused: ConflictError (409: x_code) after 1 attempt(s).',
    ]);
  });

  it('with no logger given, injected 5xx and connection faults print one console.error line for the failed call', async () => {
    useFakeClock();
    const printed = (['log', 'info', 'warn', 'error', 'debug'] as const).map((name) =>
      vi.spyOn(console, name).mockImplementation(() => {}),
    );
    let attempt = 0;
    server.use(
      http.get(`${API}/rooms/2`, () => (++attempt % 2 ? HttpResponse.error() : json({}, 502))),
    );
    const client = new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 3 });
    expect(await settleError(client.rooms.retrieve(2))).toBeInstanceOf(InternalServerError);
    expect(attempt).toBe(4);
    const [log, info, warn, error, debug] = printed;
    for (const spy of [log, info, warn, debug]) expect(spy).not.toHaveBeenCalled();
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('logLevel off silences everything', async () => {
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'x' }, 500)));
    const { logger, lines } = captureLogger();
    await expect(
      makeClient({ logLevel: 'off', logger, maxRetries: 0 }).rooms.retrieve(2),
    ).rejects.toThrow();
    expect(lines).toEqual([]);
  });

  it('an invalid CLINIC_LOG is a ConfigurationError', () => {
    vi.stubEnv('CLINIC_LOG', 'loud');
    expect(configError({ apiKey: API_KEY, baseUrl: BASE_URL }).message).toMatch(/CLINIC_LOG/);
  });
});

describe('ConfigurationError', () => {
  it.each([
    ['missing key', { baseUrl: BASE_URL }, /Missing API key.*CLINIC_API_KEY/],
    ['empty key', { apiKey: '', baseUrl: BASE_URL }, /Missing API key/],
    ['missing URL', { apiKey: API_KEY }, /Missing baseUrl.*CLINIC_BASE_URL/],
    [
      'malformed key',
      { apiKey: 'not-a-key', baseUrl: BASE_URL },
      /malformed.*<key_prefix>_live_<key_id>\.<secret>/,
    ],
    ['key without _live_', { apiKey: `clk_test_a.${SECRET}`, baseUrl: BASE_URL }, /malformed/],
    ['key without a secret', { apiKey: 'clk_live_a.', baseUrl: BASE_URL }, /malformed/],
    ['key with "Bearer "', { apiKey: `Bearer ${API_KEY}`, baseUrl: BASE_URL }, /Bearer/],
    ['key with a space', { apiKey: `${API_KEY} `, baseUrl: BASE_URL }, /white space/],
    ['key with a newline', { apiKey: `${API_KEY}\n`, baseUrl: BASE_URL }, /white space/],
    ['key not a string', { apiKey: 42, baseUrl: BASE_URL }, /apiKey must be a string/],
    ['relative URL', { apiKey: API_KEY, baseUrl: 'clinic.test' }, /not an absolute URL/],
    ['non-http URL', { apiKey: API_KEY, baseUrl: 'ftp://clinic.test' }, /http\(s\)/],
    ['URL with a query', { apiKey: API_KEY, baseUrl: 'https://clinic.test/?a=1' }, /host root/],
    [
      'URL with credentials',
      { apiKey: API_KEY, baseUrl: 'https://u:p@clinic.test' },
      /credentials/,
    ],
    ['timeout 0', { apiKey: API_KEY, baseUrl: BASE_URL, timeout: 0 }, /timeout/],
    ['timeout NaN', { apiKey: API_KEY, baseUrl: BASE_URL, timeout: Number.NaN }, /timeout/],
    ['timeout as a string', { apiKey: API_KEY, baseUrl: BASE_URL, timeout: '5000' }, /timeout/],
    ['timeout over 2^31-1', { apiKey: API_KEY, baseUrl: BASE_URL, timeout: 2 ** 31 }, /timeout/],
    ['maxRetries -1', { apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: -1 }, /maxRetries/],
    ['maxRetries 1.5', { apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 1.5 }, /maxRetries/],
    ['maxRetries 11', { apiKey: API_KEY, baseUrl: BASE_URL, maxRetries: 11 }, /maxRetries/],
    [
      'maxResponseBytes 0',
      { apiKey: API_KEY, baseUrl: BASE_URL, maxResponseBytes: 0 },
      /maxResponseBytes must be a whole number from 1 to 268435456; got 0/,
    ],
    [
      'maxResponseBytes 1.5',
      { apiKey: API_KEY, baseUrl: BASE_URL, maxResponseBytes: 1.5 },
      /maxResponseBytes/,
    ],
    [
      'maxResponseBytes over 256 MiB',
      { apiKey: API_KEY, baseUrl: BASE_URL, maxResponseBytes: 2 ** 28 + 1 },
      /maxResponseBytes/,
    ],
    [
      'maxResponseBytes as a string',
      { apiKey: API_KEY, baseUrl: BASE_URL, maxResponseBytes: '1e6' },
      /maxResponseBytes/,
    ],
    ['bad logLevel', { apiKey: API_KEY, baseUrl: BASE_URL, logLevel: 'trace' }, /logLevel/],
    [
      'logLevel as an array that reads as a level',
      { apiKey: API_KEY, baseUrl: BASE_URL, logLevel: ['debug'] },
      /logLevel/,
    ],
    ['fetch not a function', { apiKey: API_KEY, baseUrl: BASE_URL, fetch: 'yes' }, /fetch/],
  ])('%s', (_name, options, message) => {
    const error = configError(options);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(SECRET);
  });

  it('a non-object options argument', () => {
    expect(() => new ClinicClient(null as never)).toThrow(ConfigurationError);
  });
});

describe('baseUrl normalisation', () => {
  it.each([
    ['https://clinic.test', 'https://clinic.test'],
    ['https://clinic.test/', 'https://clinic.test'],
    ['https://clinic.test///', 'https://clinic.test'],
    ['https://clinic.test/api/public/v1', 'https://clinic.test'],
    ['https://clinic.test/api/public/v1/', 'https://clinic.test'],
    ['  https://clinic.test  ', 'https://clinic.test'],
    ['https://clinic.test/tenant-a/', 'https://clinic.test/tenant-a'],
    ['https://clinic.test/tenant-a/api/public/v1', 'https://clinic.test/tenant-a'],
    ['http://localhost:4010', 'http://localhost:4010'],
  ])('%s → %s', async (given, expected) => {
    const client = new ClinicClient({ apiKey: API_KEY, baseUrl: given });
    expect(client.baseUrl).toBe(expected);
    const seen = recordRooms(`${expected}${API_PREFIX}`);
    await client.rooms.retrieve(2);
    expect(seen).toHaveLength(1);
  });
});

describe('browser guard', () => {
  it('throws when window and document exist', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const error = configError({ apiKey: API_KEY, baseUrl: BASE_URL });
    expect(error.message).toMatch(/browser/);
    expect(error.message).toMatch(/dangerouslyAllowBrowser/);
  });

  it('throws before reading the key: even a valid configuration is refused', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(
      () =>
        new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, dangerouslyAllowBrowser: false }),
    ).toThrow(/browser/);
  });

  it('allows it with dangerouslyAllowBrowser: true', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(
      new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, dangerouslyAllowBrowser: true }),
    ).toBeInstanceOf(ClinicClient);
  });

  it('a window without a document (a worker, Deno) is not a browser page', () => {
    vi.stubGlobal('window', {});
    expect(new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL })).toBeInstanceOf(ClinicClient);
  });
});

describe('withOptions', () => {
  it('shares key, URL, headers and fetch, and overrides what it is given', async () => {
    let calls = 0;
    const fetchSpy: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const seen = recordRooms();
    const base = makeClient({
      timeout: 5_000,
      maxRetries: 1,
      headers: { 'x-team': 'front-desk' },
      fetch: fetchSpy,
    });
    const derived = base.withOptions({ maxRetries: 0 });

    expect(derived).toBeInstanceOf(ClinicClient);
    expect(derived).not.toBe(base);
    expect(derived.baseUrl).toBe(base.baseUrl);
    expect(derived.timeout).toBe(5_000);
    expect(derived.maxRetries).toBe(0);
    expect(base.maxRetries).toBe(1);

    await derived.rooms.retrieve(2);
    expect(calls).toBe(1);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(seen[0]?.get('x-team')).toBe('front-desk');
  });

  it('the override takes effect on the wire', async () => {
    let attempts = 0;
    server.use(
      http.get(`${API}/rooms/2`, () => {
        attempts++;
        return json({}, 500);
      }),
    );
    const base = makeClient({ maxRetries: 0 });
    await expect(base.withOptions({ maxRetries: 1 }).rooms.retrieve(2)).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(attempts).toBe(2);
  });

  it("an option given as undefined keeps the parent client's setting, for every option", async () => {
    // Every option of ClientOptions, each given as undefined: a new option fails to compile here
    // until it is listed (and so checked below).
    const unset = {
      apiKey: undefined,
      baseUrl: undefined,
      timeout: undefined,
      maxRetries: undefined,
      maxResponseBytes: undefined,
      fetch: undefined,
      headers: undefined,
      validateResponses: undefined,
      logLevel: undefined,
      logger: undefined,
      hooks: undefined,
      openTelemetry: undefined,
      propagateBaggage: undefined,
      dangerouslyAllowBrowser: undefined,
      dangerouslyAllowHttp: undefined,
      onDrift: undefined,
      maxEmptyPages: undefined,
    } satisfies { [K in keyof Required<ClientOptions>]: undefined };
    const otherKey = `csk_live_other.${'b'.repeat(32)}`;
    const otherBase = 'https://other.clinic.test';
    const seen: Headers[] = [];
    server.use(
      http.get(`${otherBase}${API_PREFIX}/rooms/2`, ({ request }) => {
        seen.push(request.headers);
        return json({ ...roomWire(), extra: 1, name: 42 });
      }),
    );
    let calls = 0;
    const fetchSpy: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const { logger, lines } = captureLogger();
    const hooked: string[] = [];
    const spans: string[] = [];
    const span = {
      setAttribute: () => span,
      setStatus: () => span,
      spanContext: () => ({ traceId: '0', spanId: '0', traceFlags: 0 }),
      end: () => {},
    };
    const openTelemetry = {
      trace: {
        getTracer: () => ({
          startSpan: (name: string) => {
            spans.push(name);
            return span;
          },
        }),
        setSpan: () => ({}),
        isSpanContextValid: () => false,
      },
      context: { active: () => ({}) },
    };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    const base = new ClinicClient({
      apiKey: otherKey,
      baseUrl: otherBase,
      timeout: 5_000,
      maxRetries: 0,
      maxResponseBytes: 4_096,
      fetch: fetchSpy,
      headers: { 'x-team': 'front-desk' },
      validateResponses: false,
      logLevel: 'debug',
      logger,
      hooks: { onRequest: ({ operation }) => hooked.push(operation) },
      openTelemetry,
      dangerouslyAllowBrowser: true,
    });
    vi.stubEnv('CLINIC_API_KEY', API_KEY);
    vi.stubEnv('CLINIC_BASE_URL', BASE_URL);

    const derived = base.withOptions(unset);

    expect(derived.baseUrl).toBe(otherBase);
    expect(derived.timeout).toBe(5_000);
    expect(derived.maxRetries).toBe(0);
    expect(derived.maxResponseBytes).toBe(4_096);
    expect(derived.validateResponses).toBe(false);
    // validateResponses: false lets the off-schema room through.
    expect(await derived.rooms.retrieve(2)).toMatchObject({ name: 42 });
    expect(calls).toBe(1);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${otherKey}`);
    expect(seen[0]?.get('x-team')).toBe('front-desk');
    expect(lines.some((line) => line.startsWith('debug: clinic-scheduling: GET'))).toBe(true);
    expect(hooked).toEqual(['retrieveRoom']);
    expect(spans).toEqual(['retrieveRoom', 'GET /api/public/v1/rooms/{id}']);
  });

  it('checks the overrides', () => {
    expect(() => makeClient().withOptions({ timeout: -1 })).toThrow(ConfigurationError);
    expect(() => makeClient().withOptions({ apiKey: 'bad' })).toThrow(ConfigurationError);
  });
});

describe('the headers of every request', () => {
  it('User-Agent names the SDK, its VERSION and the runtime', async () => {
    const seen = recordRooms();
    await makeClient().rooms.retrieve(2);
    expect(seen[0]?.get('user-agent')).toBe(
      `clinic-scheduling-sdk-typescript/${VERSION} node/${process.versions.node}`,
    );
  });

  it('Authorization: Bearer <key> and Accept: application/json', async () => {
    const seen = recordRooms();
    await makeClient().rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(seen[0]?.get('accept')).toBe('application/json');
  });

  it.each(['Authorization', 'authorization', 'AUTHORIZATION'])(
    'Authorization cannot be overridden through headers (%s), client-wide or per call',
    async (name) => {
      const seen = recordRooms();
      const client = makeClient({ headers: { [name]: 'Bearer other_live_x.y' } });
      await client.rooms.retrieve(2, { headers: { [name]: 'Basic Zm9vOmJhcg==' } });
      expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
    },
  );

  it('client headers, then call headers, are merged by name regardless of case', async () => {
    const seen = recordRooms();
    const client = makeClient({ headers: { 'X-Team': 'a', Accept: 'application/json; v=1' } });
    await client.rooms.retrieve(2, { headers: { 'x-team': 'b', 'X-Trace': 't1' } });
    expect(seen[0]?.get('x-team')).toBe('b');
    expect(seen[0]?.get('x-trace')).toBe('t1');
    expect(seen[0]?.get('accept')).toBe('application/json; v=1');
  });

  it('a JSON body is sent with Content-Type: application/json', async () => {
    let contentType: string | null = null;
    let body: unknown;
    server.use(
      http.post(`${API}/appointments`, async ({ request }) => {
        contentType = request.headers.get('content-type');
        body = await request.json();
        return json(appointmentWire(), 201);
      }),
    );
    await makeClient().appointments.create({
      ...createBody,
      start_at: new Date('2026-03-02T17:30:00Z'),
    });
    expect(contentType).toBe('application/json');
    expect(body).toEqual({ ...createBody, start_at: '2026-03-02T17:30:00+00:00' });
  });

  it('the fetch option is used instead of the global fetch', async () => {
    const requests: Request[] = [];
    const client = makeClient({
      fetch: async (input, init) => {
        requests.push(new Request(input, init));
        return Response.json(roomWire());
      },
    });
    expect(await client.rooms.retrieve(2)).toEqual(roomWire());
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe(`${API}/rooms/2`);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('calls the fetch option as fetch(url, init): method, headers, body and a live signal', async () => {
    const calls: Array<{ input: unknown; init: RequestInit | undefined }> = [];
    const client = makeClient({
      fetch: async (input, init) => {
        calls.push({ input, init });
        return Response.json(appointmentWire());
      },
    });
    await client.appointments.create(createBody, { idempotencyKey: 'key-1' });
    expect(calls).toHaveLength(1);
    const { input, init } = calls[0]!;
    expect(input).toBe(`${API}/appointments`);
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(headers.get(IDEMPOTENCY_HEADER)).toBe('key-1');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual(createBody);
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(init?.signal?.aborted).toBe(false);
  });
});

describe('VERSION', () => {
  it("equals package.json's version", () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as {
      version: string;
    };
    expect(VERSION).toBe(pkg.version);
    expect(VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('APIPromise', () => {
  it('is a Promise: awaiting gives the data', async () => {
    recordRooms();
    const promise = makeClient().rooms.retrieve(2);
    expect(promise).toBeInstanceOf(APIPromise);
    expect(promise).toBeInstanceOf(Promise);
    expect(await promise).toEqual(roomWire());
  });

  it('then, catch and finally give plain Promises; so does the intrinsic Promise.prototype.then', async () => {
    recordRooms();
    const promise = makeClient().rooms.retrieve(2);
    const derived = [promise.then((r) => r), promise.catch(() => null), promise.finally(() => {})];
    for (const p of derived) {
      expect(p).toBeInstanceOf(Promise);
      expect(p).not.toBeInstanceOf(APIPromise);
    }
    // Code that calls the intrinsic method (a library, a polyfill) gets a plain Promise that
    // settles, by Symbol.species: the SDK's own `then` is what carries the data.
    expect(APIPromise[Symbol.species]).toBe(Promise);
    const intrinsic = Promise.prototype.then.call(promise, () => 'settled');
    expect(intrinsic).not.toBeInstanceOf(APIPromise);
    expect(await intrinsic).toBe('settled');
    expect(await Promise.all(derived)).toEqual([roomWire(), roomWire(), roomWire()]);
  });

  it('withResponse() gives { data, response, requestId, idempotencyKey, replayed }', async () => {
    server.use(
      http.post(`${API}/appointments`, () =>
        json(appointmentWire(), 200, { 'Idempotent-Replayed': 'true', 'x-request-id': 'r-1' }),
      ),
    );
    const result = await makeClient()
      .appointments.create(createBody, { idempotencyKey: 'k-1' })
      .withResponse();
    expect(Object.keys(result).sort()).toEqual([
      'data',
      'idempotencyKey',
      'replayed',
      'requestId',
      'response',
    ]);
    expect(result.data).toEqual(appointmentWire());
    expect(result.response).toBeInstanceOf(Response);
    expect(result.response.status).toBe(200);
    expect(result.response.headers.get('x-request-id')).toBe('r-1');
    expect(result.requestId).toBe('r-1');
    expect(result.idempotencyKey).toBe('k-1');
    expect(result.replayed).toBe(true);
  });

  it.each([
    ['x-request-id', { 'x-request-id': 'r-2' }, 'r-2'],
    ['request-id', { 'request-id': 'r-3' }, 'r-3'],
    ['neither', {}, undefined],
  ])('withResponse().requestId from %s', async (_n, headers, requestId) => {
    server.use(http.get(`${API}/rooms/2`, () => json(roomWire(), 200, headers)));
    const result = await makeClient().rooms.retrieve(2).withResponse();
    expect(result.requestId).toBe(requestId);
  });

  it('asResponse() gives the raw Response of the call, sent once with await', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/rooms/2`, () => {
        requests++;
        return json(roomWire(), 200, { 'x-request-id': 'r-4' });
      }),
    );
    const promise = makeClient().rooms.retrieve(2);
    const response = await promise.asResponse();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('r-4');
    expect(response.url).toBe(`${API}/rooms/2`);
    expect(await promise).toEqual(roomWire());
    expect(requests).toBe(1);
  });

  it('asResponse() rejects with the error the call rejects with', async () => {
    server.use(http.get(`${API}/rooms/2`, () => json({ detail: 'Not found.' }, 404)));
    await expect(makeClient().rooms.retrieve(2).asResponse()).rejects.toMatchObject({
      name: 'NotFoundError',
      status: 404,
    });
  });

  it.each([
    ['absent', {}, false],
    ['false', { 'Idempotent-Replayed': 'false' }, false],
    ['TRUE', { 'Idempotent-Replayed': 'TRUE' }, true],
  ])('replayed with Idempotent-Replayed %s → %s', async (_n, headers, replayed) => {
    server.use(http.post(`${API}/appointments`, () => json(appointmentWire(), 201, headers)));
    const result = await makeClient().appointments.create(createBody).withResponse();
    expect(result.replayed).toBe(replayed);
  });

  it('then, catch and finally behave as on a Promise; the call is sent once', async () => {
    let requests = 0;
    server.use(
      http.get(`${API}/appointments/${APPOINTMENT_ID}`, () => {
        requests++;
        return json({ detail: 'Not found.' }, 404);
      }),
    );
    const promise = makeClient().appointments.retrieve(APPOINTMENT_ID);
    let finallyRan = false;
    const caught = await promise.catch((e: unknown) => (e as Error).name);
    await promise
      .finally(() => {
        finallyRan = true;
      })
      .catch(() => {});
    const viaThen = await promise.then(
      () => 'resolved',
      () => 'rejected',
    );
    await expect(promise.withResponse()).rejects.toThrow();
    expect(caught).toBe('NotFoundError');
    expect(finallyRan).toBe(true);
    expect(viaThen).toBe('rejected');
    expect(requests).toBe(1);
  });

  it('PATCH answered with an empty body returns the appointment read with GET', async () => {
    server.use(
      http.patch(
        `${API}/appointments/${APPOINTMENT_ID}`,
        () => new HttpResponse(null, { status: 204 }),
      ),
      http.get(`${API}/appointments/${APPOINTMENT_ID}`, () =>
        json(appointmentWire({ status: 'confirmed' })),
      ),
    );
    const result = await makeClient().appointments.update(APPOINTMENT_ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
  });
});

describe('local mistakes are ConfigurationErrors, not connection errors, and are not retried', () => {
  it.each([
    ['a line feed', 'a\nb'],
    ['a carriage return', 'a\rb'],
    ['a NUL', 'a\u0000b'],
    ['a character beyond Latin-1', 'caf€'],
  ])('a call header with %s: ConfigurationError naming it, nothing sent', async (_name, value) => {
    const seen = recordRequests(server);
    const error = await rejection(
      makeClient().rooms.retrieve(2, { headers: { 'X-Trace': `${value}-${SECRET}` } }),
    );
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('x-trace');
    expect((error as Error).message).not.toContain(SECRET);
    expect(seen).toEqual([]);
  });

  it.each([
    ['Connection', 'close'],
    ['Keep-Alive', 'timeout=5'],
    ['Transfer-Encoding', 'chunked'],
    ['Upgrade', 'websocket'],
    ['Expect', '100-continue'],
    ['Host', 'elsewhere.test'],
    ['Content-Length', '10'],
    ['TE', 'trailers'],
    ['Trailer', 'x-checksum'],
  ])(
    'a header fetch manages (%s), per call or client-wide: ConfigurationError, nothing sent',
    async (name, value) => {
      const seen = recordRequests(server);
      const error = await rejection(
        makeClient({ maxRetries: 2 }).rooms.retrieve(2, { headers: { [name]: value } }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(new RegExp(`^the call's headers: ${name}\\b`, 'i'));
      expect(() => makeClient({ headers: { [name]: value } })).toThrow(ConfigurationError);
      expect(() => makeClient({ headers: { [name]: value } })).toThrow(
        new RegExp(`^headers: ${name}\\b`, 'i'),
      );
      expect(seen).toEqual([]);
    },
  );

  it("a page link with credentials in its URL: refused as the server's link, not sent, neither repeated", async () => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, () =>
        json({
          results: [roomWire()],
          next: `https://user:${encodeURIComponent(SECRET)}@clinic.test${API_PREFIX}/rooms?cursor=2&cpf=52998224725`,
          previous: null,
        }),
      ),
    );
    const page = await makeClient({ maxRetries: 2 }).rooms.list();
    const error = await rejection(page.getNextPage());
    // The link is the server's, not the user's configuration.
    expect(error).toBeInstanceOf(ClinicError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/credentials/);
    expect((error as Error).message).not.toContain(SECRET);
    expect(seen).toEqual([`GET ${API_PREFIX}/rooms`]);
  });

  it.each([
    ['a user name alone', 'user@'],
    ['a password alone', ':pw@'],
  ])('a page link with %s in its URL: refused, not sent', async (_name, userinfo) => {
    const seen = recordRequests(server);
    server.use(
      http.get(`${API}/rooms`, () =>
        json({
          results: [roomWire()],
          next: `https://${userinfo}clinic.test${API_PREFIX}/rooms?cursor=2`,
          previous: null,
        }),
      ),
    );
    const page = await makeClient().rooms.list();
    const error = await rejection(page.getNextPage());
    expect(error).toBeInstanceOf(ClinicError);
    expect(error).not.toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/credentials/);
    expect(seen).toEqual([`GET ${API_PREFIX}/rooms`]);
  });

  it.each([
    ['a plain object', {}, 'object'],
    ['null', null, 'null'],
    ['a string', 'abort', 'string'],
  ])(
    'a signal that is %s: ConfigurationError, nothing sent, no Idempotency-Key',
    async (_name, signal, got) => {
      const seen = recordRequests(server);
      const error = await rejection(
        makeClient().appointments.create(createBody, { signal: signal as unknown as AbortSignal }),
      );
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toMatch(/^signal must be an AbortSignal/);
      expect((error as Error).message).toContain(`got ${got}.`);
      expect((error as ConfigurationError).idempotencyKey).toBeUndefined();
      expect(seen).toEqual([]);
    },
  );

  it('an invalid header name: ConfigurationError, nothing sent', async () => {
    const seen = recordRequests(server);
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

  it('a custom fetch that throws something other than a TypeError: a ClinicError with a copy of it as cause, not retried', async () => {
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
    expect(error).toBeInstanceOf(ClinicError);
    expectCopyOf((error as Error).cause, bug);
    expect((error as Error).message).toContain('threw a RangeError');
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
