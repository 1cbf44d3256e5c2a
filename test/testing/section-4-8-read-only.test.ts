/**
 * Spec 4.8 in the reference server: professionals, rooms and appointment types, read-only.
 */
import { describe, expect, test } from 'vitest';
import { setup } from './helpers.ts';

describe('spec 4.8: professionals, rooms and appointment types', () => {
  test('professionals: id, name and specialty only; the same ids as professional_id', async () => {
    const s = setup();
    const list = await s.send('GET', '/professionals');
    expect(list.body.results).toEqual([
      { id: s.professional.id, name: 'Dra. Helena Prado', specialty: 'Cardiologia' },
    ]);
    const one = await s.send('GET', `/professionals/${s.professional.id}`);
    expect(one.body).toEqual(list.body.results[0]);
  });

  test('rooms: only active rooms are listed and retrievable', async () => {
    const s = setup();
    const closed = s.api.seed.room({ name: 'Fechada', active: false });
    const list = await s.send('GET', '/rooms');
    expect(list.body).toEqual({
      results: [
        { id: s.room.id, name: 'Consultório 1' },
        { id: s.otherRoom.id, name: 'Consultório 2' },
      ],
      next: null,
      previous: null,
    });
    const one = await s.send('GET', `/rooms/${closed.id}`);
    expect(one.status).toBe(404);
    expect(one.body).toEqual({ detail: expect.stringContaining(String(closed.id)) });
  });

  test('rooms: the list is empty when the clinic does not use rooms', async () => {
    const s = setup();
    const other = s.api.clinic(3).issueApiKey();
    const list = await s.send('GET', '/rooms', { key: other });
    expect(list.body).toEqual({ results: [], next: null, previous: null });
  });

  test('appointment types: id and name only', async () => {
    const s = setup();
    const list = await s.send('GET', '/appointment-types');
    expect(list.body.results).toEqual([{ id: s.type.id, name: 'Consulta' }]);
    const one = await s.send('GET', `/appointment-types/${s.type.id}`);
    expect(one.body).toEqual({ id: s.type.id, name: 'Consulta' });
  });

  test('these endpoints need only appointments:read', async () => {
    const s = setup();
    const key = s.api.issueApiKey({ scopes: ['appointments:read'] });
    for (const path of [
      '/professionals',
      `/professionals/${s.professional.id}`,
      '/rooms',
      `/rooms/${s.room.id}`,
      '/appointment-types',
      `/appointment-types/${s.type.id}`,
    ]) {
      expect((await s.send('GET', path, { key })).status, path).toBe(200);
    }
  });
});
