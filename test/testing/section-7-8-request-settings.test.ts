/**
 * Requests where spec 4, 7 and 8 show nothing (issue 39 item 3): a body member the operation
 * does not accept (setting `unknownBodyMembers`), a request id in the answers (the document's
 * `requestIdHeader`, off by default) and rate limits (`rateLimit`, none by default; its 429 is the
 * reference server's own). The client works with every reading.
 */
import { describe, expect, test } from 'vitest';
import { RateLimitError } from '../../src/index.ts';
import { clientOf, createBody, setup } from './helpers.ts';

describe('unknownBodyMembers (default refuse)', () => {
  test('a member no operation accepts is 400 naming it; ignore drops it and reads the rest', async () => {
    const s = setup();
    const body = createBody(s, { channel: 'web' });
    const refused = await s.send('POST', '/appointments', { json: body });
    expect([refused.status, refused.body]).toEqual([400, { channel: [expect.any(String)] }]);
    expect(s.api.events).toEqual([]);
    s.api.settings.unknownBodyMembers = 'ignore';
    const created = await s.send('POST', '/appointments', { json: body });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('channel');
    const patched = await s.send('PATCH', `/patients/${s.patient.id}`, {
      json: { active: false, name: 'Ana S.' },
    });
    expect([patched.status, patched.body.name, patched.body.active]).toEqual([200, 'Ana S.', true]);
    // The rules of the fields it accepts still hold.
    const bad = await s.send('POST', '/patients', { json: { name: '', extra: 1 } });
    expect([bad.status, Object.keys(bad.body)]).toEqual([400, ['name']]);
  });
});

describe('requestIdHeader (default none)', () => {
  test('every answer carries a fresh id in the named header; the client reports it', async () => {
    const s = setup();
    expect((await s.send('GET', '/rooms')).headers.get('x-request-id')).toBeNull();
    s.api.applySettings({ requestIdHeader: 'X-Request-Id' });
    const ids = await Promise.all(
      ['/rooms', '/nowhere', '/appointments/not-a-uuid'].map(async (path) =>
        (await s.send('GET', path)).headers.get('x-request-id'),
      ),
    );
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(3);
    const unauthorised = await s.send('GET', '/rooms', { key: null });
    expect([unauthorised.status, unauthorised.headers.has('x-request-id')]).toEqual([401, true]);
    const read = await clientOf(s).rooms.retrieve(s.room.id).withResponse();
    expect(read.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => s.api.applySettings({ requestIdHeader: 'X Request' })).toThrow(/requestIdHeader/);
    // Not a header HTTP's framing or the API's answers own: a uuid there would break them.
    for (const owned of [
      'Content-Length',
      'Transfer-Encoding',
      'Idempotent-Replayed',
      'Retry-After',
    ]) {
      expect(() => s.api.applySettings({ requestIdHeader: owned }), owned).toThrow(/ends in "Id"/);
    }
    expect(s.api.settingsDocument().requestIdHeader).toBe('X-Request-Id');
  });
});

describe('rateLimit (default none)', () => {
  test('past the limit a key gets 429 with Retry-After until the window ends, on the server clock', async () => {
    const s = setup();
    for (let i = 0; i < 30; i++) expect((await s.send('GET', '/rooms')).status).toBe(200);
    s.api.settings.rateLimit = { requests: 2, windowMs: 10_000 };
    const other = s.api.issueApiKey();
    expect((await s.send('GET', '/rooms')).status).toBe(200);
    expect((await s.send('GET', '/patients')).status).toBe(200);
    const limited = await s.send('GET', '/rooms');
    expect([limited.status, Object.keys(limited.body)]).toEqual([429, ['detail']]);
    expect(limited.headers.get('retry-after')).toBe('10');
    expect((await s.send('GET', '/rooms', { key: other })).status).toBe(200);
    await s.api.clock.advance(4_000);
    expect((await s.send('GET', '/rooms')).headers.get('retry-after')).toBe('6');
    const clinic = clientOf(s);
    await expect(clinic.rooms.retrieve(s.room.id)).rejects.toBeInstanceOf(RateLimitError);
    await expect(clinic.rooms.retrieve(s.room.id)).rejects.toMatchObject({ retryAfterMs: 6_000 });
    await s.api.clock.advance(6_000);
    expect((await clinic.rooms.retrieve(s.room.id)).id).toBe(s.room.id);
    expect(() => {
      s.api.settings.rateLimit = { requests: 0, windowMs: 1 };
    }).toThrow(TypeError);
  });
});
