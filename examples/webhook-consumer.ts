/**
 * A webhook consumer on node:http: it keeps a local copy of the clinic's appointments up to
 * date from the service's events (spec 6).
 *
 * - duplicates (delivery is at-least-once) are dropped by envelope id;
 * - events older than the copy (retries reorder them; your own writes echo back) are skipped
 *   with a StaleEventGuard, and an event it cannot order (two changes within one second share
 *   `updated_at`) is settled by reading the appointment (`guard.resolve`);
 * - a slow handler is acknowledged with 202 before the service's 10 s limit;
 * - `verify` checks a signature. The spec does not show the service's scheme, so the HMAC-SHA256
 *   over the raw body below (`x-example-signature: sha256=<hex>`) is an EXAMPLE: replace
 *   `signatureOf` and the header name by what the service documents to you. The demo signs the
 *   simulator's deliveries with the same function (`register({ sign })`), and shows a forged
 *   delivery refused with 401.
 *
 * Run it (Node 24 from the project's devDependencies):
 *
 *   WEBHOOK_SECRET=... npm exec -- node examples/webhook-consumer.ts   listens on PORT (default 3000), POST /webhooks
 *   npm exec -- node examples/webhook-consumer.ts --demo                the reference server delivers to it
 *
 * It imports the package by name, as your project does; inside this repository the name
 * resolves to dist/, so run `npm run build` first (`npm test` rebuilds it when stale).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
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

/** The example's signature header. The service's own name is not shown in the spec. */
const SIGNATURE_HEADER = 'x-example-signature';

/** `sha256=<hex>` of the raw body under `secret`: the example scheme, on both sides. */
export function signatureOf(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** The signer of the simulator's deliveries in tests: `register({ sign: signer(secret) })`. */
export function signer(secret: string): (body: string) => Record<string, string> {
  return (body) => ({ [SIGNATURE_HEADER]: signatureOf(secret, body) });
}

/** The `verify` of the handler: the signature of the raw bytes, compared in constant time. */
export function hmacVerifier(secret: string): WebhookVerifier {
  return (request, rawBody) => {
    const given = Buffer.from(request.headers.get(SIGNATURE_HEADER) ?? '');
    const expected = Buffer.from(signatureOf(secret, rawBody));
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}

/**
 * Builds the consumer. `verify` is your signature check; `read` fetches the current
 * appointment (`(id) => clinic.appointments.retrieve(id)`), for events `updated_at` cannot order.
 */
export function createConsumer(options: {
  verify: WebhookVerifier;
  read: (id: string) => Promise<Appointment>;
  log?: boolean;
}): Consumer {
  const log = options.log === false ? () => {} : console.log;
  const appointments = new Map<string, Appointment>();
  const guard = new StaleEventGuard();

  const save = (appointment: Appointment) => {
    if (!appointment.id) return;
    appointments.set(appointment.id, appointment); // an upsert by id: idempotent
    guard.record(appointment);
  };

  const onAppointment = async (event: AppointmentEvent) => {
    // The state to apply: the event's, the API's when updated_at cannot order them, or none.
    const state = await guard.resolve(event, options.read);
    if (state) save(state);
    log(
      `${event.type} ${event.data.id} ${event.data.status}${state ? '' : ' (skipped: not newer)'}`,
    );
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

  const recordOwnWrite = (appointment: Appointment) => {
    if (guard.freshness(appointment) !== 'older') save(appointment);
  };
  return { server, handler, appointments, recordOwnWrite };
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
  const secret = randomBytes(32).toString('hex'); // the endpoint's signing secret, for this run
  let clinic: ClinicClient | undefined;
  const consumer = createConsumer({
    verify: hmacVerifier(secret),
    read: (id) => clinic!.appointments.retrieve(id),
    log: options.log,
  });
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
    sign: signer(secret), // the service signs with the endpoint's secret
  });
  api.webhooks.ping(endpoint);

  clinic = new ClinicClient({
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
  // Anyone can POST to a public URL: a well-formed envelope without the signature is refused.
  const forged = await fetch(local, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...api.events.at(-1), id: `evt_${crypto.randomUUID()}` }),
  });
  await shutdown(consumer);
  const server = await clinic.appointments.retrieve(created.id!);
  return {
    consumer: consumer.appointments.get(created.id!),
    server,
    deliveries: api.webhooks.deliveries,
    attempts: api.webhooks.attempts,
    forgedStatus: forged.status,
  };
}

if (import.meta.main) {
  if (process.argv.includes('--demo')) {
    const { consumer, server, attempts, forgedStatus } = await demo();
    console.log(
      `${attempts.length} delivery attempts; statuses: ${attempts.map((a) => a.status).join(', ')}`,
    );
    console.log(`a forged delivery (no signature) was answered ${forgedStatus}`);
    console.log(
      `consumer copy equals the server: ${JSON.stringify(consumer) === JSON.stringify(server)}`,
    );
  } else {
    const secret = process.env.WEBHOOK_SECRET;
    if (!secret) {
      console.error('Set WEBHOOK_SECRET to the endpoint secret shown in the web application.');
      process.exit(1);
    }
    const clinic = new ClinicClient(); // CLINIC_API_KEY and CLINIC_BASE_URL from the environment
    const consumer = createConsumer({
      verify: hmacVerifier(secret),
      read: (id) => clinic.appointments.retrieve(id),
    });
    const port = Number(process.env.PORT ?? 3000);
    consumer.server.listen(port, () => console.log(`POST http://localhost:${port}/webhooks`));
    process.once('SIGTERM', () => void shutdown(consumer));
    process.once('SIGINT', () => void shutdown(consumer));
  }
}
