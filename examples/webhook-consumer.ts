/**
 * A webhook consumer on node:http: it keeps a local copy of the clinic's appointments up to
 * date from the service's events (spec 6).
 *
 * - duplicates (delivery is at-least-once) are dropped by envelope id;
 * - events older than the copy (retries reorder them; your own writes echo back) are skipped
 *   with a StaleEventGuard;
 * - a slow handler is acknowledged with 202 before the service's 10 s limit;
 * - `verify` is where the signature check the service gives you goes: the spec does not show
 *   the scheme, so this example ships none.
 *
 * Run it (Node 24 from the project's devDependencies):
 *
 *   npm exec -- node examples/webhook-consumer.ts          listens on PORT (default 3000), POST /webhooks
 *   npm exec -- node examples/webhook-consumer.ts --demo   the reference server delivers to it
 *
 * It imports the package by name, as your project does; inside this repository the name
 * resolves to dist/, so run `npm run build` first (`npm test` rebuilds it when stale).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Appointment, ClinicClient } from '@clinic-scheduling/sdk';
import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
import {
  type AppointmentEvent,
  createWebhookHandler,
  StaleEventGuard,
  toNodeListener,
  type WebhookHandler,
  type WebhookVerifier,
} from '@clinic-scheduling/sdk/webhooks';

/** What {@link createConsumer} returns. */
export interface Consumer {
  /** The node:http server: POST /webhooks; anything else is 404. */
  server: Server;
  /** The Fetch-API webhook handler behind it. */
  handler: WebhookHandler;
  /** The local copy of the appointments, by id: your database in a real consumer. */
  appointments: Map<string, Appointment>;
  /** Records an appointment your own write returned, so that its echo is not applied twice. */
  recordOwnWrite(appointment: Appointment): void;
}

/** Builds the consumer. `verify` is your signature check (none by default: see the header). */
export function createConsumer(
  options: { verify?: WebhookVerifier; log?: boolean } = {},
): Consumer {
  const log = options.log === false ? () => {} : console.log;
  const appointments = new Map<string, Appointment>();
  const guard = new StaleEventGuard();

  const save = (appointment: Appointment) => {
    if (!appointment.id || guard.isStale(appointment)) return false;
    appointments.set(appointment.id, appointment); // an upsert by id: idempotent
    guard.record(appointment);
    return true;
  };

  const onAppointment = (event: AppointmentEvent) => {
    const applied = save(event.data);
    log(`${event.type} ${event.data.id} ${event.data.status}${applied ? '' : ' (stale: skipped)'}`);
  };

  const handler = createWebhookHandler({
    on: {
      'appointment.created': onAppointment,
      'appointment.updated': onAppointment,
      'appointment.cancelled': onAppointment,
      ping: (event) => log(`ping: ${event.data.message}`),
    },
    verify: options.verify,
    onError: (error, event) => {
      console.error(`webhook ${event?.id ?? '(unparsed)'} failed:`, error);
    },
  });

  const listener = toNodeListener(handler);
  const server = createServer((req, res) => {
    if (req.url === '/webhooks') return void listener(req, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
  });

  return { server, handler, appointments, recordOwnWrite: (a) => void save(a) };
}

/** Stops accepting requests, then waits for work acknowledged with 202 to finish. */
export async function shutdown(consumer: Consumer): Promise<void> {
  await new Promise<void>((resolve) => consumer.server.close(() => resolve()));
  await consumer.handler.drain();
}

/**
 * The demo: the reference server emits events for writes made through the client, and
 * delivers them to this consumer over node:http on 127.0.0.1. Its endpoint is registered as
 * `https://consumer.example/webhooks` (the service accepts only public HTTPS), and its `fetch`
 * routes that URL to the local port. Returns both views of the appointments.
 */
export async function demo(options: { log?: boolean } = {}) {
  const consumer = createConsumer({ log: options.log });
  await new Promise<void>((resolve) => consumer.server.listen(0, '127.0.0.1', resolve));
  const local = `http://127.0.0.1:${(consumer.server.address() as AddressInfo).port}/webhooks`;

  const api = createReferenceServer({
    baseUrl: 'https://clinic.test',
    webhooks: {
      // Route the public URL to the local server; the simulator never sends traffic itself.
      fetch: async (request) =>
        fetch(local, {
          method: request.method,
          headers: request.headers,
          body: await request.arrayBuffer(),
          signal: request.signal,
        }),
      duplicate: 0.5,
      reorder: true,
    },
  });
  const endpoint = api.webhooks.register({
    url: 'https://consumer.example/webhooks',
    events: ['appointment.created', 'appointment.updated', 'appointment.cancelled'],
  });
  api.webhooks.ping(endpoint);

  const clinic = new ClinicClient({
    apiKey: api.issueApiKey({ preset: 'full_access' }),
    baseUrl: api.baseUrl,
    fetch: api.fetch,
  });
  const patient = api.seed.patient({ name: 'Ana Souza' });
  const professional = api.seed.professional({ name: 'Dra. Lima' });
  const type = api.seed.appointmentType({ name: 'Consulta' });

  const created = await clinic.appointments.create({
    patient_id: patient.id,
    professional_id: professional.id,
    appointment_type_id: type.id,
    start_at: '2026-03-02T14:30:00-03:00',
  });
  consumer.recordOwnWrite(created); // its appointment.created will echo back
  await api.clock.advance(1_000);
  consumer.recordOwnWrite(await clinic.appointments.update(created.id!, { status: 'confirmed' }));
  await api.clock.advance(1_000);
  consumer.recordOwnWrite(await clinic.appointments.cancel(created.id!));

  await api.webhooks.flush(); // every delivery, duplicates and reordered ones included
  await shutdown(consumer);
  const server = await clinic.appointments.retrieve(created.id!);
  return {
    consumer: consumer.appointments.get(created.id!),
    server,
    deliveries: api.webhooks.deliveries,
    attempts: api.webhooks.attempts,
  };
}

if (import.meta.main) {
  if (process.argv.includes('--demo')) {
    const { consumer, server, attempts } = await demo();
    console.log(
      `${attempts.length} delivery attempts; statuses: ${attempts.map((a) => a.status).join(', ')}`,
    );
    console.log(
      `consumer copy equals the server: ${JSON.stringify(consumer) === JSON.stringify(server)}`,
    );
  } else {
    const consumer = createConsumer();
    const port = Number(process.env.PORT ?? 3000);
    consumer.server.listen(port, () => console.log(`POST http://localhost:${port}/webhooks`));
    process.once('SIGTERM', () => void shutdown(consumer));
    process.once('SIGINT', () => void shutdown(consumer));
  }
}
