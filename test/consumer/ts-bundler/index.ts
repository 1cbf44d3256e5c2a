// A TypeScript project for a bundler (moduleResolution bundler): type-checked, then bundled
// with esbuild (the SDK, ky, zod and uuid inside the bundle) and run.
import { type Appointment, ClinicClient, RoomRequiredError } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import { createWebhookHandler, type WebhookEventOf } from '@clinic-scheduling/sdk/webhooks';

const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
const clinic = new ClinicClient({
  apiKey: api.issueApiKey(),
  baseUrl: api.baseUrl,
  fetch: api.fetch,
});

// Dra. Beatriz Ramos (3) has no default room: a clinic that requires one refuses the booking.
api.settings.requireRoom = true;
const body = {
  patient_id: 1,
  professional_id: 3,
  appointment_type_id: 1,
  start_at: '2030-03-05T10:30:00',
};
try {
  await clinic.appointments.create(body);
  throw new Error('booked without a room');
} catch (error) {
  if (!(error instanceof RoomRequiredError)) throw error;
}
const booked: Appointment = await clinic.appointments.create({ ...body, room_id: 2 });

const seen: string[] = [];
const handler = createWebhookHandler({
  verify: 'unsigned',
  on: {
    'appointment.created': (event: WebhookEventOf<'appointment.created'>) => {
      seen.push(event.data.id ?? '');
    },
  },
});
const response = await handler(
  new Request('https://consumer.example/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(api.events.at(-1)),
  }),
);
if (response.status !== 200 || seen[0] !== booked.id)
  throw new Error(`webhook: ${response.status}`);

console.log(`ok ts-bundler (esbuild bundle): node ${process.version}`);
