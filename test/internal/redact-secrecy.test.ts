/**
 * public-api.md: "No error message, property, log line or `util.inspect` output ever contains
 * the API key." Every failure the suite knows is produced here with a capturing logger at
 * `debug`; each error is rendered every way a user might print it, and none of it may hold the
 * key's secret (nor, a fortiori, the whole key).
 */
import { inspect } from 'node:util';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  ClinicClient,
  ClinicError,
  ConfigurationError,
} from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  APPOINTMENT_ID,
  appointmentWire,
  BASE_URL,
  captureLogger,
  createBody,
  json,
  makeClient,
  recordRequests,
  rejection,
  SECRET,
  settleError,
  useFakeClock,
  useServer,
} from '../client/helpers.ts';

const P = API_PREFIX;
/** `text` URL-encoded with lower-case hex digits (`%2f`), which decoders accept too. */
const lowerHex = (text: string) =>
  encodeURIComponent(text).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase());

const server = useServer();
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** Every way a user might print `value`. */
function renderings(value: unknown): string[] {
  const out = [
    String(value),
    inspect(value, { depth: 10 }),
    inspect(value, { depth: 10, showHidden: true }),
  ];
  if (value instanceof Error) {
    out.push(value.message, String(value.stack));
    let cause: unknown = value.cause;
    while (cause !== undefined) {
      out.push(inspect(cause, { depth: 10 }));
      cause = cause instanceof Error ? cause.cause : undefined;
    }
  }
  try {
    out.push(JSON.stringify(value) ?? '');
  } catch {
    // circular: inspect covered it
  }
  return out;
}

function expectNoSecret(texts: string[]): void {
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(API_KEY);
  }
}

const failures: Array<[string, () => Response | Promise<Response>]> = [
  ['400', () => json({ start_at: ['seconds must be 00'] }, 400)],
  ['401', () => json({ detail: 'Invalid key.' }, 401)],
  ['403', () => json({ detail: 'Missing scope.' }, 403)],
  ['404', () => json({ detail: 'Not found.' }, 404)],
  ['408', () => json({ detail: 'Timeout.' }, 408)],
  ['409', () => json({ code: 'slot_blocked', detail: 'Blocked.' }, 409)],
  ['422', () => json({ code: 'idempotency_key_reused', detail: 'Reused.' }, 422)],
  ['429', () => json({ detail: 'Slow down.' }, 429, { 'retry-after': '1' })],
  ['500', () => json({ detail: 'Oops.' }, 500)],
  ['503 HTML', () => new HttpResponse('<html>Service Unavailable</html>', { status: 503 })],
  ['network error', () => HttpResponse.error()],
  [
    'timeout',
    async () => {
      await delay(5_000);
      return json({});
    },
  ],
  [
    'a 2xx of the wrong shape',
    () => json(appointmentWire({ start_at: 'nope', patient: 'x' }), 201),
  ],
  [
    '401 from a proxy that echoes the request headers',
    () =>
      json(
        {
          detail: `Unauthorized: Authorization: Bearer ${API_KEY}`,
          echoed: { authorization: `Bearer ${API_KEY}` },
        },
        401,
      ),
  ],
  [
    '400 as text echoing the key',
    () => new HttpResponse(`bad request for key ${API_KEY}`, { status: 400 }),
  ],
];

