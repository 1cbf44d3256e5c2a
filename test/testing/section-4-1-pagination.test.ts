/**
 * Spec 4.1 in the reference server: a list's envelope, its page size and its signed cursors, as the
 * spec states them (what it leaves open: section-4-1-page-settings.test.ts).
 */
import { describe, expect, test } from 'vitest';
import { API, setup } from './helpers.ts';

describe('spec 4.1: pagination of lists', () => {
  function manyRooms(count: number) {
    const s = setup();
    for (let i = 3; i <= count; i++) s.api.seed.room({ name: `Sala ${i}` });
    return s;
  }

  test('the rooms list is {results, next, previous}; default page size 50', async () => {
    const s = manyRooms(60);
    const first = await s.send('GET', '/rooms');
    expect(first.status).toBe(200);
    expect(Object.keys(first.body)).toEqual(['results', 'next', 'previous']);
    expect(first.body.results).toHaveLength(50);
    expect(first.body.results[0]).toEqual({ id: 1, name: 'Consultório 1' });
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/^https:\/\/clinic\.test\/api\/public\/v1\/rooms\?cursor=/);
    const second = await s.send('GET', first.body.next);
    expect(second.body.results.map((r: { id: number }) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => 51 + i),
    );
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toMatch(/^https:\/\/clinic\.test\/api\/public\/v1\/rooms\?/);
    const back = await s.send('GET', second.body.previous);
    expect(back.body).toEqual(first.body);
  });

  test('page_size: at most 100; the next and previous URLs carry it', async () => {
    const s = manyRooms(150);
    const page = await s.send('GET', '/rooms?page_size=100');
    expect(page.body.results).toHaveLength(100);
    const next = new URL(page.body.next);
    expect(next.searchParams.get('page_size')).toBe('100');
    expect(next.searchParams.get('cursor')).toEqual(expect.any(String));
    const rest = await s.send('GET', page.body.next);
    expect(rest.body.results).toHaveLength(50);
    expect(new URL(rest.body.previous).searchParams.get('page_size')).toBe('100');
  });

  test('page_size out of range or not a whole number: 400 {page_size}', async () => {
    const s = setup();
    const cases: [string, string][] = [
      ['101', 'must be at most 100'],
      ['0', 'must be at least 1'],
      ['abc', 'must be a whole number'],
      ['1.5', 'must be a whole number'],
      ['', 'must be a whole number'],
    ];
    for (const [value, message] of cases) {
      const answer = await s.send('GET', `/rooms?page_size=${value}`);
      expect(answer.status, value).toBe(400);
      expect(answer.body).toEqual({ page_size: [message] });
    }
  });

  test('a forged, altered or foreign cursor: 400 {cursor}', async () => {
    const s = manyRooms(5);
    const page = await s.send('GET', '/rooms?page_size=2');
    const cursor = new URL(page.body.next).searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ r: 'rooms', c: 1, d: 'n', k: 0 })).toString(
      'base64url',
    );
    const otherServer = manyRooms(5);
    const foreign = await otherServer.send('GET', '/rooms?page_size=2');
    const foreignCursor = new URL(foreign.body.next).searchParams.get('cursor')!;
    const patientsPage = await (async () => {
      for (let i = 0; i < 3; i++) s.api.seed.patient({ name: `P ${i}` });
      return s.send('GET', '/patients?page_size=1');
    })();
    const patientsCursor = new URL(patientsPage.body.next).searchParams.get('cursor')!;
    for (const bad of [
      'abc',
      `${forgedPayload}.${mac}`,
      `${payload}.${mac}x`,
      `${payload}`,
      foreignCursor,
      patientsCursor,
    ]) {
      const answer = await s.send('GET', `/rooms?cursor=${encodeURIComponent(bad)}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body).toEqual({
        cursor: [expect.any(String)],
      });
    }
  });

  test('the URLs are absolute on the server base URL and keep the filters', async () => {
    const s = setup();
    for (let i = 0; i < 4; i++) s.api.seed.patient({ name: `Maria ${i}` });
    const page = await s.send('GET', '/patients?name=Maria&page_size=3');
    expect(page.body.results).toHaveLength(3);
    const next = new URL(page.body.next);
    expect(`${next.origin}${next.pathname}`).toBe(`${API}/patients`);
    expect(next.searchParams.get('name')).toBe('Maria');
    const rest = await s.send('GET', page.body.next);
    expect(rest.body.results.map((p: { name: string }) => p.name)).toEqual(['Maria 3']);
  });

  test('every list uses the envelope by default', async () => {
    const s = setup();
    for (const list of [
      'appointments',
      'patients',
      'professionals',
      'rooms',
      'appointment-types',
    ]) {
      const answer = await s.send('GET', `/${list}`);
      expect(answer.status).toBe(200);
      expect(Object.keys(answer.body), list).toEqual(['results', 'next', 'previous']);
    }
  });

  test('assumption: the envelope of a list other than rooms can be a bare array', async () => {
    const s = setup({ listEnvelope: { patients: 'array' } });
    const patients = await s.send('GET', '/patients?page_size=1');
    expect(patients.body).toEqual([expect.objectContaining({ name: 'Ana Souza' })]);
    s.api.listEnvelope.professionals = 'array';
    const professionals = await s.send('GET', '/professionals');
    expect(Array.isArray(professionals.body)).toBe(true);
    expect(Object.keys((await s.send('GET', '/rooms')).body)).toEqual([
      'results',
      'next',
      'previous',
    ]);
  });
});
