/**
 * Spec section 7 end to end: each error status answered by a server reaches the caller as the
 * right class with its properties, through the resource methods; an unexpected body (HTML, text,
 * empty) still maps by status; a 2xx of the wrong shape is a ResponseValidationError.
 */
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  type APIError,
  AuthenticationError,
  BadRequestError,
  type ClinicClient,
  ClinicError,
  ConflictError,
  IdempotencyKeyReuseError,
  InternalServerError,
  NotFoundError,
  PatientCpfExistsError,
  PermissionDeniedError,
  RateLimitError,
  ReadBackError,
  ResponseValidationError,
  RoomRequiredError,
  SlotBlockedError,
  UnprocessableEntityError,
  ValidationError,
} from '../../src/index.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import { CONFLICT_CODES, OPERATION_ROWS, type StatedConflictCode } from '../../src/operations.ts';
import { Appointment } from '../../src/schemas/appointments.ts';
import { invokeRow } from '../helpers/rows.ts';
import {
  API,
  APPOINTMENT_ID,
  appointmentWire,
  createBody,
  json,
  makeClient,
  patientWire,
  recordRequests,
  rejection,
  roomWire,
  settle,
  settleError,
  useFakeClock,
  useServer,
} from './helpers.ts';

const P = API_PREFIX;

const server = useServer();
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

type Method = 'get' | 'post' | 'patch';

/** Answers every request to `path` with `response`, counting them. */
function answer(method: Method, path: string, response: () => Response): () => number {
  let n = 0;
  server.use(
    http[method](`${API}${path}`, () => {
      n++;
      return response();
    }),
  );
  return () => n;
}

describe('each status through the client, with its properties', () => {
  it('400 → BadRequestError with fields', async () => {
    const body = { start_at: ['seconds must be 00'], room_id: ['room 9 is not active'] };
    answer('post', '/appointments', () => json(body, 400, { 'x-request-id': 'req-400' }));
    const err = (await settleError(
      makeClient().appointments.create(createBody),
    )) as BadRequestError;
    expect(err.constructor).toBe(BadRequestError);
    expect(err.status).toBe(400);
    expect(err.fields).toEqual(body);
    expect(err.body).toEqual(body);
    expect(err.requestId).toBe('req-400');
    expect(err.method).toBe('POST');
    expect(err.path).toBe(`${P}/appointments`);
    expect(err.headers.get('x-request-id')).toBe('req-400');
  });

  it('401 → AuthenticationError with detail', async () => {
    answer('get', '/rooms/2', () => json({ detail: 'Invalid API key.' }, 401));
    const err = (await settleError(makeClient().rooms.retrieve(2))) as AuthenticationError;
    expect(err.constructor).toBe(AuthenticationError);
    expect(err.detail).toBe('Invalid API key.');
    expect(err.requestId).toBeUndefined();
    expect(err.path).toBe(`${P}/rooms/2`);
  });

  it('404 → NotFoundError', async () => {
    answer('get', `/appointments/${APPOINTMENT_ID}`, () => json({ detail: 'Not found.' }, 404));
    const err = (await settleError(
      makeClient().appointments.retrieve(APPOINTMENT_ID),
    )) as NotFoundError;
    expect(err.constructor).toBe(NotFoundError);
    expect(err.detail).toBe('Not found.');
    expect(err.method).toBe('GET');
    expect(err.path).toBe(`${P}/appointments/${APPOINTMENT_ID}`);
  });

  it.each([
    ['slot_blocked', SlotBlockedError],
    ['room_required', RoomRequiredError],
    ['appointment_not_changeable', ConflictError],
  ])('409 %s on create → %o', async (code, cls) => {
    answer('post', '/appointments', () => json({ code, detail: 'Conflict.' }, 409));
    const err = (await settleError(makeClient().appointments.create(createBody))) as ConflictError;
    expect(err.constructor).toBe(cls);
    expect(err.code).toBe(code);
    expect(err.detail).toBe('Conflict.');
  });

  // Each stated 409 code of each row, read off the table, reaches the caller as its class.
  const STATED_CLASSES: Record<StatedConflictCode, typeof ConflictError> = {
    slot_blocked: SlotBlockedError,
    room_required: RoomRequiredError,
    patient_cpf_exists: PatientCpfExistsError,
  };
  it.each(
    OPERATION_ROWS.flatMap((row) =>
      row.conflicts
        .filter((code): code is StatedConflictCode => CONFLICT_CODES[code].stated)
        .map((code) => [code, `${row.method} ${row.path}`, row] as const),
    ),
  )('409 %s on %s → its class', async (code, _label, row) => {
    server.use(http.all(`${API}/*`, () => json({ code, detail: 'Conflict.' }, 409)));
    const err = await settleError(invokeRow(makeClient(), row) as PromiseLike<unknown>);
    expect(err).toBeInstanceOf(STATED_CLASSES[code]);
    expect((err as ConflictError).code).toBe(code);
  });

  it('422 on create → IdempotencyKeyReuseError; 422 elsewhere → UnprocessableEntityError', async () => {
    answer('post', '/appointments', () =>
      json({ code: 'idempotency_key_reused', detail: 'd' }, 422),
    );
    answer('post', '/patients', () => json({ code: 'x', detail: 'd' }, 422));
    const client = makeClient();
    const onCreate = await settleError(
      client.appointments.create(createBody, { idempotencyKey: 'k-9' }),
    );
    const onPatient = await settleError(client.patients.create({ name: 'Ana' }));
    expect((onCreate as Error).constructor).toBe(IdempotencyKeyReuseError);
    expect((onCreate as IdempotencyKeyReuseError).idempotencyKey).toBe('k-9');
    expect((onPatient as Error).constructor).toBe(UnprocessableEntityError);
  });

  it('429 → RateLimitError with retryAfterMs, after the retries', async () => {
    const attempts = answer('get', '/rooms/2', () =>
      json({ detail: 'Slow down.' }, 429, { 'retry-after': '4' }),
    );
    const err = (await settleError(makeClient().rooms.retrieve(2))) as RateLimitError;
    expect(err.constructor).toBe(RateLimitError);
    expect(err.retryAfterMs).toBe(4_000);
    expect(attempts()).toBe(3);
  });

  it.each([500, 502, 503, 504])('%i → InternalServerError', async (status) => {
    answer('get', '/rooms/2', () => json({ detail: 'Oops.' }, status));
    const err = (await settleError(
      makeClient({ maxRetries: 0 }).rooms.retrieve(2),
    )) as InternalServerError;
    expect(err.constructor).toBe(InternalServerError);
    expect(err.status).toBe(status);
    expect(err.detail).toBe('Oops.');
  });
});

