import { type ClientOptions, ClinicClient } from '../../src/index.ts';
import { type OperationRow, pathOf } from '../../src/operations.ts';
import {
  createReferenceServer,
  type ReferenceServer,
  type ReferenceServerOptions,
} from '../../src/testing/index.ts';
import { drawBody, resourceOfRow } from '../helpers/rows.ts';

export const BASE_URL = 'https://clinic.test';
export const API = `${BASE_URL}/api/public/v1`;
/** 2026-03-02 09:00 in São Paulo. */
export const NOW = new Date('2026-03-02T12:00:00Z');

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test answers are read freely
  body: any;
}

export interface CallOptions {
  key?: string | null;
  json?: unknown;
  raw?: string;
  form?: Record<string, string>;
  multipart?: FormData;
  contentType?: string;
  headers?: Record<string, string>;
}

/** Sends one request to `api.fetch` and reads the answer (JSON when it is JSON). */
export async function call(
  api: ReferenceServer,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set('authorization', `Bearer ${options.key}`);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('content-type', 'application/json');
  } else if (options.raw !== undefined) {
    body = options.raw;
    headers.set('content-type', options.contentType ?? 'application/json');
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  } else if (options.multipart) {
    body = options.multipart;
  }
  const url = path.startsWith('http') ? path : `${API}${path}`;
  const response = await api.fetch(url, { method, headers, ...(body ? { body } : {}) });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? null : isJson ? JSON.parse(text) : text,
  };
}

/** A server at {@link NOW}, with a full-access key and the basic records of one clinic. */
export function setup(options: Partial<ReferenceServerOptions> = {}) {
  const api = createReferenceServer({ baseUrl: BASE_URL, now: NOW, ...options });
  const key = api.issueApiKey();
  const room = api.seed.room({ name: 'Consultório 1' });
  const otherRoom = api.seed.room({ name: 'Consultório 2' });
  const professional = api.seed.professional({
    name: 'Dra. Helena Prado',
    specialty: 'Cardiologia',
    default_room_id: room.id,
  });
  const type = api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const patient = api.seed.patient({ name: 'Ana Souza', phone: '11987654321' });
  const send = (method: string, path: string, o: CallOptions = {}) =>
    call(api, method, path, { key, ...o });
  return { api, key, room, otherRoom, professional, type, patient, send };
}

/** A client of {@link setup}'s server and key, silent (tests read its errors, not its logs). */
export function clientOf(
  s: ReturnType<typeof setup>,
  options: Partial<ClientOptions> = {},
): ClinicClient {
  return new ClinicClient({
    apiKey: s.key,
    baseUrl: s.api.baseUrl,
    fetch: s.api.fetch,
    logLevel: 'off',
    maxRetries: 0,
    ...options,
  });
}

/** A valid create body for the records of {@link setup}. */
export function createBody(
  s: ReturnType<typeof setup>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    patient_id: s.patient.id,
    professional_id: s.professional.id,
    appointment_type_id: s.type.id,
    start_at: '2026-03-05T14:30:00',
    ...extra,
  };
}

/** Creates an appointment through the API and returns its body. */
export async function createAppointment(
  s: ReturnType<typeof setup>,
  extra: Record<string, unknown> = {},
) {
  const answer = await s.send('POST', '/appointments', { json: createBody(s, extra) });
  if (answer.status !== 201) throw new Error(`create failed: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** An id of {@link setup}'s record of a resource (the appointment: `appointment`). */
function recordOf(s: ReturnType<typeof setup>, appointment: string) {
  const ids: Record<string, unknown> = {
    appointments: appointment,
    patients: s.patient.id,
    professionals: s.professional.id,
    rooms: s.room.id,
    'appointment-types': s.type.id,
  };
  return (resource: string) => {
    if (ids[resource] === undefined) throw new Error(`setup() holds no record of ${resource}`);
    return ids[resource];
  };
}

/** The path id of `row` on {@link setup}'s records, or `undefined` when it takes none. */
export function pathIdOf(
  row: OperationRow,
  s: ReturnType<typeof setup>,
  appointment: string,
): unknown {
  return row.id ? recordOf(s, appointment)(resourceOfRow(row)) : undefined;
}

/**
 * A request of `row` on {@link setup}'s records (the appointment `appointment`): its method,
 * its path with the id of its resource's record, and a valid body of its required fields
 * (test/helpers/rows.ts), so that a test over every row covers a new one without an entry.
 */
export function requestOf(
  s: ReturnType<typeof setup>,
  row: OperationRow,
  appointment: string,
): { method: string; path: string; json?: Record<string, unknown> } {
  const record = recordOf(s, appointment);
  const path = pathOf(row, pathIdOf(row, s, appointment));
  const json = row.input && drawBody(row.input, { rng: () => 0, record });
  return { method: row.method, path, ...(json ? { json } : {}) };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const SAO_PAULO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[23]:00$/;
