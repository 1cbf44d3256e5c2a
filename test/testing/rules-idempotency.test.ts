/**
 * Spec 4.4 Idempotency-Key rules 1 and 2, exactly: a key that created a record replays it for
 * 24 hours from that creation (not from the key's first, refused, use), and a key is bound by
 * its first body whatever made that request fail, a `"__proto__"` member included.
 */
import { describe, expect, test } from 'vitest';
import { checkInvariants } from '../../src/testing/index.ts';
import { bind } from '../../src/testing/server/idempotency.ts';
import { Store } from '../../src/testing/server/store.ts';
import { createBody, setup } from './helpers.ts';

const HOUR = 3_600_000;

describe('spec 4.4 rule 1: the 24 h replay window starts at the creation', () => {
  test('409 room_required at t0, 201 at t0+23 h, then t0+24 h replays that record (no second booking)', async () => {
    const s = setup();
    const noRoom = s.api.seed.professional({ name: 'Dr. Sem Sala' });
    s.api.settings.requireRoom = true;
    const headers = { 'idempotency-key': 'book-1' };
    const body = createBody(s, { professional_id: noRoom.id });

    const refused = await s.send('POST', '/appointments', { json: body, headers });
    expect([refused.status, refused.body.code]).toEqual([409, 'room_required']);

    await s.api.clock.advance(23 * HOUR);
    s.api.settings.requireRoom = false;
    const created = await s.send('POST', '/appointments', { json: body, headers });
    expect([created.status, created.headers.get('idempotent-replayed')]).toEqual([201, null]);

    await s.api.clock.advance(HOUR);
    const retried = await s.send('POST', '/appointments', { json: body, headers });
    expect([retried.status, retried.headers.get('idempotent-replayed')]).toEqual([201, 'true']);
    expect(retried.body.id).toBe(created.body.id);

    await s.api.clock.advance(23 * HOUR - 1);
    const late = await s.send('POST', '/appointments', { json: body, headers });
    expect(late.body.id).toBe(created.body.id);
    expect(s.api.events.filter((e) => e.type === 'appointment.created')).toHaveLength(1);

    await s.api.clock.advance(1);
    const fresh = await s.send('POST', '/appointments', { json: body, headers });
    expect([fresh.status, fresh.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect(fresh.body.id).not.toBe(created.body.id);
  });

  test("a refusal's binding still ends 24 h after the key's first use", async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'bad-then-other' };
    await s.send('POST', '/appointments', { json: createBody(s, { patient_id: 999 }), headers });
    await s.api.clock.advance(24 * HOUR);
    const other = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(other.status).toBe(201);
  });
});

describe('spec 4.4 rule 2: the first body binds the key whatever made it fail', () => {
  test('a body refused for a "__proto__" member binds its key: another body is 422', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'proto-1' };
    const body = createBody(s);
    const proto = await s.send('POST', '/appointments', {
      raw: `{"__proto__":{"x":1},${JSON.stringify(body).slice(1)}`,
      headers,
    });
    expect(proto.status).toBe(400);
    expect(Object.keys(proto.body)).toEqual(['__proto__']);

    const other = await s.send('POST', '/appointments', { json: body, headers });
    expect([other.status, other.body.code]).toEqual([422, 'idempotency_key_reused']);
    expect(s.api.events).toEqual([]);
  });

  test('the same "__proto__" body again runs again (400), it is not another body', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'proto-2' };
    const raw = `{"__proto__":null,${JSON.stringify(createBody(s)).slice(1)}`;
    await s.send('POST', '/appointments', { raw, headers });
    const again = await s.send('POST', '/appointments', { raw, headers });
    expect(again.status).toBe(400);
  });

  test('a "__proto__" member is part of the body: with and without it are two bodies', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'proto-3' };
    const created = await s.send('POST', '/appointments', { json: createBody(s), headers });
    expect(created.status).toBe(201);
    const withProto = await s.send('POST', '/appointments', {
      raw: `{"__proto__":{},${JSON.stringify(createBody(s)).slice(1)}`,
      headers,
    });
    expect([withProto.status, withProto.body.code]).toEqual([422, 'idempotency_key_reused']);
  });
});

describe('a lost response retried with a fresh key (the bug a key per booking intent prevents)', () => {
  test('the service accepts overlaps, so both bookings are made, and checkInvariants reports them', async () => {
    const s = setup();
    s.api.faults.inject({
      method: 'POST',
      path: '/api/public/v1/appointments',
      loseResponse: true,
    });
    const body = createBody(s);
    await expect(
      s.send('POST', '/appointments', { json: body, headers: { 'idempotency-key': 'try-1' } }),
    ).rejects.toThrow(TypeError);
    const retried = await s.send('POST', '/appointments', {
      json: body,
      headers: { 'idempotency-key': 'try-2' },
    });
    expect(retried.status).toBe(201);
    const report = checkInvariants(s.api);
    expect(report.ok).toBe(false);
    expect(report.violations).toEqual([
      expect.objectContaining({
        invariant: 'one-appointment-per-intent',
        clinic: 1,
        ids: [expect.any(String), retried.body.id],
      }),
    ]);
  });

  test('one key for the intent: the retry replays, nothing to report', async () => {
    const s = setup();
    s.api.faults.inject({
      method: 'POST',
      path: '/api/public/v1/appointments',
      loseResponse: true,
    });
    const request = { json: createBody(s), headers: { 'idempotency-key': 'intent-1' } };
    await expect(s.send('POST', '/appointments', request)).rejects.toThrow(TypeError);
    const retried = await s.send('POST', '/appointments', request);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(checkInvariants(s.api).ok).toBe(true);
  });
});

describe('a server that runs for days keeps only the keys of the last 24 hours', () => {
  test('keys whose window ended are forgotten as later writes bind theirs', () => {
    const clinic = new Store().clinic(1);
    for (let i = 0; i < 1_000; i += 1) bind(clinic, `old-${i}`, 'POST /patients', '{}', i);
    bind(clinic, 'renewed', 'POST /patients', '{}', 0);
    bind(clinic, 'renewed', 'POST /patients', '{}', 20 * HOUR, { status: 201, body: '{}' });
    expect(clinic.idempotency.size).toBe(1_001);

    bind(clinic, 'new', 'POST /patients', '{}', 24 * HOUR + 1_000);
    expect([...clinic.idempotency.keys()]).toEqual(['renewed', 'new']);
  });
});
