/**
 * The defects the reliability suites found, one directed test each, so that each stays fixed
 * even where a random run would rarely hit it again. Each names the property that found it.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient, ValidationError } from '../../src/index.ts';
import {
  AppointmentCreateParams,
  issuesToFields,
  ListQuery,
  PatientCreateParams,
  StartAt,
} from '../../src/schemas/index.ts';
import { createReferenceServer } from '../../src/testing/index.ts';

const BASE_URL = 'https://clinic.test';
const API = `${BASE_URL}/api/public/v1`;
const CREATE = {
  patient_id: 7,
  professional_id: 3,
  appointment_type_id: 1,
  start_at: '2026-03-02T14:30:00-03:00',
};

/** A client whose fetch counts requests and answers 503, so that nothing it sends can pass unnoticed. */
function countingClient(): { client: ClinicClient; sent: () => number } {
  let sent = 0;
  const client = new ClinicClient({
    apiKey: 'csk_live_regressions.s3cr3t',
    baseUrl: BASE_URL,
    logLevel: 'off',
    maxRetries: 0,
    fetch: async () => {
      sent++;
      return Response.json({ detail: 'unavailable' }, { status: 503 });
    },
  });
  return { client, sent: () => sent };
}

async function rejection(call: () => unknown): Promise<unknown> {
  try {
    await call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to reject');
}

describe('unknown keys named after Object.prototype members (schemas.property: totality)', () => {
  // issuesToFields read `fields[key] ?? []`: for `constructor` or `toString` that is a function
  // of Object.prototype, and `.includes` threw a TypeError instead of a ValidationError (client)
  // or a 400 (reference server, whose api.fetch rejected).
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'issuesToFields reports %s as an own key',
    (key) => {
      const body = Object.fromEntries([...Object.entries(CREATE), [key, 1]]);
      const result = AppointmentCreateParams.safeParse(body);
      expect(result.success).toBe(false);
      const fields = issuesToFields(result.success ? [] : result.error.issues);
      expect(Object.keys(fields)).toEqual([key]);
      expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
      expect(JSON.parse(JSON.stringify(fields))).toEqual(
        Object.fromEntries([[key, [expect.any(String)]]]),
      );
    },
  );

  it('a query value under `toString` maps too', () => {
    const result = ListQuery.safeParse({ toString: {} });
    expect(result.success).toBe(false);
    expect(Object.keys(issuesToFields(result.success ? [] : result.error.issues))).toEqual([
      'toString',
    ]);
  });

  it('the client throws ValidationError naming the key, and sends nothing', async () => {
    const { client, sent } = countingClient();
    const error = await rejection(() =>
      client.patients.create({ name: 'Ana Souza', constructor: 1 } as never),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields.constructor).toEqual([expect.any(String)]);
    expect(sent()).toBe(0);
  });

  it('the reference server answers 400 with the key, where it used to reject', async () => {
    const api = createReferenceServer({ baseUrl: BASE_URL });
    const key = api.issueApiKey();
    for (const raw of ['{"name":"Ana","constructor":1}', '{"name":"Ana","__proto__":1}']) {
      const response = await api.fetch(`${API}/patients`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: raw,
      });
      expect(response.status).toBe(400);
      const text = await response.text();
      const unknown = Object.keys(JSON.parse(raw)).find((k) => k !== 'name')!;
      expect(Object.keys(JSON.parse(text))).toEqual([unknown]);
    }
  });
});

describe('patients.list extra keys (schemas.property: patients.list with anything)', () => {
  // The schema was a loose object: an extra key's value was not checked, so an object was sent
  // as "[object Object]", and one without a prototype made String() throw a TypeError.
  it.each([
    ['an object', {}],
    ['an object without prototype', Object.create(null)],
    ['an array', [1, 2]],
  ])('refuses %s as the value of an extra key, sending nothing', async (_name, value) => {
    const { client, sent } = countingClient();
    const error = await rejection(() => client.patients.list({ page_size: value } as never));
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['page_size']);
    expect(sent()).toBe(0);
  });

  it('still passes primitive extra keys through, like the other lists', async () => {
    const sentUrls: string[] = [];
    const client = new ClinicClient({
      apiKey: 'csk_live_regressions.s3cr3t',
      baseUrl: BASE_URL,
      logLevel: 'off',
      fetch: async (input, init) => {
        sentUrls.push(new Request(input, init).url);
        return Response.json({ results: [], next: null, previous: null });
      },
    });
    await client.patients.list({ name: 'Silva' }, { extraQuery: { page_size: 10, active: true } });
    expect(sentUrls).toEqual([`${API}/patients?name=Silva&page_size=10&active=true`]);
  });
});

