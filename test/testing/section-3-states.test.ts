/** Spec section 3: appointment states and transitions. */
import { describe, expect, test } from 'vitest';
import { AppointmentStatus } from '../../src/schemas/appointments.ts';
import { createAppointment, setup } from './helpers.ts';

function seedAppointment(s: ReturnType<typeof setup>, extra: Record<string, unknown>) {
  return s.api.seed.appointment({
    patient_id: s.patient.id,
    professional_id: s.professional.id,
    appointment_type_id: s.type.id,
    start_at: '2026-03-10T09:00:00',
    ...extra,
  });
}

describe('spec 3: transitions', () => {
  test('POST /appointments: scheduled, in_person, origin api, event appointment.created', async () => {
    const s = setup();
    const created = await createAppointment(s);
    expect(created).toMatchObject({ status: 'scheduled', modality: 'in_person', origin: 'api' });
    expect(s.api.events.map((e) => [e.type, e.data])).toEqual([['appointment.created', created]]);
  });

  test('PATCH with status scheduled or confirmed: 200 and event appointment.updated', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const confirmed = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { status: 'confirmed' },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ ...created, status: 'confirmed' });
    const back = await s.send('PATCH', `/appointments/${created.id}`, {
      json: { status: 'scheduled' },
    });
    expect(back.body.status).toBe('scheduled');
    expect(s.api.events.map((e) => e.type)).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.updated',
    ]);
  });

  test('POST /appointments/{id}/cancel: cancelled and event appointment.cancelled', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const cancelled = await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toEqual({ ...created, status: 'cancelled' });
    expect(s.api.events.at(-1)).toMatchObject({
      type: 'appointment.cancelled',
      data: cancelled.body,
    });
  });
});

