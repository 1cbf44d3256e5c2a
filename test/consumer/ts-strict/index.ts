// Everyday code against the SDK under strict, exactOptionalPropertyTypes and
// noUncheckedIndexedAccess: optional options from the environment, nullable fields, optional
// fields left out, indexed access into pages and error fields, and the webhook union.
import {
  type Appointment,
  type AppointmentCreateParams,
  type AppointmentUpdateParams,
  bookingIntentKey,
  type ClientOptions,
  ClinicClient,
  type Patient,
  type PatientUpdateParams,
  type Room,
  ValidationError,
} from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import { createWebhookHandler, type WebhookEvent } from '@clinic-scheduling/sdk/webhooks';

const fromEnv: ClientOptions = {
  apiKey: process.env.CLINIC_API_KEY,
  baseUrl: process.env.CLINIC_BASE_URL,
  maxRetries: 2,
};
void fromEnv;

const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});

const body: AppointmentCreateParams = {
  patient_id: 1,
  professional_id: 1,
  appointment_type_id: 1,
  start_at: new Date('2030-03-05T13:30:00Z'),
  room_id: null,
};
const booked: Appointment = await clinic.appointments.create(body, { idempotencyKey: 'k-1' });
const roomName: string | undefined = booked.room?.name;
const note: string | null | undefined = booked.note;

const erase: PatientUpdateParams = { phone: null, birth_date: null };
const patient: Patient = await clinic.patients.update(1, erase);
const phone: string | null = patient.phone;

const page = await clinic.rooms.list({}, { extraQuery: { page_size: 1 } });
const first: Room | undefined = page.results[0];
const rooms: Room[] = await clinic.rooms.list().toArray({ limit: 100 });

try {
  await clinic.appointments.create({ ...body, start_at: '2030-03-05T10:30:15' });
} catch (error) {
  if (error instanceof ValidationError) {
    const message: string | undefined = error.fields.start_at?.[0];
    void message;
  }
}

const handler = createWebhookHandler({
  verify: 'unsigned',
  on: {
    'appointment.updated': (event) => {
      const status: Appointment['status'] = event.data.status;
      void status;
    },
  },
});
const describe = (event: WebhookEvent): string =>
  event.type === 'ping' ? event.data.message : (event.data.id ?? 'no id');

// Issue 22, part 1: an event's data, a response and a page's items are one Appointment type.
const latest = new Map<string, Appointment>();
const remember = (event: WebhookEvent): void => {
  if (event.type !== 'ping' && event.data.id !== null) latest.set(event.data.id, event.data);
};
const mine: Appointment[] = [booked, ...(await clinic.appointments.list()).results];
const move: AppointmentUpdateParams = {
  start_at: booked.start_at,
  room_id: booked.room?.id ?? null,
  note: booked.note ?? undefined,
};
const intentKey: string = await bookingIntentKey(body, { scope: 'booking-7' });
const { data: firstPage, requestId } = await clinic.rooms.list().withResponse();
const raw: Response = await clinic.rooms.retrieve(1).asResponse();
// @ts-expect-error the spec shows no appointment filter: it would return every appointment
clinic.appointments.list({ professional_id: 1 });

void [roomName, note, phone, first, rooms, handler, describe];
void [remember, mine, move, intentKey, firstPage, requestId, raw];
