/**
 * Spec 4.1 pagination where it shows nothing (issue 39 item 3): a page size above the maximum
 * (setting `pageSizeAboveMax`), below 1 or not a number (`pageSizeInvalid`), and a cursor the
 * server did not sign (`invalidCursor`). The client walks every reading.
 */
import { describe, expect, test } from 'vitest';
import { BadRequestError, NotFoundError } from '../../src/index.ts';
import { clientOf, setup } from './helpers.ts';

function withRooms(count: number) {
  const s = setup();
  for (let i = 3; i <= count; i++) s.api.seed.room({ name: `Sala ${i}` });
  return s;
}

const sizeOf = (answer: { body: { results: unknown[] } }) => answer.body.results.length;

describe('pageSizeAboveMax (default refuse)', () => {
  test('101 is 400 {page_size}; clamp reads it as 100', async () => {
    const s = withRooms(105);
    const refused = await s.send('GET', '/rooms?page_size=101');
    expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['page_size']]);
    s.api.settings.pageSizeAboveMax = 'clamp';
    const clamped = await s.send('GET', '/rooms?page_size=1000');
    expect([clamped.status, sizeOf(clamped)]).toEqual([200, 100]);
    expect(new URL(clamped.body.next).searchParams.get('page_size')).toBe('1000');
    // Still refused: below 1 is pageSizeInvalid's.
    expect((await s.send('GET', '/rooms?page_size=0')).status).toBe(400);
  });
});

describe('pageSizeInvalid (default refuse)', () => {
  test.each(['0', '-1', 'x', '2.5', ''])(
    'page_size=%s is 400; default reads it as 50',
    async (v) => {
      const s = withRooms(60);
      const refused = await s.send('GET', `/rooms?page_size=${v}`);
      expect([refused.status, Object.keys(refused.body)]).toEqual([400, ['page_size']]);
      s.api.settings.pageSizeInvalid = 'default';
      const read = await s.send('GET', `/rooms?page_size=${v}`);
      expect([read.status, sizeOf(read)]).toEqual([200, 50]);
      expect((await s.send('GET', '/rooms?page_size=101')).status).toBe(400);
    },
  );
});

describe('invalidCursor (default 400)', () => {
  test('a forged cursor is 400 {cursor}, or 404 {detail}; the client throws the matching error', async () => {
    const s = withRooms(3);
    const clinic = clientOf(s);
    const forged = await s.send('GET', '/rooms?cursor=forged');
    expect([forged.status, Object.keys(forged.body)]).toEqual([400, ['cursor']]);
    const list = () => clinic.rooms.list({}, { extraQuery: { cursor: 'forged' } });
    await expect(list()).rejects.toBeInstanceOf(BadRequestError);
    s.api.settings.invalidCursor = 404;
    const missing = await s.send('GET', '/rooms?cursor=forged');
    expect([missing.status, Object.keys(missing.body)]).toEqual([404, ['detail']]);
    await expect(list()).rejects.toBeInstanceOf(NotFoundError);
    // A cursor of this server still walks.
    const page = await s.send('GET', '/rooms?page_size=1');
    expect((await s.send('GET', page.body.next)).status).toBe(200);
  });

  test('the client walks every page under clamp and default', async () => {
    const s = withRooms(130);
    s.api.applySettings({ clinic: { pageSizeAboveMax: 'clamp', pageSizeInvalid: 'default' } });
    const clinic = clientOf(s);
    const all = await clinic.rooms
      .list({}, { extraQuery: { page_size: 500 } })
      .toArray({ limit: 500 });
    expect(all).toHaveLength(130);
  });
});
