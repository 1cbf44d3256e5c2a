/**
 * One scenario run through every adapter of the reference server (api.fetch, MSW 3, MSW 2, the
 * CLI over a loopback socket). It needs a server seeded with `seed: 'demo'` and a full-access
 * key, and talks to it only through `fetch`.
 */
import { expect } from 'vitest';
import { generateCpf } from '../../src/testing/index.ts';

export interface ScenarioTarget {
  /** The fetch to use: `api.fetch`, or the global fetch (MSW or a real socket). */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  baseUrl: string;
  apiKey: string;
}

export async function runScenario({ fetch, baseUrl, apiKey }: ScenarioTarget): Promise<void> {
  const api = `${baseUrl}/api/public/v1`;
  const auth = { authorization: `Bearer ${apiKey}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const get = async (url: string) => {
    const response = await fetch(url, { headers: auth });
    return { status: response.status, body: await response.json() };
  };

  // Reference data, through pagination (the rooms list follows `next` page by page).
  const professionals = await get(`${api}/professionals`);
  expect(professionals.status).toBe(200);
  const helena = professionals.body.results.find(
    (p: { name: string }) => p.name === 'Dra. Helena Prado',
  );
  const types = await get(`${api}/appointment-types`);
  const consulta = types.body.results.find((t: { name: string }) => t.name === 'Consulta');
  const rooms: unknown[] = [];
  let next: string | null = `${api}/rooms?page_size=1`;
  while (next) {
    expect(next.startsWith(`${api}/rooms?`)).toBe(true);
    const page: { status: number; body: { results: unknown[]; next: string | null } } =
      await get(next);
    expect(page.status).toBe(200);
    rooms.push(...page.body.results);
    next = page.body.next;
  }
  expect(rooms).toEqual([
    { id: 1, name: 'Consultório 1' },
    { id: 2, name: 'Consultório 2' },
    { id: 3, name: 'Sala de Procedimentos' },
  ]);

  // A patient; the CPF is write-only and unique.
  const cpf = generateCpf(424_242);
  const patientResponse = await fetch(`${api}/patients`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Fernanda Dias', phone: '11955554444', cpf }),
  });
  expect(patientResponse.status).toBe(201);
  const patient = await patientResponse.json();
  expect(Object.keys(patient).sort()).toEqual([
    'active',
    'created_at',
    'id',
    'name',
    'phone',
    'updated_at',
  ]);
  const duplicate = await fetch(`${api}/patients`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Outra', cpf }),
  });
  expect(duplicate.status).toBe(409);
  expect((await duplicate.json()).code).toBe('patient_cpf_exists');

  // Create with an Idempotency-Key, as a form body; the retry replays.
  const form = new URLSearchParams({
    patient_id: String(patient.id),
    professional_id: String(helena.id),
    appointment_type_id: String(consulta.id),
    start_at: '2030-01-15T10:00:00',
  });
  const create = () =>
    fetch(`${api}/appointments`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': 'scenario-create-1' },
      body: form,
    });
  const first = await create();
  expect(first.status).toBe(201);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const created = await first.json();
  expect(created).toMatchObject({
    patient: { id: patient.id, name: 'Fernanda Dias', phone: '11955554444' },
    professional: { id: helena.id, name: 'Dra. Helena Prado' },
    room: { id: 1, name: 'Consultório 1' },
    start_at: '2030-01-15T10:00:00-03:00',
    end_at: '2030-01-15T10:30:00-03:00',
    modality: 'in_person',
    origin: 'api',
    status: 'scheduled',
  });
  const replay = await create();
  expect(replay.status).toBe(201);
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(await replay.json()).toEqual(created);

  // Read, change, cancel.
  expect(await get(`${api}/appointments/${created.id}`)).toEqual({ status: 200, body: created });
  const patch = await fetch(`${api}/appointments/${created.id}`, {
    method: 'PATCH',
    headers: json,
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(patch.status).toBe(200);
  expect((await patch.json()).status).toBe('confirmed');
  const cancel = await fetch(`${api}/appointments/${created.id}/cancel`, {
    method: 'POST',
    headers: auth,
  });
  expect(cancel.status).toBe(200);
  expect((await cancel.json()).status).toBe('cancelled');
  const again = await fetch(`${api}/appointments/${created.id}/cancel`, {
    method: 'POST',
    headers: auth,
  });
  expect(again.status).toBe(409);
  expect(await again.json()).toEqual({
    code: 'appointment_not_changeable',
    detail: expect.any(String),
  });

  // Errors.
  const anonymous = await fetch(`${api}/appointments`);
  expect(anonymous.status).toBe(401);
  expect(anonymous.headers.get('content-type')).toBe('application/json');
  expect(await anonymous.json()).toEqual({ detail: expect.any(String) });
  expect((await get(`${api}/appointments/not-a-uuid`)).status).toBe(404);
  const put = await fetch(`${api}/appointments`, { method: 'PUT', headers: auth });
  expect(put.status).toBe(404);
  const invalid = await fetch(`${api}/appointments`, {
    method: 'POST',
    headers: json,
    body: '{"patient_id":',
  });
  expect(invalid.status).toBe(400);
  expect(await invalid.json()).toEqual({ non_field_errors: [expect.any(String)] });
}
