/**
 * Every control input checked in process (issue 21 part 2): settings, faults, keys, clock and
 * delivery chaos refuse a wrong type, an unknown member and an out-of-range value with a
 * TypeError (RangeError for the clock) naming the member, and the server keeps answering.
 */
import { describe, expect, test } from 'vitest';
import { AppointmentStatus } from '../../src/schemas/appointments.ts';
import { createReferenceServer } from '../../src/testing/index.ts';
import { defaultSettings } from '../../src/testing/server/store.ts';

const BASE = 'https://clinic.test';
const P = '/api/public/v1';

function setup() {
  const api = createReferenceServer({ baseUrl: BASE, now: new Date('2026-03-02T12:00:00Z') });
  const key = api.issueApiKey();
  const call = (method: string, path: string, body?: unknown, auth = key) =>
    api.fetch(`${BASE}${P}${path}`, {
      method,
      headers: { authorization: `Bearer ${auth}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { api, key, call };
}

/** A write that must keep answering 201 after any refused control input. */
async function createsAPatient(s: ReturnType<typeof setup>) {
  const response = await s.call('POST', '/patients', { name: 'Ana Souza' });
  expect(response.status).toBe(201);
}

describe('settings (api.settings)', () => {
  test('a mistyped value throws a TypeError naming the setting and its values; the default stays', async () => {
    const s = setup();
    const settings = s.api.settings as unknown as Record<string, unknown>;
    expect(() => {
      settings.nullRoom = 'no_room';
    }).toThrow(TypeError);
    expect(() => {
      settings.nullRoom = 'no_room';
    }).toThrow(/nullRoom.*no-room.*default-room/);
    expect(() => {
      settings.idempotencyReplay = 'create_appointment';
    }).toThrow(/idempotencyReplay.*create-appointment/);
    expect(() => {
      settings.requireRoom = 'yes';
    }).toThrow(/requireRoom/);
    expect(s.api.settings.nullRoom).toBe('no-room');
    expect(s.api.settings.idempotencyReplay).toBe('create-appointment');
    expect(s.api.settings.requireRoom).toBe(false);
  });

  test("changeableStatuses: 'scheduled' is refused, and api.fetch keeps working", async () => {
    const s = setup();
    expect(() => {
      (s.api.settings as unknown as Record<string, unknown>).changeableStatuses = 'scheduled';
    }).toThrow(/changeableStatuses/);
    expect(() => {
      s.api.settings.changeableStatuses = ['scheduled', 'done' as AppointmentStatus];
    }).toThrow(/changeableStatuses\.1/);
    await createsAPatient(s);
  });

  test('an unknown setting is refused, naming the settings', () => {
    const s = setup();
    expect(() => {
      (s.api.settings as unknown as Record<string, unknown>).nulRoom = 'no-room';
    }).toThrow(/nulRoom.*nullRoom/);
    expect(Object.keys(s.api.settings)).not.toContain('nulRoom');
  });

  test('a valid value is taken; a list is replaced, not mutated; reset restores the defaults', () => {
    const s = setup();
    s.api.settings.changeableStatuses = [...AppointmentStatus.options];
    expect(s.api.settings.changeableStatuses).toEqual([...AppointmentStatus.options]);
    expect(() => s.api.settings.changeableStatuses.push('scheduled')).toThrow(TypeError);
    s.api.clinic(2).settings.nullRoom = 'default-room';
    expect(s.api.clinic(2).settings.nullRoom).toBe('default-room');
    s.api.reset();
    expect(s.api.settings.changeableStatuses).toEqual(['scheduled', 'confirmed']);
    expect(JSON.parse(JSON.stringify(s.api.settings))).toEqual(defaultSettings());
  });
});

describe('faults (api.faults.inject)', () => {
  test('an unknown member (a mistyped path) is refused, not a fault on every path', async () => {
    const s = setup();
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.faults.inject({ pth: '/x', status: 500 } as any)).toThrow(/"pth".*path/);
    expect(s.api.faults.pending).toHaveLength(0);
    await createsAPatient(s);
  });

  test('headers that are not a map, and a non-boolean networkError, are refused', async () => {
    const s = setup();
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.faults.inject({ status: 503, headers: 'x' } as any)).toThrow(/headers/);
    expect(() => s.api.faults.inject({ status: 503, headers: { 'a b': 'x' } })).toThrow(/headers/);
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.faults.inject({ networkError: 'yes' } as any)).toThrow(/networkError/);
    expect(() => s.api.faults.inject({ delayMs: 1e300 })).toThrow(/delayMs/);
    expect(() => s.api.faults.inject({ times: 1.5 })).toThrow(/times/);
    expect(s.api.faults.pending).toHaveLength(0);
    await createsAPatient(s);
  });

  test('a valid fault still acts', async () => {
    const s = setup();
    s.api.faults.inject({ path: `${P}/patients`, status: 503, headers: { 'retry-after': '1' } });
    expect((await s.call('POST', '/patients', { name: 'Ana Souza' })).status).toBe(503);
    await createsAPatient(s);
  });
});

describe('keys (api.issueApiKey)', () => {
  test('a numeric prefix is refused rather than issuing a key that never authenticates', () => {
    const s = setup();
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.issueApiKey({ prefix: 123 as any })).toThrow(/prefix/);
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.issueApiKey({ preset: 'read_only', extra: 1 } as any)).toThrow(/"extra"/);
    expect(() => s.api.issueApiKey({ prefix: 'x'.repeat(33) })).toThrow(/prefix/);
  });

  test('every issued key authenticates, with a prefix of digits too', async () => {
    const s = setup();
    const key = s.api.issueApiKey({ prefix: '123' });
    expect((await s.call('GET', '/rooms', undefined, key)).status).toBe(200);
  });

  test('an exact key in the spec format is accepted and authenticates; a malformed or reused one is refused', async () => {
    const s = setup();
    const key = 'test_live_fixedkeyid1.fixedsecret1';
    expect(s.api.issueApiKey({ key, preset: 'read_only' })).toBe(key);
    expect((await s.call('GET', '/appointments', undefined, key)).status).toBe(200);
    expect((await s.call('POST', '/patients', { name: 'A' }, key)).status).toBe(403);
    expect(() => s.api.issueApiKey({ key })).toThrow(/already issued/);
    expect(() => s.api.issueApiKey({ key: 'not-a-key' })).toThrow(/key/);
    expect(() => s.api.issueApiKey({ key: 'a_live_b.c', prefix: 'a' })).toThrow(/prefix/);
  });
});

describe('clock (api.clock)', () => {
  test('advance(1e300) is refused and the server keeps answering writes, before and after reset', async () => {
    const s = setup();
    await expect(s.api.clock.advance(1e300)).rejects.toThrow(RangeError);
    await expect(s.api.clock.advance(Number.MAX_SAFE_INTEGER)).rejects.toThrow(RangeError);
    await createsAPatient(s);
    s.api.reset();
    await createsAPatient(s);
  });

  test('set moves forward (running what falls due) and back; a bad instant is refused', async () => {
    const s = setup();
    let ran = 0;
    s.api.clock.schedule(Date.parse('2026-03-02T13:00:00Z'), () => {
      ran += 1;
    });
    await s.api.clock.set(new Date('2026-03-02T14:00:00Z'));
    expect(ran).toBe(1);
    expect(s.api.clock.now()).toBe(Date.parse('2026-03-02T14:00:00Z'));
    await s.api.clock.set(Date.parse('2026-01-01T00:00:00Z'));
    expect(s.api.clock.date().toISOString()).toBe('2026-01-01T00:00:00.000Z');
    await expect(s.api.clock.set(Number.NaN)).rejects.toThrow(RangeError);
    await expect(s.api.clock.set(new Date('nope'))).rejects.toThrow(RangeError);
    await createsAPatient(s);
  });
});

describe('delivery chaos (api.webhooks.configure)', () => {
  test('duplicate, reorder and seed change at run time; bad ones are refused; reset restores them', () => {
    const s = setup();
    expect(s.api.webhooks.chaos).toEqual({ duplicate: 0, reorder: false, seed: 1 });
    s.api.webhooks.configure({ duplicate: 1, reorder: { windowMs: 1000 } });
    expect(s.api.webhooks.chaos).toEqual({ duplicate: 1, reorder: { windowMs: 1000 }, seed: 1 });
    expect(() => s.api.webhooks.configure({ duplicate: 2 })).toThrow(/duplicate/);
    // biome-ignore lint/suspicious/noExplicitAny: the runtime guard
    expect(() => s.api.webhooks.configure({ dup: 1 } as any)).toThrow(/"dup"/);
    expect(() => s.api.webhooks.configure({ seed: -1 })).toThrow(/seed/);
    s.api.reset();
    expect(s.api.webhooks.chaos).toEqual({ duplicate: 0, reorder: false, seed: 1 });
  });

  test('duplicate: 1 set at run time doubles every delivery', async () => {
    const s = setup();
    const got: string[] = [];
    s.api.webhooks.register({
      handler: async (request) => {
        got.push(((await request.json()) as { id: string }).id);
        return new Response(null, { status: 204 });
      },
      events: ['appointment.created'],
    });
    s.api.webhooks.configure({ duplicate: 1, reorder: { windowMs: 0 } });
    const professional = s.api.seed.professional({ name: 'Dr. A' });
    const patient = s.api.seed.patient({ name: 'B' });
    const type = s.api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
    const created = await s.call('POST', '/appointments', {
      patient_id: patient.id,
      professional_id: professional.id,
      appointment_type_id: type.id,
      start_at: '2026-03-10T10:00:00-03:00',
    });
    expect(created.status).toBe(201);
    await s.api.webhooks.flush();
    expect(got).toHaveLength(2);
    expect(got[0]).toBe(got[1]);
  });
});

describe('list envelopes (api.listEnvelope)', () => {
  test('a mode other than envelope or array, rooms and an unknown list are refused', async () => {
    const s = setup();
    const envelope = s.api.listEnvelope as unknown as Record<string, unknown>;
    expect(() => {
      envelope.patients = 'bare';
    }).toThrow(/patients.*envelope.*array/);
    expect(() => {
      envelope.rooms = 'array';
    }).toThrow(/rooms/);
    expect(() => {
      envelope.patient = 'array';
    }).toThrow(/patient.*patients/);
    expect(s.api.listEnvelope.patients).toBe('envelope');
    s.api.listEnvelope.patients = 'array';
    expect(await (await s.call('GET', '/patients')).json()).toEqual([]);
    s.api.reset();
    expect(s.api.listEnvelope.patients).toBe('envelope');
  });
});