describe('403 PermissionDeniedError.requiredScope, per endpoint', () => {
  // The scope a 403 names: the row's where spec 5 rule 4 states it, else none (rule 5).
  it.each(OPERATION_ROWS.map((row) => [`${row.method} ${row.path}`, row] as const))(
    '%s',
    async (_label, row) => {
      const scope = row.scopeStated ? row.scope : undefined;
      server.use(http.all(`${API}/*`, () => json({ detail: 'You do not have permission.' }, 403)));
      const call = invokeRow(makeClient(), row) as PromiseLike<unknown>;
      const err = (await settleError(call)) as PermissionDeniedError;
      expect(err.constructor).toBe(PermissionDeniedError);
      expect(err.requiredScope).toBe(scope);
      expect(err.detail).toBe('You do not have permission.');
      if (scope) expect(err.message).toContain(scope);
    },
  );
});

describe('an unexpected body still maps by status', () => {
  const html = '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>';

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [502, InternalServerError],
  ])('%i as HTML → %o', async (status, cls) => {
    answer(
      'get',
      '/patients/7',
      () => new HttpResponse(html, { status, headers: { 'content-type': 'text/html' } }),
    );
    const err = (await settleError(makeClient({ maxRetries: 0 }).patients.retrieve(7))) as APIError;
    expect(err.constructor).toBe(cls);
    expect(err.body).toBe(html);
    expect(err.detail).toBeUndefined();
    expect(err.code).toBeUndefined();
  });

  it.each([
    [400, BadRequestError],
    [404, NotFoundError],
    [409, ConflictError],
    [500, InternalServerError],
  ])('%i with an empty body → %o', async (status, cls) => {
    answer('get', '/patients/7', () => new HttpResponse(null, { status }));
    const err = (await settleError(makeClient({ maxRetries: 0 }).patients.retrieve(7))) as APIError;
    expect(err.constructor).toBe(cls);
    expect(err.body).toBeUndefined();
    expect(err.message).toContain(String(status));
  });

  it('a JSON body that is not an object (an array) still maps', async () => {
    answer('get', '/patients/7', () => json(['nope'], 404));
    const err = (await settleError(makeClient().patients.retrieve(7))) as APIError;
    expect(err.constructor).toBe(NotFoundError);
    expect(err.body).toEqual(['nope']);
  });

  it('a JSON null body still maps, without detail or code', async () => {
    answer('get', '/patients/7', () => json(null, 404));
    const err = (await settleError(makeClient().patients.retrieve(7))) as APIError;
    expect(err.constructor).toBe(NotFoundError);
    expect(err.body).toBe(null);
    expect(err.detail).toBeUndefined();
    expect(err.code).toBeUndefined();
    expect(err.message).toMatch(/^404 /);
    expect(err.message).toContain(`GET ${P}/patients/7`);
    expect(err.message).not.toContain('null');
  });
});

