/**
 * Quickstart: the SDK in one walk through. `npm run demo` runs this file.
 *
 * With no configuration it starts an embedded reference server (an in-memory Clinic
 * Scheduling API v1 seeded with a demo clinic: no key, no network) and walks through creating a
 * patient, booking an appointment with its Idempotency-Key, listing with `for await`,
 * confirming, cancelling and handling an error.
 *
 * With CLINIC_BASE_URL and CLINIC_API_KEY set, it makes read-only calls against that service
 * instead: professionals, rooms, appointment types and the first page of appointments. It
 * never writes there and never prints the key.
 *
 *   npm run demo
 *   CLINIC_BASE_URL=https://clinic.example.com CLINIC_API_KEY=... npm run demo
 */
import {
  type Appointment,
  AuthenticationError,
  ClinicClient,
  ClinicError,
  PermissionDeniedError,
  SlotBlockedError,
} from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';

const say = (line = '') => console.log(line);

/** `2026-03-03T10:30:00-03:00` → `2026-03-03 10:30`. */
const when = (instant: string) => instant.slice(0, 16).replace('T', ' ');

/** An appointment on one line: time, status, professional, room (or telehealth), patient. */
function describe(a: Appointment, patientName = a.patient?.name): string {
  return [
    when(a.start_at),
    a.status.padEnd(10),
    (a.professional?.name ?? '(no professional)').padEnd(20),
    (a.modality === 'telehealth' ? 'telehealth' : (a.room?.name ?? '(no room)')).padEnd(14),
    patientName ?? '',
  ]
    .join('  ')
    .trimEnd();
}

/** The date `days` from now in the clinic's time zone, `YYYY-MM-DD`. */
function clinicDate(days: number): string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });
  return format.format(Date.now() + days * 86_400_000);
}

