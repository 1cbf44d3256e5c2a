/**
 * The error hierarchy (public-api.md, "Errors") built by `makeAPIError` from representative
 * responses of spec section 7: the class chosen by status (and by `code` for 409, by the
 * presence of an `Idempotency-Key` for 422), and every property.
 */
import { describe, expect, it } from 'vitest';
import { makeAPIError, quoteServerText, withIdempotencyKey } from '../../src/core/errors/index.ts';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  type APIErrorInit,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClinicError,
  ConfigurationError,
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
import { OPERATIONS } from '../../src/operations.ts';

const P = API_PREFIX;

function init(overrides: Partial<APIErrorInit> = {}): APIErrorInit {
  return {
    status: 404,
    headers: new Headers({ 'x-request-id': 'req-123', 'content-type': 'application/json' }),
    body: { detail: 'Not found.' },
    method: 'GET',
    path: `${P}/rooms/9`,
    ...overrides,
  };
}

describe('the hierarchy', () => {
  it.each([
    [ConfigurationError, ClinicError],
    [ValidationError, ClinicError],
    [ResponseValidationError, ClinicError],
    [APIConnectionError, ClinicError],
    [APIConnectionTimeoutError, APIConnectionError],
    [APIUserAbortError, ClinicError],
    [APIError, ClinicError],
    [BadRequestError, APIError],
    [AuthenticationError, APIError],
    [PermissionDeniedError, APIError],
    [NotFoundError, APIError],
    [ConflictError, APIError],
    [SlotBlockedError, ConflictError],
    [RoomRequiredError, ConflictError],
    [PatientCpfExistsError, ConflictError],
    [UnprocessableEntityError, APIError],
    [IdempotencyKeyReuseError, UnprocessableEntityError],
    [RateLimitError, APIError],
    [InternalServerError, APIError],
  ])('%o extends %o', (child, parent) => {
    expect(child.prototype).toBeInstanceOf(parent);
    expect(ClinicError.prototype).toBeInstanceOf(Error);
  });

  it('each class names itself', () => {
    expect(new ConfigurationError('x').name).toBe('ConfigurationError');
    expect(new APIConnectionTimeoutError().name).toBe('APIConnectionTimeoutError');
    expect(new APIUserAbortError().name).toBe('APIUserAbortError');
    expect(
      makeAPIError(init({ status: 409, body: { code: 'slot_blocked', detail: 'd' } })).name,
    ).toBe('SlotBlockedError');
  });
});

