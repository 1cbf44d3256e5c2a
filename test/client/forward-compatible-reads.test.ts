/**
 * Forward-compatible reads (issue 20, part 3): `validateResponses` in its three modes. In the
 * default `'compatible'` mode a value outside a known enum passes on and a member the spec does
 * not list is dropped, each reported once per client through the logger and `onDrift`; a
 * structural break still throws. `'strict'` (and `true`) throws on an unknown enum value.
 * Everything goes through `ClinicClient` with a custom `fetch` that answers from a table.
 */
import { inspect } from 'node:util';
import * as otel from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import {
  type Appointment,
  AppointmentStatus,
  type ClientOptions,
  ClinicClient,
  ConfigurationError,
  type ResponseDrift,
  ResponseValidationError,
} from '../../src/index.ts';
import { API_KEY, APPOINTMENT_ID, appointmentWire, captureLogger, patientWire } from './helpers.ts';

const KEY = 'csk_live_drift.0123456789abcdef';
const ROOT = 'https://clinic.test/api/public/v1';
const LIST = `${ROOT}/appointments`;

/** A `fetch` answering 200 with the body listed for each URL; records the URLs requested. */
function tableFetch(table: Record<string, unknown>) {
  const requested: string[] = [];
  const fetch = async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input);
    requested.push(url);
    if (!(url in table)) throw new Error(`unexpected request ${url}`);
    return new Response(JSON.stringify(table[url]), {
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: fetch as typeof globalThis.fetch, requested };
}

/** A client over `table` whose drift reports land in `drifts` and whose log lines in `lines`. */
function setup(table: Record<string, unknown>, options: ClientOptions = {}) {
  const { fetch, requested } = tableFetch(table);
  const { logger, lines, messages, fields } = captureLogger();
  const drifts: ResponseDrift[] = [];
  const clinic = new ClinicClient({
    apiKey: KEY,
    baseUrl: 'https://clinic.test',
    maxRetries: 0,
    fetch,
    logger,
    onDrift: (drift) => drifts.push(drift),
    ...options,
  });
  return { clinic, drifts, lines, messages, fields, requested };
}

const appointment = (n: number, overrides: Record<string, unknown> = {}) =>
  appointmentWire({
    id: `${APPOINTMENT_ID.slice(0, -2)}${String(n).padStart(2, '0')}`,
    ...overrides,
  });

/** Three pages of appointments; the second and third hold a status the spec does not list. */
function threePages(status = 'waitlisted') {
  return {
    [LIST]: { results: [appointment(1), appointment(2)], next: `${LIST}?cursor=b`, previous: null },
    [`${LIST}?cursor=b`]: {
      results: [appointment(3, { status }), appointment(4)],
      next: `${LIST}?cursor=c`,
      previous: LIST,
    },
    [`${LIST}?cursor=c`]: {
      results: [appointment(5, { status }), appointment(6, { status })],
      next: null,
      previous: `${LIST}?cursor=b`,
    },
  };
}

const warnings = (lines: string[]) => lines.filter((line) => line.startsWith('warn:'));

