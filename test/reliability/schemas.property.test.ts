/**
 * Totality of the input checks (public-api.md: "a bad input throws `ValidationError` with
 * `fields: Record<string, string[]>`, the same shape as a server 400"): every input schema,
 * fed anything at all and near-valid values, either passes or yields `fields` of that shape,
 * and never throws anything else.
 *
 * Through the client, each method called with such input either sends exactly one request or
 * rejects with a `ValidationError` and sends nothing. What it sends is accepted by the same
 * schema on the server's side of the wire (the reference server's check), so an input the
 * client lets through is never one the service refuses for its form. Where the spec decides,
 * the outcome is the one it says (see `inputs.ts`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { methodOf, resourceOf } from '../../scripts/docs-tables.ts';
import { ClinicClient, ValidationError } from '../../src/index.ts';
import { matchOperation, OPERATION_ROWS, type OperationRow } from '../../src/operations.ts';
import {
  AppointmentCreateParams,
  AppointmentId,
  IdempotencyKey,
  IntegerId,
  issuesToFields,
  ListQuery,
  NoListFilters,
  PatientListParams,
  StartAt,
} from '../../src/schemas/index.ts';
import { createBody } from '../fixtures.ts';
import { answerOf, argsOf, drawBody, methodOfRow, sampleId, stubDraw } from '../helpers/rows.ts';
import {
  anything,
  appointmentId,
  idempotencyKey,
  integerId,
  type Judged,
  judgedBodyOf,
  listQuery,
  noFilterQuery,
  patientListQuery,
  startAt,
  type Verdict,
} from './inputs.ts';
import { printReproductionOnFailure, runSettings } from './settings.ts';

const settings = runSettings('PROPERTY_SEED', 'PROPERTY_RUNS', { seed: 7_2026, runs: 100 });
const params = { seed: settings.seed, numRuns: settings.runs };
const FILE = 'test/reliability/schemas.property.test.ts';

const BASE_URL = 'https://clinic.test';

/** Asserts the 400 shape: a plain object, at least one field, each a non-empty list of messages. */
function expectFieldErrors(fields: unknown): void {
  expect(typeof fields).toBe('object');
  expect(fields).not.toBeNull();
  expect(Array.isArray(fields)).toBe(false);
  expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  const entries = Object.entries(fields as object);
  expect(entries.length).toBeGreaterThan(0);
  // A field name may be any string: an unknown key named '' is reported under ''.
  for (const [field, messages] of entries) {
    expect(Array.isArray(messages), `fields[${JSON.stringify(field)}] is an array`).toBe(true);
    expect((messages as unknown[]).length).toBeGreaterThan(0);
    for (const message of messages as unknown[]) {
      expect(typeof message).toBe('string');
      expect((message as string).length).toBeGreaterThan(0);
    }
  }
}

// --- the schemas, directly ---------------------------------------------------------------

/** The query arbitraries by query schema; a row's list is fuzzed with its schema's. */
const QUERIES = new Map<z.ZodType, fc.Arbitrary<Judged>>([
  [PatientListParams, patientListQuery],
  [NoListFilters, noFilterQuery],
]);

/** Every row's body schema with its near-valid bodies, then the schemas of no one row. */
const SCHEMAS: Array<[name: string, schema: z.ZodType, nearValid: fc.Arbitrary<unknown>]> = [
  ...OPERATION_ROWS.filter((row) => row.input).map(
    (row): [string, z.ZodType, fc.Arbitrary<unknown>] => [
      `${row.name}'s body`,
      row.input!,
      judgedBodyOf(row).map((b) => b.value),
    ],
  ),
  ['PatientListParams', PatientListParams, patientListQuery.map((j) => j.value)],
  ['ListQuery', ListQuery, listQuery.map((j) => j.value)],
  ['IdempotencyKey', IdempotencyKey, idempotencyKey.map((j) => j.value)],
  ['AppointmentId', AppointmentId, appointmentId.map((j) => j.value)],
  ['IntegerId', IntegerId, integerId.map((j) => j.value)],
  ['StartAt', StartAt, startAt.map((j) => j.value)],
];