async function demo(): Promise<void> {
  // The reference server from '@clinic-scheduling/sdk/testing': in your tests it stands in for
  // the service. `fetch: api.fetch` hands every request straight to it.
  const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }), // a key of this in-memory server only
    baseUrl: api.baseUrl,
    fetch: api.fetch,
    // The demo prints what each call did; by default a failed call is also one `error` line.
    logLevel: 'off',
  });

  say('Clinic Scheduling SDK demo: an embedded reference server with a demo clinic');
  say('(no key, no network). Set CLINIC_BASE_URL and CLINIC_API_KEY for read-only calls');
  say('against your service instead.');
  say();

  say('1. Create a patient');
  const patient = await clinic.patients.create({ name: 'Marina Costa', phone: '11912345678' });
  say(`   patient ${patient.id}: ${patient.name}, active: ${patient.active}`);
  say();

  say('2. Book an appointment');
  let helena: { id: number; name: string } | undefined;
  for await (const professional of clinic.professionals.list()) {
    if (professional.name === 'Dra. Helena Prado') helena = professional;
  }
  const types = await clinic.appointmentTypes.list();
  const consulta = types.results.find((t) => t.name === 'Consulta');
  if (!helena || !consulta) throw new Error('the demo clinic has no Dra. Helena Prado/Consulta');
  const tomorrow = clinicDate(1);
  const body = {
    patient_id: patient.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T10:30:00`, // no offset: read as America/Sao_Paulo; seconds must be 00
  };
  const booked = await clinic.appointments.create(body).withResponse();
  const appointment = booked.data;
  const id = appointment.id!;
  say(`   appointment ${id}`);
  say(`   ${describe(appointment)}`);
  say(`   Idempotency-Key: ${booked.idempotencyKey}  replayed: ${booked.replayed}`);
  // The same request with the same key (what a retry after a lost response sends) is answered
  // from the key: the same appointment, nothing booked twice.
  const again = await clinic.appointments
    .create(body, { idempotencyKey: booked.idempotencyKey })
    .withResponse();
  say(
    `   the same call again with that key: appointment ${again.data.id}, replayed: ${again.replayed}`,
  );
  say();

  say('3. List appointments with for await (page by page, one page in memory)');
  for await (const a of clinic.appointments.list()) {
    say(`   ${describe(a)}`);
  }
  say();

  say('4. Confirm it');
  const confirmed = await clinic.appointments.update(id, { status: 'confirmed' });
  say(`   status: ${confirmed.status}`);
  say();

  say('5. Cancel it');
  const cancelled = await clinic.appointments.cancel(id);
  say(`   status: ${cancelled.status}`);
  say();

  say(`6. Handle an error: book ${helena.name} at 12:30, when her agenda is blocked`);
  try {
    await clinic.appointments.create({ ...body, start_at: `${tomorrow}T12:30:00` });
    say('   booked?! (the demo clinic blocks 12:00 to 14:00)');
  } catch (error) {
    if (!(error instanceof SlotBlockedError)) throw error;
    say(`   ${error.name}: ${error.message}`);
    say('   -> offer the patient another time');
  }
  say();
  say('Done. More in examples/ and docs/ (start with docs/getting-started.md).');
}

async function readOnly(): Promise<void> {
  // Both come from the environment: CLINIC_BASE_URL and CLINIC_API_KEY.
  // The errors are explained below; by default a failed call is also one `error` line.
  const clinic = new ClinicClient({ logLevel: 'off' });
  const show = 10;
  say(`Read-only calls against ${clinic.baseUrl} (key from CLINIC_API_KEY, not shown)`);
  say();

  const professionals = await clinic.professionals.list();
  say(`Professionals (first page: ${professionals.results.length})`);
  for (const p of professionals.results.slice(0, show)) {
    say(`   ${String(p.id).padStart(5)}  ${p.name}${p.specialty ? `, ${p.specialty}` : ''}`);
  }
  const rooms = await clinic.rooms.list();
  say(`Rooms (first page: ${rooms.results.length})`);
  for (const r of rooms.results.slice(0, show)) say(`   ${String(r.id).padStart(5)}  ${r.name}`);
  const types = await clinic.appointmentTypes.list();
  say(`Appointment types (first page: ${types.results.length})`);
  for (const t of types.results.slice(0, show)) say(`   ${String(t.id).padStart(5)}  ${t.name}`);

  const appointments = await clinic.appointments.list();
  say(
    `Appointments (first page: ${appointments.results.length}; ` +
      `more pages: ${appointments.hasNextPage() ? 'yes' : 'no'})`,
  );
  // Ids, times and statuses only: patient names are health data and stay off the terminal.
  for (const a of appointments.results.slice(0, show)) say(`   ${a.id}  ${describe(a, '')}`);
  say();
  say('Nothing was written. The full walk through runs without CLINIC_BASE_URL/CLINIC_API_KEY.');
}

const configured = ['CLINIC_BASE_URL', 'CLINIC_API_KEY'].filter((name) => process.env[name]);
try {
  if (configured.length === 2) await readOnly();
  else if (configured.length === 1) {
    const missing = configured[0] === 'CLINIC_API_KEY' ? 'CLINIC_BASE_URL' : 'CLINIC_API_KEY';
    console.error(
      `${configured[0]} is set but ${missing} is not: set both for read-only calls against ` +
        'your service, or neither for the demo.',
    );
    process.exitCode = 2;
  } else await demo();
} catch (error) {
  // SDK errors never contain the key: their messages are safe to print.
  if (error instanceof AuthenticationError) {
    console.error(`The service refused the key (401): check CLINIC_API_KEY. ${error.message}`);
  } else if (error instanceof PermissionDeniedError) {
    console.error(`The key lacks a scope (403): ${error.message}`);
  } else if (error instanceof ClinicError) {
    console.error(`${error.name}: ${error.message}`);
  } else {
    throw error;
  }
  process.exitCode = 1;
}