describe('no output of a failed call holds the key', () => {
  it.each(failures)('%s', async (_name, respond) => {
    useFakeClock();
    server.use(
      http.post(`${API}/appointments`, respond),
      http.get(`${API}/appointments/:id`, respond),
    );
    const { logger, lines } = captureLogger();
    const client = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'debug',
      logger,
      timeout: 1_000,
    });

    const errors = [
      await settleError(client.appointments.create(createBody)),
      await settleError(client.appointments.retrieve(APPOINTMENT_ID)),
    ];

    expect(lines.length).toBeGreaterThan(0);
    expectNoSecret([...errors.flatMap(renderings), ...lines]);
  });

  it('the debug log shows the request headers with Authorization masked', async () => {
    server.use(http.get(`${API}/rooms/2`, () => json({ id: 2, name: 'Sala' })));
    const { logger, lines } = captureLogger();
    const client = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'debug',
      logger,
    });
    await client.rooms.retrieve(2);
    const attemptLine = lines.find((l) => l.includes('attempt 1'));
    expect(attemptLine).toBeDefined();
    expect(attemptLine).toContain("authorization: '***'");
    expectNoSecret(lines);
  });

  it('an abort', async () => {
    useFakeClock();
    server.use(http.get(`${API}/rooms/2`, () => json({}, 503, { 'retry-after': '10' })));
    const { logger, lines } = captureLogger();
    const client = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'debug',
      logger,
    });
    const controller = new AbortController();
    const call = client.rooms.retrieve(2, { signal: controller.signal });
    setTimeout(() => controller.abort(), 1_000);
    const error = await settleError(call);
    expectNoSecret([...renderings(error), ...lines]);
  });

  it('validation errors, thrown before sending', async () => {
    const { logger, lines } = captureLogger();
    const client = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'debug',
      logger,
    });
    const errors = await Promise.all([
      client.appointments
        .create({ ...createBody, start_at: '2026-03-02T14:30:15' })
        .catch((e: unknown) => e),
      client.appointments
        .create(createBody, { idempotencyKey: 'x'.repeat(300) })
        .catch((e: unknown) => e),
      client.patients.create({ name: '', cpf: '123' }).catch((e: unknown) => e),
      client.rooms.retrieve(-1).catch((e: unknown) => e),
      client.rooms.retrieve(2, { timeout: 0 }).catch((e: unknown) => e),
    ]);
    for (const e of errors) expect(e).toBeInstanceOf(Error);
    expectNoSecret([...errors.flatMap(renderings), ...lines]);
  });
});

describe('configuration errors never repeat the key', () => {
  const malformed: Array<[string, Record<string, unknown>]> = [
    ['"Bearer " in front', { apiKey: `Bearer ${API_KEY}` }],
    ['lower-case "bearer "', { apiKey: `bearer ${API_KEY}` }],
    ['a trailing newline', { apiKey: `${API_KEY}\n` }],
    ['a leading space', { apiKey: ` ${API_KEY}` }],
    [
      'a space inside the secret',
      { apiKey: `clk_live_k7Fq2.${SECRET.slice(0, 5)} ${SECRET.slice(5)}` },
    ],
    ['no _live_ part', { apiKey: `clk_test_k7Fq2.${SECRET}` }],
    ['no dot before the secret', { apiKey: `clk_live_k7Fq2${SECRET}` }],
    ['a character outside the format', { apiKey: `clk_live_k7Fq2.${SECRET}!` }],
    ['a non-http baseUrl', { baseUrl: `ftp://clinic.test/${SECRET}` }],
    ['the key passed as baseUrl', { baseUrl: API_KEY }],
    [
      'a baseUrl with the key as its user name',
      { baseUrl: `https://${encodeURIComponent(SECRET)}@clinic.test` },
    ],
    ['a baseUrl with the key in the query', { baseUrl: `https://clinic.test/?key=${SECRET}` }],
    ['a bad timeout', { timeout: -1 }],
    ['a bad logLevel', { logLevel: 'verbose' }],
  ];

  it.each(malformed)('%s', (_name, options) => {
    let error: unknown;
    try {
      new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL, ...options });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expectNoSecret(renderings(error));
  });

  it('from CLINIC_API_KEY too', () => {
    vi.stubEnv('CLINIC_API_KEY', `Bearer ${API_KEY}`);
    vi.stubEnv('CLINIC_BASE_URL', BASE_URL);
    let error: unknown;
    try {
      new ClinicClient();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expectNoSecret(renderings(error));
  });
});

