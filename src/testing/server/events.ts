/** Webhook envelopes (spec 6.1) the reference server emits on appointment changes. @module */
import type { Appointment } from '../../schemas/appointments.ts';
import type {
  AppointmentEvent,
  AppointmentEventType,
  PingData,
  PingEvent,
  WebhookEvent,
  WebhookEventOf,
  WebhookEventType,
} from '../../webhooks/events.ts';
import { BoundedLog } from './bounded-log.ts';
import { formatClinicInstant } from './time.ts';

export type { AppointmentEventType, WebhookEventType };

/** An envelope as the reference server emits it (frozen): the type `parseWebhookEvent` returns. */
export type WebhookEnvelope = WebhookEvent;
/** An envelope about an appointment: `data` is the appointment exactly as GET returns it. */
export type AppointmentEventEnvelope = AppointmentEvent;
/** A `ping` envelope: `data` is `{ message }` rather than an appointment. */
export type PingEventEnvelope = PingEvent;

/** A function called with each envelope, in order, right after the change it reports. */
export type EventListener = (envelope: WebhookEnvelope) => void;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const member of Object.values(value)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

/** Builds a frozen envelope of `type` for clinic `companyId` at `now` (ms: `api.clock.now()`). */
export function createEnvelope<T extends WebhookEventType>(
  type: T,
  companyId: number,
  data: T extends 'ping' ? PingData : Appointment,
  now: number,
): WebhookEventOf<T> {
  return deepFreeze({
    id: `evt_${crypto.randomUUID()}`,
    type,
    created_at: formatClinicInstant(now),
    api_version: 'v1',
    company_id: companyId,
    data: structuredClone(data),
  }) as unknown as WebhookEventOf<T>;
}

/** Envelopes and listeners; a throwing listener's error is rethrown on a microtask. */
export class EventLog {
  readonly #log: BoundedLog<WebhookEnvelope>;
  readonly #listeners = new Set<EventListener>();

  constructor(limit = Number.POSITIVE_INFINITY, byteLimit = Number.POSITIVE_INFINITY) {
    this.#log = new BoundedLog(limit, byteLimit);
  }

  /** Emitted since start or reset (within the bounds), oldest first. */
  get events(): WebhookEnvelope[] {
    return this.#log.entries;
  }

  /** Adds a listener; returns the function that removes it. */
  on(listener: EventListener): () => void {
    if (typeof listener !== 'function') throw new TypeError('onEvent(listener) takes a function');
    // A wrapper, so the same function subscribed twice is called twice and removed once.
    const entry: EventListener = (envelope) => listener(envelope);
    this.#listeners.add(entry);
    return () => {
      this.#listeners.delete(entry);
    };
  }

  emit(envelope: WebhookEnvelope): void {
    this.#log.append(envelope, JSON.stringify(envelope).length);
    for (const listener of [...this.#listeners]) {
      try {
        listener(envelope);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  /** New bounds for the log (oldest dropped). */
  setLimits(limit: number, byteLimit: number): void {
    this.#log.setLimits(limit, byteLimit);
  }

  /** Empties the log (listeners stay). */
  clear(): void {
    this.#log.clear();
  }
}
