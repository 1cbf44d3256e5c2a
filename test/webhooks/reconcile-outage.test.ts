/**
 * Issue 38, item 1, against the reference server's delivery simulator (spec 6.3): the consumer's
 * endpoint is down until the service disables it after 20 failed deliveries; staff change
 * appointments meanwhile (those events are never sent); the endpoint is re-enabled and
 * `reconcileAppointments` walks the list: the local copy equals the service, live events during
 * the walk are ordered by the store, a late old event moves nothing back. The worker's own
 * schedule runs the same walk.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ClinicClient } from '../../src/client.ts';
import type { Appointment } from '../../src/schemas/appointments.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { WEBHOOK_DELIVERY } from '../../src/webhooks/delivery-schedule.ts';
import type { AppointmentEvent } from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import { MemoryOrderingStore } from '../../src/webhooks/ordering/memory.ts';
import { MemoryWebhookQueue } from '../../src/webhooks/queue/memory.ts';
import { reconcileAppointments } from '../../src/webhooks/reconcile.ts';
import { compareUpdatedAt } from '../../src/webhooks/stale.ts';
import { createWebhookWorker, type WebhookWorker } from '../../src/webhooks/worker.ts';
import { post } from './fixtures.ts';

const HOUR = 3_600_000;
const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const item of open.splice(0)) await item.close();
});

/** A consumer as the docs show it: handler → memory queue → worker, a conditional write. */
async function consumer(options: { everyMs?: number } = {}) {
  // Ten hours in the past, running: the retries flush() runs move it 8 h 36 min, and every
  // updated_at stays behind this machine's clock, as the service's would.
  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    now: () => Date.now() - 10 * HOUR,
  });
  const clinic = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: 'https://clinic.test',
    fetch: api.fetch,
    maxRetries: 0,
  });
  const local = new Map<string, Appointment>();
  /** `INSERT ... ON CONFLICT DO UPDATE ... WHERE updated_at <= EXCLUDED.updated_at`. */
  const write = (appointment: Appointment) => {
    const held = local.get(appointment.id!);
    if (!held || compareUpdatedAt(held.updated_at, appointment.updated_at) <= 0) {
      local.set(appointment.id!, appointment);
    }
  };
  const queue = new MemoryWebhookQueue({ backoffMs: 0 });
  const ordering = new MemoryOrderingStore();
  const handler = createWebhookHandler({ verify: 'unsigned', queue, logLevel: 'off' });
  const state = { down: false };
  const endpoint = api.webhooks.register({
    handler: (request) => (state.down ? new Response(null, { status: 503 }) : handler(request)),
    events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
  });
  const stale: string[] = [];
  const apply = (event: AppointmentEvent) => write(event.data);
  const worker: WebhookWorker = await createWebhookWorker({
    queue,
    ordering,
    logLevel: 'off',
    read: (id) => clinic.appointments.retrieve(id),
    on: {
      'appointment.created': apply,
      'appointment.updated': apply,
      'appointment.cancelled': apply,
    },
    onStale: (event) => void stale.push(event.id),
    ...(options.everyMs
      ? { reconcile: { client: clinic, apply: write, everyMs: options.everyMs } }
      : {}),
  });
  open.push(worker, queue);
  const patient = api.seed.patient({ name: 'Ana Souza' });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });
  /** Delivers what the service sent, and waits for the worker. */
  const settle = async () => {
    await api.webhooks.settle();
    await worker.idle();
  };
  const service = async () => {
    const all: Appointment[] = [];
    for await (const appointment of clinic.appointments.list()) all.push(appointment);
    return new Map(all.map((a) => [a.id!, a]));
  };
  const book = async (day: number) => {
    await api.clock.advance(60_000);
    return clinic.appointments.create({
      patient_id: patient.id,
      professional_id: professional.id,
      appointment_type_id: type.id,
      start_at: `2027-0${1 + (day % 9)}-1${day % 9}T09:00:00-03:00`,
    });
  };
  return {
    api,
    clinic,
    local,
    write,
    ordering,
    handler,
    endpoint,
    state,
    stale,
    worker,
    settle,
    service,
    book,
    professional,
    patient,
    type,
  };
}

