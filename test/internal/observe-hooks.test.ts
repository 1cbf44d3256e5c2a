/**
 * The hooks (`onRequest`, `onResponse`, `onRetry`, `onError`, client-wide and per call) and
 * the fields of the structured log lines: each fact of each event, in order, and none that
 * holds the API key, a query string or a body.
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  APIUserAbortError,
  type ClientOptions,
  ConflictError,
  type Hooks,
} from '../../src/index.ts';
import {
  API_KEY,
  APPOINTMENT_ID,
  appointmentWire,
  captureLogger,
  createBody,
  json,
  makeClient,
  patientWire,
  rejection,
  roomWire,
  SECRET,
} from '../client/helpers.ts';

type Seen = [name: keyof Hooks, event: Record<string, unknown>];

/** Hooks that record every event, in order, named by `tag`. */
function recording(seen: Seen[], tag = ''): Hooks {
  const at =
    (name: keyof Hooks) =>
    (event: object): void => {
      seen.push([`${tag}${name}` as keyof Hooks, event as Record<string, unknown>]);
    };
  return {
    onRequest: at('onRequest'),
    onResponse: at('onResponse'),
    onRetry: at('onRetry'),
    onError: at('onError'),
    onSuccess: at('onSuccess'),
  };
}

/** A `fetch` that answers each attempt with the next of `answers` (a Response or an error). */
function scripted(answers: Array<() => Response | Error>): typeof fetch {
  let i = 0;
  return async () => {
    const answer = answers[Math.min(i++, answers.length - 1)]!();
    if (answer instanceof Error) throw answer;
    return answer;
  };
}

function client(send: typeof fetch, options: ClientOptions = {}) {
  return makeClient({ fetch: send, maxRetries: 2, ...options });
}

const busy = () => json({ detail: 'busy' }, 503, { 'retry-after': '0', 'x-request-id': 'r-1' });

