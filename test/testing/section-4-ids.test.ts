/**
 * Spec 4's identifiers in the reference server: each path id in its one form (a uuid for an
 * appointment, a positive integer otherwise), anything else a 404.
 */
import { describe, expect, test } from 'vitest';
import { createAppointment, NOW, setup, UUID } from './helpers.ts';

describe('spec 4: identifier path parameters', () => {
  test('the appointment id is a uuid: any other form is 404', async () => {
    const s = setup();
    const created = await createAppointment(s);
    expect(created.id).toMatch(UUID);
    for (const id of ['1', 'abc', `${created.id}x`, created.id.replace(/-/g, '')]) {
      for (const [method, path] of [
        ['GET', `/appointments/${id}`],
        ['PATCH', `/appointments/${id}`],
        ['POST', `/appointments/${id}/cancel`],
      ] as const) {
        const answer = await s.send(method, path, method === 'GET' ? {} : { json: { note: 'x' } });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.body).toEqual({ detail: expect.any(String) });
      }
    }
  });

  test('an unknown uuid is 404, and the uuid is matched in any letter case', async () => {
    const s = setup();
    const created = await createAppointment(s);
    const unknown = await s.send('GET', '/appointments/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      detail: expect.stringContaining('00000000-0000-4000-8000-000000000000'),
    });
    const upper = await s.send('GET', `/appointments/${created.id.toUpperCase()}`);
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(created.id);
  });

  test('patient, professional, room and type ids are digits only: any other form is 404', async () => {
    const s = setup();
    for (const resource of ['patients', 'professionals', 'rooms', 'appointment-types']) {
      for (const id of ['abc', '-1', '1.0', '1e2', ' 1', '%31x']) {
        const answer = await s.send('GET', `/${resource}/${id}`);
        expect(answer.status, `${resource}/${id}`).toBe(404);
        expect(answer.body).toEqual({ detail: expect.any(String) });
      }
    }
    const patch = await s.send('PATCH', '/patients/abc', { json: { name: 'x' } });
    expect(patch.status).toBe(404);
  });

  test('unknown integer ids are 404 {detail}', async () => {
    const s = setup();
    for (const resource of ['patients', 'professionals', 'rooms', 'appointment-types']) {
      const answer = await s.send('GET', `/${resource}/999`);
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ detail: expect.stringContaining('999') });
    }
  });
});

test('the clock used by the fixtures is the one of the server', () => {
  const s = setup();
  expect(s.api.clock.now()).toBe(NOW.getTime());
});
