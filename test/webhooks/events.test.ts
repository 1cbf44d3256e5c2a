import { describe, expect, it } from 'vitest';
import { ClinicError } from '../../src/core/errors/index.ts';
import { WebhookPayloadError } from '../../src/webhooks/errors.ts';
import {
  isAppointmentEvent,
  isPing,
  parseWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
} from '../../src/webhooks/events.ts';
import { appointmentEvent, pingEvent } from './fixtures.ts';

function payloadError(body: unknown): WebhookPayloadError {
  try {
    parseWebhookEvent(body as string);
  } catch (error) {
    expect(error).toBeInstanceOf(WebhookPayloadError);
    return error as WebhookPayloadError;
  }
  throw new Error('parseWebhookEvent accepted the body');
}

describe('spec 6.1: the envelope', () => {
  const event = appointmentEvent('appointment.created');
  const text = JSON.stringify(event);

  it('parses a string, bytes (Uint8Array, Buffer, ArrayBuffer) and an object alike', () => {
    const bytes = new TextEncoder().encode(text);
    for (const body of [text, bytes, Buffer.from(text), bytes.buffer, JSON.parse(text)]) {
      expect(parseWebhookEvent(body)).toEqual(event);
    }
  });

  it('has the four types of spec 6.2, discriminated by type', () => {
    expect(WEBHOOK_EVENT_TYPES).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
      'ping',
    ]);
    for (const type of [
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
    ] as const) {
      const parsed = parseWebhookEvent(appointmentEvent(type, { status: 'cancelled' }));
      expect(parsed.type).toBe(type);
      if (parsed.type !== 'ping') expect(parsed.data.status).toBe('cancelled');
    }
    const ping = parseWebhookEvent(pingEvent());
    expect(ping).toMatchObject({ type: 'ping', data: { message: 'Test event' } });
  });

  it('narrows data by type', () => {
    const parsed: WebhookEvent = parseWebhookEvent(appointmentEvent('appointment.updated'));
    switch (parsed.type) {
      case 'ping':
        throw new Error('not a ping');
      default:
        // Typed as Appointment: this line would not compile for a ping.
        expect(parsed.data.appointment_type.name).toBe('Consulta');
    }
  });

  it('rejects an api_version other than v1, naming api_version', () => {
    const error = payloadError({ ...event, api_version: 'v2' });
    expect(error.paths).toEqual(['api_version']);
    expect(error.issues.api_version).toEqual([expect.any(String)]);
  });

  it('rejects an unknown type, naming type', () => {
    const error = payloadError({ ...event, type: 'patient.created' });
    expect(error.paths).toEqual(['type']);
    expect(error.message).toContain(
      'type: must be one of appointment.created, appointment.updated',
    );
  });

  it('rejects an id that is not evt_<uuid>', () => {
    expect(payloadError({ ...event, id: 'evt_123' }).paths).toEqual(['id']);
    expect(payloadError({ ...event, id: '3f1c2b9a-6d7e-4f80-9a1b-2c3d4e5f6a7b' }).paths).toEqual([
      'id',
    ]);
  });

  it('names every failed path, nested ones dotted, and never the values (health data)', () => {
    const bad = {
      ...event,
      company_id: 1.5,
      created_at: 'yesterday',
      data: {
        ...event.data,
        start_at: 'soon',
        patient: { id: 'x', name: 'Ana Souza', phone: null },
      },
    };
    const error = payloadError(bad);
    expect(error.paths.sort()).toEqual([
      'company_id',
      'created_at',
      'data.patient.id',
      'data.start_at',
    ]);
    expect(error.message).not.toContain('Ana Souza');
    expect(error.message).not.toContain('soon');
    expect(error).toBeInstanceOf(ClinicError);
    expect(error.name).toBe('WebhookPayloadError');
  });

  it('rejects a missing member', () => {
    const { company_id: _omitted, ...rest } = event;
    expect(payloadError(rest).issues).toEqual({ company_id: [expect.any(String)] });
  });

  it('rejects a body that is not JSON, or not UTF-8, with no paths', () => {
    const notJson = payloadError('{"id": ');
    expect([notJson.paths, notJson.issues]).toEqual([[], {}]);
    const notUtf8 = payloadError(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]));
    expect([notUtf8.paths, notUtf8.issues]).toEqual([[], {}]);
    expect(notUtf8.message).not.toBe(notJson.message);
  });

  it('rejects a JSON value that is not an object', () => {
    expect(payloadError('[]').paths).toEqual(['non_field_errors']);
    expect(payloadError('null').paths).toEqual(['non_field_errors']);
  });
});

describe('spec 6.2 rule 2: a ping is recognised by type', () => {
  it('isPing is true for type ping, whatever data holds', () => {
    const ping = parseWebhookEvent(pingEvent({ data: { message: '' } }));
    expect(isPing(ping)).toBe(true);
    expect(isAppointmentEvent(ping)).toBe(false);
  });

  it('isPing is false for appointment events', () => {
    const created = parseWebhookEvent(appointmentEvent());
    expect(isPing(created)).toBe(false);
    expect(isAppointmentEvent(created)).toBe(true);
  });

  it('a ping whose data is an empty object is refused: data.message is required', () => {
    expect(payloadError(pingEvent({ data: {} as { message: string } })).paths).toEqual([
      'data.message',
    ]);
  });

  it('an appointment event is not mistaken for a ping by its data', () => {
    const error = payloadError({ ...appointmentEvent(), data: { message: 'Test event' } });
    expect(error.paths).toContain('data.appointment_type');
  });
});

describe('a value the spec may add later (forward-compatible reads)', () => {
  it('a new status or modality in data reaches the handlers as sent, not as a failed delivery', () => {
    const event = appointmentEvent('appointment.updated', {
      status: 'waitlisted',
      modality: 'home_visit',
    });
    const parsed = parseWebhookEvent(JSON.stringify(event));
    expect(parsed.type).toBe('appointment.updated');
    expect(isAppointmentEvent(parsed) && parsed.data.status).toBe('waitlisted');
    expect(isAppointmentEvent(parsed) && parsed.data.modality).toBe('home_visit');
  });

  it('a structural break, an unknown type or a value that is not an enum word still fails', () => {
    const event = appointmentEvent('appointment.updated');
    expect(payloadError({ ...event, data: { ...event.data, start_at: 12 } }).paths).toEqual([
      'data.start_at',
    ]);
    expect(payloadError({ ...event, type: 'appointment.moved' }).paths).toEqual(['type']);
    expect(payloadError({ ...event, data: { ...event.data, status: 'Ana Souza' } }).paths).toEqual([
      'data.status',
    ]);
  });
});
