/** The webhook envelope (spec 6.1) and its event types (spec 6.2): schemas, types, parser. @module */
import * as z from 'zod';
import { ResponseReader } from '../core/response-check.ts';
import { Appointment } from '../schemas/appointments.ts';
import { issuesToFields } from '../schemas/errors.ts';
import { ResponseDateTime } from '../schemas/fields/index.ts';
import { WebhookPayloadError } from './errors.ts';

/** The event types of spec 6.2, in the order the spec lists them. */
export const WEBHOOK_EVENT_TYPES = [
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
  'ping',
] as const;

/** One of the four event types: `appointment.created`, `.updated`, `.cancelled` or `ping`. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event types that carry an appointment in `data` (every type but `ping`). */
export const APPOINTMENT_EVENT_TYPES = [
  'appointment.created',
  'appointment.updated',
  'appointment.cancelled',
] as const;

/** An event type whose `data` is an appointment. */
export type AppointmentEventType = (typeof APPOINTMENT_EVENT_TYPES)[number];

const EVENT_ID_PATTERN =
  /^evt_[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

const envelope = {
  /** `evt_<uuid>`, stable across redeliveries of the same event: the deduplication key. */
  id: z.string({ error: 'must be a string' }).regex(EVENT_ID_PATTERN, {
    error: 'must be evt_ followed by a UUID',
  }),
  /** ISO 8601 instant at which the event was generated (America/Sao_Paulo). */
  created_at: ResponseDateTime,
  /** Always `v1`. */
  api_version: z.literal('v1', {
    error: 'must be v1 (the only version of the API; this SDK reads v1 envelopes)',
  }),
  /** The clinic that owns the appointment. */
  company_id: z.number({ error: 'must be an integer' }).int({ error: 'must be an integer' }),
};

/** Schema of a `ping`'s `data`: one string field `message`, a fixed text (spec 6.2). */
export const PingData = z.object({
  /** The fixed text of the test button. */
  message: z.string({ error: 'must be a string' }),
});
/** `data` of a `ping` event. */
export type PingData = z.infer<typeof PingData>;

function appointmentEvent<T extends AppointmentEventType>(type: T) {
  return z.object({
    ...envelope,
    /** The event type. */
    type: z.literal(type),
    /** The full appointment, the same shape as `GET /appointments/{id}` returns. */
    data: Appointment,
  });
}

/** Schema of an `appointment.created` envelope. */
export const AppointmentCreatedEventSchema = appointmentEvent('appointment.created');
/** Schema of an `appointment.updated` envelope. */
export const AppointmentUpdatedEventSchema = appointmentEvent('appointment.updated');
/** Schema of an `appointment.cancelled` envelope. */
export const AppointmentCancelledEventSchema = appointmentEvent('appointment.cancelled');
/** Schema of a `ping` envelope. */
export const PingEventSchema = z.object({
  ...envelope,
  /** Always `ping`. */
  type: z.literal('ping'),
  /** `{ message }` with a fixed text, rather than an appointment. */
  data: PingData,
});

/** The envelope of spec 6.1, discriminated by `type`; unknown members are dropped. */
export const WebhookEventSchema = z.discriminatedUnion(
  'type',
  [
    AppointmentCreatedEventSchema,
    AppointmentUpdatedEventSchema,
    AppointmentCancelledEventSchema,
    PingEventSchema,
  ],
  { error: `must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}` },
);

/** An appointment was created; with `data.origin` `api` it may echo your own write. */
export type AppointmentCreatedEvent = Omit<
  z.infer<typeof AppointmentCreatedEventSchema>,
  'data'
> & {
  /** The appointment, its enums open: a value the spec may add later arrives as sent. */
  data: Appointment;
};
/** An appointment changed: time, status, professional, room, modality and so on. */
export type AppointmentUpdatedEvent = Omit<
  z.infer<typeof AppointmentUpdatedEventSchema>,
  'data'
> & {
  /** The appointment as it is now. */
  data: Appointment;
};
/** An appointment was cancelled; `data` is the appointment as it is now. */
export type AppointmentCancelledEvent = Omit<
  z.infer<typeof AppointmentCancelledEventSchema>,
  'data'
> & {
  /** The appointment, cancelled. */
  data: Appointment;
};
/** The web application's test button was used; recognise it by `type` ({@link isPing}). */
export type PingEvent = z.infer<typeof PingEventSchema>;
/** An event that carries an appointment in `data`. */
export type AppointmentEvent =
  | AppointmentCreatedEvent
  | AppointmentUpdatedEvent
  | AppointmentCancelledEvent;
/** A webhook envelope (spec 6.1); narrow it with `switch (event.type)`. */
export type WebhookEvent = AppointmentEvent | PingEvent;
/** The event of a given type. */
export type WebhookEventOf<T extends WebhookEventType> = Extract<
  WebhookEvent,
  {
    /** The event type to pick. */
    type: T;
  }
>;

/** What {@link parseWebhookEvent} accepts: the raw body (text or bytes) or a parsed object. */
export type WebhookBody = string | Uint8Array | ArrayBuffer | object;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const quiet = () => {};
// A new enum value must not fail every delivery: 20 failures disable the endpoint (spec 6.3).
const compatible = new ResponseReader(
  'compatible',
  { error: quiet, warn: quiet, info: quiet, debug: quiet },
  undefined,
);

/**
 * Parses a body (text, bytes or parsed JSON) into a typed event; a new appointment enum value is
 * passed on as sent. Throws {@link WebhookPayloadError} for non-UTF-8, non-JSON or a bad envelope.
 */
export function parseWebhookEvent(body: WebhookBody): WebhookEvent {
  let value: unknown = body;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer) {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch (cause) {
      throw new WebhookPayloadError('The webhook body is not valid UTF-8 text.', {}, { cause });
    }
    try {
      value = JSON.parse(text);
    } catch (cause) {
      throw new WebhookPayloadError('The webhook body is not valid JSON.', {}, { cause });
    }
  }
  const result = WebhookEventSchema.safeParse(value);
  if (!result.success) {
    // Only the appointment's enums are open; the envelope's own values (`api_version`) are not.
    if (result.error.issues.every((issue) => issue.path[0] === 'data')) {
      const open = compatible.check(WebhookEventSchema, value, { method: 'POST', path: 'webhook' });
      if (open.ok) return open.data as WebhookEvent;
    }
    const issues = issuesToFields(result.error.issues);
    const summary = Object.entries(issues)
      .map(
        ([path, messages]) =>
          `${path === 'non_field_errors' ? '(body)' : path}: ${messages.join('; ')}`,
      )
      .join(', ');
    throw new WebhookPayloadError(`Invalid webhook envelope: ${summary}`, issues);
  }
  return result.data;
}

/** Whether an event is a `ping`, by `type` (spec 6.2 rule 2), never by the shape of `data`. */
export function isPing(event: WebhookEvent): event is PingEvent {
  return event.type === 'ping';
}

/** Whether an event carries an appointment (`appointment.created`, `.updated`, `.cancelled`). */
export function isAppointmentEvent(event: WebhookEvent): event is AppointmentEvent {
  return event.type !== 'ping';
}
