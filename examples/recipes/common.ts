/**
 * What every recipe of this folder shares, whatever the framework: the webhook handler (with
 * its `verify`), the booking call, and the settings read from the environment. Copy it with the
 * recipe of your framework.
 *
 * Environment:
 *   CLINIC_BASE_URL, CLINIC_API_KEY   the service (read by ClinicClient)
 *   WEBHOOK_SECRET                    the secret of YOUR signature check (see verifySignature)
 *   PORT (default 3000), HOST (default 127.0.0.1)
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  APIError,
  type Appointment,
  type AppointmentCreateParams,
  type ClinicClient,
  ValidationError,
} from '@clinic-scheduling/sdk';
import {
  createWebhookHandler,
  type WebhookEvent,
  type WebhookHandler,
} from '@clinic-scheduling/sdk/webhooks';

/** Where each recipe mounts its routes. */
export const WEBHOOK_PATH = '/webhooks/clinic';
export const BOOKING_PATH = '/bookings';

/**
 * The header of the signature check, and its format `sha256=<hex HMAC of the raw body>`.
 *
 * This is the integrator's own choice, not the service's: the spec shows no signature scheme
 * (spec 6.3 rule 5). Use it where you control what sits in front of this endpoint (a gateway or
 * relay that signs with your secret); with the scheme the service documents to you, check that
 * instead, in the same place.
 */
export const SIGNATURE_HEADER = 'x-webhook-signature';

/** The settings of a recipe, from the environment; exits with what to set when one is missing. */
export function settings(): { secret: string; port: number; host: string } {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error(
      'WEBHOOK_SECRET is not set: set it to the secret your signature check uses ' +
        `(the ${SIGNATURE_HEADER} header, see examples/recipes/common.ts).`,
    );
    process.exit(2);
  }
  return {
    secret,
    port: Number(process.env.PORT ?? 3000),
    host: process.env.HOST ?? '127.0.0.1',
  };
}

/** `sha256=<hex>` of the body with the secret: what {@link verifySignature} expects. */
export function sign(secret: string, rawBody: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Checks {@link SIGNATURE_HEADER} against the raw bytes, in constant time. */
export function verifySignature(secret: string, request: Request, rawBody: Uint8Array): boolean {
  const given = Buffer.from(request.headers.get(SIGNATURE_HEADER) ?? '');
  const expected = Buffer.from(sign(secret, rawBody));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The Fetch-API webhook handler every recipe mounts. The `log` line stands for your own work
 * (an upsert by `event.data.id`, a queue...); the handler deduplicates redeliveries by id.
 */
export function webhookHandler(
  secret: string,
  log: (line: string) => void = console.log,
): WebhookHandler {
  const record = (event: WebhookEvent) => {
    const subject = event.type === 'ping' ? event.data.message : event.data.id;
    log(`webhook ${event.type} ${subject}`);
  };
  return createWebhookHandler({
    verify: (request, rawBody) => verifySignature(secret, request, rawBody),
    onAny: record,
    onError: (error) => log(`webhook error ${(error as Error).name}: ${(error as Error).message}`),
  });
}

/** A framework-neutral answer: each recipe writes it with its framework's own calls. */
export interface Answer {
  status: number;
  body: { appointment: Appointment; replayed: boolean } | { detail: string; fields?: unknown };
}

/**
 * Books an appointment for one booking intent. `intentKey` is the `Idempotency-Key` header of
 * the request: the caller (your booking form) makes one per intent and sends the same one
 * again when it retries, so a retry after a lost answer returns the appointment already booked
 * instead of booking twice. Answers 201 when booked, 200 (`replayed: true`) for an intent
 * booked before, 400 for an input the SDK refuses before sending, 409 or 422 for the service's
 * refusals (`slot_blocked`, `room_required`, a key reused with another body).
 */
export async function book(
  clinic: ClinicClient,
  body: unknown,
  intentKey: string | undefined,
): Promise<Answer> {
  if (!intentKey) {
    return {
      status: 400,
      body: { detail: 'Send an Idempotency-Key header, one per booking intent, reused on retry.' },
    };
  }
  try {
    const { data, replayed } = await clinic.appointments
      .create(body as AppointmentCreateParams, { idempotencyKey: intentKey })
      .withResponse();
    return { status: replayed ? 200 : 201, body: { appointment: data, replayed } };
  } catch (error) {
    if (error instanceof ValidationError) {
      return { status: 400, body: { detail: error.message, fields: error.fields } };
    }
    // The service's refusals a user can act on (slot_blocked, room_required, a reused key...).
    if (error instanceof APIError && (error.status === 409 || error.status === 422)) {
      return { status: error.status, body: { detail: error.detail ?? error.message } };
    }
    throw error;
  }
}