describe("validateResponses: 'compatible' (the default)", () => {
  it('a list holding an unknown status walks to the end and reports the drift once', async () => {
    const { clinic, drifts, lines, requested } = setup(threePages());
    expect(clinic.validateResponses).toBe('compatible');
    const statuses: string[] = [];
    for await (const item of clinic.appointments.list()) statuses.push(item.status);
    expect(statuses).toEqual([
      'scheduled',
      'scheduled',
      'waitlisted',
      'scheduled',
      'waitlisted',
      'waitlisted',
    ]);
    expect(requested).toHaveLength(3);
    expect(drifts).toEqual([
      {
        kind: 'enum_value',
        method: 'GET',
        path: '/api/public/v1/appointments',
        field: 'status',
        value: 'waitlisted',
      },
    ]);
    expect(warnings(lines)).toHaveLength(1);
    expect(warnings(lines)[0]).toContain('waitlisted');
    expect(warnings(lines)[0]).toContain('status');
  });

  it('toArray collects the same items; a second walk reports nothing new', async () => {
    const { clinic, drifts } = setup(threePages());
    expect(await clinic.appointments.list().toArray({ limit: 10 })).toHaveLength(6);
    await clinic.appointments.list().toArray({ limit: 10 });
    expect(drifts).toHaveLength(1);
  });

  it('each new value of each field is reported once: modality, origin, status', async () => {
    const { clinic, drifts } = setup({
      [LIST]: {
        results: [
          appointment(1, { modality: 'home_visit', origin: 'whatsapp' }),
          appointment(2, { status: 'rescheduled' }),
          appointment(3, { status: 'waitlisted', modality: 'home_visit' }),
        ],
        next: null,
        previous: null,
      },
    });
    const items = await clinic.appointments.list().toArray({ limit: 10 });
    expect(items.map((a) => [a.modality, a.origin, a.status])).toEqual([
      ['home_visit', 'whatsapp', 'scheduled'],
      ['in_person', 'api', 'rescheduled'],
      ['home_visit', 'api', 'waitlisted'],
    ]);
    expect(drifts.map((d) => `${d.field}=${d.value}`).sort()).toEqual([
      'modality=home_visit',
      'origin=whatsapp',
      'status=rescheduled',
      'status=waitlisted',
    ]);
  });

  it('a single object (retrieve) with an unknown status is returned, the drift reported', async () => {
    const { clinic, drifts } = setup({
      [`${LIST}/${APPOINTMENT_ID}`]: appointmentWire({ status: 'waitlisted' } as never),
    });
    const got: Appointment = await clinic.appointments.retrieve(APPOINTMENT_ID);
    expect(got.status).toBe('waitlisted');
    expect(AppointmentStatus.safeParse(got.status).success).toBe(false);
    expect(drifts).toEqual([
      {
        kind: 'enum_value',
        method: 'GET',
        path: '/api/public/v1/appointments/{id}',
        field: 'status',
        value: 'waitlisted',
      },
    ]);
  });

  it('an unknown member is dropped and reported once by name, never with its value', async () => {
    const { clinic, drifts, lines } = setup({
      [`${ROOT}/patients`]: {
        results: [
          { ...patientWire(), cpf: '52998224725' },
          { ...patientWire({ id: 8 }), cpf: '11144477735' },
        ],
        next: null,
        previous: null,
      },
      [LIST]: [appointment(1, { patient: { id: 7, name: 'Ana', phone: null, email: 'a@x.io' } })],
    });
    const patients = await clinic.patients.list().toArray({ limit: 10 });
    expect(patients.every((p) => !('cpf' in p))).toBe(true);
    const [item] = await clinic.appointments.list().toArray({ limit: 1 });
    expect(item?.patient).toEqual({ id: 7, name: 'Ana', phone: null });
    expect(drifts).toEqual([
      { kind: 'member', method: 'GET', path: '/api/public/v1/patients', field: 'cpf' },
      {
        kind: 'member',
        method: 'GET',
        path: '/api/public/v1/appointments',
        field: 'patient.email',
      },
    ]);
    const output = [...lines, inspect(drifts)].join('\n');
    for (const value of ['52998224725', '11144477735', 'a@x.io']) {
      expect(output).not.toContain(value);
    }
  });

  it('a structural break still throws, and is not reported as drift', async () => {
    for (const status of [42, null, 'Ana Souza', 'A'.repeat(80), '']) {
      const { clinic, drifts } = setup({
        [LIST]: {
          results: [appointment(1), appointment(2, { status })],
          next: null,
          previous: null,
        },
      });
      const error = await clinic.appointments
        .list()
        .toArray({ limit: 10 })
        .catch((e: unknown) => e);
      expect(error, String(status)).toBeInstanceOf(ResponseValidationError);
      expect((error as ResponseValidationError).paths).toEqual(['results.1.status']);
      expect(drifts).toEqual([]);
    }
  });

  it('a drift beside a structural break: the break throws, naming only itself', async () => {
    const { clinic } = setup({
      [LIST]: [appointment(1, { status: 'waitlisted', start_at: 'soon' })],
    });
    const error = await clinic.appointments
      .list()
      .toArray({ limit: 1 })
      .catch((e: unknown) => e);
    expect((error as ResponseValidationError).paths).toEqual(['0.start_at']);
  });

  it("'compatible' may be passed explicitly, to the same effect", async () => {
    const { clinic, drifts } = setup(threePages(), { validateResponses: 'compatible' });
    expect(clinic.validateResponses).toBe('compatible');
    expect(await clinic.appointments.list().toArray({ limit: 10 })).toHaveLength(6);
    expect(drifts).toHaveLength(1);
  });

  it('each warn line says what became of the data, and carries the drift as fields', async () => {
    const { clinic, drifts, messages, fields } = setup({
      [`${ROOT}/rooms/2`]: { id: 2, name: 'Sala 2', floor: 3 },
      [`${LIST}/${APPOINTMENT_ID}`]: appointmentWire({ status: 'waitlisted' } as never),
    });
    await clinic.rooms.retrieve(2);
    await clinic.appointments.retrieve(APPOINTMENT_ID);
    expect(drifts.map((d) => d.kind)).toEqual(['member', 'enum_value']);
    expect(messages).toHaveLength(2);
    const [member, value] = messages as [string, string];
    expect(member).toMatch(/^warn: .*\bfloor\b.*\bdropped\b/);
    expect(member).not.toMatch(/passed on/);
    expect(value).toMatch(/^warn: .*"waitlisted".*\bstatus\b.*passed on as sent/);
    expect(value).not.toMatch(/dropped/);
    expect(fields[0]).toMatchObject(drifts[0] as object);
    expect(fields[1]).toMatchObject(drifts[1] as object);
  });

  it('what a client reports is bounded: a flood of new members is not reported in full', async () => {
    const extra = Object.fromEntries(
      Array.from({ length: 1_000 }, (_, i) => [`member_${i}`, i] as const),
    );
    const { clinic, drifts, lines } = setup({
      [`${ROOT}/rooms/2`]: { id: 2, name: 'Sala 2', ...extra },
    });
    expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 'Sala 2' });
    expect(drifts.length).toBeGreaterThan(0);
    expect(drifts.length).toBeLessThan(1_000);
    expect(warnings(lines)).toHaveLength(drifts.length);
  });

  it('a client derived by withOptions shares the memory of what was reported', async () => {
    const { clinic, drifts } = setup(threePages());
    await clinic.appointments.list().toArray({ limit: 10 });
    await clinic.withOptions({ timeout: 5_000 }).appointments.list().toArray({ limit: 10 });
    expect(drifts).toHaveLength(1);
  });

  it('an onDrift that throws does not fail the call', async () => {
    const { clinic } = setup(threePages(), {
      onDrift: () => {
        throw new Error('hook bug');
      },
    });
    expect(await clinic.appointments.list().toArray({ limit: 10 })).toHaveLength(6);
  });

  it('at the default log level the drift is one warn line; at off, none', async () => {
    const quiet = setup(threePages(), { logLevel: 'off' });
    await quiet.clinic.appointments.list().toArray({ limit: 10 });
    expect(quiet.lines).toEqual([]);
    expect(quiet.drifts).toHaveLength(1);
  });
});