describe('the hooks of a call', () => {
  it('a retried call that fails: every event in order, with every fact', async () => {
    const seen: Seen[] = [];
    const clinic = client(
      scripted([busy, busy, () => json({ code: 'slot_taken' }, 409, { 'x-request-id': 'r-3' })]),
      { hooks: recording(seen) },
    );
    const error = await rejection(clinic.appointments.create(createBody));
    expect(error).toBeInstanceOf(ConflictError);
    const key = (error as ConflictError).idempotencyKey;
    expect(key).toEqual(expect.any(String));
    const callId = seen[0]![1].callId;
    expect(callId).toEqual(expect.any(String));
    const base = {
      callId,
      operation: 'createAppointment',
      method: 'POST',
      path: '/api/public/v1/appointments',
      idempotencyKey: key,
    };
    const duration = expect.any(Number);
    const waited = expect.any(Number);
    // onRetry's attempt is the one about to be sent.
    expect(seen).toEqual([
      ['onRequest', { ...base, attempt: 1 }],
      ['onResponse', { ...base, attempt: 1, status: 503, durationMs: duration, requestId: 'r-1' }],
      ['onRetry', { ...base, attempt: 2, status: 503, delayMs: waited, errorType: '503' }],
      ['onRequest', { ...base, attempt: 2 }],
      ['onResponse', { ...base, attempt: 2, status: 503, durationMs: duration, requestId: 'r-1' }],
      ['onRetry', { ...base, attempt: 3, status: 503, delayMs: waited, errorType: '503' }],
      ['onRequest', { ...base, attempt: 3 }],
      ['onResponse', { ...base, attempt: 3, status: 409, durationMs: duration, requestId: 'r-3' }],
      [
        'onError',
        {
          ...base,
          attempt: 3,
          attempts: 3,
          status: 409,
          requestId: 'r-3',
          durationMs: duration,
          errorType: 'ConflictError',
          outcome: 'refusal',
          error,
        },
      ],
    ]);
    for (const [, event] of seen) {
      if ('durationMs' in event) expect(event.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('a call that succeeds: the path template, no idempotency key, onSuccess once, no onError', async () => {
    const seen: Seen[] = [];
    const clinic = client(scripted([() => json(roomWire())]), { hooks: recording(seen) });
    await clinic.rooms.retrieve(2);
    const callId = seen[0]![1].callId;
    const base = {
      callId,
      operation: 'retrieveRoom',
      method: 'GET',
      path: '/api/public/v1/rooms/{id}',
    };
    expect(seen).toEqual([
      ['onRequest', { ...base, attempt: 1 }],
      ['onResponse', { ...base, attempt: 1, status: 200, durationMs: expect.any(Number) }],
      [
        'onSuccess',
        {
          ...base,
          attempts: 1,
          status: 200,
          durationMs: expect.any(Number),
          replayed: false,
          outcome: 'success',
        },
      ],
    ]);
  });

  it('a fact the call lacks is absent from its events, not present as undefined', async () => {
    const seen: Seen[] = [];
    const clinic = client(scripted([() => json({ detail: 'Not found.' }, 404)]), {
      hooks: recording(seen),
    });
    await rejection(clinic.rooms.retrieve(2));
    expect(seen.map(([name]) => name)).toEqual(['onRequest', 'onResponse', 'onError']);
    for (const [, event] of seen) {
      expect(event.callId).toBe(seen[0]![1].callId);
      expect(event).not.toHaveProperty('idempotencyKey');
      expect(event).not.toHaveProperty('requestId');
    }
  });

  it('the path never holds the query (a CPF, a name), nor an id', async () => {
    const seen: Seen[] = [];
    const page = { results: [patientWire()], next: null, previous: null, count: 1 };
    const clinic = client(scripted([() => json(page)]), { hooks: recording(seen) });
    await clinic.patients.list({ cpf: '111.444.777-35', name: 'Ana Souza' }).toArray({ limit: 10 });
    const clinicB = client(scripted([() => json(appointmentWire())]), { hooks: recording(seen) });
    await clinicB.appointments.retrieve(APPOINTMENT_ID);
    expect(seen.map(([, e]) => [e.operation, e.path])).toEqual([
      ['listPatients', '/api/public/v1/patients'],
      ['listPatients', '/api/public/v1/patients'],
      ['listPatients', '/api/public/v1/patients'],
      ['retrieveAppointment', '/api/public/v1/appointments/{id}'],
      ['retrieveAppointment', '/api/public/v1/appointments/{id}'],
      ['retrieveAppointment', '/api/public/v1/appointments/{id}'],
    ]);
    const rendered = inspect(seen, { depth: 10 });
    for (const text of ['111.444.777-35', '11144477735', 'Ana', APPOINTMENT_ID, '?']) {
      expect(rendered).not.toContain(text);
    }
  });

  it("a call's own hooks run after the client's, for the same events", async () => {
    const seen: Seen[] = [];
    const clinic = client(scripted([busy, () => json(roomWire())]), {
      hooks: recording(seen, 'client.'),
    });
    await clinic.rooms.retrieve(2, { hooks: recording(seen, 'call.') });
    expect(seen.map(([name, e]) => `${name}#${e.attempt}`)).toEqual([
      'client.onRequest#1',
      'call.onRequest#1',
      'client.onResponse#1',
      'call.onResponse#1',
      'client.onRetry#2',
      'call.onRetry#2',
      'client.onRequest#2',
      'call.onRequest#2',
      'client.onResponse#2',
      'call.onResponse#2',
      'client.onSuccess#undefined',
      'call.onSuccess#undefined',
    ]);
  });

  it('a lost connection: onRetry and onError without a status', async () => {
    const seen: Seen[] = [];
    const lost = () => new TypeError('fetch failed');
    const clinic = client(scripted([lost]), { hooks: recording(seen), maxRetries: 1 });
    // The backoff of the one retry is real time (at most 500 ms).
    const error = await rejection(clinic.rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(seen.map(([name]) => name)).toEqual(['onRequest', 'onRetry', 'onRequest', 'onError']);
    const retry = seen[1]![1];
    expect(retry).toMatchObject({ attempt: 2, errorType: 'APIConnectionError' });
    expect(retry.delayMs).toBeGreaterThan(0);
    expect(retry).not.toHaveProperty('status');
    expect(seen[3]![1]).toMatchObject({ attempt: 2, errorType: 'APIConnectionError', error });
    expect(seen[3]![1]).not.toHaveProperty('status');
  });

  it('an abort: onError with APIUserAbortError, also when aborted before sending', async () => {
    const seen: Seen[] = [];
    const clinic = client(scripted([() => json(roomWire())]), { hooks: recording(seen) });
    const error = await rejection(clinic.rooms.retrieve(2, { signal: AbortSignal.abort() }));
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect(seen).toEqual([
      ['onError', expect.objectContaining({ attempt: 0, errorType: 'APIUserAbortError', error })],
    ]);
  });

  it('a hook that throws or rejects is logged at warn and the call goes on', async () => {
    const { logger, messages, fields } = captureLogger();
    const clinic = client(scripted([() => json(roomWire())]), {
      logger,
      logLevel: 'warn',
      hooks: {
        onRequest: () => {
          throw new RangeError('bug in a hook');
        },
        onResponse: () => Promise.reject(new Error('async bug')),
      },
    });
    expect(await clinic.rooms.retrieve(2)).toEqual(roomWire());
    await new Promise((resolve) => setImmediate(resolve));
    expect(messages).toHaveLength(2);
    expect(fields).toEqual([
      { hook: 'onRequest', callId: expect.any(String), errorType: 'RangeError' },
      { hook: 'onResponse', callId: expect.any(String), errorType: 'Error' },
    ]);
  });

  it('no event holds the API key, even when the answer echoes it', async () => {
    const seen: Seen[] = [];
    const echo = () =>
      json({ detail: `Bearer ${API_KEY}` }, 503, {
        'retry-after': '0',
        'x-request-id': `Bearer ${API_KEY}`,
      });
    const clinic = client(scripted([echo]), { hooks: recording(seen) });
    await rejection(clinic.appointments.create(createBody));
    expect(seen.length).toBeGreaterThan(0);
    const rendered = inspect(seen, { depth: 10 });
    expect(rendered).not.toContain(SECRET);
    expect(rendered).not.toContain(encodeURIComponent(SECRET));
  });
});

describe('the fields of the log lines', () => {
  it('each line carries the facts of the hook of the same moment', async () => {
    const seen: Seen[] = [];
    const { logger, messages, fields } = captureLogger();
    const clinic = client(
      scripted([busy, () => json({ code: 'slot_taken' }, 409, { 'x-request-id': 'r-3' })]),
      { hooks: recording(seen), logger, logLevel: 'debug', maxRetries: 1 },
    );
    await rejection(clinic.appointments.create(createBody));
    const events = seen.map(([, e]) => e);
    expect(messages.map((m) => m.split(':')[0])).toEqual([
      'debug', // attempt 1
      'debug', // its answer
      'info', // the retry
      'debug', // attempt 2
      'debug', // its answer
      'info', // the call's refusal (a 409): below warn
    ]);
    const { error: _, ...failure } = events[5]!;
    expect(fields).toEqual([
      { ...events[0], headers: expect.objectContaining({ authorization: '***' }) },
      events[1],
      events[2],
      { ...events[3], headers: expect.objectContaining({ authorization: '***' }) },
      events[4],
      { ...failure, code: 'slot_taken' },
    ]);
    expect(inspect(fields, { depth: 10 })).not.toContain(SECRET);
  });
});
