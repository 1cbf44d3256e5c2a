/**
 * What a call puts on the wire, as the custom `fetch` receives it: a JSON body only with its
 * `Content-Type`, a query's `null` sent empty and `undefined` left out, an `Idempotency-Key` only
 * on `appointments.create`.
 */
import { describe, expect, it } from 'vitest';
import { ClinicClient } from '../../src/index.ts';
import { API_KEY, BASE_URL, createBody, json, patientWire, roomWire } from '../client/helpers.ts';
import { appointmentWire } from '../fixtures.ts';

interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** A client whose fetch records each request and answers with `answer()`. */
function recording(answer: () => Response) {
  const sent: Sent[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(String(url)),
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    return answer();
  };
  const clinic = new ClinicClient({
    apiKey: API_KEY,
    baseUrl: BASE_URL,
    logLevel: 'off',
    maxRetries: 0,
    fetch: fetch as typeof globalThis.fetch,
  });
  return { clinic, sent };
}

describe('the body and its Content-Type', () => {
  it('a GET sends neither a body nor a Content-Type', async () => {
    const { clinic, sent } = recording(() => json(roomWire()));
    await clinic.rooms.retrieve(roomWire().id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toBeUndefined();
    expect(sent[0]!.headers.has('content-type')).toBe(false);
  });

  it('a write sends its JSON body with Content-Type: application/json', async () => {
    const { clinic, sent } = recording(() => json(patientWire(), 201));
    const input = { name: 'Ana Souza', cpf: '529.982.247-25', phone: '+5511987654321' };
    await clinic.patients.create(input);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(sent[0]!.body))).toMatchObject({ name: 'Ana Souza' });
  });
});

describe('the query', () => {
  it('null is sent empty, undefined is left out, other values as text', async () => {
    const { clinic, sent } = recording(() => json({ results: [], next: null, previous: null }));
    await clinic.rooms
      .list({}, { extraQuery: { blank: null, gone: undefined, size: 5, flag: false } })
      .toArray({ limit: 10 });
    const { searchParams } = sent[0]!.url;
    expect([...searchParams]).toEqual([
      ['blank', ''],
      ['size', '5'],
      ['flag', 'false'],
    ]);
  });
});

describe('the Idempotency-Key header', () => {
  it('is sent once on appointments.create, the same on the call and its error-free answer', async () => {
    const { clinic, sent } = recording(() => json(appointmentWire(), 201));
    const { idempotencyKey } = await clinic.appointments.create(createBody).withResponse();
    expect(sent[0]!.headers.get('idempotency-key')).toBe(idempotencyKey);
    expect(idempotencyKey).toMatch(/\S/);
  });

  it('is not sent by any other call, not even a write', async () => {
    const { clinic, sent } = recording(() => json(patientWire(), 201));
    await clinic.patients.create({
      name: 'Ana Souza',
      cpf: '529.982.247-25',
      phone: '+5511987654321',
    });
    expect(sent[0]!.headers.has('idempotency-key')).toBe(false);
  });
});

describe('the custom fetch contract (issue 40)', () => {
  it('(url, init): a URL string, a Headers as ky built them, the JSON text, a signal, no redirect followed', async () => {
    const seen: Array<[unknown, RequestInit | undefined]> = [];
    const clinic = new ClinicClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      logLevel: 'off',
      fetch: (async (url: unknown, init?: RequestInit) => {
        seen.push([url, init]);
        return json(patientWire(), 201);
      }) as typeof fetch,
    });
    await clinic.patients.create({ name: 'Ana Souza' });
    const [url, init] = seen[0]!;
    expect(url).toBe(`${BASE_URL}/api/public/v1/patients`);
    expect(init?.headers).toBeInstanceOf(Headers);
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${API_KEY}`);
    expect(init).toMatchObject({ method: 'POST', redirect: 'manual' });
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Ana Souza' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });
});
