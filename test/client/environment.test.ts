import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ClinicClient, InternalServerError } from '../../src/index.ts';
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
  settleError,
  useFakeClock,
  useServer,
} from './helpers.ts';

const server = useServer();
isolateEachTest();

describe('environment defaults', () => {
  it('reads CLINIC_API_KEY and CLINIC_BASE_URL', async () => {
    vi.stubEnv('CLINIC_API_KEY', API_KEY);
    vi.stubEnv('CLINIC_BASE_URL', BASE_URL);
    const seen = recordRooms(server);
    const client = new ClinicClient();
    expect(client.baseUrl).toBe(BASE_URL);
    await client.rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('options win over the environment', async () => {
    vi.stubEnv('CLINIC_API_KEY', 'other_live_x.y');
    vi.stubEnv('CLINIC_BASE_URL', 'https://elsewhere.test');
    const seen = recordRooms(server);
    const client = new ClinicClient({ apiKey: API_KEY, baseUrl: BASE_URL });
    await client.rooms.retrieve(2);
    expect(seen[0]?.get('authorization')).toBe(`Bearer ${API_KEY}`);
  });

  it('CLINIC_LOG sets the log level (debug logs each attempt)', async () => {
    vi.stubEnv('CLINIC_LOG', 'debug');
    recordRooms(server);
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