describe('common APIError properties', () => {
  it('status, headers, body, detail, code, requestId, method, path', () => {
    const headers = new Headers({ 'x-request-id': 'req-9f', 'content-type': 'application/json' });
    const body = { code: 'slot_blocked', detail: 'The time is blocked.' };
    const err = makeAPIError(
      init({ status: 409, headers, body, method: 'POST', path: `${P}/appointments` }),
    );
    expect(err).toBeInstanceOf(SlotBlockedError);
    expect(err.status).toBe(409);
    expect(err.headers).toBe(headers);
    expect(err.body).toEqual(body);
    expect(err.detail).toBe('The time is blocked.');
    expect(err.code).toBe('slot_blocked');
    expect(err.requestId).toBe('req-9f');
    expect(err.method).toBe('POST');
    expect(err.path).toBe(`${P}/appointments`);
    expect(err.message).toContain('409');
    expect(err.message).toContain('slot_blocked');
    expect(err.message).not.toContain('The time is blocked.');
    expect(err.message).toContain(`POST ${P}/appointments`);
  });

  it('requestId falls back to request-id, and is undefined without either', () => {
    expect(makeAPIError(init({ headers: new Headers({ 'request-id': 'r2' }) })).requestId).toBe(
      'r2',
    );
    expect(makeAPIError(init({ headers: new Headers() })).requestId).toBeUndefined();
  });

  it('idempotencyKey: the key of the init, an own, enumerable, read-only member', () => {
    const err = new NotFoundError(init({ idempotencyKey: 'key-7' }));
    expect(err.idempotencyKey).toBe('key-7');
    // What a logger that spreads or serializes the error sees.
    expect({ ...err }.idempotencyKey).toBe('key-7');
    expect(JSON.parse(JSON.stringify(err)).idempotencyKey).toBe('key-7');
    expect(() => {
      (err as { idempotencyKey?: string }).idempotencyKey = 'other';
    }).toThrow(TypeError);
    expect(err.idempotencyKey).toBe('key-7');
  });

  it('without a key in the init there is no idempotencyKey member at all', () => {
    const err = new NotFoundError(init());
    expect(err.idempotencyKey).toBeUndefined();
    expect(Object.hasOwn(err, 'idempotencyKey')).toBe(false);
    expect('idempotencyKey' in { ...err }).toBe(false);
  });

  it.each([
    ['a detail, no code', { detail: 'Not found.' }, undefined, 'Not found.'],
    ['a code and a detail', { code: 'gone', detail: 'Gone.' }, 'gone', 'Gone.'],
    ['a code that is not an identifier', { code: 'Ana Souza' }, undefined, 'Ana Souza'],
    ['an empty object', {}, undefined, undefined],
    ['no body', undefined, undefined, undefined],
    ['a short text', 'Not Found', undefined, 'Not Found'],
  ])(
    'the default message names the status and code, never the text: %s',
    (_name, body, code, text) => {
      const { message } = new NotFoundError(init({ body }));
      expect(message).toMatch(/^404 /);
      expect(message).toContain(`(GET ${P}/rooms/9)`);
      if (code) expect(message).toContain(` ${code} `);
      // Only the status, a code and the call: no word of the service's text.
      expect(message.replace(`(GET ${P}/rooms/9)`, '').split(' ').filter(Boolean)).toHaveLength(
        code ? 2 : 1,
      );
      if (text) expect(message).not.toContain(text);
    },
  );

  it('detail and code are undefined when the body lacks them or they are not strings', () => {
    const err = makeAPIError(init({ status: 409, body: { code: 7, detail: ['x'] } }));
    expect(err.detail).toBeUndefined();
    expect(err.code).toBeUndefined();
    expect(err.constructor).toBe(ConflictError);
  });
});

describe('by status', () => {
  it.each([
    [400, { start_at: ['seconds must be 00'] }, BadRequestError],
    [401, { detail: 'Invalid key.' }, AuthenticationError],
    [403, { detail: 'Missing scope.' }, PermissionDeniedError],
    [404, { detail: 'Not found.' }, NotFoundError],
    [409, { code: 'something_new', detail: 'Conflict.' }, ConflictError],
    [422, { code: 'unprocessable', detail: 'No.' }, UnprocessableEntityError],
    [429, { detail: 'Slow down.' }, RateLimitError],
    [500, { detail: 'Oops.' }, InternalServerError],
    [502, undefined, InternalServerError],
    [503, 'Service Unavailable', InternalServerError],
    [504, undefined, InternalServerError],
    [408, { detail: 'Timeout.' }, APIError],
    [418, undefined, APIError],
  ])('%i → exactly %o', (status, body, cls) => {
    const err = makeAPIError(init({ status, body }));
    expect(err.constructor).toBe(cls);
    expect(err.status).toBe(status);
  });

  it.each([
    [400, BadRequestError],
    [401, AuthenticationError],
    [403, PermissionDeniedError],
    [404, NotFoundError],
    [409, ConflictError],
    [422, UnprocessableEntityError],
    [429, RateLimitError],
    [500, InternalServerError],
    [503, InternalServerError],
  ])('%i with an HTML body still maps by status to %o', (status, cls) => {
    const html = '<html><body><h1>Bad Gateway</h1></body></html>';
    const err = makeAPIError(init({ status, body: html }));
    expect(err.constructor).toBe(cls);
    expect(err.body).toBe(html);
    expect(err.detail).toBeUndefined();
    expect(err.code).toBeUndefined();
    expect(err.message).toContain(String(status));
  });

  it.each([400, 401, 403, 404, 409, 422, 429, 500])(
    '%i with an empty body still maps',
    (status) => {
      const err = makeAPIError(init({ status, body: undefined }));
      expect(err).toBeInstanceOf(APIError);
      expect(err.status).toBe(status);
      expect(err.body).toBeUndefined();
      expect(err.message).toContain(String(status));
    },
  );

  it('a long HTML body is left out of the message (it stays on body)', () => {
    const html = `<html>${'x'.repeat(500)}</html>`;
    const err = makeAPIError(init({ status: 502, body: html }));
    expect(err.message).not.toContain('xxxx');
    expect(err.body).toBe(html);
  });
});