describe('the client itself', () => {
  it('util.inspect, String, JSON.stringify of the client and its resources', () => {
    const client = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      headers: { 'x-team': 'a' },
    });
    const derived = client.withOptions({ timeout: 5_000 });
    const texts = [
      ...renderings(client),
      ...renderings(derived),
      inspect(client.appointments, { depth: 10 }),
      inspect(client.appointments, { depth: 10, showHidden: true }),
      inspect(client.rooms.list(), { depth: 10 }),
      JSON.stringify({ client }),
      inspect(Object.entries(client), { depth: 10 }),
    ];
    expectNoSecret(texts);
    expect(inspect(client)).toContain(BASE_URL);
    expect(JSON.parse(JSON.stringify(client))).toEqual({
      baseUrl: BASE_URL,
      timeout: 30_000,
      maxRetries: 2,
    });
  });
});

describe('the parsed error body is redacted too, in every form of the key', () => {
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

describe('log lines carry status, method, path, code and request id, never the body', () => {
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
    // The message quotes nothing the service wrote; `detail` keeps it.
    expect((error as Error).message).not.toContain('Maria');
    expect((error as { detail: string }).detail).toBe(detail);
    const last = lines.at(-1) ?? '';
    expect(last).toContain(String(status));
    expect(last).toContain(`GET ${P}/rooms/{id}`);
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

describe('redirects are not followed (issue 13)', () => {
  it.each([301, 302, 303, 307, 308])(
    '%i: a ClinicError naming the status and the target origin only; nothing reaches the target',
    async (status) => {
      const seen = recordRequests(server);
      server.use(
        http.post(
          `${API}/appointments`,
          () =>
            new HttpResponse(null, {
              status,
              headers: { location: `https://evil.test/collect?key=${SECRET}` },
            }),
        ),
        http.all('https://evil.test/*', () => json({ stolen: true })),
      );
      const error = await rejection(makeClient().appointments.create(createBody));
      expect(error).toBeInstanceOf(ClinicError);
      expect(error).not.toBeInstanceOf(APIError);
      expect(error).not.toBeInstanceOf(APIConnectionError);
      const { message } = error as Error;
      expect(message).toContain(`POST ${API_PREFIX}/appointments was answered ${status}`);
      expect(message).toContain('https://evil.test.');
      expect(message).not.toContain('/collect');
      expect(message).toMatch(/baseUrl/);
      expect(seen).toEqual([`POST ${API_PREFIX}/appointments`]);
      expectNoSecret(renderings(error));
    },
  );

  it('a redirect to a path outside the API, on the same origin, is not followed either', async () => {
    const seen = recordRequests(server);
    server.use(
      http.get(
        `${API}/rooms/2`,
        () => new HttpResponse(null, { status: 302, headers: { location: '/admin/export' } }),
      ),
      http.get(`${BASE_URL}/admin/export`, () => json({})),
    );
    const error = await rejection(makeClient().rooms.retrieve(2));
    // The redirect named by its origin only (messages.test.ts pins the words).
    expect((error as Error).message).toContain('302');
    expect((error as Error).message).toContain('https://clinic.test');
    expect((error as Error).message).not.toContain('/admin/export');
    expect(seen).toEqual([`GET ${API_PREFIX}/rooms/2`]);
  });
});

describe('APIError.headers is a copy with the key redacted (issue 13)', () => {
  it('a header echoing the key or its secret reads [redacted], requestId too; others are kept', async () => {
    server.use(
      http.get(`${API}/rooms/2`, () =>
        json({ detail: 'x' }, 404, {
          'x-echo-authorization': `Bearer ${API_KEY}`,
          'x-request-id': `req-${encodeURIComponent(SECRET)}`,
          'x-trace': 'abc-123',
        }),
      ),
    );
    const error = (await rejection(makeClient().rooms.retrieve(2))) as APIError;
    expect(error).toBeInstanceOf(APIError);
    expect(error.headers.get('x-echo-authorization')).toBe('[redacted]');
    expect(error.headers.get('x-request-id')).toBe('[redacted]');
    expect(error.requestId).toBe('[redacted]');
    expect(error.headers.get('x-trace')).toBe('abc-123');
    expectNoSecret([...renderings(error), ...[...error.headers].map(([n, v]) => `${n}: ${v}`)]);
  });
});

describe('the key is redacted from error bodies in more encodings (issue 13)', () => {
  const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
  const base64url = (text: string) => Buffer.from(text, 'latin1').toString('base64url');
  const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
  // Each echo as a proxy might write it: a whole header base64-encoded (so the key sits at any
  // offset of the encoded text), base64url, hex in either case, and the key in another case.
  const echoes: Array<[string, string, string]> = [
    // "Bearer " is 7 bytes: the key sits at offset 1 of a 3-byte group, as in "x<key>"
    ['base64 of "Bearer <key>"', base64(`Bearer ${API_KEY}`), base64(`x${API_KEY}`).slice(4, -4)],
    ['base64 of the key', base64(API_KEY), base64(API_KEY).slice(0, -4)],
    ['base64 of "x<key>" (offset 1)', base64(`x${API_KEY}`), base64(`x${API_KEY}`).slice(4, -4)],
    [
      'base64 of "xy<secret>" (offset 2)',
      base64(`xy${SECRET}`),
      base64(`xy${SECRET}`).slice(4, -4),
    ],
    ['base64url of the secret', base64url(SECRET), base64url(SECRET)],
    ['hex of the key', hex(API_KEY), hex(API_KEY)],
    ['HEX of the secret', hex(SECRET).toUpperCase(), hex(SECRET).toUpperCase()],
    ['the key upper-cased', API_KEY.toUpperCase(), API_KEY.toUpperCase()],
    ['the secret lower-cased', SECRET.toLowerCase(), SECRET.toLowerCase()],
  ];

  it.each(echoes)('%s', async (_name, echoed, core) => {
    server.use(
      http.get(`${API}/rooms/2`, () =>
        json({ detail: `echo: ${echoed}`, headers: { authorization: echoed } }, 400),
      ),
    );
    const error = await rejection(makeClient().rooms.retrieve(2));
    const texts = renderings(error);
    for (const text of texts) expect(text).not.toContain(core);
    expect(JSON.stringify((error as APIError).body)).toContain('[redacted]');
  });
});

describe('baseUrl errors never repeat the key or its secret, whatever its case (issue 13)', () => {
  it.each([
    ['the secret alone', SECRET],
    ['the secret upper-cased, in a bad URL', `clinic.test/${SECRET.toUpperCase()}`],
    ['the key upper-cased', API_KEY.toUpperCase()],
    ['the key lower-cased after a word', `see ${API_KEY.toLowerCase()}`],
  ])('%s', (_name, baseUrl) => {
    let error: unknown;
    try {
      new ClinicClient({ apiKey: API_KEY, baseUrl });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    for (const text of renderings(error)) {
      expect(text.toLowerCase()).not.toContain(SECRET.toLowerCase());
    }
  });
});

describe('no message or log line carries a query string or URL credentials (issue 13)', () => {
  // A list filter is health data: a CPF and a patient's name.
  const CPF = '52998224725';
  const NAME = 'Maria Joaquina';
  const query = { cpf: CPF, name: NAME };

  /** Fails when a text holds the query's values (in any encoding) or a query string. */
  function expectNoQuery(texts: string[]): void {
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toContain(CPF);
      expect(text).not.toContain('Joaquina');
      expect(text).not.toContain('cpf=');
      expect(text).not.toContain('pw@');
    }
  }

  /** A client at debug level whose lines are kept. */
  function debugClient(options: Parameters<typeof makeClient>[0] = {}) {
    const { logger, lines } = captureLogger();
    return { client: makeClient({ logLevel: 'debug', logger, ...options }), lines };
  }

  it('a 5xx retried twice, at debug level: the error and every line name the path only', async () => {
    server.use(
      http.get(`${API}/patients`, () =>
        json({ error: { code: 'internal_error', message: 'down' } }, 503, {
          'retry-after': '0',
        }),
      ),
    );
    const { client, lines } = debugClient({ maxRetries: 2 });
    const error = await rejection(client.patients.list(query).toArray({ limit: 10 }));
    expect(error).toBeInstanceOf(APIError);
    expect(lines.filter((line) => line.startsWith('info:'))).toHaveLength(2);
    expect(lines.join('\n')).toContain(`GET ${P}/patients`);
    expectNoQuery([(error as Error).message, ...lines]);
  });

  it('a connection error whose cause names the URL (as Deno does): path only', async () => {
    const fetch: typeof globalThis.fetch = async (input) => {
      throw new TypeError(`error sending request for url (${String(input)}): connection refused`);
    };
    const { client, lines } = debugClient({ fetch, maxRetries: 1 });
    const error = await rejection(client.patients.list(query).toArray({ limit: 10 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`GET ${P}/patients failed`);
    expect((error as Error).message).toContain(`(${API}/patients): connection refused)`);
    expect(lines.filter((line) => line.startsWith('info:'))).toHaveLength(1);
    expectNoQuery([(error as Error).message, ...lines]);
  });

  it('a 2xx cut off by an error that names the URL with credentials: path only', async () => {
    const fetch: typeof globalThis.fetch = async (input) =>
      new Response(
        new ReadableStream({
          start(controller) {
            const url = String(input).replace('https://', 'https://user:pw@');
            controller.error(new TypeError(`terminated reading ${url}`));
          },
        }),
        { status: 200 },
      );
    const { client, lines } = debugClient({ fetch, maxRetries: 0 });
    const error = await rejection(client.patients.list(query).toArray({ limit: 10 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`(terminated reading ${API}/patients)`);
    expectNoQuery([(error as Error).message, ...lines]);
  });

  it('a timeout: path only', async () => {
    const fetch: typeof globalThis.fetch = (_input, init) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const { client, lines } = debugClient({ fetch, timeout: 20, maxRetries: 1 });
    const error = await rejection(client.patients.list(query).toArray({ limit: 10 }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).toBeInstanceOf(APIConnectionTimeoutError);
    expect((error as Error).message).toContain(`GET ${P}/patients timed out after 20 ms`);
    expect((error as Error).message).toContain('`timeout`');
    expectNoQuery([(error as Error).message, ...lines]);
  });

  it('a next link with credentials and the query: refused, naming the path only', async () => {
    server.use(
      http.get(`${API}/patients`, () =>
        json({
          results: [],
          next: `https://user:pw@clinic.test${P}/patients?cpf=${CPF}&name=Joaquina&cursor=2`,
          previous: null,
        }),
      ),
    );
    const { client, lines } = debugClient();
    const error = await rejection(client.patients.list(query).toArray({ limit: 10 }));
    expect(error).toBeInstanceOf(ClinicError);
    expectNoQuery([(error as Error).message, ...lines]);
  });
});

describe('a custom fetch that puts the key into what it throws (issue 13)', () => {
  const throwers: Array<[string, (init: RequestInit) => unknown]> = [
    [
      'a TypeError naming the Authorization header',
      (init) => new TypeError(`connect failed ${new Headers(init.headers).get('authorization')}`),
    ],
    [
      'a TypeError whose cause names it',
      (init) =>
        new TypeError('fetch failed', {
          cause: new Error(`${new Headers(init.headers).get('authorization')}`),
        }),
    ],
    [
      'a RangeError carrying the request init',
      (init) => Object.assign(new RangeError('bug'), { init }),
    ],
    [
      'a string holding the key',
      (init) => `oops ${new Headers(init.headers).get('authorization')}`,
    ],
  ];

  it.each(throwers)(
    '%s: no message, stack, cause, inspect output or log line holds it',
    async (_, make) => {
      const { logger, lines } = captureLogger();
      const client = new ClinicClient({
        apiKey: API_KEY,
        baseUrl: BASE_URL,
        logLevel: 'debug',
        logger,
        maxRetries: 1,
        fetch: (async (_url: string, init: RequestInit) => {
          throw make(init);
        }) as unknown as typeof fetch,
      });
      const error = await rejection(client.rooms.retrieve(2));
      expect(error).toBeInstanceOf(ClinicError);
      const outputs = [
        (error as Error).message,
        (error as Error).stack ?? '',
        inspect(error, { depth: 10 }),
        JSON.stringify(error),
        ...lines,
      ];
      for (const output of outputs) {
        expect(output).not.toContain(SECRET);
        expect(output).not.toContain(API_KEY);
      }
    },
  );
});
