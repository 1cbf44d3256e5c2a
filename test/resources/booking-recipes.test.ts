/**
 * The recipes of docs/idempotency-and-retries.md ("A key per booking intent", "A cancel that can
 * be retried") and docs/pagination.md ("Finding a free time"), run against the reference server
 * as written there: what an integrator copies must hold against the service's rules.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  APIConnectionError,
  type Appointment,
  type AppointmentCreateParams,
  bookingIntentKey,
  ClinicClient,
  ConfigurationError,
  ConflictError,
  IdempotencyKeyReuseError,
  SlotBlockedError,
  ValidationError,
} from '../../src/index.ts';
import { createReferenceServer, type ReferenceServer } from '../../src/testing/index.ts';

const BASE = 'https://clinic.test';
const NOW = new Date('2026-03-02T12:00:00Z');
const CREATE = '/api/public/v1/appointments';
const CANCEL = '/api/public/v1/appointments/:id/cancel';

let api: ReferenceServer;
let clinic: ClinicClient;
let base: Omit<AppointmentCreateParams, 'start_at'>;

beforeEach(() => {
  api = createReferenceServer({ baseUrl: BASE, now: NOW });
  clinic = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: BASE, fetch: api.fetch });
  base = {
    patient_id: api.seed.patient({ name: 'Ana Souza' }).id,
    professional_id: api.seed.professional({ name: 'Dr. Lima' }).id,
    appointment_type_id: api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 }).id,
  };
  api.seed.blockedSlot({
    professional_id: base.professional_id,
    start_at: '2026-03-10T14:00:00-03:00',
    end_at: '2026-03-10T15:00:00-03:00',
  });
});

const at = (time: string): AppointmentCreateParams => ({
  ...base,
  start_at: `2026-03-10T${time}:00-03:00`,
});
const allAppointments = () => clinic.appointments.list().toArray({ limit: 1000 });

describe('a key per booking intent', () => {
  it('the pitfall: one key per booking id turns "pick another time" into a 422', async () => {
    const idempotencyKey = 'booking-42';
    await expect(
      clinic.appointments.create(at('14:30'), { idempotencyKey }),
    ).rejects.toBeInstanceOf(SlotBlockedError);
    // The key stays bound to the blocked body: the new time is refused, not booked.
    await expect(
      clinic.appointments.create(at('15:00'), { idempotencyKey }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReuseError);
    expect(await allAppointments()).toEqual([]);
  });

  it('bookingIntentKey: another slot after 409 gets a new key and is booked', async () => {
    const scope = 'booking-42';
    const first = at('14:30');
    await expect(
      clinic.appointments.create(first, {
        idempotencyKey: await bookingIntentKey(first, { scope }),
      }),
    ).rejects.toBeInstanceOf(SlotBlockedError);
    const second = at('15:00');
    const booked = await clinic.appointments.create(second, {
      idempotencyKey: await bookingIntentKey(second, { scope }),
    });
    expect(booked.start_at).toBe('2026-03-10T15:00:00-03:00');
  });

  it('bookingIntentKey: a retry of the same intent after a lost response replays; one booking', async () => {
    const body = at('16:00');
    const idempotencyKey = await bookingIntentKey(body, { scope: 'booking-43' });
    // The first create commits and its answer is lost; the SDK's own retry replays it.
    api.faults.inject({ method: 'POST', path: CREATE, loseResponse: true });
    const firstRun = await clinic.appointments.create(body, { idempotencyKey, maxRetries: 0 }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    expect(firstRun).toBeInstanceOf(APIConnectionError);
    // The process restarts and builds the key again from the same intent: the same key.
    const again = await bookingIntentKey({ ...body }, { scope: 'booking-43' });
    expect(again).toBe(idempotencyKey);
    const { data, replayed } = await clinic.appointments
      .create(body, { idempotencyKey: again })
      .withResponse();
    expect(replayed).toBe(true);
    expect((await allAppointments()).map((a) => a.id)).toEqual([data.id]);
  });

  it('bookingIntentKey hashes the body as sent: a Date and the string sent for it agree', async () => {
    const scope = 'booking-44';
    const key = (body: AppointmentCreateParams, s = scope) => bookingIntentKey(body, { scope: s });
    const sent = { ...base, start_at: '2026-03-10T19:00:00+00:00' };
    const fromDate = await key({ ...base, start_at: new Date('2026-03-10T19:00:00Z') });
    expect(await key(sent)).toBe(fromDate);
    expect(await key({ ...sent, note: undefined })).toBe(fromDate);
    expect(await key({ note: undefined, ...sent })).toBe(fromDate);
    // Anything the service compares makes another key: a note, a room, the scope.
    expect(await key({ ...sent, note: 'x' })).not.toBe(fromDate);
    expect(await key({ ...sent, room_id: null })).not.toBe(fromDate);
    expect(await key(sent, 'booking-45')).not.toBe(fromDate);
  });

  it('bookingIntentKey refuses a body create would refuse, and a missing or unusable scope', async () => {
    await expect(
      bookingIntentKey({ ...base, start_at: '2026-03-10T16:00:30-03:00' }, { scope: 's' }),
    ).rejects.toBeInstanceOf(ValidationError);
    for (const scope of [undefined, '', 'x'.repeat(191), 'line\nbreak']) {
      await expect(
        bookingIntentKey(at('16:00'), { scope } as { scope: string }),
      ).rejects.toBeInstanceOf(ConfigurationError);
    }
    const longest = await bookingIntentKey(at('16:00'), { scope: 'x'.repeat(190) });
    expect(longest).toHaveLength(255);
  });

  it('after a 422: a new intent key books; the old key still replays nothing new', async () => {
    await clinic.appointments.create(at('16:00'), { idempotencyKey: 'k-1' });
    const reused = await clinic.appointments
      .create(at('16:30'), { idempotencyKey: 'k-1' })
      .catch((e: unknown) => e);
    expect(reused).toBeInstanceOf(IdempotencyKeyReuseError);
    // What to do is said once, by the SDK, not again by the server's detail.
    expect((reused as Error).message.match(/new key/g)).toHaveLength(1);
    const body = at('16:30');
    const booked = await clinic.appointments.create(body, {
      idempotencyKey: await bookingIntentKey(body, { scope: 'booking-46' }),
    });
    expect(booked.start_at).toBe('2026-03-10T16:30:00-03:00');
    expect(await allAppointments()).toHaveLength(2);
  });
});

/** The recipe of docs/idempotency-and-retries.md, "A cancel that can be retried". */
async function cancelAppointment(client: ClinicClient, id: string): Promise<Appointment> {
  try {
    return await client.appointments.cancel(id);
  } catch (err) {
    if (!(err instanceof APIConnectionError || err instanceof ConflictError)) throw err;
    const current = await client.appointments.retrieve(id);
    if (current.status === 'cancelled') return current; // already cancelled: done
    if (err instanceof APIConnectionError) return client.appointments.cancel(id); // it never landed
    throw err; // a real refusal: the appointment cannot be cancelled
  }
}