describe('400 BadRequestError.fields', () => {
  it('is the body: field → messages', () => {
    const body = { start_at: ['seconds must be 00'], patient_id: ['is required', 'unknown'] };
    const err = makeAPIError(init({ status: 400, body })) as BadRequestError;
    expect(err.fields).toEqual(body);
    expect(err.message).toContain('start_at, patient_id');
    expect(err.message).not.toContain('seconds must be 00');
  });

  it('wraps a lone string in an array; is empty for a body that is not an object', () => {
    expect(
      (makeAPIError(init({ status: 400, body: { name: 'too long' } })) as BadRequestError).fields,
    ).toEqual({
      name: ['too long'],
    });
    expect(
      (makeAPIError(init({ status: 400, body: 'Bad Request' })) as BadRequestError).fields,
    ).toEqual({});
    expect(
      (makeAPIError(init({ status: 400, body: undefined })) as BadRequestError).fields,
    ).toEqual({});
  });
});

describe("400 BadRequestError, a body not of the spec's shape", () => {
  it('members that are neither arrays nor strings: objects as JSON text, the others left out', () => {
    const body = {
      name: 'too long',
      items: [{}, { quantity: ['must be positive'] }, 3, 'is required'],
      address: { city: ['is required'] },
      count: 5,
      flag: true,
      missing: null,
    };
    const err = new BadRequestError(init({ status: 400, body }));
    expect(err.fields).toEqual({
      name: ['too long'],
      items: ['{}', '{"quantity":["must be positive"]}', '3', 'is required'],
      address: ['{"city":["is required"]}'],
    });
    expect(err.message).toContain('name, items, address');
    expect(err.message).not.toMatch(/count|flag|missing/);
  });

  it('no field at all: the default message', () => {
    // The same as with no body at all: the status and the call.
    expect(new BadRequestError(init({ status: 400, body: {} })).message).toBe(
      new BadRequestError(init({ status: 400, body: undefined })).message,
    );
    expect(new BadRequestError(init({ status: 400, body: { count: 5 } })).fields).toEqual({});
  });
});

describe('403 PermissionDeniedError.requiredScope: the scope its row states', () => {
  const stated = Object.values(OPERATIONS).filter((row) => row.scopeStated);
  it.each(stated.map((row) => [row.name, row.scope] as const))(
    '%s names %s (spec 5, rule 4)',
    (_name, scope) => {
      const err = makeAPIError(
        init({ status: 403, requiredScope: scope }),
      ) as PermissionDeniedError;
      expect(err).toBeInstanceOf(PermissionDeniedError);
      expect(err.requiredScope).toBe(scope);
      expect(err.message).toContain(scope);
    },
  );

  it('a row that states none: requiredScope undefined, the default message, no service text', () => {
    const err = makeAPIError(init({ status: 403, body: { detail: 'Denied.' } }));
    expect((err as PermissionDeniedError).requiredScope).toBeUndefined();
    expect(err.message).toBe(makeAPIError(init({ status: 403, body: undefined })).message);
    expect(err.message).not.toContain('Denied.');
  });
});

