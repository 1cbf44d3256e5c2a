/** {@link APIError} and its subclasses, for a non-2xx answer ({@link makeAPIError}). @module */

import type { StatedConflictCode } from '../../operations.ts';
import type { FieldErrors } from '../../schemas/errors.ts';
import type { Scope } from '../../schemas/scopes.ts';
import { ClinicError, withIdempotencyKey } from './base.ts';

/** What an {@link APIError} is built from. */
export interface APIErrorInit {
  /** The HTTP status of the answer. */
  status: number;
  /** The headers of the answer. */
  headers: Headers;
  /** The parsed body of the answer (its text when not JSON; `undefined` when empty). */
  body: unknown;
  /** The HTTP method of the request. */
  method: string;
  /** The URL path of the request. */
  path: string;
  /** The `Idempotency-Key` the request carried (idempotent calls), else `undefined`. */
  idempotencyKey?: string | undefined;
  /** The scope the spec says the operation needs, when it says (its row's). */
  requiredScope?: Scope | undefined;
}

/** The service answered with a non-2xx status. Subclasses are chosen by status (and by `code`
 * for 409); an unexpected body still maps by status. The message names the status, the code and
 * the fields, never the service's text: `detail`, `fields` and `body` hold it, and may hold what
 * the request sent (a CPF, a name), so log them only where patient data may go. */
export class APIError extends ClinicError {
  static override readonly name: string = 'APIError';

  /** HTTP status. */
  readonly status: number;
  /** Response headers. */
  readonly headers: Headers;
  /** The parsed body in full (its text when not JSON; `undefined` when empty), key removed. */
  readonly body: unknown;
  /** The body's `detail`, unescaped and in full; may echo the request (patient data). */
  readonly detail: string | undefined;
  /** `code` of the body (409, 422), when it has one. */
  readonly code: string | undefined;
  /** The `x-request-id` (or `request-id`) response header, when the service sent one. */
  readonly requestId: string | undefined;
  /** HTTP method of the request. */
  readonly method: string;
  /** URL path of the request (no query string). */
  readonly path: string;

  constructor(init: APIErrorInit, message?: string) {
    const detail = stringMember(init.body, 'detail');
    const code = stringMember(init.body, 'code');
    super(message ?? defaultMessage(init, code));
    this.status = init.status;
    this.headers = init.headers;
    this.body = init.body;
    this.detail = detail;
    this.code = code;
    this.requestId = requestIdFrom(init.headers);
    this.method = init.method;
    this.path = init.path;
    withIdempotencyKey(this, init.idempotencyKey);
  }
}

/** 400: invalid fields. `fields` is the body: field name → messages. */
export class BadRequestError extends APIError {
  static override readonly name: string = 'BadRequestError';

  /** Field name → messages, as the service sent them (strings are wrapped in an array). */
  readonly fields: FieldErrors;

  constructor(init: APIErrorInit) {
    const fields = toFieldErrors(init.body);
    const names = fieldNames(fields);
    super(
      init,
      names.length > 0
        ? `400 Bad request: invalid ${names.join(', ')} (${init.method} ${init.path})`
        : undefined,
    );
    this.fields = fields;
  }
}

/** 401: the API key is missing, unknown or revoked. Check `CLINIC_API_KEY`. */
export class AuthenticationError extends APIError {
  static override readonly name: string = 'AuthenticationError';
}

/** 403: the key was refused here; likely a missing scope (spec 5, rule 6 does not say when). */
export class PermissionDeniedError extends APIError {
  static override readonly name: string = 'PermissionDeniedError';

  /** The scope the spec says this endpoint needs, when it says (else `undefined`). */
  readonly requiredScope: Scope | undefined;

  constructor(init: APIErrorInit) {
    const { requiredScope } = init;
    super(
      init,
      requiredScope
        ? `403 Permission denied: this endpoint requires scope ` +
            `${requiredScope} (spec 5); the key may lack it — create a key with the Full access ` +
            `preset (${init.method} ${init.path})`
        : undefined,
    );
    this.requiredScope = requiredScope;
  }
}

