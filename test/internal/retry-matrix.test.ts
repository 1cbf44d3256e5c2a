/**
 * The retry policy (public-api.md, "Retries, idempotency, timeouts"), crossed operation by
 * failure: GET, PATCH and POST /appointments are retried on connection errors, timeouts, 408,
 * 429 and 5xx; POST /patients and cancel only on 429; `maxRetries` defaults to 2, so a
 * retryable failure costs exactly 3 attempts and any other failure exactly 1.
 */
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  BadRequestError,
  type ClinicClient,
  ConflictError,
  IdempotencyKeyReuseError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
  UnprocessableEntityError,
} from '../../src/index.ts';
import {
  API,
  APPOINTMENT_ID,
  appointmentWire,
  createBody,
  json,
  makeClient,
  patientWire,
  roomWire,
  settle,
  useFakeClock,
  useServer,
} from '../client/helpers.ts';

const TIMEOUT_MS = 1_000;

type Policy = 'safe' | 'rate-limit-only';
type ErrorClass = abstract new (...args: never[]) => Error;

interface Operation {
  name: string;
  method: 'get' | 'post' | 'patch';
  path: string;
  policy: Policy;
  call: (client: ClinicClient) => PromiseLike<unknown>;
  ok: () => Response;
  /** The expected result of a successful call (compared with toEqual). */
  data: unknown;
  /** The class of a 422 on this operation. */
  unprocessable: ErrorClass;
}

const operations: Operation[] = [
  {
    name: 'GET /rooms/{id} (rooms.retrieve)',
    method: 'get',
    path: '/rooms/2',
    policy: 'safe',
    call: (c) => c.rooms.retrieve(2),
    ok: () => json(roomWire()),
    data: roomWire(),
    unprocessable: UnprocessableEntityError,
  },
  {
    name: 'PATCH /appointments/{id} (appointments.update)',
    method: 'patch',
    path: `/appointments/${APPOINTMENT_ID}`,
    policy: 'safe',
    call: (c) => c.appointments.update(APPOINTMENT_ID, { status: 'confirmed' }),
    ok: () => json(appointmentWire({ status: 'confirmed' })),
    data: appointmentWire({ status: 'confirmed' }),
    unprocessable: UnprocessableEntityError,
  },
  {
    name: 'POST /appointments (appointments.create)',
    method: 'post',
    path: '/appointments',
    policy: 'safe',
    call: (c) => c.appointments.create(createBody),
    ok: () => json(appointmentWire(), 201),
    data: appointmentWire(),
    unprocessable: IdempotencyKeyReuseError,
  },
  {
    name: 'POST /patients (patients.create)',
    method: 'post',
    path: '/patients',
    policy: 'rate-limit-only',
    call: (c) => c.patients.create({ name: 'Ana Souza' }),
    ok: () => json(patientWire(), 201),
    data: patientWire(),
    unprocessable: UnprocessableEntityError,
  },
  {
    name: 'POST /appointments/{id}/cancel (appointments.cancel)',
    method: 'post',
    path: `/appointments/${APPOINTMENT_ID}/cancel`,
    policy: 'rate-limit-only',
    call: (c) => c.appointments.cancel(APPOINTMENT_ID),
    ok: () => json(appointmentWire({ status: 'cancelled' })),
    data: appointmentWire({ status: 'cancelled' }),
    unprocessable: UnprocessableEntityError,
  },
];

interface Failure {
  name: string;
  respond: () => Response | Promise<Response>;
  /** Which policies retry it. */
  retriedBy: Policy[];
  /** The exact class of the final error (`null`: the operation's 422 class). */
  error: ErrorClass | null;
  status?: number;
}