describe('spec 3: rules', () => {
  test('rule 1: PATCH accepts only scheduled or confirmed as status: 400 {status}', async () => {
    const s = setup();
    const created = await createAppointment(s);
    for (const status of ['requested', 'checked_in', 'completed', 'no_show', 'cancelled', 'x']) {
      const answer = await s.send('PATCH', `/appointments/${created.id}`, { json: { status } });
      expect(answer.status, status).toBe(400);
      expect(answer.body).toEqual({
        status: [expect.any(String)],
      });
    }
    expect(s.api.events).toHaveLength(1);
  });

  test('rule 2: a telehealth appointment cannot be changed or cancelled: 409 appointment_not_changeable', async () => {
    const s = setup();
    const telehealth = seedAppointment(s, { modality: 'telehealth' });
    for (const [method, path, json] of [
      ['PATCH', `/appointments/${telehealth.id}`, { status: 'confirmed' }],
      ['POST', `/appointments/${telehealth.id}/cancel`, undefined],
    ] as const) {
      const answer = await s.send(method, path, json ? { json } : {});
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'appointment_not_changeable',
        detail: expect.stringContaining('telehealth'),
      });
    }
    const read = await s.send('GET', `/appointments/${telehealth.id}`);
    expect(read.body).toMatchObject({ status: 'scheduled', modality: 'telehealth' });
    expect(s.api.events).toEqual([]);
  });

  test('rule 2: a patient request (requested) cannot be changed or cancelled: 409', async () => {
    const s = setup();
    const request = seedAppointment(s, { status: 'requested', origin: 'patient_booking' });
    const patch = await s.send('PATCH', `/appointments/${request.id}`, {
      json: { note: 'x' },
    });
    const cancel = await s.send('POST', `/appointments/${request.id}/cancel`);
    for (const answer of [patch, cancel]) {
      expect(answer.status).toBe(409);
      expect(answer.body).toEqual({
        code: 'appointment_not_changeable',
        detail: expect.stringContaining('requested'),
      });
    }
    expect((await s.send('GET', `/appointments/${request.id}`)).body.status).toBe('requested');
    expect(s.api.events).toEqual([]);
  });

  test('assumption: cancelling an appointment already cancelled: 409 appointment_not_changeable', async () => {
    const s = setup();
    const created = await createAppointment(s);
    await s.send('POST', `/appointments/${created.id}/cancel`);
    const again = await s.send('POST', `/appointments/${created.id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'appointment_not_changeable',
      detail: expect.stringContaining('already cancelled'),
    });
    expect(s.api.events.map((e) => e.type)).toEqual([
      'appointment.created',
      'appointment.cancelled',
    ]);
  });

  test.each(['cancelled', 'checked_in', 'completed', 'no_show'] as const)(
    'rule 3 (not shown), conservative default: a %s appointment cannot be changed or cancelled: 409 appointment_not_changeable',
    async (status) => {
      const s = setup();
      const appt = seedAppointment(s, { status });
      const patch = await s.send('PATCH', `/appointments/${appt.id}`, {
        json: { status: 'confirmed' },
      });
      expect(patch.status).toBe(409);
      expect(patch.headers.get('content-type')).toBe('application/json');
      expect(patch.body).toEqual({
        code: 'appointment_not_changeable',
        detail: expect.stringContaining(appt.id),
      });
      const cancel = await s.send('POST', `/appointments/${appt.id}/cancel`);
      expect(cancel.status).toBe(409);
      expect(cancel.body).toEqual({
        code: 'appointment_not_changeable',
        detail: expect.stringContaining(appt.id),
      });
      expect(s.api.events).toEqual([]);
      const after = await s.send('GET', `/appointments/${appt.id}`);
      expect(after.body.status).toBe(status);
    },
  );

  test.each(['scheduled', 'confirmed'] as const)(
    'rule 3, conservative default: a %s appointment can be changed and cancelled',
    async (status) => {
      const s = setup();
      const appt = seedAppointment(s, { status });
      const other = status === 'scheduled' ? 'confirmed' : 'scheduled';
      const patch = await s.send('PATCH', `/appointments/${appt.id}`, {
        json: { status: other },
      });
      expect([patch.status, patch.body.status]).toEqual([200, other]);
      const cancel = await s.send('POST', `/appointments/${appt.id}/cancel`);
      expect([cancel.status, cancel.body.status]).toEqual([200, 'cancelled']);
    },
  );

  test('rule 3, permissive setting changeableStatuses: every source state changes and cancels', async () => {
    const s = setup();
    expect(s.api.settings.changeableStatuses).toEqual(['scheduled', 'confirmed']);
    s.api.settings.changeableStatuses = [...AppointmentStatus.options];
    for (const status of ['confirmed', 'checked_in', 'completed', 'no_show'] as const) {
      const appt = seedAppointment(s, { status });
      const patch = await s.send('PATCH', `/appointments/${appt.id}`, {
        json: { status: 'confirmed', note: status },
      });
      expect(patch.status, status).toBe(200);
      const cancel = await s.send('POST', `/appointments/${appt.id}/cancel`);
      expect(cancel.status, status).toBe(200);
      expect(cancel.body.status).toBe('cancelled');
    }
    // Spec 3 rule 2 and cancelling twice stay refused whatever the setting.
    const telehealth = seedAppointment(s, { modality: 'telehealth' });
    expect((await s.send('POST', `/appointments/${telehealth.id}/cancel`)).status).toBe(409);
    s.api.reset();
    expect(s.api.settings.changeableStatuses).toEqual(['scheduled', 'confirmed']);
  });

  test('rule 2 whatever the setting: with every status changeable, a patient request still cannot be changed or cancelled', async () => {
    const s = setup();
    s.api.settings.changeableStatuses = [...AppointmentStatus.options];
    const request = seedAppointment(s, { status: 'requested', origin: 'patient_booking' });
    const patch = await s.send('PATCH', `/appointments/${request.id}`, { json: { note: 'x' } });
    const cancel = await s.send('POST', `/appointments/${request.id}/cancel`);
    for (const answer of [patch, cancel]) {
      expect([answer.status, answer.body.code]).toEqual([409, 'appointment_not_changeable']);
    }
    const read = await s.send('GET', `/appointments/${request.id}`);
    expect(read.body.status).toBe('requested');
    expect(read.body.note).not.toBe('x');
    expect(s.api.events).toEqual([]);
  });
});