describe('a cancel that can be retried', () => {
  const booked = async () => (await clinic.appointments.create(at('16:00'))).id!;
  const cancelEvents = () => api.events.filter((e) => e.type === 'appointment.cancelled');

  it('a second cancel after a lost response is a 409 the read-back tells apart: already cancelled', async () => {
    const id = await booked();
    api.faults.inject({ method: 'POST', path: CANCEL, loseResponse: true });
    await expect(clinic.appointments.cancel(id)).rejects.toBeInstanceOf(APIConnectionError);
    // The naive retry: 409 (the reference server's appointment_not_changeable).
    const naive = await clinic.appointments.cancel(id).catch((e: unknown) => e);
    expect(naive).toBeInstanceOf(ConflictError);
    expect((await clinic.appointments.retrieve(id)).status).toBe('cancelled');
    expect(cancelEvents()).toHaveLength(1);
  });

  it('the recipe: a lost response reads back as cancelled, and cancels once', async () => {
    const id = await booked();
    api.faults.inject({ method: 'POST', path: CANCEL, loseResponse: true });
    const result = await cancelAppointment(clinic, id);
    expect(result.status).toBe('cancelled');
    expect(cancelEvents()).toHaveLength(1);
    // Run again by an app that lost track: still "done", no second cancel.
    expect((await cancelAppointment(clinic, id)).status).toBe('cancelled');
    expect(cancelEvents()).toHaveLength(1);
  });

  it('the recipe: a cancel that never reached the service is sent again', async () => {
    const id = await booked();
    api.faults.inject({ method: 'POST', path: CANCEL, networkError: true });
    expect((await cancelAppointment(clinic, id)).status).toBe('cancelled');
    expect(cancelEvents()).toHaveLength(1);
  });

  it('the recipe: a real refusal stays a ConflictError', async () => {
    const done = api.seed.appointment({ ...at('09:00'), status: 'completed' });
    const error = await cancelAppointment(clinic, done.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(cancelEvents()).toHaveLength(0);
  });
});

/** The recipe of docs/pagination.md, "Finding a free time". */
async function bookFirstFree(
  client: ClinicClient,
  body: Omit<AppointmentCreateParams, 'start_at'>,
  candidates: string[],
): Promise<Appointment | undefined> {
  // No availability endpoint and no list filter: read the list, filter it here.
  const taken = new Set<number>();
  for await (const a of client.appointments.list()) {
    if (a.professional?.id === body.professional_id && a.status !== 'cancelled') {
      taken.add(Date.parse(a.start_at));
    }
  }
  for (const start_at of candidates) {
    if (taken.has(Date.parse(start_at))) continue;
    try {
      return await client.appointments.create({ ...body, start_at });
    } catch (err) {
      // A block in the agenda is invisible through the API: the create is how to find out.
      if (err instanceof SlotBlockedError) continue;
      throw err;
    }
  }
  return undefined;
}

describe('finding a free time', () => {
  it('skips booked times from the list and blocked ones by SlotBlockedError', async () => {
    api.seed.appointment({ ...at('09:00') });
    const times = ['09:00', '14:00', '14:30', '15:00'].map((t) => at(t).start_at as string);
    const booked = await bookFirstFree(clinic, base, times);
    expect(booked?.start_at).toBe('2026-03-10T15:00:00-03:00');
    // Two blocked attempts, one booking; 09:00 was never tried.
    const posts = api.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(3);
  });

  it('extraQuery sends a filter the spec does not show as given; the server ignores it', async () => {
    api.seed.appointment({ ...at('09:00') });
    const other = api.seed.professional({ name: 'Dra. Reis' }).id;
    api.seed.appointment({ ...at('10:00'), professional_id: other });
    const page = await clinic.appointments.list(
      {},
      { extraQuery: { professional_id: base.professional_id } },
    );
    expect(api.requests[0]?.query).toEqual({ professional_id: String(base.professional_id) });
    // The reference server, like a service without that filter, ignores it: every item.
    expect(page.results).toHaveLength(2);
  });
});
