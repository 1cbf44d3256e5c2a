/**
 * The client against hand-written handlers that answer with the alternatives the spec leaves
 * open ("not shown"): the client must cope with every plausible answer.
 */
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Appointment, ClinicClient, ResponseValidationError } from '../../src/index.ts';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { APPOINTMENT_ID, appointmentWire, patientWire } from '../fixtures.ts';
import { answerOf, callRow, drawBody, fieldsOf, stubDraw } from '../helpers/rows.ts';

const BASE = 'https://clinic.test';
const ROOT = `${BASE}/api/public/v1`;
const KEY = 'csk_live_alt.0123456789abcdef';
const ID = APPOINTMENT_ID;

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const client = (validateResponses = true) =>
  new ClinicClient({ apiKey: KEY, baseUrl: BASE, maxRetries: 0, validateResponses });

/** GET /appointments/{id} answering `state()`, counting calls. */
function getAppointment(state: () => Appointment) {
  const calls = { get: 0 };
  server.use(
    http.get(`${ROOT}/appointments/${ID}`, () => {
      calls.get++;
      return HttpResponse.json(state());
    }),
  );
  return calls;
}

describe('PATCH /appointments/{id}: response body not shown (spec 4.5)', () => {
  it('an appointment in the body is returned as is, with no extra request', async () => {
    const calls = getAppointment(() => appointmentWire());
    server.use(
      http.patch(`${ROOT}/appointments/${ID}`, () =>
        HttpResponse.json(appointmentWire({ status: 'confirmed' })),
      ),
    );
    const result = await client().appointments.update(ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
    expect(calls.get).toBe(0);
  });

  it.each([
    ['an empty 200', () => new HttpResponse(null, { status: 200 })],
    ['a 204', () => new HttpResponse(null, { status: 204 })],
    ['another shape', () => HttpResponse.json({ ok: true })],
    ['a partial object', () => HttpResponse.json({ id: ID, status: 'confirmed' })],
    ['plain text', () => new HttpResponse('OK', { status: 200 })],
  ])('%s: the client reads GET /appointments/{id} and returns that', async (_, answer) => {
    let current = appointmentWire();
    const calls = getAppointment(() => current);
    server.use(
      http.patch(`${ROOT}/appointments/${ID}`, async ({ request }) => {
        const body = (await request.json()) as { status: Appointment['status'] };
        current = appointmentWire({ status: body.status });
        return answer();
      }),
    );
    const result = await client().appointments.update(ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
    expect(result.id).toBe(ID);
    expect(calls.get).toBe(1);
  });

  it('with validateResponses off, an empty body still falls back to GET', async () => {
    const calls = getAppointment(() => appointmentWire({ status: 'confirmed' }));
    server.use(
      http.patch(`${ROOT}/appointments/${ID}`, () => new HttpResponse(null, { status: 204 })),
    );
    const result = await client(false).appointments.update(ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
    expect(calls.get).toBe(1);
  });

  it('with validateResponses off, what the GET reads back is returned unchecked, partial too', async () => {
    const calls = getAppointment(() => ({ id: ID, status: 'confirmed' }) as never);
    server.use(
      http.patch(`${ROOT}/appointments/${ID}`, () => new HttpResponse(null, { status: 204 })),
    );
    const result = await client(false).appointments.update(ID, { status: 'confirmed' });
    expect(result).toEqual({ id: ID, status: 'confirmed' });
    expect(calls.get).toBe(1);
  });

  it.each([
    ['a partial object', { id: ID, status: 'confirmed' }, 1],
    ['the whole appointment, unchecked', appointmentWire({ status: 'confirmed', note: 7 }), 0],
  ])('with validateResponses off, %s: %s GET', async (_, body, gets) => {
    const calls = getAppointment(() => appointmentWire({ status: 'confirmed' }));
    server.use(http.patch(`${ROOT}/appointments/${ID}`, () => HttpResponse.json(body)));
    const result = await client(false).appointments.update(ID, { status: 'confirmed' });
    expect(result.status).toBe('confirmed');
    expect(calls.get).toBe(gets);
  });
});

describe('POST /appointments/{id}/cancel: request and response bodies not shown (spec 4.6)', () => {
  it('sends no body', async () => {
    let received: string | undefined;
    server.use(
      http.post(`${ROOT}/appointments/${ID}/cancel`, async ({ request }) => {
        received = await request.text();
        return HttpResponse.json(appointmentWire({ status: 'cancelled' }));
      }),
    );
    const result = await client().appointments.cancel(ID);
    expect(received).toBe('');
    expect(result.status).toBe('cancelled');
  });

  it.each([
    ['a 204', () => new HttpResponse(null, { status: 204 })],
    ['an empty 200', () => new HttpResponse(null, { status: 200 })],
    ['a 202 with a message', () => HttpResponse.json({ detail: 'Cancelled.' }, { status: 202 })],
  ])('%s: the client reads the appointment back', async (_, answer) => {
    let current = appointmentWire();
    const calls = getAppointment(() => current);
    server.use(
      http.post(`${ROOT}/appointments/${ID}/cancel`, () => {
        current = appointmentWire({ status: 'cancelled' });
        return answer();
      }),
    );
    const { data, response } = await client().appointments.cancel(ID).withResponse();
    expect(data.status).toBe('cancelled');
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(calls.get).toBe(1);
  });
});

describe('extra unknown fields and the optional note (spec 2.1)', () => {
  it('extra members of a response are tolerated', async () => {
    server.use(
      http.get(`${ROOT}/appointments/${ID}`, () =>
        HttpResponse.json({
          ...appointmentWire(),
          note: 'Bring exams',
          payer: { id: 1 },
          price_table: 'x',
        }),
      ),
      http.get(`${ROOT}/rooms/4`, () => HttpResponse.json({ id: 4, name: 'Room 4', floor: 2 })),
      http.get(`${ROOT}/patients/7`, () =>
        HttpResponse.json({ ...patientWire({ name: 'Ana', phone: null }), tags: [] }),
      ),
    );
    const result = await client().appointments.retrieve(ID);
    expect(result.note).toBe('Bring exams');
    expect(result.status).toBe('scheduled');
    expect((await client().rooms.retrieve(4)).name).toBe('Room 4');
    expect((await client().patients.retrieve(7)).name).toBe('Ana');
  });

  it('nullable members (id, patient, professional, room) may be null', async () => {
    server.use(
      http.get(`${ROOT}/appointments/${ID}`, () =>
        HttpResponse.json(
          appointmentWire({ id: null, patient: null, professional: null, room: null }),
        ),
      ),
    );
    const result = await client().appointments.retrieve(ID);
    expect(result.patient).toBeNull();
    expect(result.id).toBeNull();
  });

  it('a missing required member fails validation, naming the path and no value', async () => {
    const { status: _status, ...rest } = appointmentWire();
    server.use(http.get(`${ROOT}/appointments/${ID}`, () => HttpResponse.json(rest)));
    const err = (await client()
      .appointments.retrieve(ID)
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err.paths).toEqual(['status']);
    expect(err.message).not.toContain('Ana Souza');
  });

  it('validateResponses: false returns the body unchecked', async () => {
    const { status: _status, ...rest } = appointmentWire();
    server.use(http.get(`${ROOT}/appointments/${ID}`, () => HttpResponse.json(rest)));
    const result = await client(false).appointments.retrieve(ID);
    expect(result.patient?.name).toBe('Ana Souza');
    expect(result.status).toBeUndefined();
  });
});

describe('a body is sent with exactly the keys given: null included, undefined left out', () => {
  // Every row's body, read off the table: each of its fields given, the nullable ones as null
  // (spec 4.7: null erases), the first optional one as undefined.
  it.each(
    OPERATION_ROWS.filter((row) => row.input).map(
      (row) => [`${row.method} ${row.path}`, row] as const,
    ),
  )('%s', async (_label, row) => {
    const body = drawBody(row.input!, stubDraw, { optional: 1, nulls: 1 });
    const left = fieldsOf(row.input!).find((field) => field.optional)?.name;
    if (left) body[left] = undefined;
    let sent: unknown;
    server.use(
      http.all(`${ROOT}/*`, async ({ request }) => {
        sent = await request.json();
        return answerOf(row);
      }),
    );
    await callRow(client(), row, { body });
    const expected = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    expect(sent).toEqual(expected);
    expect(Object.keys(sent as object).sort()).toEqual(Object.keys(expected).sort());
  });
});

describe('start_at as a Date (public surface)', () => {
  it('is sent as an ISO 8601 instant with an explicit offset', async () => {
    let sent: Record<string, unknown> = {};
    server.use(
      http.post(`${ROOT}/appointments`, async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(appointmentWire(), { status: 201 });
      }),
    );
    await client().appointments.create({
      patient_id: 7,
      professional_id: 3,
      appointment_type_id: 1,
      start_at: new Date('2026-03-02T17:30:00Z'),
    });
    expect(sent.start_at).toBe('2026-03-02T17:30:00+00:00');
  });
});
