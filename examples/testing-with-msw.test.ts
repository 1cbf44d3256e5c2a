/**
 * Testing your own code with the reference server and MSW, in vitest. Copy this file into your
 * project as a starting point:
 *
 *   npm install --save-dev vitest msw @clinic-scheduling/sdk
 *
 * The reference server keeps state and enforces the spec's rules (blocked slots, scopes,
 * Idempotency-Key replays...), so a test exercises your code against the API's behaviour
 * rather than against canned answers. `server.use(...)` still overrides a route for one test.
 *
 * Written for msw 3. With msw 2 the listen option is named onUnhandledRequest:
 *   server.listen({ onUnhandledRequest: 'error' })
 */

import { type Appointment, ClinicClient, SlotBlockedError } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import { createHandlers } from '@clinic-scheduling/sdk/testing/msw';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';

// ---------------------------------------------------------------------------------------------
// The code under test: in your project it lives in your app and is imported here.

/** Books the first half hour from 09:00 to 12:00 that is not blocked in the agenda. */
async function bookFirstFreeSlot(
  clinic: ClinicClient,
  booking: { patientId: number; professionalId: number; typeId: number; date: string },
): Promise<Appointment | undefined> {
  for (let minutes = 9 * 60; minutes < 12 * 60; minutes += 30) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    try {
      return await clinic.appointments.create({
        patient_id: booking.patientId,
        professional_id: booking.professionalId,
        appointment_type_id: booking.typeId,
        start_at: `${booking.date}T${time}:00`, // the clinic's local time (America/Sao_Paulo)
      });
    } catch (error) {
      if (!(error instanceof SlotBlockedError)) throw error;
    }
  }
  return undefined;
}

/** The names of the clinic's rooms. */
async function roomNames(clinic: ClinicClient): Promise<string[]> {
  const names: string[] = [];
  for await (const room of clinic.rooms.list()) names.push(room.name);
  return names;
}

// ---------------------------------------------------------------------------------------------
// Test setup: one reference server and one MSW server for the file.

const BASE_URL = 'https://clinic.test'; // the baseUrl your code is configured with in tests
const api = createReferenceServer({ baseUrl: BASE_URL, now: new Date('2026-03-02T12:00:00Z') });
const server = setupServer(...createHandlers(api));
const apiKey = api.issueApiKey(); // a key of this in-memory server; keys survive api.reset()
// No `fetch` option: the client uses the global fetch, which MSW intercepts.
const clinic = new ClinicClient({ apiKey, baseUrl: BASE_URL });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' })); // an unmatched request fails
afterEach(() => {
  server.resetHandlers(); // drops the server.use() overrides of the test
  api.reset(); // drops records, events, faults and the request log
});
afterAll(() => server.close());

/** Seeds what a booking needs. */
function seedClinic() {
  const room = api.seed.room({ name: 'Consultório 1' });
  const doctor = api.seed.professional({ name: 'Dra. Helena Prado', default_room_id: room.id });
  const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  return { patientId: patient.id, professionalId: doctor.id, typeId: type.id, date: '2026-03-05' };
}

const posts = () => api.requests.filter((r) => r.method === 'POST');