/** 404: no such record in the key's clinic (or an id of the wrong form). */
export class NotFoundError extends APIError {
  static override readonly name: string = 'NotFoundError';
}

/** 409: the request conflicts with the clinic's state. `code` tells which conflict. */
export class ConflictError extends APIError {
  static override readonly name: string = 'ConflictError';
}

/** 409 `slot_blocked`: the time is blocked in the professional's agenda. Pick another time. */
export class SlotBlockedError extends ConflictError {
  static override readonly name: string = 'SlotBlockedError';

  /** Always `'slot_blocked'`, the 409 body's `code`. */
  declare readonly code: 'slot_blocked';
}

/** 409 `room_required`: the clinic requires a room and none is the default then. Pass `room_id`. */
export class RoomRequiredError extends ConflictError {
  static override readonly name: string = 'RoomRequiredError';

  /** Always `'room_required'`, the 409 body's `code`. */
  declare readonly code: 'room_required';
}

/** 409 `patient_cpf_exists`: the CPF belongs to another patient of the clinic. */
export class PatientCpfExistsError extends ConflictError {
  static override readonly name: string = 'PatientCpfExistsError';

  /** Always `'patient_cpf_exists'`, the 409 body's `code`. */
  declare readonly code: 'patient_cpf_exists';
}

/** 422: the service understood the request but will not process it. */
export class UnprocessableEntityError extends APIError {
  static override readonly name: string = 'UnprocessableEntityError';
}

/** 422 with an `Idempotency-Key`: the key was used with another body or endpoint (24 h). */
export class IdempotencyKeyReuseError extends UnprocessableEntityError {
  static override readonly name: string = 'IdempotencyKeyReuseError';

  /** The key that was refused. */
  override readonly idempotencyKey: string;

  constructor(init: APIErrorInit & { idempotencyKey: string }) {
    super(
      init,
      '422 Idempotency-Key reused with another body or on another endpoint; use a new key ' +
        `for a new request (${init.method} ${init.path})`,
    );
    this.idempotencyKey = init.idempotencyKey;
  }
}

/** 429: too many requests. `retryAfterMs` comes from `Retry-After`, when sent. */
export class RateLimitError extends APIError {
  static override readonly name: string = 'RateLimitError';

  /** How long the service asked to wait, from `Retry-After` (seconds or HTTP date). */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfterMs = parseRetryAfter(init.headers);
  }
}

/** 5xx, after any retries; thrown at once when `Retry-After` asks for more than
 * `MAX_RETRY_AFTER_MS`, with `retryAfterMs` set for the caller to schedule. */
export class InternalServerError extends APIError {
  static override readonly name: string = 'InternalServerError';

  /** How long the service asked to wait, from `Retry-After` (a 503's, typically), when sent. */
  readonly retryAfterMs: number | undefined;

  constructor(init: APIErrorInit) {
    super(init);
    this.retryAfterMs = parseRetryAfter(init.headers);
  }
}

/** The class of each 409 code the spec states (`CONFLICT_CODES` in operations.ts). */
const CONFLICTS: { readonly [C in StatedConflictCode]: new (init: APIErrorInit) => ConflictError } =
  {
    slot_blocked: SlotBlockedError,
    room_required: RoomRequiredError,
    patient_cpf_exists: PatientCpfExistsError,
  };

/** The {@link APIError} subclass of a non-2xx answer: by status, by `code` for 409. */
export function makeAPIError(init: APIErrorInit): APIError {
  const { status } = init;
  switch (status) {
    case 400:
      return new BadRequestError(init);
    case 401:
      return new AuthenticationError(init);
    case 403:
      return new PermissionDeniedError(init);
    case 404:
      return new NotFoundError(init);
    case 409: {
      const code = stringMember(init.body, 'code');
      const Conflict =
        (code && Object.hasOwn(CONFLICTS, code) && CONFLICTS[code as StatedConflictCode]) ||
        ConflictError;
      return new Conflict(init);
    }
    case 422:
      return init.idempotencyKey !== undefined
        ? new IdempotencyKeyReuseError({ ...init, idempotencyKey: init.idempotencyKey })
        : new UnprocessableEntityError(init);
    case 429:
      return new RateLimitError(init);
    default:
      return status >= 500 ? new InternalServerError(init) : new APIError(init);
  }
}