describe('409 by code', () => {
  it.each([
    ['slot_blocked', SlotBlockedError],
    ['room_required', RoomRequiredError],
    ['patient_cpf_exists', PatientCpfExistsError],
    ['appointment_not_changeable', ConflictError],
    ['toString', ConflictError],
    ['__proto__', ConflictError],
  ])('code %s → exactly %o', (code, cls) => {
    const err = makeAPIError(init({ status: 409, body: { code, detail: 'd' } }));
    expect(err.constructor).toBe(cls);
    expect(err.code).toBe(code);
  });

  it('no code → ConflictError', () => {
    expect(makeAPIError(init({ status: 409, body: { detail: 'd' } })).constructor).toBe(
      ConflictError,
    );
  });
});

describe('422', () => {
  it('on a request that carried an Idempotency-Key → IdempotencyKeyReuseError with the key', () => {
    const err = makeAPIError(
      init({
        status: 422,
        method: 'POST',
        path: `${P}/appointments`,
        body: { code: 'idempotency_key_reused', detail: 'Another body.' },
        idempotencyKey: 'key-1',
      }),
    );
    expect(err.constructor).toBe(IdempotencyKeyReuseError);
    expect((err as IdempotencyKeyReuseError).idempotencyKey).toBe('key-1');
    expect(err.code).toBe('idempotency_key_reused');
    expect(err.detail).toBe('Another body.');
    expect(err.message).toContain('Idempotency-Key');
  });

  it('without a key → UnprocessableEntityError', () => {
    const err = makeAPIError(init({ status: 422, body: { code: 'x', detail: 'No.' } }));
    expect(err.constructor).toBe(UnprocessableEntityError);
  });
});

describe('429 RateLimitError.retryAfterMs', () => {
  it.each([
    [{ 'retry-after': '30' }, 30_000],
    [{ 'retry-after-ms': '1200' }, undefined],
    [{}, undefined],
  ])('%o → %o', (headers, ms) => {
    const err = makeAPIError(
      init({ status: 429, headers: new Headers(headers) }),
    ) as RateLimitError;
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err.retryAfterMs).toBe(ms);
  });

  it.each([
    [
      'retry-after-ms is not read (the spec does not define it)',
      { 'retry-after-ms': '0', 'retry-after': '5' },
      5_000,
    ],
    [
      'Retry-After with decimals is of neither form, as ky reads it',
      { 'retry-after': '1.25' },
      undefined,
    ],
    [
      'Retry-After with a unit after the number is of neither form',
      { 'retry-after': '3s' },
      undefined,
    ],
    ['an empty Retry-After', { 'retry-after': '' }, undefined],
  ])('%s', (_name, headers, ms) => {
    const err = new RateLimitError(init({ status: 429, headers: new Headers(headers) }));
    expect(err.retryAfterMs).toBe(ms);
  });

  it('the HTTP-date form is read against the current time', () => {
    const inAMinute = new Date(Date.now() + 60_000).toUTCString();
    const err = makeAPIError(
      init({ status: 429, headers: new Headers({ 'retry-after': inAMinute }) }),
    ) as RateLimitError;
    expect(err.retryAfterMs).toBeGreaterThan(58_000);
    expect(err.retryAfterMs).toBeLessThanOrEqual(60_000);
  });
});

