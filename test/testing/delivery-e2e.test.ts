/**
 * End to end: the reference server emits envelopes for writes made through the client (the
 * integrator's own writes) and by staff; `api.webhooks` delivers them on the spec's schedule,
 * with duplicates, reordering and injected failures, to a consumer built with
 * `createWebhookHandler` and `StaleEventGuard`. At the end the consumer's view of every
 * appointment equals the server's, no event was processed twice, and none was lost.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient } from '../../src/client.ts';
import type { Appointment } from '../../src/schemas/appointments.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { seededRandom } from '../../src/testing/server/random.ts';
import type { AppointmentEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { StaleEventGuard } from '../../src/webhooks/stale.ts';

const CONSUMER_URL = 'https://consumer.example/webhooks';

async function run(seed: number) {
  const rand = seededRandom(seed * 7919); // the simulator's generator, for the test's own choices

  // --- The consumer: a view of appointments, kept by events and by its own writes. ---
  const view = new Map<string, Appointment>();
  const guard = new StaleEventGuard();
  const processed = new Map<string, number>(); // event id → times its handler completed
  const failedOnce = new Set<string>();
  const processingOrder: string[] = [];
  const apply = (appointment: Appointment) => {
    if (!appointment.id || guard.isStale(appointment)) return;
    view.set(appointment.id, appointment);
    guard.record(appointment);
  };
  const onAppointment = async (event: AppointmentEvent) => {
    // Injected failure: a quarter of the events fail on their first run, before any effect.
    if (!failedOnce.has(event.id) && rand() < 0.25) {
      failedOnce.add(event.id);
      throw new Error('injected: database unavailable');
    }
    await new Promise((resolve) => setTimeout(resolve, 0)); // a write to the consumer's database
    apply(event.data);
    processingOrder.push(event.id);
    processed.set(event.id, (processed.get(event.id) ?? 0) + 1);
  };
  const consumer = createWebhookHandler({
    verify: 'unsigned',
    maxEventAgeMs: false, // the server's fixed clock makes envelopes older than 24 h
    on: {
      'appointment.created': onAppointment,
      'appointment.updated': onAppointment,
      'appointment.cancelled': onAppointment,
    },
    onError: () => {},
  });

  // --- The network between the service and the consumer, with injected faults. ---
  const attemptsSeen = new Map<string, number>();
  const faults = { outage: 0, lostResponse: 0 };
  const network = async (request: Request): Promise<Response> => {
    expect(request.url).toBe(CONSUMER_URL);
    const { id } = (await request.clone().json()) as { id: string };
    const seen = (attemptsSeen.get(id) ?? 0) + 1;
    attemptsSeen.set(id, seen);
    // Faults only on an event's first two attempts, so that no delivery can exhaust its 6.
    if (seen <= 2) {
      const roll = rand();
      if (roll < 0.1) {
        faults.outage += 1;
        return new Response('Bad Gateway', { status: 502 }); // never reached the consumer
      }
      if (roll < 0.2) {
        faults.lostResponse += 1;
        await consumer(request); // processed, but the answer is lost on the way back
        return new Response('Gateway Timeout', { status: 504 });
      }
    }
    return consumer(request);
  };

  // --- The service. ---
  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    now: new Date('2026-03-02T12:00:00Z'),
    webhooks: { fetch: network, duplicate: 0.3, reorder: true, seed },
  });
  const endpoint = api.webhooks.register({
    url: CONSUMER_URL,
    events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
  });
  const client = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: 'https://clinic.test',
    fetch: api.fetch,
    maxRetries: 0,
  });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });

  // --- The workload: own writes through the client, and staff bookings. ---
  const ids: string[] = [];
  for (let i = 0; i < 40; i++) {
    const roll = rand();
    if (ids.length === 0 || roll < 0.35) {
      const day = String(3 + (i % 20)).padStart(2, '0');
      const body = {
        patient_id: patient.id,
        professional_id: professional.id,
        appointment_type_id: type.id,
        start_at: `2026-03-${day}T${String(8 + (i % 9)).padStart(2, '0')}:00:00-03:00`,
      };
      if (roll < 0.1) {
        ids.push(api.seed.appointment({ ...body, origin: 'staff' }, { emitEvent: true }).id);
      } else {
        const created = await client.appointments.create(body);
        apply(created); // the integrator's own write; its event will echo back
        ids.push(created.id!);
      }
    } else {
      const id = ids[Math.floor(rand() * ids.length)]!;
      const current = await client.appointments.retrieve(id);
      if (current.status !== 'cancelled') {
        if (roll < 0.85) {
          apply(
            await client.appointments.update(id, {
              status: current.status === 'scheduled' ? 'confirmed' : 'scheduled',
            }),
          );
        } else {
          apply(await client.appointments.cancel(id));
        }
      }
    }
    // Time moves between writes (updated_at has whole seconds), running due retries and
    // reordered first attempts in between.
    await api.clock.advance(1_000 + Math.floor(rand() * 90_000));
  }

  await api.webhooks.flush();
  await consumer.drain();
  return { api, client, endpoint, view, processed, processingOrder, faults };
}

describe('end to end: the reference server delivers to createWebhookHandler', () => {
  // Whether a copy meets its original while it runs depends on the interleaving: counted over
  // the seeds, not required of each.
  let conflicts = 0;
  for (const seed of [1, 2, 3]) {
    it(`seed ${seed}: the consumer ends with the server's view; no event processed twice or lost`, async () => {
      const { api, client, endpoint, view, processed, processingOrder, faults } = await run(seed);
      const emitted = api.events.filter((e) => e.type !== 'ping');

      // Every event was processed, exactly once.
      expect(emitted.length).toBeGreaterThan(20);
      expect([...processed.keys()].sort()).toEqual(emitted.map((e) => e.id).sort());
      expect([...processed.values()].every((n) => n === 1)).toBe(true);

      // The consumer's view equals the server's, appointment by appointment.
      const serverView = new Map<string, Appointment>();
      for await (const appointment of client.appointments.list()) {
        serverView.set(appointment.id!, appointment);
      }
      expect(serverView.size).toBeGreaterThan(3);
      expect(Object.fromEntries(view)).toEqual(Object.fromEntries(serverView));

      // The endpoint stayed enabled and every delivery ended with a 2xx.
      expect(endpoint.enabled).toBe(true);
      expect(new Set(api.webhooks.deliveries.map((d) => d.state))).toEqual(new Set(['succeeded']));

      // The chaos was real: duplicates, reordering, failed attempts and redeliveries.
      const attempts = api.webhooks.attempts;
      expect(api.webhooks.deliveries.filter((d) => d.duplicate).length).toBeGreaterThan(0);
      expect(processingOrder).not.toEqual(emitted.map((e) => e.id));
      expect(attempts.filter((a) => a.status === 500).length).toBeGreaterThan(0); // handler threw
      expect(faults.outage + faults.lostResponse).toBeGreaterThan(0);
      conflicts += attempts.filter((a) => a.status === 409).length;
      expect(Math.max(...attempts.map((a) => a.attempt))).toBeGreaterThan(1);
    });
  }

  it('over the seeds, a copy that arrived while the original was running was answered 409, then retried', () => {
    expect(conflicts).toBeGreaterThan(0);
  });
});
