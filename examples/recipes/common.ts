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
  APIConnectionError,
  APIError,
  type Appointment,
  type AppointmentCreateParams,
  AuthenticationError,
  type ClinicClient,
  ClinicError,
  PermissionDeniedError,
  RateLimitError,
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
  headers: Record<string, string>;
  body: { appointment: Appointment; replayed: boolean } | { detail: string; fields?: unknown };
}

const answer = (status: number, body: Answer['body'], headers = {}): Answer => ({
  status,
  headers,
  body,
});

/**
 * This service's answer to an error of the SDK. The status of an SDK error is the scheduling
 * service's answer to *this* service, not the caller's answer: passed through (as Fastify's and
 * NestJS's default error handlers pass any `status`), a revoked clinic key would tell your user
 * "401 unauthorized". So only what the user can act on keeps its meaning (their input, a taken
 * time, a key reused with another body); a refused key, a missing scope or any other upstream
 * answer is this service's 502 (and your alert: `log` gets the real reason); a rate limit or an
 * unreachable service is 503 with `Retry-After`. Anything else is not an SDK error: rethrown.
 */
export function answerError(error: unknown, log: (line: string) => void = console.error): Answer {
  if (error instanceof ValidationError) {
    return answer(400, { detail: error.message, fields: error.fields });
  }
  if (!(error instanceof ClinicError)) throw error;
  if (error instanceof APIError && [400, 409, 422].includes(error.status)) {
    return answer(error.status, { detail: error.detail ?? error.message });
  }
  if (error instanceof RateLimitError || error instanceof APIConnectionError) {
    const seconds = error instanceof RateLimitError ? (error.retryAfterMs ?? 1_000) / 1_000 : 5;
    log(`booking: the scheduling service is busy or unreachable: ${error.name}`);
    return answer(
      503,
      { detail: 'Booking is unavailable right now; try again shortly.' },
      { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
    );
  }
  if (error instanceof AuthenticationError || error instanceof PermissionDeniedError) {
    // Ours to fix (a revoked key, a missing scope): an alert, never the caller's 401 or 403.
    log(`booking: ALERT the scheduling service refused this service's key: ${error.message}`);
  } else {
    log(`booking: the scheduling service failed: ${error.name}: ${error.message}`);
  }
  return answer(502, { detail: 'Booking is unavailable right now; try again later.' });
}

/**
 * Books an appointment for one booking intent. `intentKey` is the `Idempotency-Key` header of
 * the request: the caller (your booking form) makes one per intent and sends the same one
 * again when it retries, so a retry after a lost answer returns the appointment already booked
 * instead of booking twice. Answers 201 when booked, 200 (`replayed: true`) for an intent
 * booked before, 400 for an input refused, 409 or 422 for the service's refusals
 * (`slot_blocked`, `room_required`, a key reused with another body), and for every other
 * error what {@link answerError} says.
 */
export async function book(
  clinic: ClinicClient,
  body: unknown,
  intentKey: string | undefined,
): Promise<Answer> {
  if (!intentKey) {
    return answer(400, {
      detail: 'Send an Idempotency-Key header, one per booking intent, reused on retry.',
    });
  }
  try {
    const { data, replayed } = await clinic.appointments
      .create(body as AppointmentCreateParams, { idempotencyKey: intentKey })
      .withResponse();
    return answer(replayed ? 200 : 201, { appointment: data, replayed });
  } catch (error) {
    return answerError(error);
  }
}
