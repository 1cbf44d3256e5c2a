/**
 * Envelopes for the webhook tests, built to spec 6.1 with the appointment of test/fixtures.ts, and
 * the handlers and workers that receive them.
 */
import type { Logger } from '../../src/core/logger.ts';
import type { Appointment } from '../../src/schemas/appointments.ts';
import type {
  AppointmentEvent,
  AppointmentEventType,
  PingEvent,
  WebhookEvent,
} from '../../src/webhooks/events.ts';
import { createWebhookHandler } from '../../src/webhooks/handler.ts';
import type { WebhookHandlerOptions } from '../../src/webhooks/options.ts';
import { MemoryWebhookQueue } from '../../src/webhooks/queue/memory.ts';
import { createWebhookWorker } from '../../src/webhooks/worker.ts';
import { appointmentWire } from '../fixtures.ts';

let counter = 0;

/** A second ago: envelopes are fresh unless a test says otherwise (`maxEventAgeMs`). */
export function recently(): string {
  return new Date(Date.now() - 1000).toISOString();
}

/** A fresh `evt_<uuid>` id. */
export function eventId(): string {
  counter += 1;
  return `evt_00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** An appointment event envelope. */
export function appointmentEvent(
  type: AppointmentEventType = 'appointment.created',
  data: Partial<Appointment> = {},
  overrides: Partial<Omit<AppointmentEvent, 'data' | 'type'>> = {},
): AppointmentEvent {
  return {
    id: eventId(),
    type,
    created_at: recently(),
    api_version: 'v1',
    company_id: 1,
    data: appointmentWire(data),
    ...overrides,
  } as AppointmentEvent;
}

/** A ping envelope. */
export function pingEvent(overrides: Partial<PingEvent> = {}): PingEvent {
  return {
    id: eventId(),
    type: 'ping',
    created_at: recently(),
    api_version: 'v1',
    company_id: 1,
    data: { message: 'Test event' },
    ...overrides,
  };
}

/** A POST of `body` (a string as it is, anything else as JSON) to a consumer URL. */
export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request('https://consumer.example/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/**
 * Runs `jobs` through a worker on a memory queue of 2 attempts, logging at `debug` to `logger`,
 * whose `appointment.updated` handler always throws; resolves with the queue once idle.
 */
export async function runLoggingWorker(
  logger: Logger,
  jobs: ReadonlyArray<{ id: string; event: unknown }>,
): Promise<MemoryWebhookQueue> {
  const queue = new MemoryWebhookQueue({ attempts: 2, backoffMs: 0 });
  const worker = await createWebhookWorker({
    queue,
    logger,
    logLevel: 'debug',
    on: {
      'appointment.updated': () => {
        throw new Error('x');
      },
    },
  });
  for (const job of jobs) await queue.enqueue({ ...job, receivedAt: Date.now() } as never);
  await worker.idle();
  await worker.close();
  return queue;
}

/**
 * A handler (`verify: 'unsigned'`) that records each `appointment.created` event it runs in
 * `seen`, and whose errors are collected in `errors` instead of logged.
 */
export function collectingHandler(options: Partial<WebhookHandlerOptions> = {}) {
  const errors: Array<{ error: unknown; event?: WebhookEvent }> = [];
  const seen: WebhookEvent[] = [];
  const handler = createWebhookHandler({
    verify: 'unsigned',
    on: {
      'appointment.created': (event) => {
        seen.push(event);
      },
    },
    onError: (error, event) => {
      errors.push({ error, event });
    },
    ...options,
  });
  return { handler, errors, seen };
}

/** A handler's answer: its status and JSON body. */
export async function answerOf(response: Response) {
  return { status: response.status, body: await response.json() };
}

/** The `detail` of a handler's answer. */
export async function detailIn(response: Promise<Response>): Promise<string> {
  return ((await (await response).json()) as { detail: string }).detail;
}

/** The `detail` a quiet unsigned handler with `options` answers to `request`, once it drained. */
export async function detailOf(
  request: Request,
  options: Partial<WebhookHandlerOptions> = {},
): Promise<string> {
  const handler = createWebhookHandler({ verify: 'unsigned', onError: () => {}, ...options });
  const detail = await detailIn(handler(request));
  await handler.drain();
  return detail;
}

/** A dedupe store whose claims end as `claim` does (a failure, or never). */
export function storeOf(claim: () => Promise<never>) {
  return { claim, complete: async () => {}, release: async () => {} } as never;
}

/** A POST whose body sends `chunk`, then fails with `failure` or stays open. */
export function openBody(chunk: string, failure?: Error): Request {
  return new Request('https://consumer.example/webhooks', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(chunk));
        if (failure) controller.error(failure);
      },
    }),
    duplex: 'half',
  } as RequestInit);
}