describe('each input schema, parsed directly', () => {
  it.each(SCHEMAS)(
    '%s: safeParse never throws; a failure maps to the 400 shape',
    (_n, schema, near) => {
      printReproductionOnFailure(settings, FILE);
      fc.assert(
        fc.property(fc.oneof(anything, near), (value) => {
          const result = schema.safeParse(value);
          if (!result.success) expectFieldErrors(issuesToFields(result.error.issues));
        }),
        params,
      );
    },
  );
});

// --- the client methods ----------------------------------------------------------------

interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A valid answer for any request of the operations: its row's (test/helpers/rows.ts). */
function answer(method: string, path: string): Response {
  const match = matchOperation(method, path.slice('/api/public/v1'.length));
  if (!match) throw new Error(`no operation answers ${method} ${path}`);
  return answerOf(match.row);
}

/** A client whose fetch records every request and answers it validly. */
function recordingClient(): { client: ClinicClient; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const client = new ClinicClient({
    apiKey: 'csk_live_reliability.s3cr3t',
    baseUrl: BASE_URL,
    logLevel: 'off',
    maxRetries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      sent.push({
        method: request.method,
        url,
        headers: request.headers,
        body: await request.text(),
      });
      return answer(request.method, url.pathname);
    },
  });
  return { client, sent };
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/** Runs a call, whether it throws at once (list methods check their query when called) or rejects. */
async function outcomeOf(call: () => unknown): Promise<Outcome> {
  try {
    await call();
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}

/** How a method is called with one generated input, and what it must send. */
interface Method {
  name: string;
  input: fc.Arbitrary<{ value: unknown; verdict: Verdict; badFields?: string[] }>;
  call: (client: ClinicClient, value: unknown) => unknown;
  /** Checks the one request the call sent, for an input the client accepted. */
  sends: (request: SentRequest, value: unknown) => void;
}

/** The JSON body, checked by the schema the reference server checks it with. */
function expectServerAccepts(schema: z.ZodType, request: SentRequest): Record<string, unknown> {
  expect(request.headers.get('content-type')).toBe('application/json');
  const body = JSON.parse(request.body) as Record<string, unknown>;
  const result = schema.safeParse(body);
  expect(
    result.success,
    `the server-side schema refuses what the client sent: ${request.body}`,
  ).toBe(true);
  return body;
}

/** The keys a body is sent with: those given, except the ones whose value is `undefined`. */
const sentKeys = (value: unknown) =>
  Object.entries(value as object)
    .filter(([, v]) => v !== undefined)
    .map(([k]) => k)
    .sort();

function expectQuerySent(request: SentRequest, value: unknown): void {
  for (const [key, v] of Object.entries((value ?? {}) as object)) {
    // zod's record drops a key named __proto__: it is neither checked nor sent (reported to
    // the lead as a known quirk; the spec names no such parameter).
    if (v === undefined || key === '__proto__') continue;
    expect(request.url.searchParams.get(key)).toBe(v === null ? '' : String(v));
  }
}

/** The path id as the reference server matches it: the row's pattern (spec 4). */
function expectIdPath(row: OperationRow, request: SentRequest): void {
  expect(request.method).toBe(row.method);
  const match = matchOperation(request.method, request.url.pathname.slice('/api/public/v1'.length));
  expect(match?.row.name, `${request.method} ${request.url.pathname}`).toBe(row.name);
}

/** What a row's method is called with: its path id, a valid body of all its fields, `{}`. */
const call = (
  row: OperationRow,
  client: ClinicClient,
  args: { id?: unknown; body?: unknown; query?: unknown },
) =>
  methodOfRow(
    client,
    row,
  )(
    ...argsOf(row, {
      id: sampleId(row),
      body: row.input && drawBody(row.input, stubDraw, { optional: 1 }),
      query: {},
      ...args,
    }),
  );

/** Each row's method, derived from the row: its body, its path id, its query, as given. */
const ROW_METHODS: Method[] = OPERATION_ROWS.flatMap((row): Method[] => {
  const label = `${resourceOf(row)}.${methodOf(row)}`;
  const methods: Method[] = [];
  if (row.input) {
    const schema = row.input;
    methods.push({
      name: `${label}(${row.id ? 'id, ' : ''}body)`,
      input: judgedBodyOf(row),
      call: (c, v) => call(row, c, { body: v }),
      sends: (r, v) => {
        expectIdPath(row, r);
        const body = expectServerAccepts(schema, r);
        expect(Object.keys(body).sort()).toEqual(sentKeys(v));
      },
    });
  }
  if (row.id) {
    methods.push({
      name: `${label}(id)`,
      input: row.id.kind === 'uuid' ? appointmentId : integerId,
      call: (c, v) => call(row, c, { id: v }),
      sends: (r) => expectIdPath(row, r),
    });
  }
  if (row.query) {
    const input = QUERIES.get(row.query);
    if (!input) throw new Error(`${row.name}: its query schema has no arbitrary in QUERIES`);
    methods.push({
      name: `${label}(query)`,
      input,
      call: (c, v) => call(row, c, { query: v }),
      sends: (r, v) => expectQuerySent(r, v),
    });
  }
  return methods;
});

const METHODS: Method[] = [
  ...ROW_METHODS,
  {
    name: 'appointments.create(body, { idempotencyKey })',
    input: idempotencyKey,
    call: (c, v) => c.appointments.create(createBody, { idempotencyKey: v as string }),
    sends: (r, v) => {
      const sentKey = r.headers.get('idempotency-key');
      expect(IdempotencyKey.safeParse(sentKey).success).toBe(true);
      // The key reaches the server exactly as the caller gave it.
      if (v !== undefined && v !== null) expect(sentKey).toBe(v);
    },
  },
  {
    name: 'appointments.create({ start_at })',
    input: startAt,
    call: (c, v) => c.appointments.create({ ...createBody, start_at: v as string }),
    sends: (r) => {
      expectServerAccepts(AppointmentCreateParams, r);
    },
  },
  {
    name: 'rooms.list({}, { extraQuery })',
    input: listQuery,
    call: (c, v) => c.rooms.list({}, { extraQuery: v as never }),
    sends: (r, v) => expectQuerySent(r, v),
  },
];

/** One run: the call either sends one request (checked) or rejects with ValidationError and sends nothing. */
async function check(method: Method, value: unknown, verdict: Verdict, badFields: string[] = []) {
  const { client, sent } = recordingClient();
  const outcome = await outcomeOf(() => method.call(client, value));
  if (outcome.ok) {
    expect(verdict, 'the client sent an input the spec refuses').not.toBe('bad');
    expect(sent).toHaveLength(1);
    method.sends(sent[0]!, value);
    return;
  }
  const { error } = outcome;
  if (!(error instanceof ValidationError)) {
    throw new Error(
      `expected success or ValidationError, got ${(error as Error)?.name}: ${(error as Error)?.message}`,
      { cause: error },
    );
  }
  expect(verdict, `the client refused an input the spec accepts: ${error.message}`).not.toBe('ok');
  expectFieldErrors(error.fields);
  for (const field of badFields) expect(Object.keys(error.fields)).toContain(field);
  expect(sent, 'a request was sent although the input was refused').toHaveLength(0);
}

describe('each client method: proceeds, or ValidationError with fields and nothing sent', () => {
  it.each(METHODS.map((m) => [m.name, m] as const))('%s, with anything', async (_n, method) => {
    printReproductionOnFailure(settings, FILE);
    await fc.assert(
      fc.asyncProperty(anything, (value) => check(method, value, 'any')),
      params,
    );
  });

  it.each(METHODS.map((m) => [m.name, m] as const))(
    '%s, with near-valid input: the outcome the spec gives',
    async (_n, method) => {
      printReproductionOnFailure(settings, FILE);
      await fc.assert(
        fc.asyncProperty(method.input, ({ value, verdict, badFields }) =>
          check(method, value, verdict, badFields),
        ),
        params,
      );
    },
  );
});
