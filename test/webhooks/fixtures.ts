/**
 * Envelopes for the webhook tests, built to spec 6.1 with an appointment of spec 2.1.
 */
import type { Appointment } from '../../src/schemas/appointments.ts';
import type {
  AppointmentEvent,
  AppointmentEventType,
  PingEvent,
} from '../../src/webhooks/events.ts';

let counter = 0;

/** A fresh `evt_<uuid>` id. */
export function eventId(): string {
  counter += 1;
  return `evt_00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

/** An appointment as GET /appointments/{id} returns it. */
export function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '3f1c2b9a-6d7e-4f80-9a1b-2c3d4e5f6a7b',
    appointment_type: { id: 1, name: 'Consulta' },
    patient: { id: 7, name: 'Ana Souza', phone: '+5511999990000' },
    professional: { id: 3, name: 'Dra. Lima', specialty: 'Cardiologia' },
    room: { id: 2, name: 'Sala 2' },
    start_at: '2026-03-02T14:30:00-03:00',
    end_at: '2026-03-02T15:00:00-03:00',
    modality: 'in_person',
    origin: 'api',
    status: 'scheduled',
    created_at: '2026-03-01T10:00:00-03:00',
    updated_at: '2026-03-01T10:00:00-03:00',
    ...overrides,
  };
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
    created_at: '2026-03-01T10:00:01-03:00',
    api_version: 'v1',
    company_id: 1,
    data: appointment(data),
    ...overrides,
  } as AppointmentEvent;
}

/** A ping envelope. */
export function pingEvent(overrides: Partial<PingEvent> = {}): PingEvent {
  return {
    id: eventId(),
    type: 'ping',
    created_at: '2026-03-01T10:00:01-03:00',
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
