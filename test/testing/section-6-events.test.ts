/** Spec section 6: the webhook envelope of every appointment change. */
import { describe, expect, test } from 'vitest';
import type { WebhookEnvelope } from '../../src/testing/index.ts';
import { parseWebhookEvent } from '../../src/webhooks/index.ts';
import { createAppointment, SAO_PAULO_INSTANT, setup, UUID } from './helpers.ts';

describe('spec 6.1: envelope', () => {
  test('id evt_<uuid>, type, created_at in America/Sao_Paulo, api_version v1, company_id, data', async () => {
    const s = setup();
    await s.api.clock.advance(90_000);
    const created = await createAppointment(s);
    const [envelope] = s.api.events;
    expect(Object.keys(envelope!)).toEqual([
      'id',
      'type',
      'created_at',
      'api_version',
      'company_id',
      'data',
    ]);
    expect(envelope).toEqual({
      id: expect.stringMatching(/^evt_/),
      type: 'appointment.created',
      created_at: '2026-03-02T09:01:30-03:00',
      api_version: 'v1',
      company_id: 1,
      data: created,
    });
    expect(envelope!.id.slice(4)).toMatch(UUID);
    expect(envelope!.created_at).toMatch(SAO_PAULO_INSTANT);
    // What a consumer of the SDK parses from the wire is the same envelope.
    expect(parseWebhookEvent(JSON.stringify(envelope))).toEqual(envelope);
  });

  test('data is identical to GET /appointments/{id} at the moment of the change', async () => {
    const s = setup();
    const created = await createAppointment(s);
    await s.api.clock.advance(60_000);
    const confirmed = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { status: 'confirmed' },
    });
    await s.api.clock.advance(60_000);
    const cancelled = await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(s.api.events.map((e) => e.data)).toEqual([created, confirmed.body, cancelled.body]);
    expect((await s.send('GET', `/appointments/${created.id}`)).body).toEqual(cancelled.body);
    // Envelopes are snapshots: later changes do not rewrite earlier ones.
    expect(s.api.events[0]!.data).toMatchObject({ status: 'scheduled' });
    expect(Object.isFrozen(s.api.events[0]!.data)).toBe(true);
  });

  test('company_id is the clinic that owns the appointment', async () => {
    const s = setup();
    const other = s.api.clinic(7);
    const key = other.issueApiKey();
    const p = other.seed.patient({ name: 'Outra' });
    const pro = other.seed.professional({ name: 'Outro' });
    const t = other.seed.appointmentType({ name: 'Consulta' });
    await s.send('POST', '/appointments', {
      key,
      json: {
        patient_id: p.id,
        professional_id: pro.id,
        appointment_type_id: t.id,
        start_at: '2026-03-05T10:00:00',
      },
    });
    expect(s.api.events.map((e) => e.company_id)).toEqual([7]);
  });

  test('every envelope has its own id', async () => {
    const s = setup();
    const created = await createAppointment(s);
    await s.send('PATCH', `/appointments/${created.id}`, { json: { note: 'a' } });
    await s.send('PATCH', `/appointments/${created.id}`, { json: { note: 'b' } });
    const ids = s.api.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
  });
});

describe('spec 6.2: event types', () => {
  test('appointment.created, appointment.updated, appointment.cancelled, in order', async () => {
    const s = setup();
    const seen: WebhookEnvelope[] = [];
    const unsubscribe = s.api.onEvent((e) => seen.push(e));
    const created = await createAppointment(s);
    await s.send('PATCH', `/appointments/${created.id}`, {
      json: { start_at: '2026-03-06T10:00:00' },
    });
    await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(seen.map((e) => e.type)).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
    ]);
    expect(seen).toEqual(s.api.events);
    unsubscribe();
    await createAppointment(s);
    expect(seen).toHaveLength(3);
    expect(s.api.events).toHaveLength(4);
  });

  test('the listener runs before the response is returned', async () => {
    const s = setup();
    const order: string[] = [];
    s.api.onEvent((e) => order.push(e.type));
    const pending = createAppointment(s).then(() => order.push('response'));
    await pending;
    expect(order).toEqual(['appointment.created', 'response']);
  });

  test('there are no webhook events for patients', async () => {
    const s = setup();
    await s.send('POST', '/patients', { json: { name: 'Bruno' } });
    await s.send('PATCH', `/patients/${s.patient.id}`, { json: { name: 'Ana S.' } });
    expect(s.api.events).toEqual([]);
  });

  test('refused requests emit nothing', async () => {
    const s = setup();
    await s.send('POST', '/appointments', { json: { patient_id: 1 } });
    await s.send('POST', '/appointments', {
      json: {},
      key: s.api.issueApiKey({ preset: 'read_only' }),
    });
    expect(s.api.events).toEqual([]);
  });

  test('a seeded appointment emits appointment.created only when asked (staff or patient booking)', () => {
    const s = setup();
    const input = {
      patient_id: s.patient.id,
      professional_id: s.professional.id,
      appointment_type_id: s.type.id,
      start_at: '2026-03-05T10:00:00',
      origin: 'patient_booking' as const,
    };
    s.api.seed.appointment(input);
    expect(s.api.events).toEqual([]);
    const booked = s.api.seed.appointment(input, { emitEvent: true });
    expect(s.api.events).toEqual([
      expect.objectContaining({
        type: 'appointment.created',
        data: expect.objectContaining({ id: booked.id, origin: 'patient_booking' }),
      }),
    ]);
  });

  test('a listener that throws does not break the request', async () => {
    const s = setup();
    s.api.onEvent(() => {
      throw new Error('listener failed');
    });
    const errors: unknown[] = [];
    const original = globalThis.queueMicrotask;
    globalThis.queueMicrotask = (fn) =>
      original(() => {
        try {
          fn();
        } catch (error) {
          errors.push(error);
        }
      });
    try {
      const created = await createAppointment(s);
      expect(created.status).toBe('scheduled');
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      globalThis.queueMicrotask = original;
    }
    expect(errors).toEqual([new Error('listener failed')]);
  });
});
