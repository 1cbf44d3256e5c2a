// The checks every runtime of the matrix runs against the installed tarball, in plain
// JavaScript (no TypeScript, no Node built-ins), so that Node, Bun, Deno and workerd load the
// same file. The runtime's driver (node.mjs, bun.mjs, deno.mjs, worker.mjs) adds the last
// check: the webhook handler answering a delivery as that runtime's own fetch handler.
import { ClinicClient, ClinicError, SlotBlockedError } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import { createWebhookHandler } from '@clinic-scheduling/sdk/webhooks';

function assert(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/**
 * The client against the reference server's api.fetch, pagination and a typed error. Returns
 * the names of the checks passed, and what the webhook check needs: a handler and the body of
 * a delivery (the envelope the reference server emitted for the booking).
 */
export async function clientChecks() {
  const passed = [];
  const api = createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey(),
    baseUrl: api.baseUrl,
    fetch: api.fetch,
  });

  const patient = await clinic.patients.create({ name: 'Marina Costa' });
  const body = {
    patient_id: patient.id,
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2030-03-05T10:30:00-03:00',
  };
  const booked = await clinic.appointments.create(body).withResponse();
  const replay = await clinic.appointments
    .create(body, { idempotencyKey: booked.idempotencyKey })
    .withResponse();
  assert(
    booked.data.status === 'scheduled' && replay.replayed && replay.data.id === booked.data.id,
    'book and replay',
  );
  passed.push('client');

  const rooms = [];
  for await (const room of clinic.rooms.list({}, { extraQuery: { page_size: 1 } }))
    rooms.push(room.name);
  assert(rooms.length === 3 && rooms[0] === 'Consultório 1', `rooms page by page: ${rooms}`);
  passed.push('pagination');

  api.seed.blockedSlot({
    professional_id: 1,
    start_at: '2030-03-06T12:00:00',
    end_at: '2030-03-06T14:00:00',
  });
  try {
    await clinic.appointments.create({ ...body, start_at: '2030-03-06T12:30:00' });
    assert(false, 'a blocked slot was booked');
  } catch (error) {
    assert(
      error instanceof SlotBlockedError && error instanceof ClinicError && error.status === 409,
      `typed error: ${error}`,
    );
  }
  passed.push('typed error');

  const handled = [];
  const handler = createWebhookHandler({
    verify: 'unsigned',
    on: { 'appointment.created': (event) => void handled.push(event.data.id) },
  });
  const delivery = JSON.stringify(api.events.find((e) => e.type === 'appointment.created'));
  return { passed, handler, delivery, handled, appointmentId: booked.data.id };
}

/**
 * Delivers the envelope twice to `url` (the runtime's server): both answered 2xx, handled once
 * (the second is a redelivery). Returns the check's name.
 */
export async function deliverTwice(url, { delivery, handled, appointmentId }) {
  for (let i = 0; i < 2; i++) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: delivery,
    });
    assert(response.status >= 200 && response.status < 300, `delivery answered ${response.status}`);
    await response.arrayBuffer();
  }
  assert(
    handled.length === 1 && handled[0] === appointmentId,
    `handled ${JSON.stringify(handled)}`,
  );
  return 'webhook via the runtime server';
}
