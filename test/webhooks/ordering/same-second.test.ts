/**
 * Issue 20: `updated_at` has whole seconds (spec 2.1). An appointment created, then confirmed
 * within the same second, and delivered in reverse (the simulator's `reorder: true`) must end
 * at the service's state when the consumer follows the documented pattern
 * (docs/webhooks-ordering.md): `guard.resolve(event, read)`, apply, record.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient } from '../../../src/client.ts';
import type { Appointment } from '../../../src/schemas/appointments.ts';
import { createReferenceServer } from '../../../src/testing/index.ts';
import type { AppointmentEvent } from '../../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../../src/webhooks/handler.ts';
import { StaleEventGuard } from '../../../src/webhooks/stale.ts';

type Pattern = 'documented' | 'skip-stale-only';

async function scenario(seed: number, pattern: Pattern) {
  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    now: new Date('2026-03-02T12:00:00Z'), // a fixed clock: every change shares one updated_at
    webhooks: { reorder: true, seed },
  });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: 'https://clinic.test',
    fetch: api.fetch,
    maxRetries: 0,
  });
  const view = new Map<string, Appointment>();
  const guard = new StaleEventGuard();
  const order: string[] = [];
  const apply = async (event: AppointmentEvent) => {
    order.push(event.type);
    if (pattern === 'skip-stale-only') {
      // The pattern the docs showed before: an event that is not older is applied.
      if (guard.isStale(event)) return;
      view.set(event.data.id!, event.data);
      guard.record(event);
      return;
    }
    const state = await guard.resolve(event, (id) => clinic.appointments.retrieve(id));
    if (!state) return;
    view.set(state.id!, state);
    guard.record(state);
  };
  api.webhooks.register({
    handler: createWebhookHandler({
      verify: 'unsigned',
      on: { 'appointment.created': apply, 'appointment.updated': apply },
      // The server's fixed clock makes every envelope months old.
      maxEventAgeMs: false,
      onError: () => {},
    }),
    events: ['appointment.created', 'appointment.updated'],
  });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });
  const created = await clinic.appointments.create({
    patient_id: patient.id,
    professional_id: professional.id,
    appointment_type_id: type.id,
    start_at: '2026-03-10T09:00:00-03:00',
  });
  const confirmed = await clinic.appointments.update(created.id!, { status: 'confirmed' });
  expect(confirmed.updated_at).toBe(created.updated_at); // within one second
  await api.webhooks.flush();
  const service = await clinic.appointments.retrieve(created.id!);
  return { consumer: view.get(created.id!), service, order };
}

describe('reordered events within one second (spec 2.1: updated_at has whole seconds)', () => {
  it('the documented pattern ends at the service state in 100 of 100 seeds, reversed deliveries included', async () => {
    let reversed = 0;
    let atServiceState = 0;
    for (let seed = 1; seed <= 100; seed++) {
      const { consumer, service, order } = await scenario(seed, 'documented');
      expect(service.status).toBe('confirmed');
      if (order[0] === 'appointment.updated') reversed += 1;
      if (JSON.stringify(consumer) === JSON.stringify(service)) atServiceState += 1;
    }
    expect(atServiceState).toBe(100);
    expect(reversed).toBeGreaterThan(10); // the reorder was real in many seeds
  });

  it('skipping only stale events (the former pattern) keeps the older state when the deliveries are reversed', async () => {
    const wrong: number[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const { consumer, service } = await scenario(seed, 'skip-stale-only');
      if (consumer?.status !== service.status) wrong.push(seed);
    }
    expect(wrong.length).toBeGreaterThan(0);
  });
});
