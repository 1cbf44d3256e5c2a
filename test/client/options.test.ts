import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  type ClientOptions,
  ClinicClient,
  ConfigurationError,
  InternalServerError,
} from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import {
  API,
  API_KEY,
  BASE_URL,
  captureLogger,
  configError,
  isolateEachTest,
  json,
  makeClient,
  recordRooms,
  roomWire,
  SECRET,
  useServer,
} from './helpers.ts';

const server = useServer();
isolateEachTest();

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
    const seen = recordRooms(server, `${expected}${API_PREFIX}`);
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
    const seen = recordRooms(server);
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