describe('ResponseValidationError on a 2xx of the wrong shape', () => {
  it('names the member that failed, never its value', async () => {
    const bad = appointmentWire({
      start_at: 'Maria-Secret-Value',
      patient: { id: 7, name: 42, phone: null },
    });
    answer('get', `/appointments/${APPOINTMENT_ID}`, () => json(bad));
    const err = (await settleError(
      makeClient().appointments.retrieve(APPOINTMENT_ID),
    )) as ResponseValidationError;
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.paths).toEqual(expect.arrayContaining(['start_at', 'patient.name']));
    expect(err.method).toBe('GET');
    expect(err.path).toBe(`${P}/appointments/${APPOINTMENT_ID}`);
    expect(err.message).not.toContain('Maria-Secret-Value');
    expect(JSON.stringify(err)).not.toContain('Maria-Secret-Value');
  });

  it('a missing required member is named', async () => {
    const { updated_at: _u, ...rest } = appointmentWire();
    answer('get', `/appointments/${APPOINTMENT_ID}`, () => json(rest));
    const err = (await settleError(
      makeClient().appointments.retrieve(APPOINTMENT_ID),
    )) as ResponseValidationError;
    expect(err.paths).toEqual(['updated_at']);
  });

  it('with validateResponses: false the body is returned unchecked', async () => {
    answer('get', '/rooms/2', () => json({ id: 'two', name: null }));
    const outcome = await settle(makeClient({ validateResponses: false }).rooms.retrieve(2));
    expect(outcome).toEqual({ ok: true, value: { id: 'two', name: null } });
  });

  it('a 2xx that is not JSON fails validation', async () => {
    answer('get', '/patients/7', () => new HttpResponse('<html>ok</html>', { status: 200 }));
    const err = (await settleError(makeClient().patients.retrieve(7))) as ResponseValidationError;
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.paths).toEqual(['(root)']);
  });

  it('a valid answer passes (the negative cases above are not vacuous)', async () => {
    answer('get', '/patients/7', () => json(patientWire()));
    answer('get', '/rooms/2', () => json(roomWire()));
    const client = makeClient();
    expect(await settle(client.patients.retrieve(7))).toEqual({ ok: true, value: patientWire() });
    expect(await settle(client.rooms.retrieve(2))).toEqual({ ok: true, value: roomWire() });
  });
});

describe('ValidationError: bad input is refused before anything is sent', () => {
  it.each([
    [
      'appointments.retrieve with a non-uuid id',
      (c: ClinicClient) => c.appointments.retrieve('42'),
      'id',
    ],
    ['rooms.retrieve with id 0', (c: ClinicClient) => c.rooms.retrieve(0), 'id'],
    [
      'patients.retrieve with id "7"',
      (c: ClinicClient) => c.patients.retrieve('7' as unknown as number),
      'id',
    ],
    [
      'appointments.create with seconds 30',
      (c: ClinicClient) =>
        c.appointments.create({ ...createBody, start_at: '2026-03-02T14:30:30-03:00' }),
      'start_at',
    ],
    [
      'appointments.update with status cancelled',
      (c: ClinicClient) =>
        c.appointments.update(APPOINTMENT_ID, { status: 'cancelled' as 'confirmed' }),
      'status',
    ],
    [
      'patients.create with an invalid CPF',
      (c: ClinicClient) => c.patients.create({ name: 'Ana', cpf: '111.111.111-12' }),
      'cpf',
    ],
  ])('%s', async (_name, call, field) => {
    let requests = 0;
    server.use(
      http.all(`${API}/*`, () => {
        requests++;
        return json({});
      }),
    );
    const err = await settleError(call(makeClient()));
    expect(err).toBeInstanceOf(ValidationError);
    expect(Object.keys((err as ValidationError).fields)).toContain(field);
    expect(requests).toBe(0);
  });
});

