/**
 * Pins of the log line of an error answer (issue 11, item 0), through `ClinicClient`, a custom
 * `fetch` and a capturing logger: status, method, path, and the body's `code` and the request
 * id only when they look like identifiers (a body or header may put anything there); every
 * failed call is a debug line (quiet by default: the caller receives the error); the body's
 * detail never appears.
 */
import { describe, expect, it } from 'vitest';
import { APIError, ClinicClient, type Logger } from '../../src/index.ts';

const KEY = 'csk_live_loglines.0123456789abcdef';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };

function logged(status: number, body: unknown, headers: Record<string, string> = {}) {
  return loggedSequence([{ status, body, headers }]);
}

/** A logger that keeps each line as `level: message`. */
function recorder(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => {
    lines.push(`${level}: ${message}`);
  };
  const logger = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
  return { logger, lines };
}

/** A client whose fetch gives the replies in turn (the last one again once they run out). */
function loggedSequence(replies: Reply[], maxRetries = 0) {
  const { logger, lines } = recorder();
  let call = 0;
  const fetch = async () => {
    const { status, body, headers } = replies[Math.min(call++, replies.length - 1)]!;
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });
  };
  const clinic = new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    logLevel: 'debug',
    logger,
    maxRetries,
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return { clinic, lines };
}

/** The lines about the answer (not the per-attempt request line). */
const answerLines = (lines: string[]) => lines.filter((l) => !/attempt \d|→/.test(l));

describe('the log line of an error answer', () => {
  it('a 5xx is a debug line with its code and request id when they are identifiers', async () => {
    const { clinic, lines } = logged(
      503,
      { code: 'upstream_unavailable', detail: 'patient Ana Souza, CPF 123' },
      { 'x-request-id': 'req_01H:abc/def+1=' },
    );
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: 503 upstream_unavailable (GET /api/public/v1/rooms/2, request id req_01H:abc/def+1=)',
    ]);
  });

  it('a 4xx is a debug line', async () => {
    const { clinic, lines } = logged(409, { code: 'slot_taken', detail: 'taken' });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: 409 slot_taken (GET /api/public/v1/rooms/2)',
    ]);
  });

  it.each([
    ['a space', 'slot taken'],
    ['a line break', 'slot_taken\nwarn: forged line'],
    ['an empty code', ''],
    ['129 characters', 'a'.repeat(129)],
    ['a character outside the identifier set', 'slot_taken;'],
  ])('leaves out a code holding %s', async (_, code) => {
    const { clinic, lines } = logged(500, { code, detail: 'x' });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: 500 (GET /api/public/v1/rooms/2)',
    ]);
  });

  it('keeps a code of exactly 128 identifier characters', async () => {
    const code = 'a'.repeat(128);
    const { clinic, lines } = logged(500, { code });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      `debug: clinic-scheduling: 500 ${code} (GET /api/public/v1/rooms/2)`,
    ]);
  });

  it.each([
    ['a space', 'req 1'],
    ['a quote', 'req"1'],
    ['129 characters', 'r'.repeat(129)],
  ])('leaves out a request id holding %s', async (_, id) => {
    const { clinic, lines } = logged(502, {}, { 'x-request-id': id });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: 502 (GET /api/public/v1/rooms/2)',
    ]);
  });

  it('reads the request id from request-id when x-request-id is absent', async () => {
    const { clinic, lines } = logged(500, {}, { 'request-id': 'abc-123' });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: 500 (GET /api/public/v1/rooms/2, request id abc-123)',
    ]);
  });

  it('logs each attempt at debug with the key redacted, and the status line', async () => {
    const { clinic, lines } = logged(404, { detail: 'Not found.' });
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    expect(lines[0]).toBe('debug: clinic-scheduling: GET /api/public/v1/rooms/2 attempt 1');
    expect(lines[1]).toMatch(
      /^debug: clinic-scheduling: GET \/api\/public\/v1\/rooms\/2 → 404 in \d+ ms$/,
    );
    expect(lines.join('\n')).not.toContain(KEY.split('.')[1]);
    expect(lines.join('\n')).not.toContain('Not found.');
  });

  it('the status line gives the time the attempt took', async () => {
    const { clinic, lines } = logged(404, {});
    const started = Date.now();
    await expect(clinic.rooms.retrieve(2)).rejects.toBeInstanceOf(APIError);
    const elapsed = Date.now() - started;
    const took = /→ 404 in (\d+) ms$/.exec(lines[1] ?? '');
    expect(took).not.toBeNull();
    // A duration within the call, not a timestamp, however busy the machine.
    expect(Number(took?.[1])).toBeLessThanOrEqual(elapsed + 1);
  });
});

describe('the log lines of a retried answer', () => {
  it('an info line per retry, numbered from 1, then the final answer', async () => {
    const busy = { status: 503, body: {}, headers: { 'retry-after': '0' } };
    const { clinic, lines } = loggedSequence(
      [busy, busy, { status: 200, body: { id: 2, name: 'Sala 2' } }],
      2,
    );
    await expect(clinic.rooms.retrieve(2)).resolves.toEqual({ id: 2, name: 'Sala 2' });
    expect(lines.filter((l) => l.startsWith('info:'))).toEqual([
      'info: clinic-scheduling: GET /api/public/v1/rooms/2 → 503. Retry 1 of 2, after 0 ms.',
      'info: clinic-scheduling: GET /api/public/v1/rooms/2 → 503. Retry 2 of 2, after 0 ms.',
    ]);
  });

  it('a Retry-After over the cap: no retry line; the error (retryAfterMs) is a debug line', async () => {
    const { clinic, lines } = loggedSequence(
      [{ status: 429, body: {}, headers: { 'retry-after': '120' } }],
      2,
    );
    await expect(clinic.rooms.retrieve(2)).rejects.toMatchObject({
      status: 429,
      retryAfterMs: 120_000,
    });
    expect(lines.filter((l) => l.startsWith('info:'))).toEqual([]);
    expect(lines.filter((l) => !/attempt \d|→/.test(l))).toEqual([
      'debug: clinic-scheduling: 429 (GET /api/public/v1/rooms/2)',
    ]);
  });
});

describe('the log lines of a call that got no answer', () => {
  function failing(fetch: () => Promise<Response>, maxRetries: number, timeout = 30_000) {
    const { logger, lines } = recorder();
    const clinic = new ClinicClient({
      apiKey: KEY,
      baseUrl: 'https://clinic.test',
      logLevel: 'debug',
      logger,
      maxRetries,
      timeout,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    return { clinic, lines };
  }

  it('a connection error is a debug line with its message', async () => {
    const { clinic, lines } = failing(async () => {
      throw new TypeError('fetch failed');
    }, 0);
    await expect(clinic.rooms.retrieve(2)).rejects.toThrow('no response was received');
    expect(answerLines(lines)).toEqual([
      'debug: clinic-scheduling: GET /api/public/v1/rooms/2 failed: no response was received (fetch failed).',
    ]);
  });

  it('a retried timeout is an info line saying it timed out', async () => {
    const { clinic, lines } = failing(() => new Promise<Response>(() => {}), 1, 20);
    await expect(clinic.rooms.retrieve(2)).rejects.toThrow('timed out after 20 ms');
    const info = lines.filter((l) => l.startsWith('info:'));
    expect(info).toHaveLength(1);
    expect(info[0]).toMatch(
      /^info: clinic-scheduling: GET \/api\/public\/v1\/rooms\/2 timed out\. Retry 1 of 1, after \d+ ms\.$/,
    );
  });
});