describe('reconcileAppointments after the endpoint was disabled (spec 6.3)', () => {
  it('down until disabled, staff changes meanwhile, re-enabled, reconciled: the local copy equals the service; live events during the walk and a late old event move nothing back', async () => {
    const c = await consumer();
    const booked: Appointment[] = [];
    for (let day = 1; day <= 5; day++) booked.push(await c.book(day));
    await c.settle();
    expect(c.local).toEqual(await c.service());

    // The endpoint goes down; staff keep working. 20 deliveries exhaust their 6 attempts.
    c.state.down = true;
    const staff = async (id: string, changes: Parameters<typeof c.api.seed.change>[1]) => {
      await c.api.clock.advance(1_000);
      c.api.seed.change(id, changes);
    };
    for (let i = 0; i < WEBHOOK_DELIVERY.disableAfterConsecutiveFailures; i++) {
      const { id } = booked[i % booked.length]!;
      await staff(id!, {
        start_at: `2027-02-${String(1 + i).padStart(2, '0')}T1${i % 8}:00:00-03:00`,
      });
    }
    await c.api.webhooks.flush();
    expect(c.endpoint.enabled).toBe(false);
    // Disabled: nothing more is sent, whatever staff do (spec: "receives no events").
    await staff(booked[0]!.id!, { status: 'confirmed' });
    await staff(booked[1]!.id!, { status: 'cancelled' });
    const walkIn = c.api.seed.appointment(
      {
        patient_id: c.patient.id,
        professional_id: c.professional.id,
        appointment_type_id: c.type.id,
        start_at: '2027-03-03T08:00:00-03:00',
      },
      { emitEvent: true },
    );
    await c.settle();
    const before = await c.service();
    expect(c.local).not.toEqual(before);
    expect(c.local.has(walkIn.id)).toBe(false);

    // Re-enabled by hand; the events in between are gone: reconcile.
    c.endpoint.enable();
    c.state.down = false;
    const last = booked.at(-1)!.id!;
    let live = false;
    const result = await reconcileAppointments({
      client: c.clinic,
      ordering: c.ordering,
      apply: async (appointment) => {
        c.write(appointment);
        if (live) return;
        live = true;
        // Staff change an appointment the walk has read but not reached: its live event is
        // applied first, and the page's older state must not overwrite it.
        await c.api.clock.advance(1_000);
        c.api.seed.change(last, { status: 'confirmed' });
        await c.settle();
      },
    });
    const after = await c.service();
    expect(after.get(last)!.status).toBe('confirmed');
    expect(c.local).toEqual(after);
    expect(result).toMatchObject({ seen: 6, refused: 0 });
    expect(result.applied + result.skipped).toBe(6);
    expect(result.skipped).toBeGreaterThanOrEqual(1); // the appointment the live event moved on

    // Nothing changed: a second run applies nothing.
    expect(
      await reconcileAppointments({ client: c.clinic, ordering: c.ordering, apply: c.write }),
    ).toEqual({ seen: 6, applied: 0, skipped: 6, refused: 0 });

    // A late delivery of an event from before the outage ends moves nothing back.
    const old = c.api.events.find(
      (e) => e.type === 'appointment.updated' && e.data.id === booked[0]!.id,
    )!;
    expect((await c.handler(post(old))).status).toBe(200);
    await c.worker.idle();
    expect(c.stale).toContain(old.id);
    expect(c.local).toEqual(await c.service());
  });

  it("the worker's reconcile schedule runs the walk on its period, as a job that is not an event", async () => {
    const c = await consumer({ everyMs: 1_000 });
    const seeded = c.api.seed.appointment({
      patient_id: c.patient.id,
      professional_id: c.professional.id,
      appointment_type_id: c.type.id,
      start_at: '2027-03-04T08:00:00-03:00',
    }); // no event: only a walk finds it
    const until = Date.now() + 10_000;
    while (!c.local.has(seeded.id) && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await c.worker.idle();
    expect(c.local).toEqual(await c.service());
    expect((await c.worker.health()).lastJobAt).toBeGreaterThan(0);
  });
});