describe('bookFirstFreeSlot', () => {
  test('books the first half hour that is not blocked', async () => {
    const booking = seedClinic();
    api.seed.blockedSlot({
      professional_id: booking.professionalId,
      start_at: '2026-03-05T09:00:00',
      end_at: '2026-03-05T10:00:00',
    });

    const appointment = await bookFirstFreeSlot(clinic, booking);

    expect(appointment).toMatchObject({
      start_at: '2026-03-05T10:00:00-03:00',
      end_at: '2026-03-05T10:30:00-03:00',
      status: 'scheduled',
      origin: 'api',
      room: { name: 'Consultório 1' },
    });
    expect(posts()).toHaveLength(3); // 09:00 and 09:30 were refused with slot_blocked
    expect(api.events.map((e) => e.type)).toEqual(['appointment.created']);
  });

  test('a lost response is retried with the same Idempotency-Key: booked once', async () => {
    const booking = seedClinic();
    api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', loseResponse: true });

    const appointment = await bookFirstFreeSlot(clinic, booking);

    expect(appointment?.start_at).toBe('2026-03-05T09:00:00-03:00');
    const keys = posts().map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(1);
  });

  test('gives up when the whole morning is blocked', async () => {
    const booking = seedClinic();
    api.seed.blockedSlot({
      professional_id: booking.professionalId,
      start_at: '2026-03-05T09:00:00',
      end_at: '2026-03-05T12:00:00',
    });

    expect(await bookFirstFreeSlot(clinic, booking)).toBeUndefined();
    expect(api.events).toEqual([]);
  });

  test('a key without appointments:write is refused (403)', async () => {
    const booking = seedClinic();
    const readOnly = clinic.withOptions({ apiKey: api.issueApiKey({ preset: 'read_only' }) });

    await expect(bookFirstFreeSlot(readOnly, booking)).rejects.toMatchObject({
      status: 403,
      requiredScope: 'appointments:write',
    });
  });
});

describe('server.use overrides', () => {
  test('an override answers ahead of the reference server, for this test only', async () => {
    api.seed.room({ name: 'Consultório 1' });
    server.use(
      http.get(`${BASE_URL}/api/public/v1/rooms`, () =>
        HttpResponse.json({ results: [{ id: 99, name: 'Sala 99' }], next: null, previous: null }),
      ),
    );
    expect(await roomNames(clinic)).toEqual(['Sala 99']);

    server.resetHandlers();
    expect(await roomNames(clinic)).toEqual(['Consultório 1']);
  });

  test('a one-off 503 is retried by the client, then the reference server answers', async () => {
    const booking = seedClinic();
    server.use(
      http.post(
        `${BASE_URL}/api/public/v1/appointments`,
        () =>
          HttpResponse.json(
            { detail: 'Down for maintenance.' },
            { status: 503, headers: { 'retry-after': '0' } },
          ),
        { once: true },
      ),
    );

    const appointment = await bookFirstFreeSlot(clinic, booking);

    expect(appointment?.status).toBe('scheduled');
    // The override answered the first attempt before it reached the reference server.
    expect(posts()).toHaveLength(1);
  });
});

describe('retries on fake timers, through MSW', () => {
  // Fake only the clock the client waits on: with queueMicrotask faked, the request never
  // ends, and settle() below needs the real setImmediate.
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Moves the fake clock until `call` settles. A fixed `advanceTimersByTimeAsync(ms)` can return
   * before MSW has answered the first attempt, so the backoff timer is set after the clock
   * moved and the test hangs; here each round first gives MSW a real turn (setImmediate is not
   * faked), then jumps to the next timer.
   */
  async function settle<T>(call: Promise<T>): Promise<T> {
    let settled = false;
    call.then(
      () => {
        settled = true;
      },
      () => {
        settled = true;
      },
    );
    while (!settled) {
      await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersToNextTimerAsync();
    }
    return call;
  }

  test('two 503s, then the answer: the backoff runs on the fake clock, not the real one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const booking = seedClinic();
    api.faults.inject({
      method: 'POST',
      path: '/api/public/v1/appointments',
      status: 503,
      times: 2,
    });
    const started = performance.now(); // performance is not faked: real time
    const fakeStart = Date.now();

    const appointment = await settle(bookFirstFreeSlot(clinic, booking));

    expect(appointment?.status).toBe('scheduled');
    expect(posts()).toHaveLength(3);
    expect(Date.now() - fakeStart).toBeGreaterThan(0); // the backoff was waited, on the fake clock
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('a lost response, retried after its backoff: booked once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const booking = seedClinic();
    api.faults.inject({ method: 'POST', path: '/api/public/v1/appointments', loseResponse: true });

    const appointment = await settle(bookFirstFreeSlot(clinic, booking));

    expect(appointment?.start_at).toBe('2026-03-05T09:00:00-03:00');
    expect(api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(1);
  });
});
