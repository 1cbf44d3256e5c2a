/**
 * What spec 2.1 and 4.2–4.6 leave open about appointments, each a setting (issue 39 item 3): the
 * list's filters (`appointmentFilters`), the answers of PATCH and cancel (`patchAnswer`,
 * `cancelAnswer`), the code of the 409 for one that cannot change (`notChangeableCode`) and
 * whether the object carries `note` (`appointmentNote`). The client works with every reading.
 */
import { describe, expect, test } from 'vitest';
import { ConflictError } from '../../src/index.ts';
import { parseWebhookEvent } from '../../src/webhooks/events.ts';
import { clientOf, createAppointment, setup } from './helpers.ts';

describe('appointmentFilters (default none)', () => {
  test('a filter is ignored by default; each one named keeps the matching appointments', async () => {
    const s = setup();
    const other = s.api.seed.professional({ name: 'Dr. Caio' });
    const a = await createAppointment(s);
    const b = await createAppointment(s, { professional_id: other.id });
    const c = await createAppointment(s, { start_at: '2026-03-06T10:00:00' });
    await s.send('POST', `/appointments/${c.id}/cancel`);
    const ids = async (query: string) =>
      (await s.send('GET', `/appointments?${query}`)).body.results.map((x: { id: string }) => x.id);
    expect(await ids(`professional_id=${other.id}`)).toEqual([a.id, b.id, c.id]);
    s.api.settings.appointmentFilters = ['professional_id', 'status'];
    expect(await ids(`professional_id=${other.id}`)).toEqual([b.id]);
    expect(await ids('status=cancelled')).toEqual([c.id]);
    expect(await ids(`status=scheduled&professional_id=${s.professional.id}`)).toEqual([a.id]);
    expect(await ids('status=')).toEqual([a.id, b.id, c.id]);
    // Not named: still ignored.
    expect(await ids('origin=staff')).toEqual([a.id, b.id, c.id]);
    const page = await s.send('GET', '/appointments?status=scheduled&page_size=1');
    expect(new URL(page.body.next).searchParams.get('status')).toBe('scheduled');
    const clinic = clientOf(s);
    const listed = await clinic.appointments
      .list({}, { extraQuery: { status: 'scheduled' } })
      .toArray({ limit: 10 });
    expect(listed.map((x) => x.id)).toEqual([a.id, b.id]);
  });
});

describe('patchAnswer and cancelAnswer (default: 200 with the appointment)', () => {
  test.each(['no-content', 'empty-object'] as const)(
    "'%s': the write happens, and the client reads the appointment back",
    async (answer) => {
      const s = setup();
      s.api.applySettings({ clinic: { patchAnswer: answer, cancelAnswer: answer } });
      const a = await createAppointment(s);
      const patched = await s.send('PATCH', `/appointments/${a.id}`, { json: { note: 'x' } });
      const status = answer === 'no-content' ? 204 : 200;
      expect([patched.status, patched.body]).toEqual([status, answer === 'no-content' ? null : {}]);
      const clinic = clientOf(s);
      const confirmed = await clinic.appointments.update(a.id, { status: 'confirmed' });
      expect([confirmed.id, confirmed.status]).toEqual([a.id, 'confirmed']);
      const cancelled = await clinic.appointments.cancel(a.id);
      expect(cancelled.status).toBe('cancelled');
      expect(s.api.events.map((e) => e.type)).toEqual([
        'appointment.created',
        'appointment.updated',
        'appointment.updated',
        'appointment.cancelled',
      ]);
    },
  );
});

describe('notChangeableCode (default appointment_not_changeable)', () => {
  test('the 409 carries the code named; the client reads it as a ConflictError', async () => {
    const s = setup();
    const a = await createAppointment(s);
    await s.send('POST', `/appointments/${a.id}/cancel`);
    const clinic = clientOf(s);
    await expect(clinic.appointments.cancel(a.id)).rejects.toMatchObject({
      status: 409,
      code: 'appointment_not_changeable',
    });
    s.api.settings.notChangeableCode = 'invalid_status_transition';
    const again = clinic.appointments.update(a.id, { note: 'late' });
    await expect(again).rejects.toBeInstanceOf(ConflictError);
    await expect(again).rejects.toMatchObject({ code: 'invalid_status_transition' });
  });
});

describe('appointmentNote (default omit)', () => {
  test("'include': the object, its list and the webhook envelope carry note; the client takes it", async () => {
    const s = setup();
    const a = await createAppointment(s, { note: 'bring exams' });
    expect(a).not.toHaveProperty('note');
    s.api.settings.appointmentNote = 'include';
    const read = await s.send('GET', `/appointments/${a.id}`);
    expect(read.body.note).toBe('bring exams');
    const b = await createAppointment(s, { start_at: '2026-03-06T10:00:00' });
    expect(b.note).toBeNull();
    expect(s.api.events.at(-1)?.data).toMatchObject({ id: b.id, note: null });
    // The SDK's webhook side reads that envelope too.
    expect(parseWebhookEvent(JSON.stringify(s.api.events.at(-1))).data).toMatchObject({ id: b.id });
    for (const validateResponses of ['strict', 'compatible'] as const) {
      const got = await clientOf(s, { validateResponses }).appointments.retrieve(a.id);
      expect(got.id).toBe(a.id);
    }
  });
});