describe('the other errors', () => {
  it('ValidationError keeps fields in the 400 shape and lists them in the message', () => {
    const err = new ValidationError({ note: ['must be at most 2000 characters'] }, 'body');
    expect(err.fields).toEqual({ note: ['must be at most 2000 characters'] });
    expect(err.message).toContain('note: must be at most 2000 characters');
  });

  it('ValidationError also takes a message first, as Error does, for code of your own', () => {
    const withFields = new ValidationError('Pick another time', { start_at: ['is blocked'] });
    expect(withFields).toBeInstanceOf(ClinicError);
    expect(withFields.message).toBe('Pick another time');
    expect(withFields.fields).toEqual({ start_at: ['is blocked'] });
    const alone = new ValidationError('Pick another time');
    expect(alone.fields).toEqual({ non_field_errors: ['Pick another time'] });
    expect(new ValidationError({ name: ['required'] }).message).toContain('name: required');
  });

  it('ResponseValidationError keeps paths, method and path', () => {
    const err = new ResponseValidationError(
      ['start_at', 'patient.name'],
      'GET',
      `${P}/appointments/x`,
    );
    expect(err.paths).toEqual(['start_at', 'patient.name']);
    expect(err.method).toBe('GET');
    expect(err.path).toBe(`${P}/appointments/x`);
    expect(err.message).toContain('start_at, patient.name');
  });

  it.each([
    ['a message without a period', new Error('boom'), 'boom.'],
    ['a message ending in a period', new Error('Not found.'), 'Not found.'],
    [
      'an APIError message, ending in the path',
      new Error('500: oops (GET /x)'),
      '500: oops (GET /x).',
    ],
    ['a thrown string', 'gone', 'gone.'],
  ])('ReadBackError: the message, with %s as the cause', (_name, cause, why) => {
    const response = new Response(null, { status: 204 });
    const err = new ReadBackError(
      { method: 'PATCH', path: `${P}/appointments/a1`, response },
      `${P}/appointments/a1`,
      cause,
    );
    expect(err.message).toContain(`PATCH ${P}/appointments/a1 succeeded (204)`);
    expect(err.message).toContain(`GET ${P}/appointments/a1 failed: ${why} `);
    expect(err.cause).toBe(cause);
    // A bodiless copy of the write's answer (its headers redacted by the client).
    expect(err.response.status).toBe(204);
    expect([...err.response.headers]).toEqual([...response.headers]);
  });

  it("ReadBackError: the response copy keeps the write's final URL", () => {
    const response = new Response(null, { status: 204 });
    Object.defineProperty(response, 'url', { value: `https://clinic.test${P}/appointments/a1` });
    const err = new ReadBackError(
      { method: 'PATCH', path: `${P}/appointments/a1`, response },
      `${P}/appointments/a1`,
      new Error('gone'),
    );
    expect(err.response.url).toBe(`https://clinic.test${P}/appointments/a1`);
  });

  it('withIdempotencyKey keeps the key an error already carries', () => {
    const error = withIdempotencyKey(withIdempotencyKey(new ClinicError('x'), 'first'), 'second');
    expect(error.idempotencyKey).toBe('first');
    expect(withIdempotencyKey(new ClinicError('y'), undefined).idempotencyKey).toBeUndefined();
  });

  it('APIConnectionError keeps its cause', () => {
    const cause = new Error('ECONNRESET');
    expect(new APIConnectionError('failed', { cause }).cause).toBe(cause);
  });
});

describe('BadRequestError.fields from a hostile body', () => {
  it('a field named __proto__ is kept as a field, not as the prototype', () => {
    const body = JSON.parse('{"__proto__": ["bad"], "name": ["is required"]}');
    const err = makeAPIError({
      status: 400,
      headers: new Headers(),
      body,
      method: 'POST',
      path: '/api/public/v1/patients',
    }) as BadRequestError;
    expect(Object.getPrototypeOf(err.fields)).toBe(Object.prototype);
    expect(Object.hasOwn(err.fields, '__proto__')).toBe(true);
    expect(Object.keys(err.fields).sort()).toEqual(['__proto__', 'name']);
  });
});

describe('quoteServerText: bounded at max characters, cut with …', () => {
  it('a text of max characters is quoted whole; one more is cut to max, … included', () => {
    expect(quoteServerText('abcde', 5)).toBe('abcde');
    expect(quoteServerText('abcdef', 5)).toBe('abcd…');
    expect(quoteServerText('abcdefghij', 5)).toBe('abcd…');
  });

  it('an escape is never cut in two', () => {
    expect(quoteServerText('abc\ndefgh', 5)).toBe('abc…');
    expect(quoteServerText('ab\ndefgh', 6)).toBe('ab\\nd…');
    expect(quoteServerText('a\nb', 5)).toBe('a\\nb');
  });
});
