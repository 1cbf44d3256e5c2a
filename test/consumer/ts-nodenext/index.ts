// A TypeScript project with module/moduleResolution nodenext, as an ES module: the "import"
// condition and its .d.ts. Type-checked with skipLibCheck off, so the SDK's declarations are
// checked too, then compiled and run.
import {
  APIPromise,
  type Appointment,
  ClinicClient,
  ClinicError,
  type Page,
  type Patient,
  SlotBlockedError,
} from '@clinic-scheduling/sdk';
// The MSW adapter's entry (to become '@clinic-scheduling/sdk/testing/msw').
import {
  createHandlers,
  createReferenceServer,
  type ReferenceServer,
} from '@clinic-scheduling/sdk/testing';
import { parseWebhookEvent, type WebhookEvent } from '@clinic-scheduling/sdk/webhooks';
import { setupServer } from 'msw/node';

const api: ReferenceServer = createReferenceServer({
  baseUrl: 'https://clinic.test',
  seed: 'demo',
});
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});

const pending = clinic.appointments.create({
  patient_id: 1,
  professional_id: 1,
  appointment_type_id: 1,
  start_at: new Date('2030-03-05T13:30:00Z'), // a Date is sent with an explicit offset
});
if (!(pending instanceof APIPromise)) throw new Error('create() returns an APIPromise');
const { data: created, replayed }: { data: Appointment; replayed: boolean } =
  await pending.withResponse();
if (created.start_at !== '2030-03-05T10:30:00-03:00' || replayed)
  throw new Error(`unexpected ${created.start_at}`);

const page: Page<Appointment> = await clinic.appointments.list();
if (!page.results.some((a) => a.id === created.id))
  throw new Error('the list lacks the new appointment');

api.seed.blockedSlot({
  professional_id: 1,
  start_at: '2030-03-06T12:00:00',
  end_at: '2030-03-06T14:00:00',
});
try {
  await clinic.appointments.create({
    patient_id: 1,
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2030-03-06T12:30:00',
  });
  throw new Error('booked a blocked time');
} catch (error) {
  if (!(error instanceof SlotBlockedError && error instanceof ClinicError)) throw error;
}

const event: WebhookEvent = parseWebhookEvent(JSON.stringify(api.events[0]));
const label = event.type === 'ping' ? event.data.message : `${event.type} ${event.data.status}`;
if (label !== 'appointment.created scheduled') throw new Error(label);

// msw's own types accept the reference server's handlers (msw 2 or 3, whichever is installed).
const server = setupServer(...createHandlers(api));
server.listen();
const viaMsw = new ClinicClient({ apiKey: api.issueApiKey(), baseUrl: api.baseUrl });
const rooms = await viaMsw.rooms.list();
server.close();
if (rooms.results.length !== 3) throw new Error('MSW did not answer with the reference server');

// Lines that must not compile: an unused @ts-expect-error is itself an error.
export function typeChecks(): void {
  // @ts-expect-error PATCH accepts only scheduled or confirmed
  void clinic.appointments.update(created.id!, { status: 'cancelled' });
  // @ts-expect-error patient_id is required
  void clinic.appointments.create({
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2030-03-05T10:30:00',
  });
  // @ts-expect-error a returned patient has no cpf (write-only)
  void ((patient: Patient) => patient.cpf);
}

console.log(`ok ts-nodenext (esm): node ${process.version}`);
