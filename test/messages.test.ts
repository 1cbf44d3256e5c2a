/**
 * The wording of the SDK's messages, pinned here and nowhere else: the other suites assert the
 * class, the code and the fields a user acts on. Rewording a message is `npx vitest run
 * test/messages.test.ts -u` and a reading of the diff.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  BadRequestError,
  ClinicClient,
  ClinicError,
  NotFoundError,
  PermissionDeniedError,
  ReadBackError,
  type RequestOptions,
  ResponseValidationError,
  ValidationError,
} from '../src/index.ts';
import { StartAt } from '../src/schemas/fields/index.ts';
import { mswLoadError } from '../src/testing/adapters/msw-missing.ts';
import { createControlHandler } from '../src/testing/cli/control.ts';
import { MemoryDedupeStore } from '../src/webhooks/dedupe/memory.ts';
import type { AppointmentEventType } from '../src/webhooks/events.ts';
import { parseWebhookEvent } from '../src/webhooks/events.ts';
import { createWebhookHandler } from '../src/webhooks/handler.ts';
import { MemoryOrderingStore } from '../src/webhooks/ordering/memory.ts';
import { MemoryWebhookQueue } from '../src/webhooks/queue/memory.ts';
import { PgBossWebhookQueue } from '../src/webhooks/queue/pg-boss.ts';
import { reconcileAppointments } from '../src/webhooks/reconcile.ts';
import { StaleEventGuard } from '../src/webhooks/stale.ts';
import { checkJob } from '../src/webhooks/worker/job.ts';
import { createWebhookWorker } from '../src/webhooks/worker.ts';
import { apiInit, BASE_URL, callMessage, cutOff, KEY, messageOf } from './helpers/messages.ts';
import { setupSimulator } from './testing/delivery-helpers.ts';
import { createBody, setup as setupServer } from './testing/helpers.ts';
import {
  appointmentEvent,
  detailIn,
  detailOf,
  openBody,
  post,
  runLoggingWorker,
  storeOf,
} from './webhooks/fixtures.ts';

describe('errors of a call', () => {
  it('ValidationError names each field and its messages', () => {
    expect(
      new ValidationError({ note: ['must be at most 2000 characters'] }, 'body').message,
    ).toMatchInlineSnapshot(`"Invalid body: note: must be at most 2000 characters"`);
  });

  it('ResponseValidationError names the paths, the call and the ways out', () => {
    expect(
      new ResponseValidationError(['results.3.start_at'], 'GET', '/api/public/v1/appointments')
        .message,
    ).toMatchInlineSnapshot(
      `"The response to GET /api/public/v1/appointments does not match the API's schema at: results.3.start_at. A value the service added to an enum passes with validateResponses: 'compatible' (the default); validateResponses: false accepts any shape unchecked."`,
    );
  });

  it('ReadBackError says the change was made', () => {
    const write = {
      method: 'PATCH',
      path: '/api/public/v1/appointments/x',
      response: new Response(null, { status: 204 }),
    };
    expect(
      new ReadBackError(write, '/api/public/v1/appointments/x', new Error('Request timed out'))
        .message,
    ).toMatchInlineSnapshot(
      `"PATCH /api/public/v1/appointments/x succeeded (204), but reading the record back with GET /api/public/v1/appointments/x failed: Request timed out. The change was made: do not repeat it; read the record again later."`,
    );
  });

  it('the connection errors and the abort, by default', () => {
    expect([
      new APIConnectionError().message,
      new APIConnectionTimeoutError().message,
      new APIUserAbortError().message,
    ]).toMatchInlineSnapshot(`
      [
        "Connection error: no response was received.",
        "Request timed out.",
        "Request was aborted.",
      ]
    `);
  });
});

describe('the default message of an APIError', () => {
  it('the status, a code and the call; a 400 names its fields; a 403 the scope of its row', () => {
    expect([
      new NotFoundError(apiInit({ body: { detail: 'Not found.' } })).message,
      new NotFoundError(apiInit({ body: { code: 'gone', detail: 'Gone.' } })).message,
      new BadRequestError(
        apiInit({ status: 400, body: { start_at: ['seconds must be 00'], patient_id: ['x'] } }),
      ).message,
      new PermissionDeniedError(
        apiInit({ status: 403, method: 'POST', path: '/api/public/v1/appointments' }),
      ).message,
      new PermissionDeniedError(
        apiInit({
          status: 403,
          method: 'POST',
          path: '/api/public/v1/appointments',
          requiredScope: 'appointments:write',
        }),
      ).message,
    ]).toMatchInlineSnapshot(`
      [
        "404 (GET /api/public/v1/rooms/9)",
        "404 gone (GET /api/public/v1/rooms/9)",
        "400 Bad request: invalid start_at, patient_id (GET /api/public/v1/rooms/9)",
        "403 (POST /api/public/v1/appointments)",
        "403 Permission denied: this endpoint requires scope appointments:write (spec 5); the key may lack it — create a key with the Full access preset (POST /api/public/v1/appointments)",
      ]
    `);
  });

  it('ValidationError with no source named', () => {
    expect(new ValidationError({ name: ['required'] }).message).toMatchInlineSnapshot(
      `"Invalid input: name: required"`,
    );
  });

  it('ReadBackError punctuates the cause it quotes', () => {
    const write = {
      method: 'PATCH',
      path: '/api/public/v1/appointments/a1',
      response: new Response(null, { status: 204 }),
    };
    expect(
      new ReadBackError(write, '/api/public/v1/appointments/a1', 'gone').message,
    ).toMatchInlineSnapshot(
      `"PATCH /api/public/v1/appointments/a1 succeeded (204), but reading the record back with GET /api/public/v1/appointments/a1 failed: gone. The change was made: do not repeat it; read the record again later."`,
    );
  });
});

describe('a call that fails on the way', () => {
  it('a body cut off after a 2xx, with and without a code below the error', async () => {
    const socket = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    expect([
      await callMessage(cutOff(201, new TypeError('terminated')), (clinic) =>
        clinic.patients.create({ name: 'Ana Souza' }),
      ),
      await callMessage(cutOff(200, new TypeError('terminated', { cause: socket }))),
    ]).toMatchInlineSnapshot(`
      [
        "POST /api/public/v1/patients was answered 201, but the body was cut off before its end (terminated): the request may have been processed. Read the record back before sending it again.",
        "GET /api/public/v1/rooms/2 was answered 200, but the body was cut off before its end (terminated: UND_ERR_SOCKET): the request may have been processed. Read the record back before sending it again.",
      ]
    `);
  });

  it('a 2xx body over maxResponseBytes, read or announced by Content-Length', async () => {
    const big = async () =>
      new Response('x'.repeat(2_000), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const announced = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new Uint8Array(10));
          },
        }),
        { status: 201, headers: { 'content-length': '131072' } },
      );
    expect([
      await callMessage(big, undefined, { maxResponseBytes: 1_000 }),
      await callMessage(announced, (clinic) => clinic.patients.create({ name: 'Ana Souza' }), {
        maxResponseBytes: 1_000,
      }),
    ]).toMatchInlineSnapshot(`
      [
        "GET /api/public/v1/rooms/2 was answered 200, but its body is over maxResponseBytes (1000 bytes), so the SDK stopped reading it: the request may have been processed. Raise maxResponseBytes (a client option), or ask for less (a smaller limit).",
        "POST /api/public/v1/patients was answered 201, but its body is over maxResponseBytes (1000 bytes), so the SDK stopped reading it: the request may have been processed. Raise maxResponseBytes (a client option), or ask for less (a smaller limit).",
      ]
    `);
  });

  it('no response: the error the fetch threw, its URL without credentials or query', async () => {
    expect([
      await callMessage(async () => {
        throw new TypeError('fetch to https://user:pw@clinic.test/api/x?cpf=1 failed');
      }),
      await callMessage(async () => {
        throw new TypeError('fetch failed', { cause: { code: 'EAI_AGAIN' } });
      }),
      await callMessage(async () => {
        throw new TypeError('');
      }),
    ]).toMatchInlineSnapshot(`
      [
        "GET /api/public/v1/rooms/2 failed: no response was received (fetch to https://clinic.test/api/x failed).",
        "GET /api/public/v1/rooms/2 failed: no response was received (fetch failed: EAI_AGAIN).",
        "GET /api/public/v1/rooms/2 failed: no response was received.",
      ]
    `);
  });

  it('the fetch in use threw something that is not a network failure', async () => {
    expect(
      await callMessage(async () => {
        throw new RangeError('bug');
      }),
    ).toMatchInlineSnapshot(
      `"GET /api/public/v1/rooms/2 failed: the fetch in use threw a RangeError, which is not a network failure, so it was not retried (bug)."`,
    );
  });

  it('the fetch in use threw a value that is no Error', async () => {
    expect(
      await callMessage(async () => {
        throw 'a string';
      }),
    ).toMatchInlineSnapshot(
      `"GET /api/public/v1/rooms/2 failed: the fetch in use threw a non-error value, which is not a network failure, so it was not retried."`,
    );
  });

  it('the fetch in use resolved with something that is not a Response', async () => {
    const notAResponse = async () => 42 as unknown as Response;
    expect(await callMessage(notAResponse)).toMatchInlineSnapshot(
      `"GET /api/public/v1/rooms/2 failed: the fetch in use resolved with number, not a Response, so it was not retried. Pass a fetch that resolves with a Response (fetch(url, init))."`,
    );
    const what = async (value: unknown) =>
      (await callMessage(async () => value as Response)).match(/resolved with (.*?), not/)?.[1];
    expect(await what(null)).toBe('null');
    expect(await what({ status: 200 })).toBe('an object');
    expect(await what(undefined)).toBe('undefined');
  });

  it('an attempt that outlives timeout', async () => {
    const hanging = (_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    expect(await callMessage(hanging, undefined, { timeout: 20 })).toMatchInlineSnapshot(
      `"GET /api/public/v1/rooms/2 timed out after 20 ms (per attempt; raise \`timeout\` if the service is slow)."`,
    );
  });

  it('a redirect: to another origin, without Location, hidden by a browser', async () => {
    const opaque = async () => {
      const response = new Response(null, { status: 200 });
      Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
      return response;
    };
    expect([
      await callMessage(
        async () =>
          new Response(null, { status: 302, headers: { location: 'https://evil.test/collect' } }),
        (clinic) => clinic.patients.create({ name: 'Ana Souza' }),
      ),
      await callMessage(async () => new Response(null, { status: 302 })),
      await callMessage(opaque),
    ]).toMatchInlineSnapshot(`
      [
        "POST /api/public/v1/patients was answered 302, redirecting to https://evil.test. The SDK does not follow redirects, so no request body and no API key leave for another address. If the service moved, update baseUrl.",
        "GET /api/public/v1/rooms/2 was answered 302, redirecting to an address the answer does not give. The SDK does not follow redirects, so no request body and no API key leave for another address. If the service moved, update baseUrl.",
        "GET /api/public/v1/rooms/2 was answered a redirect, redirecting to an address the answer does not give. The SDK does not follow redirects, so no request body and no API key leave for another address. If the service moved, update baseUrl.",
      ]
    `);
  });
});

describe('local mistakes (ConfigurationError)', () => {
  const never = async (): Promise<Response> => {
    throw new Error('nothing is sent');
  };

  it('headers: one fetch manages, a value that is no string, headers that are no object', async () => {
    const headers = (value: unknown) => ({ headers: value as Record<string, string> });
    expect([
      await callMessage(never, (clinic) => clinic.rooms.retrieve(2, headers({ Host: 'x.test' }))),
      messageOf(
        () => new ClinicClient({ apiKey: KEY, baseUrl: BASE_URL, headers: { Host: 'x.test' } }),
      ),
      await callMessage(never, (clinic) => clinic.rooms.retrieve(2, headers({ 'x-count': 3 }))),
      await callMessage(never, (clinic) => clinic.rooms.retrieve(2, headers('x-a: 1'))),
    ]).toMatchInlineSnapshot(`
      [
        "the call's headers: host cannot be set: fetch manages it (connection, content-length, expect, host, keep-alive, te, trailer, transfer-encoding, upgrade). Remove it.",
        "headers: host cannot be set: fetch manages it (connection, content-length, expect, host, keep-alive, te, trailer, transfer-encoding, upgrade). Remove it.",
        "the call's headers: the value of header x-count must be a string.",
        "the call's headers must be an object of header names and values.",
      ]
    `);
  });

  it('a signal that is no AbortSignal; an Idempotency-Key on a call the spec gives none', async () => {
    const options = (value: object) => value as unknown as RequestOptions;
    expect([
      await callMessage(never, (clinic) => clinic.rooms.retrieve(2, options({ signal: {} }))),
      await callMessage(never, (clinic) =>
        clinic.rooms.retrieve(2, options({ idempotencyKey: 'k-1' })),
      ),
    ]).toMatchInlineSnapshot(`
      [
        "signal must be an AbortSignal (AbortController's signal, or AbortSignal.timeout()); got object. Nothing was sent.",
        "only appointments.create takes an Idempotency-Key; the spec gives none to other calls (GET /api/public/v1/rooms/{id}), and nothing there would deduplicate a replay. Remove idempotencyKey (and any Idempotency-Key header) from its options.",
      ]
    `);
  });
});

describe('field rules', () => {
  it('a UTC offset out of range (the client and the reference server alike)', () => {
    expect(
      StartAt.safeParse('2026-03-05T14:30:00+24:00').error?.issues[0]?.message,
    ).toMatchInlineSnapshot(`"the UTC offset must be within -23:59 and +23:59, such as -03:00"`);
  });

  it("each rule of a body, a header and a cursor, as the reference server's 400 words them", async () => {
    const s = setupServer();
    const appointment = (await s.send('POST', '/appointments', { json: createBody(s) })).body;
    const bodies = [
      { patient_id: 0, start_at: '2026-03-05T14:30:15', note: 'n'.repeat(2001), price: 1 },
      { name: '', cpf: '5'.repeat(21), email: 'x', gender: 'X', birth_date: '17/05/1990' },
    ];
    const answers = [
      await s.send('POST', '/appointments', { json: bodies[0] }),
      await s.send('POST', '/patients', { json: bodies[1] }),
      await s.send('PATCH', `/appointments/${appointment.id}`, { json: { status: 'completed' } }),
      await s.send('POST', '/appointments', { json: {}, headers: { 'idempotency-key': '' } }),
      await s.send('GET', '/rooms?cursor=bad'),
    ];
    const lines = answers.flatMap((answer) =>
      Object.entries(answer.body as Record<string, string[]>).map(
        ([k, v]) => `${k}: ${v.join(' | ')}`,
      ),
    );
    expect(lines).toMatchInlineSnapshot(`
      [
        "patient_id: must be a positive integer id",
        "professional_id: is required",
        "appointment_type_id: is required",
        "start_at: seconds must be 00",
        "note: must be at most 2000 characters",
        "price: is not a field this operation accepts",
        "name: must not be empty",
        "email: must be an e-mail address such as ana@example.com",
        "cpf: must be at most 20 characters | is not a valid CPF (11 digits with valid check digits, bare or as 123.456.789-09)",
        "birth_date: must be a date in the form YYYY-MM-DD",
        "gender: must be one of F, M, O",
        "status: must be scheduled or confirmed (the only statuses the API may set)",
        "Idempotency-Key: must not be empty",
        "cursor: is not a valid cursor for this list; use the next or previous URL of a list response",
      ]
    `);
  });
});

describe('pagination', () => {
  it('a walk whose next links loop', async () => {
    const root = 'https://clinic.test/api/public/v1/rooms';
    const fetch = async (input: RequestInfo | URL) => {
      const cursor = new URL(String(input)).searchParams.get('cursor');
      const next = cursor === 'b' ? root : `${root}?cursor=b`;
      return Response.json({ results: [{ id: 1, name: 'Sala 1' }], next, previous: null });
    };
    const clinic = new ClinicClient({
      apiKey: 'csk_live_messages.0123456789abcdef',
      baseUrl: 'https://clinic.test',
      fetch,
    });
    const walk = async () => {
      for await (const room of clinic.rooms.list()) expect(room.id).toBe(1);
    };
    const error = await walk().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClinicError);
    expect((error as Error).message).toMatchInlineSnapshot(
      `"The next page URL of GET /api/public/v1/rooms returns to a page already visited in this walk: following it would walk the same pages forever, so the walk ends here. The service sent next links that loop."`,
    );
  });
});

describe('webhooks', () => {
  it('a body that is not JSON, or not UTF-8 text', () => {
    expect([
      messageOf(() => parseWebhookEvent('{"id": ')),
      messageOf(() => parseWebhookEvent(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))),
    ]).toMatchInlineSnapshot(`
      [
        "The webhook body is not valid JSON.",
        "The webhook body is not valid UTF-8 text.",
      ]
    `);
  });

  it("the reference server's deliveries: register and ping", () => {
    const { webhooks } = setupSimulator(Date.UTC(2026, 2, 2));
    const handler = () => new Response(null, { status: 200 });
    const endpoint = webhooks.register({ handler, events: ['appointment.created'] });
    const messages = [
      messageOf(() => webhooks.register({ events: ['appointment.created'] })),
      messageOf(() => webhooks.register({ handler, events: [] })),
    ];
    endpoint.disable();
    messages.push(messageOf(() => webhooks.ping(endpoint)));
    webhooks.remove(endpoint);
    messages.push(messageOf(() => webhooks.ping(endpoint)));
    expect(messages).toMatchInlineSnapshot(`
      [
        "register takes exactly one of url and handler",
        "events must list the types to receive: appointment.created, appointment.updated, appointment.cancelled",
        "Endpoint we_1 is disabled: call endpoint.enable() first.",
        "Endpoint we_1 is not registered.",
      ]
    `);
  });
});

describe('webhook handler options and stores', () => {
  const handler = (options: object) => () =>
    createWebhookHandler({ verify: 'unsigned', ...options });

  it('an option out of range names itself, its limit and its default', () => {
    expect([
      messageOf(handler({ bodyTimeoutMs: 10_000 })),
      messageOf(handler({ on: { 'appointment.canceled': () => {} } })),
      messageOf(handler({ ackAfterMs: 10_000 })),
      messageOf(handler({ maxBodyBytes: 1.5 })),
      messageOf(handler({ dedupeLeaseMs: Number.NaN })),
      messageOf(handler({ storeTimeoutMs: 10_000 })),
    ]).toMatchInlineSnapshot(`
      [
        "bodyTimeoutMs must be a positive number of milliseconds below the service's 10000 ms limit; leave it out for the default of 5000 ms.",
        "on['appointment.canceled'] is not an event type; the types are appointment.created, appointment.updated, appointment.cancelled, ping. Use onAny for a handler of every event.",
        "ackAfterMs must be at least 0 and below the service's 10000 ms limit, or false; leave it out for the default of 9000 ms.",
        "maxBodyBytes must be a positive integer number of bytes; leave it out for the default of 1048576 (1 MiB).",
        "dedupeLeaseMs must be a positive number of milliseconds, above the time your slowest handler takes; leave it out for the default of 600000 ms (10 min).",
        "storeTimeoutMs must be a positive number of milliseconds below the service's 10000 ms limit (and below ackAfterMs, so that a hanging store is answered 503 in time); leave it out for the default of 2000 ms.",
      ]
    `);
  });

  it('the stores and the guard', () => {
    const full = new MemoryDedupeStore({ maxEntries: 1 });
    full.claim('evt_1', 60_000, 'a');
    expect([
      messageOf(() => new MemoryDedupeStore({ ttlMs: 1_000 })),
      messageOf(() => new MemoryDedupeStore({ maxEntries: 0 })),
      messageOf(() => full.claim('evt_2', 60_000, 'b')),
      messageOf(() => new StaleEventGuard({ maxEntries: 0 })),
    ]).toMatchInlineSnapshot(`
      [
        "ttlMs must be longer than the retry horizon of 30960000 ms (8 h 36 min), or a late retry of a processed event would run again; the default is 24 h.",
        "MemoryDedupeStore: maxEntries must be a positive integer (default 100 000); size it above the number of events your endpoint receives in ttlMs.",
        "MemoryDedupeStore is full: its 1 entries (maxEntries) are all claims in progress, which are never evicted. Raise maxEntries above the number of events your handlers process at once.",
        "StaleEventGuard: maxEntries must be a positive integer (default 100 000); size it above the number of appointments whose events you receive.",
      ]
    `);
  });

  it('the line the default logger (console) gets when no onError is given', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failing = createWebhookHandler({
        verify: 'unsigned',
        on: {
          'appointment.created': () => {
            throw new Error('x');
          },
        },
      });
      await failing(post(appointmentEvent()));
      await failing.drain();
      expect(spy.mock.calls[0]?.[0]).toMatchInlineSnapshot(
        `"clinic-scheduling webhooks: delivery failed (Error)"`,
      );
    } finally {
      spy.mockRestore();
    }
  });

  it("the reference server's endpoints: ping is no event type to subscribe to", () => {
    const { webhooks } = setupSimulator(Date.UTC(2026, 2, 2));
    const handler = () => new Response(null, { status: 200 });
    expect(
      messageOf(() => webhooks.register({ handler, events: ['ping' as AppointmentEventType] })),
    ).toMatchInlineSnapshot(
      `"ping is not an event type an endpoint subscribes to; use appointment.created, appointment.updated, appointment.cancelled (a ping is sent by ping(endpoint))"`,
    );
  });
});

describe("the reference server's seed", () => {
  it('an invalid input, a reference to a record not seeded', () => {
    const { api } = setupServer();
    expect([
      messageOf(() => api.seed.patient({ name: '' })),
      messageOf(() => api.seed.professional({ name: 'A', default_room_id: 99 })),
    ]).toMatchInlineSnapshot(`
      [
        "seed.patient: invalid input: name must not be empty",
        "seed.professional: default_room_id 99 is not a room of clinic 1; seed it first",
      ]
    `);
  });
});

describe('webhook queues, workers and the reconciliation', () => {
  it("the worker's lines, a job's check, a letter's reason", async () => {
    const lines: string[] = [];
    const log = (message: string) => void lines.push(message);
    const logger = { error: log, warn: log, info: log, debug: log };
    const failing = appointmentEvent('appointment.updated');
    const edited = appointmentEvent();
    const queue = await runLoggingWorker(logger, [
      { id: failing.id, event: failing },
      { id: edited.id, event: { ...edited, company_id: 'x' } },
    ]);
    expect(lines).toMatchInlineSnapshot(`
      [
        "clinic-scheduling webhooks: event dead-lettered (invalid)",
        "clinic-scheduling webhooks: job failed; the queue retries it",
        "clinic-scheduling webhooks: job failed its last attempt",
        "clinic-scheduling webhooks: event dead-lettered (failed)",
      ]
    `);
    expect((await queue.deadLetters()).map((l) => l.reason)).toMatchInlineSnapshot(`
      [
        "The stored job cannot run: its event is not a webhook envelope of API v1 (Invalid webhook envelope: company_id: must be an integer)",
        "Error: x",
      ]
    `);
    const ahead = appointmentEvent('appointment.updated', { updated_at: '9999-12-31T23:59:59Z' });
    const checked = checkJob({ id: ahead.id, event: ahead, receivedAt: 0 });
    expect(checked.kind === 'invalid' && checked.reason).toMatchInlineSnapshot(
      `"The stored job cannot run: data.updated_at is more than 60 min ahead of this machine's clock: applying it would make every later event of the appointment look stale. Replay it once the clocks agree, if it is genuine."`,
    );
  });

  it('a run out of time: its letter, and the line when it ends after all', async () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const log = (message: string) => void lines.push(message);
    const queue = new MemoryWebhookQueue({ attempts: 1, jobTimeoutMs: 20 });
    const worker = await createWebhookWorker({
      queue,
      logger: { error: log, warn: log, info: log, debug: log },
      onAny: () => new Promise((resolve) => setTimeout(resolve, 20 + 1_500)),
    });
    const event = appointmentEvent();
    await queue.enqueue({ id: event.id, event, receivedAt: Date.now() });
    await vi.advanceTimersByTimeAsync(20 + 1_500);
    vi.useRealTimers();
    await worker.idle();
    await worker.close();
    expect(lines).toMatchInlineSnapshot(`
      [
        "clinic-scheduling webhooks: job failed its last attempt",
        "clinic-scheduling webhooks: event dead-lettered (failed)",
        "clinic-scheduling webhooks: job ended after its time limit: its handlers ignored context.signal",
      ]
    `);
    expect((await queue.deadLetters()).map((l) => l.reason)).toMatchInlineSnapshot(`
      [
        "WebhookJobTimeoutError: The job ran out of time: it was still running after jobTimeoutMs (20 ms), and its handlers' context.signal was aborted.",
      ]
    `);
  });

  it('options out of range, and a reconciliation without what it needs', async () => {
    const rejection = (run: () => Promise<unknown>) =>
      run().then(
        () => 'did not throw',
        (error: Error) => error.message,
      );
    expect([
      messageOf(() => new MemoryWebhookQueue({ attempts: 0 })),
      messageOf(() => new MemoryWebhookQueue({ jobTimeoutMs: 0 })),
      messageOf(
        () =>
          new PgBossWebhookQueue({
            boss: { send() {} } as never,
            queueOptions: { expireInSeconds: 60 } as never,
          }),
      ),
      await rejection(() => new MemoryWebhookQueue().schedule('reconcile', 10)),
      await rejection(() =>
        createWebhookWorker({
          queue: new MemoryWebhookQueue(),
          reconcile: { client: {} as never, apply: () => {}, everyMs: 1_000 },
        }),
      ),
      await rejection(() => reconcileAppointments({} as never)),
      await rejection(() =>
        reconcileAppointments({ client: { appointments: { list() {} } } } as never),
      ),
      await rejection(() =>
        reconcileAppointments({
          client: { appointments: { list() {} } },
          ordering: new MemoryOrderingStore(),
        } as never),
      ),
    ]).toMatchInlineSnapshot(`
      [
        "MemoryWebhookQueue: attempts must be an integer of at least 1 (default 8).",
        "MemoryWebhookQueue: jobTimeoutMs must be a number of ms above 0, at most 24 h (default 15 min): how long one run of a job may take.",
        "PgBossWebhookQueue: pass jobTimeoutMs, not queueOptions.expireInSeconds: pg-boss's expiry follows the worker's time limit (jobTimeoutMs in whole seconds, plus one).",
        "MemoryWebhookQueue.schedule: everyMs must be a number of ms, at least 1000 (a reconciliation walks every appointment; an hour is typical).",
        "reconcile needs ordering: the store the workers record applied states in, which tells the walk what is already applied.",
        "reconcileAppointments needs { client }: a ClinicClient whose key has appointments:read.",
        "reconcileAppointments needs { ordering }: the OrderingStore your workers record in (RedisOrderingStore, PostgresOrderingStore or MemoryOrderingStore).",
        "reconcileAppointments needs { apply }: (appointment) => your conditional write of it.",
      ]
    `);
  });
});

describe("the webhook handler's answers", () => {
  it('the request refused: method, media type, body, envelope, verification', async () => {
    const event = appointmentEvent();
    expect([
      await detailOf(new Request('https://consumer.example/webhooks')),
      await detailOf(post(JSON.stringify(event), { 'content-type': 'text/plain' })),
      await detailOf(post('{"id":')),
      await detailOf(post(JSON.stringify({ ...event, padding: 'x'.repeat(2000) })), {
        maxBodyBytes: 1000,
      }),
      await detailOf(openBody('{"id":', new Error('connection reset'))),
      await detailOf(openBody('{"id":'), { bodyTimeoutMs: 1 }),
      await detailOf(post({ ...event, api_version: 'v2' })),
      await detailOf(post(event), { verify: () => false }),
    ]).toMatchInlineSnapshot(`
      [
        "Webhook deliveries are POST requests.",
        "Webhook bodies are JSON: send Content-Type application/json.",
        "The webhook body is not valid JSON.",
        "The body is larger than 1000 bytes.",
        "The body could not be read.",
        "The body did not arrive within 1 ms.",
        "The body is not a webhook envelope of API v1; invalid: api_version.",
        "The request could not be verified.",
      ]
    `);
  });

  it('the delivery not processed: a handler failed, the store or the queue down, a claim in progress', async () => {
    const event = appointmentEvent();
    const fail = () => {
      throw new Error('down');
    };
    const downQueue = new MemoryWebhookQueue();
    downQueue.enqueue = fail;
    let finish = () => {};
    const gate = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const busy = createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': () => gate },
      ackAfterMs: false,
    });
    const first = busy(post(event));
    await vi.waitFor(async () => expect((await busy(post(event))).status).toBe(409));
    const inProgress = await detailIn(busy(post(event)));
    const hanging = storeOf(() => new Promise<never>(() => {}));
    const quiet = { verify: 'unsigned', onError: () => {} } as const;
    const late = createWebhookHandler({ ...quiet, dedupe: hanging, ackAfterMs: 20 });
    const notInTime = await detailIn(late(post(event)));
    finish();
    await first;
    expect([
      await detailOf(post(event), { on: { 'appointment.created': fail } }),
      await detailOf(post(event), { dedupe: storeOf(fail) }),
      await detailOf(post(event), { queue: downQueue }),
      inProgress,
      notInTime,
    ]).toMatchInlineSnapshot(`
      [
        "A handler failed; the service will retry this delivery.",
        "The deduplication store is unavailable; retry later.",
        "The queue did not take the event; retry later.",
        "An earlier delivery of this event is still being processed; retry later.",
        "The event could not be claimed in time; retry later.",
      ]
    `);
  });
});

describe('@clinic-scheduling/sdk/testing/msw without msw', () => {
  it('says how to install it', () => {
    const missing = mswLoadError(new Error("Cannot find package 'msw'")) as Error;
    expect(missing.message).toMatchInlineSnapshot(
      `"@clinic-scheduling/sdk/testing/msw needs msw (2.10 or later, or 3), which is not installed: run \`npm i -D msw\`. The reference server itself does not need msw: import createReferenceServer from @clinic-scheduling/sdk/testing and pass api.fetch to the client."`,
    );
  });
});

describe("the reference server's refusals", () => {
  it('a record not in the clinic; an Idempotency-Key used with another body', async () => {
    const s = setupServer();
    const headers = { 'idempotency-key': 'key-1' };
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    const other = createBody(s, { notes: 'another body' });
    const details = [
      await s.send('GET', '/rooms/999'),
      await s.send('GET', '/patients/999'),
      await s.send('GET', '/appointments/00000000-0000-4000-8000-000000000000'),
      await s.send('POST', '/appointments', { json: other, headers }),
    ].map((answer) => (answer.body as { detail: string }).detail);
    expect(details).toMatchInlineSnapshot(`
      [
        "No active room with id 999 in this clinic.",
        "No patient with id 999 in this clinic.",
        "No appointment with id 00000000-0000-4000-8000-000000000000 in this clinic.",
        "This Idempotency-Key was used with another body within the last 24 hours.",
      ]
    `);
  });

  it('a route that is no operation, a missing key, a state that cannot change, a room required', async () => {
    const s = setupServer();
    const anonymous = await s.api.fetch('https://clinic.test/api/public/v1/payments');
    const unknown = await s.send('GET', '/payments');
    const appointment = (status: string) =>
      s.api.seed.appointment({
        patient_id: s.patient.id,
        professional_id: s.professional.id,
        appointment_type_id: s.type.id,
        start_at: '2026-03-10T09:00:00',
        status,
      } as never);
    const done = appointment('completed');
    const cancelled = appointment('cancelled');
    const changed = await s.send('PATCH', `/appointments/${done.id}`, {
      json: { status: 'confirmed' },
    });
    const cancelDone = await s.send('POST', `/appointments/${done.id}/cancel`);
    const cancelAgain = await s.send('POST', `/appointments/${cancelled.id}/cancel`);
    s.api.settings.requireRoom = true;
    const roomless = await s.send('POST', '/appointments', {
      json: createBody(s, { room_id: null }),
    });
    const details = [
      (await anonymous.json()) as { detail: string },
      ...[unknown, changed, cancelDone, cancelAgain, roomless].map(
        (answer) => answer.body as { detail: string },
      ),
    ].map(({ detail }) =>
      detail.replaceAll(done.id, '{completed}').replaceAll(cancelled.id, '{cancelled}'),
    );
    expect(details).toMatchInlineSnapshot(`
      [
        "Authentication credentials were not provided: send the header Authorization: Bearer <API_KEY>.",
        "Not found: GET /api/public/v1/payments is not an operation of the Clinic Scheduling API v1 (or the id does not match its pattern).",
        "Appointment {completed} cannot be changed: its status is completed; only scheduled or confirmed appointments can be changed.",
        "Appointment {completed} cannot be cancelled: its status is completed; only scheduled or confirmed appointments can be cancelled.",
        "Appointment {cancelled} cannot be cancelled: it is already cancelled.",
        "This clinic requires a room and the professional's grid has no default room for that time; send room_id.",
      ]
    `);
  });

  it('a webhook endpoint: a URL refused, a URL endpoint without fetch', async () => {
    const { webhooks, emit } = setupSimulator(Date.UTC(2026, 2, 2));
    const refused = messageOf(() =>
      webhooks.register({ url: 'https://10.1.2.3/hooks', events: ['appointment.created'] }),
    );
    const spy = vi.spyOn(globalThis, 'fetch');
    webhooks.register({ url: 'https://consumer.example/hooks', events: ['appointment.created'] });
    emit();
    await webhooks.settle();
    spy.mockRestore();
    expect([refused, webhooks.attempts[0]?.error]).toMatchInlineSnapshot(`
      [
        "The endpoint URL is refused: its host is a private address (10.0.0.0/8). The service accepts only public HTTPS URLs (spec 6).",
        "The delivery simulator sends no network traffic, and no fetch was given for this URL endpoint: pass { fetch } to route the URL to your handler, or register({ handler }).",
      ]
    `);
  });

  it('the control API without its admin token', async () => {
    const control = createControlHandler({ api: setupServer().api, token: 'admin-token' });
    const answer = await control(new Request('http://127.0.0.1/__control/requests'));
    expect(((await answer.json()) as { detail: string }).detail).toMatchInlineSnapshot(
      `"The control API needs Authorization: Bearer <the admin token the CLI printed>."`,
    );
  });
});