const failures: Failure[] = [
  {
    name: 'network error',
    respond: () => HttpResponse.error(),
    retriedBy: ['safe'],
    error: APIConnectionError,
  },
  {
    name: 'timeout',
    respond: async () => {
      await delay(TIMEOUT_MS * 5);
      return json({});
    },
    retriedBy: ['safe'],
    error: APIConnectionTimeoutError,
  },
  {
    name: '408',
    respond: () => json({ detail: 'Request timeout.' }, 408),
    retriedBy: ['safe'],
    error: APIError,
    status: 408,
  },
  {
    name: '429 with Retry-After',
    respond: () => json({ detail: 'Slow down.' }, 429, { 'retry-after': '1' }),
    retriedBy: ['safe', 'rate-limit-only'],
    error: RateLimitError,
    status: 429,
  },
  {
    name: '500',
    respond: () => json({ detail: 'Server error.' }, 500),
    retriedBy: ['safe'],
    error: InternalServerError,
    status: 500,
  },
  {
    name: '503',
    respond: () => new HttpResponse('<html>Service Unavailable</html>', { status: 503 }),
    retriedBy: ['safe'],
    error: InternalServerError,
    status: 503,
  },
  {
    name: '400',
    respond: () => json({ start_at: ['seconds must be 00'] }, 400),
    retriedBy: [],
    error: BadRequestError,
    status: 400,
  },
  {
    name: '404',
    respond: () => json({ detail: 'Not found.' }, 404),
    retriedBy: [],
    error: NotFoundError,
    status: 404,
  },
  {
    name: '409',
    respond: () => json({ code: 'some_other_conflict', detail: 'Conflict.' }, 409),
    retriedBy: [],
    error: ConflictError,
    status: 409,
  },
  {
    name: '422',
    respond: () => json({ code: 'idempotency_key_reused', detail: 'Key reused.' }, 422),
    retriedBy: [],
    error: null,
    status: 422,
  },
];

const server = useServer();
beforeEach(() => {
  useFakeClock();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Answers `op` with `failure` for the first `failing` attempts, then with its success. */
function answer(op: Operation, failure: Failure, failing: number): { attempts: () => number } {
  let attempts = 0;
  server.use(
    http[op.method](`${API}${op.path}`, () => {
      attempts++;
      return attempts <= failing ? failure.respond() : op.ok();
    }),
  );
  return { attempts: () => attempts };
}

const matrix = operations.flatMap((op) =>
  failures.map((failure) => ({
    op,
    failure,
    retried: failure.retriedBy.includes(op.policy),
    label: `${op.name} × ${failure.name}`,
  })),
);

describe('retry policy: every failure on every attempt', () => {
  it.each(matrix)('$label', async ({ op, failure, retried }) => {
    const { attempts } = answer(op, failure, Number.POSITIVE_INFINITY);
    const client = makeClient({ timeout: TIMEOUT_MS });

    const outcome = await settle(op.call(client));

    expect(outcome.ok).toBe(false);
    const error = outcome.ok ? undefined : outcome.error;
    expect(attempts()).toBe(retried ? 3 : 1);
    expect((error as Error).constructor).toBe(failure.error ?? op.unprocessable);
    if (failure.status !== undefined) expect((error as APIError).status).toBe(failure.status);
  });
});

describe('retry policy: one failure, then success', () => {
  it.each(matrix)('$label', async ({ op, failure, retried }) => {
    const { attempts } = answer(op, failure, 1);
    const client = makeClient({ timeout: TIMEOUT_MS });

    const outcome = await settle(op.call(client));

    if (retried) {
      expect(outcome).toEqual({ ok: true, value: op.data });
      expect(attempts()).toBe(2);
    } else {
      expect(outcome.ok).toBe(false);
      expect(attempts()).toBe(1);
    }
  });
});

describe('maxRetries', () => {
  const get = operations[0]!;
  const fiveHundred = failures.find((f) => f.name === '500')!;

  it.each([
    [0, 1],
    [1, 2],
    [2, 3],
    [5, 6],
  ])('client maxRetries %i → %i attempts on a 500', async (maxRetries, expected) => {
    const { attempts } = answer(get, fiveHundred, Number.POSITIVE_INFINITY);
    const outcome = await settle(get.call(makeClient({ maxRetries })));
    expect(outcome.ok).toBe(false);
    expect(attempts()).toBe(expected);
  });

  it('a 429 on POST /patients is retried maxRetries times too', async () => {
    const patients = operations.find((o) => o.path === '/patients')!;
    const rateLimited = failures.find((f) => f.status === 429)!;
    const { attempts } = answer(patients, rateLimited, Number.POSITIVE_INFINITY);
    const outcome = await settle(patients.call(makeClient({ maxRetries: 4 })));
    expect(outcome.ok).toBe(false);
    expect(attempts()).toBe(5);
  });
});