/**
 * The wait a response asks for, in ms, from the header ky 2 reads it from, in ky's order:
 * `Retry-After` (seconds or an HTTP date), else `RateLimit-Reset`, `X-RateLimit-Retry-After`,
 * `X-RateLimit-Reset` or `X-Rate-Limit-Reset` (a reset value past 2024 in seconds is an epoch
 * time, as ky reads it); `undefined` when none is readable.
 */
export function parseRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  for (const [name, epoch] of TIMING_HEADERS) {
    const value = headers.get(name);
    if (value === null) continue;
    if (/^\d+$/.test(value)) {
      const ms = Number(value) * 1000;
      return Math.max(0, epoch && ms >= EPOCH_FROM ? ms - now : ms);
    }
    // Date.parse reads a date into `-5` or `2026`; a real HTTP date has letters.
    const date = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
    return Number.isNaN(date) ? undefined : Math.max(0, date - now);
  }
  return undefined;
}

const TIMING_HEADERS: Array<[name: string, epoch: boolean]> = [
  ['retry-after', false],
  ['ratelimit-reset', true],
  ['x-ratelimit-retry-after', false],
  ['x-ratelimit-reset', true],
  ['x-rate-limit-reset', true],
];
const EPOCH_FROM = Date.parse('2024-01-01');

/** @internal The `x-request-id` (or `request-id`) header of a response, when present. */
export function requestIdFrom(headers: Headers): string | undefined {
  const id = headers.get('x-request-id') ?? headers.get('request-id');
  // It reaches hooks, logs and spans: an id is a short token, anything else may be patient data.
  return id !== null && REQUEST_ID.test(id) ? id : undefined;
}

const REQUEST_ID = /^[\x21-\x7e]{1,128}$/;

function stringMember(body: unknown, key: string): string | undefined {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function toFieldErrors(body: unknown): FieldErrors {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const entries: Array<[string, string[]]> = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (Array.isArray(value)) {
      entries.push([key, value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))]);
    } else if (typeof value === 'string') entries.push([key, [value]]);
    else if (value && typeof value === 'object') entries.push([key, [JSON.stringify(value)]]);
  }
  // fromEntries defines own properties, so a key named `__proto__` stays a field.
  return Object.fromEntries(entries);
}

/** A code or field name the message may name: an identifier, never free text. */
const IDENTIFIER = /^[A-Za-z_][\w.-]{0,63}$/;

/** The statuses whose body has a `code` (spec 7). */
const CODED: ReadonlySet<number> = new Set([409, 422]);

/** The first 20 names of `fields` that are identifiers: what a message or a log line names. */
function fieldNames(fields: FieldErrors): string[] {
  return Object.keys(fields)
    .filter((name) => IDENTIFIER.test(name))
    .slice(0, 20);
}

/**
 * @internal What a log line may say of an answer's body (spec 7): a 400's field names, a
 * 409's or 422's `code`; identifiers only, never a value or the service's text.
 */
export function namedFacts(error: unknown): { code?: string; fields?: string[] } {
  if (error instanceof BadRequestError) {
    const fields = fieldNames(error.fields);
    return fields.length > 0 ? { fields } : {};
  }
  const code = error instanceof APIError && CODED.has(error.status) ? error.code : undefined;
  return code !== undefined && IDENTIFIER.test(code) ? { code } : {};
}

/** `status code (METHOD path)`: the code only when it is an identifier. */
function defaultMessage(init: APIErrorInit, code?: string): string {
  const named = code !== undefined && IDENTIFIER.test(code) ? ` ${code}` : '';
  return `${init.status}${named} (${init.method} ${init.path})`;
}
