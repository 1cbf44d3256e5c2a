/**
 * Chaos on demand (`api.faults.chaos`, `POST /__control/chaos`) and the invariants an
 * integrator checks after running its flow under it (`checkInvariants`).
 */
import { describe, expect, test } from 'vitest';
import {
  checkInvariants,
  createControlHandler,
  createReferenceServer,
  isReferenceNetworkError,
} from '../../src/testing/index.ts';
import { WriteJournal } from '../../src/testing/server/context.ts';
import { reportInvariants } from '../../src/testing/server/invariants.ts';
import { addPatient, changePatient, Store } from '../../src/testing/server/store.ts';
import { API, BASE_URL, createBody, setup } from './helpers.ts';

/** What one request met: a status, or the kind of failure. */
async function outcome(fetch: typeof globalThis.fetch, init?: RequestInit): Promise<string> {
  try {
    const response = await fetch(`${API}/rooms`, init);
    return String(response.status);
  } catch (error) {
    return isReferenceNetworkError(error) ? error.fault : (error as Error).name;
  }
}

describe('api.faults.chaos', () => {
  test('the same seed meets the same faults; another seed others', async () => {
    const run = async (seed: number) => {
      const s = setup();
      s.api.faults.chaos({ seed, statusRate: 0.2, networkErrorRate: 0.1, loseResponseRate: 0.1 });
      const init = { headers: { authorization: `Bearer ${s.key}` } };
      const seen: string[] = [];
      for (let i = 0; i < 60; i++) seen.push(await outcome(s.api.fetch, init));
      return { seen, stats: { ...s.api.faults.chaosMode!.stats } };
    };
    const a = await run(42);
    expect(await run(42)).toEqual(a);
    expect((await run(43)).seen).not.toEqual(a.seen);
    expect(new Set(a.seen)).toEqual(new Set(['200', '503', 'networkError', 'loseResponse']));
    expect(a.stats).toEqual({
      requests: 60,
      status: a.seen.filter((o) => o === '503').length,
      networkError: a.seen.filter((o) => o === 'networkError').length,
      loseResponse: a.seen.filter((o) => o === 'loseResponse').length,
      timeout: 0,
    });
  });

  test('the rates hold over many requests', async () => {
    const s = setup();
    s.api.faults.chaos({ seed: 1, statusRate: 0.1, loseResponseRate: 0.05 });
    const init = { headers: { authorization: `Bearer ${s.key}` } };
    for (let i = 0; i < 1000; i++) await outcome(s.api.fetch, init);
    const { stats } = s.api.faults.chaosMode!;
    expect(stats.status).toBeGreaterThan(70);
    expect(stats.status).toBeLessThan(130);
    expect(stats.loseResponse).toBeGreaterThan(25);
    expect(stats.loseResponse).toBeLessThan(75);
  });

  test('a 503 is not processed; a lost response is committed; headers go with the status', async () => {
    const s = setup();
    s.api.faults.chaos({ seed: 5, statusRate: 1, headers: { 'retry-after': '1' } });
    const refused = await s.send('POST', '/appointments', { json: createBody(s) });
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '1']);
    expect(s.api.events).toEqual([]);
    s.api.faults.chaos({ seed: 5, loseResponseRate: 1 });
    await expect(s.send('POST', '/appointments', { json: createBody(s) })).rejects.toThrow(
      'fetch failed',
    );
    expect(s.api.events.map((e) => e.type)).toEqual(['appointment.created']);
  });

  test('a 429, as a service under load answers: Retry-After 1 unless the spec sets it; not processed', async () => {
    const s = setup();
    s.api.faults.chaos({ seed: 5, statusRate: 1, status: 429 });
    const limited = await s.send('POST', '/appointments', { json: createBody(s) });
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);
    s.api.faults.chaos({ seed: 5, statusRate: 1, status: 429, headers: { 'Retry-After': '0' } });
    const again = await s.send('POST', '/appointments', { json: createBody(s) });
    expect([again.status, again.headers.get('retry-after')]).toEqual([429, '0']);
    expect(s.api.events).toEqual([]);
  });

  test('a timeout is processed, then held until the request is aborted', async () => {
    const s = setup();
    // Held longer than the test may run: only the abort can end it.
    s.api.faults.chaos({ seed: 1, timeoutRate: 1, timeoutMs: 600_000 });
    const controller = new AbortController();
    const call = s.api.fetch(`${API}/patients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bia' }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 30);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(s.api.faults.chaosMode!.stats.timeout).toBe(1);
    s.api.faults.clear();
    expect(
      (await s.send('GET', '/patients')).body.results.map((p: { name: string }) => p.name),
    ).toEqual(['Ana Souza', 'Bia']);
  });

  test('latency: every request waits within the range', async () => {
    const s = setup();
    s.api.faults.chaos({ seed: 3, latencyMs: [20, 40] });
    const started = Date.now();
    expect((await s.send('GET', '/rooms')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(19);
  });

  test('method and pathPrefix narrow it; injected faults come first', async () => {
    const s = setup();
    s.api.faults.chaos({
      seed: 1,
      statusRate: 1,
      method: 'POST',
      pathPrefix: '/api/public/v1/patients',
    });
    expect((await s.send('GET', '/patients')).status).toBe(200);
    expect((await s.send('POST', '/appointments', { json: createBody(s) })).status).toBe(201);
    expect((await s.send('POST', '/patients', { json: { name: 'Bia' } })).status).toBe(503);
    s.api.faults.inject({ method: 'POST', status: 418 });
    expect((await s.send('POST', '/patients', { json: { name: 'Bia' } })).status).toBe(418);
  });

  test('stop(), faults.clear() and reset() end it', async () => {
    const s = setup();
    const chaos = s.api.faults.chaos({ seed: 1, statusRate: 1 });
    chaos.stop();
    expect(s.api.faults.chaosMode).toBeUndefined();
    s.api.faults.chaos({ seed: 1, statusRate: 1 });
    s.api.faults.clear();
    expect((await s.send('GET', '/rooms')).status).toBe(200);
    s.api.faults.chaos({ seed: 1, statusRate: 1 });
    s.api.reset();
    expect(s.api.faults.chaosMode).toBeUndefined();
  });

  test('a bad spec is a TypeError that says what to send', () => {
    const { api } = setup();
    expect(() => api.faults.chaos({} as never)).toThrow(/seed must be an integer/);
    expect(() => api.faults.chaos({ seed: 1, statusRate: 0.7, loseResponseRate: 0.4 })).toThrow(
      /add up to at most 1/,
    );
    expect(() => api.faults.chaos({ seed: 1, statusRate: 2 })).toThrow(/between 0 and 1/);
    expect(() => api.faults.chaos({ seed: 1, lose: 0.1 } as never)).toThrow(
      /unknown member "lose"/,
    );
    expect(() => api.faults.chaos({ seed: 1, status: 404 })).toThrow(/429 or a 5xx/);
    expect(() => api.faults.chaos({ seed: 1, status: 428 })).toThrow(/429 or a 5xx/);
    expect(() => api.faults.chaos({ seed: 1, latencyMs: [10, 5] })).toThrow(/latencyMs/);
  });
});

describe('POST /__control/chaos', () => {
  test('starts it (201), shows stats and invariants on GET, stops it with null; a bad spec is 400', async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL });
    const control = createControlHandler({ api, token: 'admin', allowedHosts: ['clinic.test'] });
    const send = async (method: string, body?: unknown) => {
      const response = await control(
        new Request(`${BASE_URL}/__control/chaos`, {
          method,
          headers: { authorization: 'Bearer admin' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      return { status: response.status, body: await response.json() };
    };
    const started = await send('POST', { seed: 9, statusRate: 1 });
    expect(started.status).toBe(201);
    expect(started.body.chaos.spec).toEqual({ seed: 9, statusRate: 1 });
    const key = api.issueApiKey();
    const answer = await api.fetch(`${API}/rooms`, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(503);
    const shown = await send('GET');
    expect(shown.body.chaos.stats.status).toBe(1);
    expect(shown.body.invariants).toMatchObject({ ok: true, violations: [] });
    expect(await send('POST', null)).toEqual({ status: 200, body: { chaos: null } });
    expect(api.faults.chaosMode).toBeUndefined();
    const bad = await send('POST', { seed: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toMatch(/seed/);
  });
});

describe('checkInvariants', () => {
  test('a clean flow keeps every invariant', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'book-1' };
    const created = await s.send('POST', '/appointments', { json: createBody(s), headers });
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    await s.send('PATCH', `/appointments/${created.body.id}`, {
      json: { status: 'confirmed' },
      headers: { 'idempotency-key': 'confirm-1' },
    });
    const report = checkInvariants(s.api);
    expect(report).toEqual({
      ok: true,
      violations: [],
      checked: { appointments: 1, patients: 1, intents: 2 },
    });
  });

  test('two bookings of one intent (no key, overlaps allowed) are one-appointment-per-intent', async () => {
    const s = setup();
    await s.send('POST', '/appointments', { json: createBody(s) });
    await s.send('POST', '/appointments', { json: createBody(s) });
    const { ok, violations } = checkInvariants(s.api);
    expect(ok).toBe(false);
    expect(violations).toEqual([
      expect.objectContaining({ invariant: 'one-appointment-per-intent', clinic: 1 }),
    ]);
    expect(violations[0]!.ids).toHaveLength(2);
  });

  test('one key creating two appointments (after its window) is one-appointment-per-intent', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'k' };
    await s.send('POST', '/appointments', { json: createBody(s), headers });
    await s.api.clock.advance(24 * 3_600_000);
    await s.send('POST', '/appointments', {
      json: createBody(s, { start_at: '2026-03-06T10:00:00' }),
      headers,
    });
    expect(checkInvariants(s.api).violations.map((v) => v.invariant)).toEqual([
      'one-appointment-per-intent',
    ]);
  });

  test('one key creating two patients is one-patient-per-cpf', async () => {
    const s = setup();
    const headers = { 'idempotency-key': 'patient-intent' };
    await s.send('POST', '/patients', { json: { name: 'Bia' }, headers });
    await s.send('POST', '/patients', { json: { name: 'Bia' }, headers });
    expect(checkInvariants(s.api).violations).toEqual([
      expect.objectContaining({ invariant: 'one-patient-per-cpf', ids: [2, 3] }),
    ]);
  });

  test('one key changing an appointment twice is one-change-per-intent', async () => {
    const s = setup();
    // By default the second body is 422: a service that binds no key on PATCH changes twice.
    s.api.settings.idempotencyBinding = 'create-appointment';
    const created = await s.send('POST', '/appointments', { json: createBody(s) });
    const headers = { 'idempotency-key': 'change' };
    const path = `/appointments/${created.body.id}`;
    await s.send('PATCH', path, { json: { note: 'a' }, headers });
    await s.send('PATCH', path, { json: { note: 'b' }, headers });
    await s.send('POST', `${path}/cancel`, { headers: { 'idempotency-key': 'cancel' } });
    expect(checkInvariants(s.api).violations).toEqual([
      expect.objectContaining({ invariant: 'one-change-per-intent', ids: [created.body.id] }),
    ]);
  });

  test('reset() forgets the writes; another object is a TypeError', async () => {
    const s = setup();
    await s.send('POST', '/appointments', { json: createBody(s) });
    await s.send('POST', '/appointments', { json: createBody(s) });
    s.api.reset();
    expect(checkInvariants(s.api).ok).toBe(true);
    expect(() => checkInvariants({} as never)).toThrow(TypeError);
  });
});

describe("indexes-match-records: the server's indexes agree with its records", () => {
  /** A store with one clinic and two patients with a CPF, as `addPatient` indexes them. */
  function twoPatients() {
    const store = new Store();
    const clinic = store.clinic(1);
    const add = (cpf: string) =>
      addPatient(store, clinic, { name: 'P', cpf, cpf_written: cpf, active: true }, 0);
    const report = () => reportInvariants({ store, journal: new WriteJournal() });
    return { clinic, a: add('52998224725'), b: add('11144477735'), report };
  }

  test('a CPF changed beside its index is reported, naming the patient and not the CPF', () => {
    const { a, report } = twoPatients();
    expect(report().ok).toBe(true);
    a.cpf = '39053344705';
    const { ok, violations } = report();
    expect(ok).toBe(false);
    expect(violations.map((v) => [v.invariant, v.ids])).toEqual([
      ['indexes-match-records', [a.id]],
      ['indexes-match-records', [a.id]],
    ]);
    expect(JSON.stringify(violations)).not.toMatch(/52998224725|39053344705/);
  });

  test('a record its table lists but does not hold by id is reported', () => {
    const { clinic, b, report } = twoPatients();
    clinic.patients.byId.delete(b.id);
    expect(report().violations).toEqual([
      expect.objectContaining({ invariant: 'indexes-match-records', ids: [b.id] }),
      expect.objectContaining({ invariant: 'indexes-match-records', ids: [b.id] }),
    ]);
  });

  test('changePatient keeps the CPF index: a change, an erasure, a swap of two CPFs', () => {
    const { clinic, a, b, report } = twoPatients();
    const [first, second] = [a.cpf, b.cpf];
    expect(changePatient(clinic, a, { cpf: '39053344705' }, 1)).toBe(true);
    expect(changePatient(clinic, b, { cpf: null }, 2)).toBe(true);
    expect(changePatient(clinic, b, { cpf: first }, 3)).toBe(true);
    expect(changePatient(clinic, a, { cpf: second }, 4)).toBe(true);
    expect(changePatient(clinic, a, { cpf: second, name: 'P' }, 5)).toBe(false);
    expect([a.updated_at, b.updated_at]).toEqual([4, 3]);
    expect(report().ok).toBe(true);
  });
});