describe('a write that succeeded, then a read-back that failed: ReadBackError', () => {
  // Drives its calls on the real clock (or installs its own fake one).
  beforeEach(() => {
    vi.useRealTimers();
  });

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
      http.get(ITEM, () => json(appointmentWire({ status: 42 }))),
    );
    const error = (await rejection(
      makeClient().appointments.update(APPOINTMENT_ID, { note: 'x' }),
    )) as ReadBackError;
    expect(error).toBeInstanceOf(ReadBackError);
    expect(error.cause).toBeInstanceOf(ResponseValidationError);
    expect((error.cause as ResponseValidationError).paths).toEqual(['status']);
  });

  it('the read-back goes to the path of the write, without its suffix', async () => {
    const seen = recordRequests(server);
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

describe('the 403 message does not assert why the service refused', () => {
  // Drives its calls on the real clock (or installs its own fake one).
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('names the scope the spec gives, says the key may lack it, points at Full access', () => {
    const error = new PermissionDeniedError({
      status: 403,
      headers: new Headers(),
      body: { detail: 'Forbidden.' },
      method: 'POST',
      path: `${P}/appointments`,
      requiredScope: 'appointments:write',
    });
    expect(error.requiredScope).toBe('appointments:write');
    // The whole text is pinned in test/messages.test.ts.
    expect(error.message).toContain('appointments:write');
    expect(error.message).toMatch(/Full access/);
    expect(error.message).not.toMatch(/the key lacks/);
  });
});

describe('a 2xx whose body is cut off is not "no response" (issue 13)', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('patients.create answered 201, body cut off: the error says it may have been processed; not retried', async () => {
    let attempts = 0;
    const cutOff: typeof fetch = async () => {
      attempts++;
      return new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"id": 7,'));
            controller.error(new TypeError('terminated'));
          },
        }),
        { status: 201, headers: { 'content-type': 'application/json' } },
      );
    };
    const error = await rejection(
      makeClient({ fetch: cutOff }).patients.create({ name: 'Ana Souza' }),
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`POST ${P}/patients was answered 201`);
    expect((error as Error).message).toContain('(terminated)');
    expect((error as Error).message).toMatch(/may have been processed/);
    expect(attempts).toBe(1);
  });
});