describe("validateResponses: 'strict' and true", () => {
  it.each([['strict' as const], [true]])('%s: an unknown status throws', async (mode) => {
    const { clinic, drifts } = setup(threePages(), { validateResponses: mode });
    expect(clinic.validateResponses).toBe('strict');
    const error = await clinic.appointments
      .list()
      .toArray({ limit: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as ResponseValidationError).paths).toEqual(['results.0.status']);
    expect(drifts).toEqual([]);
  });

  it('an unknown member is still dropped and reported', async () => {
    const { clinic, drifts } = setup(
      { [`${ROOT}/rooms/2`]: { id: 2, name: 'Sala 2', floor: 3 } },
      { validateResponses: 'strict' },
    );
    expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 'Sala 2' });
    expect(drifts).toEqual([
      { kind: 'member', method: 'GET', path: '/api/public/v1/rooms/{id}', field: 'floor' },
    ]);
  });
});

describe('validateResponses: false', () => {
  it('checks and reports nothing', async () => {
    const { clinic, drifts, lines } = setup(
      { [`${ROOT}/rooms/2`]: { id: 2, name: 42, floor: 3 } },
      { validateResponses: false },
    );
    expect(await clinic.rooms.retrieve(2)).toEqual({ id: 2, name: 42, floor: 3 });
    expect(drifts).toEqual([]);
    expect(warnings(lines)).toEqual([]);
  });
});

describe('the options are checked at construction', () => {
  it.each([['lenient'], [1], [null]])('validateResponses %j is a ConfigurationError', (value) => {
    expect(() => setup({}, { validateResponses: value as never })).toThrow(ConfigurationError);
  });

  it.each([
    ['alone', {}],
    ['with openTelemetry', { openTelemetry: otel }],
  ])('onDrift must be a function (%s)', (_, options) => {
    expect(() => setup({}, { onDrift: 'log' as never, ...options })).toThrow(ConfigurationError);
  });
});

describe('the path a drift report names', () => {
  it('is the template hooks name, whatever path the base URL has of its own', async () => {
    const drifts: ResponseDrift[] = [];
    const paths: string[] = [];
    const clinic = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: 'https://gateway.example/clinic-proxy',
      logLevel: 'off',
      onDrift: (drift) => drifts.push(drift),
      hooks: { onSuccess: (event) => void paths.push(event.path) },
      fetch: (async () =>
        Response.json({ ...appointmentWire(), surprise: 1 })) as unknown as typeof fetch,
    });
    await clinic.appointments.retrieve(APPOINTMENT_ID);
    expect(paths).toEqual(['/api/public/v1/appointments/{id}']);
    expect(drifts.map((drift) => drift.path)).toEqual(paths);
  });
});
