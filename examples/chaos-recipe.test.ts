/**
 * Recipe: run your booking flow under chaos. Copy this file into your project as a starting
 * point:
 *
 *   npm install --save-dev vitest @clinic-scheduling/sdk
 *
 * The reference server's chaos mode answers a share of requests 503, loses the response of
 * others after committing them, holds some until the client times out, and adds latency, all
 * drawn from a seed: the same seed meets the same faults, so a failing run replays. After the
 * flow, `checkInvariants(api)` checks what a flow must keep however the network behaves: one
 * appointment per booking intent, one patient per CPF, no appointment changed twice by one
 * intent.
 */
import {
  APIConnectionError,
  APIError,
  type Appointment,
  ClinicClient,
  type Patient,
  PatientCpfExistsError,
} from '@clinic-scheduling/sdk';
import {
  checkInvariants,
  createReferenceServer,
  generateCpf,
} from '@clinic-scheduling/sdk/testing';
import { expect, test } from 'vitest';

// ---------------------------------------------------------------------------------------------
// The code under test: in your project it lives in your app and is imported here.

/** One visit to book: who, with whom, when. */
interface Visit {
  name: string;
  cpf: string;
  phone: string;
  professionalId: number;
  typeId: number;
  startAt: string;
}

/** Retries a call the SDK gave up on when no answer came back or the service failed (5xx). */
async function persist<T>(call: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const transient =
        error instanceof APIConnectionError || (error instanceof APIError && error.status >= 500);
      if (!transient || attempt >= attempts) throw error;
    }
  }
}

/** The patient with this CPF, created when there is none: never two for one CPF. */
async function findOrCreatePatient(clinic: ClinicClient, visit: Visit): Promise<Patient> {
  for (;;) {
    const found = await persist(async () => {
      for await (const patient of clinic.patients.list({ cpf: visit.cpf })) return patient;
      return undefined;
    });
    if (found) return found;
    try {
      return await clinic.patients.create({ name: visit.name, cpf: visit.cpf, phone: visit.phone });
    } catch (error) {
      // A lost response may have created it, and a 409 says it exists: look it up again.
      const unknownOutcome =
        error instanceof APIConnectionError || (error instanceof APIError && error.status >= 500);
      if (!unknownOutcome && !(error instanceof PatientCpfExistsError)) throw error;
    }
  }
}

/** Books and confirms a visit. One intent, one Idempotency-Key, across every retry. */
async function bookVisit(clinic: ClinicClient, visit: Visit): Promise<Appointment> {
  const patient = await findOrCreatePatient(clinic, visit);
  const intent = `visit:${visit.cpf}:${visit.startAt}`;
  const booked = await persist(() =>
    clinic.appointments.create(
      {
        patient_id: patient.id,
        professional_id: visit.professionalId,
        appointment_type_id: visit.typeId,
        start_at: visit.startAt,
      },
      { idempotencyKey: intent },
    ),
  );
  const { id } = booked;
  if (id === null) throw new Error('the service answered an appointment without an id');
  return persist(() => clinic.appointments.update(id, { status: 'confirmed' }));
}

// ---------------------------------------------------------------------------------------------
// The test: the flow under chaos, with a fixed seed, then the invariants.

test('the booking flow keeps its invariants under chaos (seed 7)', async () => {
  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    now: new Date('2026-03-02T12:00:00Z'),
  });
  const room = api.seed.room({ name: 'Consultório 1' });
  const doctor = api.seed.professional({ name: 'Dra. Helena Prado', default_room_id: room.id });
  const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey(),
    baseUrl: api.baseUrl,
    fetch: api.fetch,
    timeout: 1_000, // a held (timed-out) request fails after 1 s
  });

  api.faults.chaos({
    seed: 7,
    statusRate: 0.1, // 10 % answered 503, not processed
    headers: { 'retry-after': '0' },
    loseResponseRate: 0.05, // 5 % processed, response lost
    timeoutRate: 0.02, // 2 % processed, never answered
    latencyMs: [0, 5],
  });

  const visits: Visit[] = Array.from({ length: 8 }, (_, i) => ({
    name: `Paciente ${i + 1}`,
    cpf: generateCpf(100 + i),
    phone: `1198765${String(4300 + i)}`,
    professionalId: doctor.id,
    typeId: type.id,
    startAt: `2026-03-05T${String(8 + i).padStart(2, '0')}:00:00`,
  }));
  const booked: Appointment[] = [];
  for (const visit of visits) booked.push(await bookVisit(clinic, visit));

  // The chaos did strike...
  const { stats } = api.faults.chaosMode!;
  expect(stats.status + stats.loseResponse + stats.timeout).toBeGreaterThan(0);
  api.faults.clear();
  // ...and every visit is booked once, confirmed, with one patient per CPF.
  expect(booked.every((a) => a.status === 'confirmed')).toBe(true);
  expect(new Set(booked.map((a) => a.id)).size).toBe(visits.length);
  const report = checkInvariants(api);
  expect(report.violations).toEqual([]);
  expect(report.checked).toMatchObject({ appointments: 8, patients: 8 });
}, 60_000);
