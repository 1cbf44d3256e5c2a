/**
 * Whatever the service answers, the call ends with the SDK's own outcome (issue 40, item 7): a
 * 2xx nesting a member 5,000 levels deep beside an enum value the SDK does not know (the
 * compatible check once copied the whole body and overflowed the stack), in a retrieve and in a
 * list page, in each `validateResponses` mode; and error bodies of many strings, whose key
 * redaction once took seconds. Through `ClinicClient` and a custom `fetch`.
 */
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ClinicClient,
  type ResponseDrift,
  type ResponseValidation,
  ResponseValidationError,
} from '../../src/index.ts';
import { API_KEY, APPOINTMENT_ID, appointmentWire, rejection } from './helpers.ts';

const DEEP = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;

/** An appointment's wire text with `status` unknown and `deep` at member `where`. */
function hostile(where: 'extra' | 'patient') {
  const text = JSON.stringify({ ...appointmentWire(), status: 'teleported', [where]: 0 });
  return text.replace(`"${where}":0`, `"${where}":${DEEP}`);
}

function client(text: string, validateResponses?: ResponseValidation, status = 200) {
  const drifts: ResponseDrift[] = [];
  const clinic = new ClinicClient({
    apiKey: API_KEY,
    baseUrl: 'https://clinic.test',
    logLevel: 'off',
    maxRetries: 0,
    validateResponses,
    onDrift: (drift) => drifts.push(drift),
    fetch: (async () =>
      new Response(text, {
        status,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch,
  });
  return { clinic, drifts };
}

describe('a 2xx nesting a member 5,000 deep beside an unknown enum value', () => {
  it('compatible: the unknown member dropped, the value passed on, both reported', async () => {
    const { clinic, drifts } = client(hostile('extra'));
    const appointment = await clinic.appointments.retrieve(APPOINTMENT_ID);
    expect(appointment.status).toBe('teleported');
    expect(appointment).not.toHaveProperty('extra');
    expect(drifts.map((d) => [d.kind, d.field])).toEqual([
      ['enum_value', 'status'],
      ['member', 'extra'],
    ]);
  });

  it('compatible, in a list page: the same', async () => {
    const page = `{"results":[${hostile('extra')}],"next":null,"previous":null}`;
    const items = await client(page).clinic.appointments.list().toArray({ limit: 5 });
    expect(items.map((item) => item.status)).toEqual(['teleported']);
  });

  it.each([
    ['compatible', 'patient'],
    ['strict', 'extra'],
    ['strict', 'patient'],
  ] as const)('%s, deep in %s: a ResponseValidationError', async (mode, where) => {
    const error = await rejection(
      client(hostile(where), mode).clinic.appointments.retrieve(APPOINTMENT_ID),
    );
    expect(error).toBeInstanceOf(ResponseValidationError);
  });

  it('unvalidated: the body as sent', async () => {
    const appointment = await client(hostile('extra'), false).clinic.appointments.retrieve(
      APPOINTMENT_ID,
    );
    expect(appointment.status).toBe('teleported');
  });
});

describe('an error body of many strings', () => {
  it('a 400 of 200,000 field messages (about 6 MB): BadRequestError, every message kept', async () => {
    const fields: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) fields[`field_${i}`] = Array(10).fill(`message ${i}`);
    const error = await rejection(
      client(JSON.stringify(fields), 'compatible', 400).clinic.rooms.retrieve(2),
    );
    expect(error).toBeInstanceOf(BadRequestError);
    expect(Object.keys((error as BadRequestError).fields ?? {})).toHaveLength(20_000);
  });
});