describe('always a ClinicError: deep, huge and oversized bodies (issue 13)', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  /** A fetch answering `status` with `body`, counting the attempts. */
  function answering(status: number, body: () => BodyInit, headers: HeadersInit = {}) {
    const seen = { attempts: 0 };
    const fetch: typeof globalThis.fetch = async () => {
      seen.attempts++;
      return new Response(body(), {
        status,
        headers: { 'content-type': 'application/json', ...headers },
      });
    };
    return { fetch, seen };
  }

  /** A body of 64 KiB chunks, endless unless `total` chunks; counts the chunks pulled. */
  function chunks(total = Number.POSITIVE_INFINITY) {
    const state = { pulled: 0, cancelled: false };
    const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024 - 2)}"`);
    const stream = () =>
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (state.pulled >= total) return controller.close();
          state.pulled++;
          controller.enqueue(chunk);
        },
        cancel() {
          state.cancelled = true;
        },
      });
    return { stream, state };
  }

  const deepArray = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
  const deepObject = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

  it.each([
    [400, 'array', deepArray, BadRequestError],
    [409, 'object', deepObject, ConflictError],
    [
      500,
      'object',
      `{"error":{"code":"x","message":"m","details":${deepObject}}}`,
      InternalServerError,
    ],
  ] as const)(
    'a %i error body nested 5,000 levels (%s): the APIError of its status, never RangeError',
    async (status, _, text, Class) => {
      const { fetch } = answering(status, () => text);
      const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
      expect(error).toBeInstanceOf(Class);
      expect((error as APIError).status).toBe(status);
      // Typed JSON, ky parses it (HTTPError.data): the text again, or nothing when its parse fails.
      expect([undefined, text]).toContain((error as APIError).body);
      // Typed as text, the SDK parses it itself and keeps it as text.
      const plain = answering(status, () => text, { 'content-type': 'text/plain' });
      const typed = await rejection(
        makeClient({ fetch: plain.fetch, maxRetries: 0 }).rooms.retrieve(2),
      );
      expect((typed as APIError).body).toBe(text);
    },
  );

  it.each([
    ['64 levels: parsed', `${'['.repeat(64)}1${']'.repeat(64)}`, true],
    ['65 levels: kept as text', `${'['.repeat(65)}1${']'.repeat(65)}`, false],
    [
      'two arrays of 40 levels side by side: parsed (a closing bracket goes up a level)',
      `{"a":${'['.repeat(40)}1${']'.repeat(40)},"b":${'['.repeat(40)}2${']'.repeat(40)}}`,
      true,
    ],
    ['70 brackets inside a string: parsed', `{"detail":"${'[{'.repeat(70)}"}`, true],
    [
      '70 brackets after an escaped quote, inside a string: parsed',
      `{"detail":"say \\"${'['.repeat(70)}\\" \\\\"}`,
      true,
    ],
    [
      'an escaped backslash ends nothing: 65 levels after a string ending in \\\\',
      `{"a":"x\\\\","b":${'['.repeat(65)}1${']'.repeat(65)}}`,
      false,
    ],
  ])('an error body nesting %s', async (_name, text, parsed) => {
    const { fetch } = answering(400, () => text);
    const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as APIError).body).toEqual(parsed ? JSON.parse(text) : text);
  });

  it('a 2xx body nested 5,000 levels: ResponseValidationError, never RangeError', async () => {
    const { fetch } = answering(200, () => deepObject);
    const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('a huge error body under the cap (over 8 MiB, 80,000 details): the APIError of its status, whole', async () => {
    const details = Array.from({ length: 80_000 }, (_, i) => ({
      field: `f${i}`,
      message: 'x'.repeat(80),
    }));
    const text = JSON.stringify({ error: { code: 'validation_error', message: 'bad', details } });
    expect(text.length).toBeGreaterThan(8 * 1024 * 1024);
    expect(text.length).toBeLessThan(10 * 1024 * 1024);
    const { fetch } = answering(422, () => text);
    const error = await rejection(makeClient({ fetch, maxRetries: 0 }).rooms.retrieve(2));
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as APIError).body).toEqual({
      error: { code: 'validation_error', message: 'bad', details },
    });
  });

  it('maxResponseBytes defaults to 10 MiB', () => {
    expect(makeClient().maxResponseBytes).toBe(10 * 1024 * 1024);
  });

  it('a 2xx body over maxResponseBytes, endless: APIConnectionError saying so, reading stopped and the stream cancelled, not retried', async () => {
    const { stream, state } = chunks();
    const { fetch, seen } = answering(200, stream);
    const client = makeClient({ fetch, maxResponseBytes: 1024 * 1024, timeout: 5_000 });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`GET ${P}/rooms/2 was answered 200`);
    expect((error as Error).message).toContain('maxResponseBytes (1048576 bytes)');
    expect(seen.attempts).toBe(1);
    expect(state.cancelled).toBe(true);
    // 16 chunks of 64 KiB reach the cap; the 17th crosses it; a few more may sit in the queue.
    expect(state.pulled).toBeLessThanOrEqual(20);
  });

  it('a 2xx whose Content-Length is over maxResponseBytes: refused before its body is read', async () => {
    const { stream, state } = chunks(2);
    const { fetch } = answering(201, stream, { 'content-length': String(2 * 64 * 1024) });
    const client = makeClient({ fetch, maxResponseBytes: 1_000 });
    const error = await rejection(client.patients.create({ name: 'Ana Souza' }));
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).message).toContain(`POST ${P}/patients was answered 201`);
    expect((error as Error).message).toContain('maxResponseBytes (1000 bytes)');
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it('a 503 body over maxResponseBytes: InternalServerError without body, retried by its status, each stream cancelled', async () => {
    const { stream, state } = chunks();
    const { fetch, seen } = answering(503, stream, { 'retry-after': '0' });
    const client = makeClient({ fetch, maxResponseBytes: 100_000, maxRetries: 1 });
    const error = await rejection(client.rooms.retrieve(2));
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as APIError).status).toBe(503);
    expect((error as APIError).body).toBeUndefined();
    expect(seen.attempts).toBe(2);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(12);
  });

  it('a body exactly at maxResponseBytes is read whole', async () => {
    const text = JSON.stringify(roomWire());
    const { fetch } = answering(200, () => text);
    const room = await makeClient({
      fetch,
      maxResponseBytes: new TextEncoder().encode(text).length,
    }).rooms.retrieve(2);
    expect(room).toEqual(JSON.parse(text));
  });

  it('a body whose Content-Length is exactly maxResponseBytes is read whole', async () => {
    const text = JSON.stringify(roomWire());
    const size = new TextEncoder().encode(text).length;
    const { fetch } = answering(200, () => text, { 'content-length': String(size) });
    const room = await makeClient({ fetch, maxResponseBytes: size }).rooms.retrieve(2);
    expect(room).toEqual(JSON.parse(text));
  });
});

describe('a body read in chunks (issue 13)', () => {
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('a character split across two chunks is decoded whole', async () => {
    const bytes = new TextEncoder().encode(
      JSON.stringify({ ...roomWire(), name: 'Sala Conceição' }),
    );
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of 'ç'
    const fetch: typeof globalThis.fetch = async () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(bytes.slice(0, cut));
            controller.enqueue(bytes.slice(cut));
            controller.close();
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    const room = await makeClient({ fetch }).rooms.retrieve(2);
    expect(room.name).toBe('Sala Conceição');
  });
});
