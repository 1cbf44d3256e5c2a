/**
 * Idempotent create and retries: why a booking is never made twice.
 *
 * A request can fail after the service did the work: the appointment is booked and the response
 * is lost on the way back. `appointments.create` always sends an Idempotency-Key and reuses it
 * on every retry, so the service (spec 4.4) answers the retry with the appointment it already
 * created (`Idempotent-Replayed: true`) instead of booking again.
 *
 * Runs against the reference server, whose fault injection loses a response on purpose.
 *
 *   node examples/idempotent-create.ts
 */
import {
  APIConnectionError,
  ClinicClient,
  IdempotencyKeyReuseError,
  InternalServerError,
} from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';

const api = createReferenceServer({
  baseUrl: 'https://clinic.test',
  now: new Date('2026-03-02T12:00:00Z'),
});
const patient = api.seed.patient({ name: 'Ana Souza' });
const doctor = api.seed.professional({ name: 'Dra. Helena Prado' });
const type = api.seed.appointmentType({ name: 'Consulta' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey({ preset: 'full_access' }),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
  // The script prints what each failure means; by default each is also one `error` line.
  logLevel: 'off',
});

const APPOINTMENTS = '/api/public/v1/appointments';
const body = {
  patient_id: patient.id,
  professional_id: doctor.id,
  appointment_type_id: type.id,
  start_at: '2026-03-05T14:30:00-03:00',
};
const booked = () => api.events.filter((e) => e.type === 'appointment.created').length;

// 1. The response to the first attempt is lost after the appointment was booked. The client
//    retries with the same key, and the service replays the booking instead of making another.
api.faults.inject({ method: 'POST', path: APPOINTMENTS, loseResponse: true });
const first = await clinic.appointments.create(body).withResponse();
const keys = api.requests
  .filter((r) => r.method === 'POST')
  .map((r) => r.headers['idempotency-key']);
console.log('1. lost response, automatic retry');
console.log(`   attempts: ${keys.length}, Idempotency-Key on each: ${keys.join(', ')}`);
console.log(`   replayed: ${first.replayed}, appointment ${first.data.id}, booked: ${booked()}`);

// 2. Your own key, derived from your own record, makes the create idempotent across processes:
//    a worker that crashes after booking and runs the job again gets the same appointment.
const job = { bookingId: 'b-1042', body: { ...body, start_at: '2026-03-05T15:30:00-03:00' } };
const idempotencyKey = `booking-${job.bookingId}`;
const run1 = await clinic.appointments.create(job.body, { idempotencyKey }).withResponse();
// ... the worker dies here before saving run1.data.id; the job is retried from the queue:
const run2 = await clinic.appointments.create(job.body, { idempotencyKey }).withResponse();
console.log('2. your own key across a restart');
console.log(`   run 1: ${run1.data.id} replayed: ${run1.replayed}`);
console.log(`   run 2: ${run2.data.id} replayed: ${run2.replayed}, booked: ${booked()}`);

// 3. The same key with a different body is refused (422): a new request needs a new key.
try {
  await clinic.appointments.create(
    { ...job.body, start_at: '2026-03-05T16:30:00-03:00' },
    { idempotencyKey },
  );
} catch (error) {
  if (!(error instanceof IdempotencyKeyReuseError)) throw error;
  console.log('3. the key reused with another body');
  console.log(`   ${error.name} (${error.status}), key ${error.idempotencyKey}`);
}

// 4. With retries off, a lost response reaches you as APIConnectionError. Retrying with the
//    same key is safe: you get the appointment that was booked, not a second one.
const noRetries = clinic.withOptions({ maxRetries: 0 });
const late = { ...body, start_at: '2026-03-06T09:00:00-03:00' };
const lateKey = 'booking-b-1043';
api.faults.inject({ method: 'POST', path: APPOINTMENTS, loseResponse: true });
try {
  await noRetries.appointments.create(late, { idempotencyKey: lateKey });
} catch (error) {
  if (!(error instanceof APIConnectionError)) throw error;
  const retried = await noRetries.appointments
    .create(late, { idempotencyKey: lateKey })
    .withResponse();
  console.log('4. no automatic retry: retry yourself with the same key');
  console.log(`   first: ${error.name}; again: replayed ${retried.replayed}, booked: ${booked()}`);
}

// 5. What is retried depends on whether the service can deduplicate it. A GET that meets a 503
//    is retried (here honouring Retry-After: 0); patients.create, which carries no key, is not
//    retried on a 503, since the service may have created the patient.
const before = api.requests.length;
api.faults.inject({ path: '/api/public/v1/rooms', status: 503, headers: { 'retry-after': '0' } });
await clinic.rooms.list();
console.log('5. what is retried');
console.log(`   GET /rooms after a 503: answered in ${api.requests.length - before} attempts`);
api.faults.inject({ method: 'POST', path: '/api/public/v1/patients', status: 503 });
const attempts = api.requests.length;
try {
  await clinic.patients.create({ name: 'Bruno Lima' });
} catch (error) {
  if (!(error instanceof InternalServerError)) throw error;
  console.log(
    `   POST /patients after a 503: ${error.name} after ${api.requests.length - attempts} attempt;` +
      ' look the patient up before creating again',
  );
}