describe('Idempotency-Key values a header cannot carry (schemas.property: idempotencyKey)', () => {
  // The schema took any 1-255 characters. A line break or a character beyond Latin-1 then made
  // the Headers constructor throw inside the attempt, which the client reported as
  // APIConnectionError ("no response was received") after retrying; white space at either end
  // was trimmed on the way, so the server saw another key than the caller's.
  it.each([
    ['a line break', 'a\nb'],
    ['a NUL', 'key\u0000'],
    ['Cyrillic', 'ключ'],
    ['an emoji', 'key-\u{1F600}'],
    ['a leading space', ' key'],
    ['a trailing tab', 'key\t'],
  ])('refuses a key with %s, sending nothing', async (_name, idempotencyKey) => {
    const { client, sent } = countingClient();
    const error = await rejection(() => client.appointments.create(CREATE, { idempotencyKey }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['Idempotency-Key']);
    expect(sent()).toBe(0);
  });

  it('still sends a uuid, inner spaces and Latin-1 letters as given', async () => {
    const keys: (string | null)[] = [];
    const client = new ClinicClient({
      apiKey: 'csk_live_regressions.s3cr3t',
      baseUrl: BASE_URL,
      logLevel: 'off',
      maxRetries: 0,
      fetch: async (input, init) => {
        keys.push(new Request(input, init).headers.get('idempotency-key'));
        return Response.json({ detail: 'stop here' }, { status: 409 });
      },
    });
    const given = ['6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', 'order 42 / try 1', 'chave-é'];
    for (const idempotencyKey of given) {
      await rejection(() => client.appointments.create(CREATE, { idempotencyKey }));
    }
    expect(keys).toEqual(given);
  });
});

describe('start_at as a Date outside 0000-9999 (schemas.property: what the client sends, the server accepts)', () => {
  // The Date branch took any valid Date and wrote it as `10000-01-01T00:00:00+00:00` or
  // `00-5-...`, which the same schema refuses as a string: the client sent what the service
  // answers 400 to.
  it.each([
    ['year 10000', Date.UTC(10_000, 0, 1)],
    ['year -5', Date.UTC(-5, 0, 1)],
  ])('refuses a Date in %s before sending', async (_name, ms) => {
    expect(StartAt.safeParse(new Date(ms)).success).toBe(false);
    const { client, sent } = countingClient();
    const error = await rejection(() =>
      client.appointments.create({ ...CREATE, start_at: new Date(ms) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fields)).toEqual(['start_at']);
    expect(sent()).toBe(0);
  });

  it('accepts 0000-02-29 both as a Date and as the string it is sent as (year 0 is a leap year)', () => {
    // Date.UTC reads years 0-99 as 1900-1999, and 1900 is not a leap year: the string form of
    // a Date the schema accepted was refused by the same schema.
    const date = new Date(0);
    date.setUTCFullYear(0, 1, 29);
    date.setUTCHours(10, 0, 0, 0);
    const sent = StartAt.safeParse(date);
    expect(sent).toEqual({ success: true, data: '0000-02-29T10:00:00+00:00' });
    expect(StartAt.safeParse('0000-02-29T10:00:00+00:00').success).toBe(true);
    expect(StartAt.safeParse('1900-02-29T10:00:00+00:00').success).toBe(false);
    expect(PatientCreateParams.safeParse({ name: 'Ana', birth_date: '2024-02-29' }).success).toBe(
      true,
    );
  });
});

describe('instants outside the years the API writes (fuzz: 2xx bodies in the shapes of spec 2)', () => {
  // zoneOffsetMinutes read Intl's year without its era, so year 0 (1 BC) was taken for AD 1
  // and the offset came out a year long: a create at 0000-06-01 answered 201 with
  // start_at "0001-06-01T06:54:00+8756:54". And an appointment ending in year 10000 (or
  // starting in year -1) was stored and answered in a form spec 2 does not have.
  function setup() {
    const api = createReferenceServer({ baseUrl: BASE_URL });
    const key = api.issueApiKey();
    const patient = api.seed.patient({ name: 'Ana Souza' });
    const professional = api.seed.professional({ name: 'Dra. Helena Prado' });
    const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
    const send = (method: string, path: string, body: unknown) =>
      api.fetch(`${API}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const create = (start_at: string) =>
      send('POST', '/appointments', {
        patient_id: patient.id,
        professional_id: professional.id,
        appointment_type_id: type.id,
        start_at,
      });
    return { api, send, create };
  }

  it('year 0 gets the zone offset of the years before 1914 (local mean time), not a year-long one', async () => {
    const { create } = setup();
    const response = await create('0000-06-01T10:00:00Z');
    expect(response.status).toBe(201);
    const body = (await response.json()) as { start_at: string; end_at: string };
    expect(body.start_at).toBe('0000-06-01T06:54:00-03:06');
    expect(body.end_at).toBe('0000-06-01T07:24:00-03:06');
  });

  it.each([
    ['ends in year 10000', '9999-12-31T23:59:00'],
    ['starts in year 10000', '9999-12-31T23:59:00-23:59'],
    ['starts in year -1', '0000-01-01T00:00:00+23:59'],
  ])('a create that %s answers 400 on start_at', async (_name, start_at) => {
    const { api, create } = setup();
    const response = await create(start_at);
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(['start_at']);
    expect(api.events).toHaveLength(0);
  });

  it('so does a change of start_at', async () => {
    const { create, send } = setup();
    const { id } = (await (await create('2026-03-05T10:00:00')).json()) as { id: string };
    const response = await send('PATCH', `/appointments/${id}`, {
      start_at: '9999-12-31T23:45:00',
    });
    expect(response.status).toBe(400);
    expect(Object.keys((await response.json()) as object)).toEqual(['start_at']);
  });
});
