// The same project's CommonJS file (.cts): `require` loads the "require" condition, and types
// come from its .d.cts declarations (type queries in a .cts resolve as require does).
import type { Room } from '@clinic-scheduling/sdk';

const sdk: typeof import('@clinic-scheduling/sdk') = require('@clinic-scheduling/sdk');
const testing: typeof import('@clinic-scheduling/sdk/testing') = require('@clinic-scheduling/sdk/testing');
const webhooks: typeof import('@clinic-scheduling/sdk/webhooks') = require('@clinic-scheduling/sdk/webhooks');

async function main(): Promise<void> {
  const api = testing.createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
  const clinic = new sdk.ClinicClient({
    apiKey: api.issueApiKey(),
    baseUrl: api.baseUrl,
    fetch: api.fetch,
  });
  const rooms: Room[] = [];
  for await (const room of clinic.rooms.list()) rooms.push(room);
  if (rooms.length !== 3) throw new Error(`expected 3 rooms, got ${rooms.length}`);

  const patient = await clinic.patients.create({ name: 'Marina Costa', cpf: '529.982.247-25' });
  try {
    await clinic.patients.create({ name: 'Marina C.', cpf: '52998224725' });
    throw new Error('a second patient with the same CPF');
  } catch (error) {
    if (!(error instanceof sdk.PatientCpfExistsError && error instanceof sdk.ClinicError)) {
      throw error;
    }
  }

  const appointment = await clinic.appointments.create({
    patient_id: patient.id,
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2030-03-05T10:30:00',
  });
  const event = webhooks.parseWebhookEvent(JSON.stringify(api.events.at(-1)));
  if (!webhooks.isAppointmentEvent(event) || event.data.id !== appointment.id) {
    throw new Error('the webhook event is not the appointment just created');
  }
  console.log(`ok ts-nodenext (cjs): node ${process.version}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
