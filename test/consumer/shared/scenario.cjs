/**
 * The scenario every JavaScript consumer project runs against the installed tarball: a client
 * against the reference server from `/testing` (through `api.fetch`, then through MSW), errors
 * that are one set of classes across the three entries, and a webhook parsed and handled.
 *
 * CommonJS with no imports of the SDK: the ESM project passes what it imported and the CJS
 * project what it required, so each checks its own way of loading the package.
 */
'use strict';
const assert = require('node:assert/strict');

/**
 * @param {{ label: string, sdk: any, testing: any, testingMsw: any, webhooks: any, mswNode: any, mswVersion: string }} loaded
 */
module.exports = async function scenario({
  label,
  sdk,
  testing,
  testingMsw,
  webhooks,
  mswNode,
  mswVersion,
}) {
  const { ClinicClient, ClinicError, SlotBlockedError, ValidationError } = sdk;
  const api = testing.createReferenceServer({ baseUrl: 'https://clinic.test', seed: 'demo' });
  const apiKey = api.issueApiKey({ preset: 'full_access' });
  const clinic = new ClinicClient({ apiKey, baseUrl: api.baseUrl, fetch: api.fetch });

  // Book, list, confirm, cancel.
  const patient = await clinic.patients.create({ name: 'Marina Costa' });
  const body = {
    patient_id: patient.id,
    professional_id: 1,
    appointment_type_id: 1,
    start_at: '2030-03-05T10:30:00-03:00',
  };
  const booked = await clinic.appointments.create(body).withResponse();
  assert.equal(booked.data.status, 'scheduled');
  assert.equal(booked.replayed, false);
  assert.match(booked.idempotencyKey, /^[0-9a-f-]{36}$/);
  const replay = await clinic.appointments
    .create(body, { idempotencyKey: booked.idempotencyKey })
    .withResponse();
  assert.equal(replay.replayed, true);
  assert.equal(replay.data.id, booked.data.id);
  const ids = [];
  for await (const appointment of clinic.appointments.list()) ids.push(appointment.id);
  assert.ok(ids.includes(booked.data.id));
  assert.equal(
    (await clinic.appointments.update(booked.data.id, { status: 'confirmed' })).status,
    'confirmed',
  );
  assert.equal((await clinic.appointments.cancel(booked.data.id)).status, 'cancelled');

  // One error hierarchy across the entries: what the client throws is the root's class.
  await assert.rejects(
    clinic.appointments.create({ ...body, start_at: '2030-03-05T10:30:15-03:00' }),
    (error) => error instanceof ValidationError && 'start_at' in error.fields,
  );
  const blocked = api.seed.blockedSlot({
    professional_id: 1,
    start_at: '2030-03-06T12:00:00',
    end_at: '2030-03-06T14:00:00',
  });
  assert.ok(blocked.id > 0);
  await assert.rejects(
    clinic.appointments.create({ ...body, start_at: '2030-03-06T12:30:00' }),
    (error) =>
      error instanceof SlotBlockedError && error instanceof ClinicError && error.status === 409,
  );

  // Webhooks: the envelope the reference server emitted parses, and a handler takes it once.
  const raw = JSON.stringify(api.events[0]);
  const event = webhooks.parseWebhookEvent(raw);
  assert.equal(event.type, 'appointment.created');
  assert.equal(event.data.id, booked.data.id);
  assert.throws(
    () => webhooks.parseWebhookEvent('{"type":"appointment.created"}'),
    (error) => error instanceof webhooks.WebhookPayloadError && error instanceof ClinicError,
  );
  const handled = [];
  const handler = webhooks.createWebhookHandler({
    verify: 'unsigned',
    on: { 'appointment.created': (e) => void handled.push(e.id) },
  });
  const deliver = () =>
    handler(
      new Request('https://consumer.example/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      }),
    );
  assert.equal((await deliver()).status, 200);
  assert.equal((await deliver()).status, 200); // a redelivery: acknowledged, not handled again
  assert.deepEqual(handled, [event.id]);

  // MSW: the reference server's handlers (from /testing/msw) answer the global fetch.
  const server = mswNode.setupServer(...testingMsw.createHandlers(api));
  server.listen();
  try {
    const viaMsw = new ClinicClient({ apiKey, baseUrl: api.baseUrl });
    const rooms = [];
    for await (const room of viaMsw.rooms.list()) rooms.push(room.name);
    assert.deepEqual(rooms, ['Consultório 1', 'Consultório 2', 'Sala de Procedimentos']);
  } finally {
    server.close();
  }

  console.log(`ok ${label}: node ${process.version}, msw ${mswVersion}, sdk ${sdk.VERSION}`);
};
