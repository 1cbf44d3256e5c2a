import { expect } from 'vitest';
import type * as z from 'zod';
import {
  type Appointment,
  CodeDetailBody,
  DetailBody,
  pageEnvelope,
} from '../../../src/schemas/index.ts';
import type { BuiltRequest } from './generators.ts';
import { BASE_URL, PREFIX } from './routes.ts';
import type { World } from './world.ts';

// --- checking one answer -------------------------------------------------------------------

export function expectFieldErrorsBody(body: unknown): void {
  expect(
    typeof body === 'object' && body !== null && !Array.isArray(body),
    '400 body is an object',
  ).toBe(true);
  const entries = Object.entries(body as object);
  expect(entries.length, '400 body names at least one field').toBeGreaterThan(0);
  for (const [field, messages] of entries) {
    expect(Array.isArray(messages), `400 field ${JSON.stringify(field)} holds an array`).toBe(true);
    expect(
      (messages as unknown[]).length,
      `400 field ${JSON.stringify(field)} has messages`,
    ).toBeGreaterThan(0);
    for (const message of messages as unknown[]) {
      expect(
        typeof message === 'string' && message.length > 0,
        '400 messages are non-empty strings',
      ).toBe(true);
    }
  }
}

export function expectShape(schema: z.ZodType, body: unknown, what: string): void {
  const result = schema.safeParse(body);
  expect(
    result.success,
    `${what} does not match spec 2: ${
      result.success
        ? ''
        : result.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')
    } in ${JSON.stringify(body).slice(0, 600)}`,
  ).toBe(true);
}

/** The statuses the spec (and the reference server's documented choices) allow for a request. */
export function allowedStatuses(built: BuiltRequest): number[] {
  if (!built.authValid) return [401];
  if (!built.routed || !built.op) return [404];
  if (!built.scopes.has(built.op.scope)) return [403];
  // A write's Idempotency-Key is checked before its body and its record.
  if (built.op.method !== 'GET' && built.keyInvalid) return [400];
  const own = built.idChoice === 'own' || built.idChoice === 'own-variant';
  const { row } = built.op;
  if (row.method === 'GET') return row.kind === 'list' ? [200, 400] : own ? [200] : [404];
  // A write: a body it reads is read (400) before its record is looked up (404); one it does not
  // read is refused (400, setting cancelBody). A body's unknown id is a 400 here, not a 404.
  const badBody = row.bodies !== 'none' || built.hasBody ? [400] : [];
  const found = !row.id || own;
  return [
    ...(found ? [row.status, ...(row.conflicts.length > 0 ? [409] : [])] : [404]),
    ...badBody,
    422,
  ];
}

export function checkAnswer(
  world: World,
  built: BuiltRequest,
  response: Response,
  text: string,
): void {
  const { status } = response;
  expect(status, 'a 5xx answer').toBeLessThan(500);
  expect(allowedStatuses(built), `status ${status} is not one this request allows`).toContain(
    status,
  );
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = JSON.parse(text);
  const replayed = response.headers.get('idempotent-replayed') === 'true';
  if (replayed) expect(built.keyReused, 'a replay of a key never sent before').toBe(true);

  if (status === 400) {
    expectFieldErrorsBody(body);
    if (built.keyInvalid && built.op?.method !== 'GET') {
      expect(Object.keys(body as object)).toEqual(['Idempotency-Key']);
    }
  }
  if (status === 401 || status === 403 || status === 404)
    expectShape(DetailBody, body, `${status} body`);
  if (status === 409) {
    expectShape(CodeDetailBody, body, '409 body');
    expect(built.op?.row.conflicts).toContain((body as { code: string }).code);
  }
  if (status === 422) {
    expectShape(CodeDetailBody, body, '422 body');
    // The reference server's documented code for Idempotency-Key misuse (public-api.md).
    expect((body as { code: string }).code).toBe('idempotency_key_reused');
    expect(built.keyReused, '422 without a reused Idempotency-Key').toBe(true);
  }
  if (status >= 300) return;

  const op = built.op!;
  const clinic = built.clinic;
  if (op.kind === 'list') {
    expectShape(pageEnvelope(op.row.response), body, `GET ${op.row.path}`);
    const page = body as { next: string | null; previous: string | null };
    for (const link of [page.next, page.previous]) {
      if (link === null) continue;
      const url = new URL(link);
      expect(url.origin + url.pathname).toBe(`${BASE_URL}${PREFIX}${op.row.path}`);
      const cursor = url.searchParams.get('cursor');
      expect(cursor, 'a page URL carries a cursor (spec 4.1)').toBeTruthy();
      if (world.cursors.length < 200) world.cursors.push(cursor!);
    }
    return;
  }
  expect(status).toBe(op.row.status);
  expectShape(op.row.response, body, `${built.method} ${op.row.path} answer`);
  const record = body as { id: string | number };

  // Reads ignore the key; a successful write remembered it (spec 4.4).
  if (
    op.method !== 'GET' &&
    built.idempotencyKey !== undefined &&
    !world.usedKeys.includes(built.idempotencyKey)
  ) {
    world.usedKeys.push(built.idempotencyKey);
  }
  if (op.name === 'createAppointment') {
    const a = body as Appointment;
    expect(a.status).toBe('scheduled');
    expect(a.modality).toBe('in_person');
    expect(a.origin).toBe('api');
    if (replayed) {
      expect(clinic.appointments, 'a replay answers an appointment that exists').toContain(a.id);
    } else {
      expect(clinic.appointments, 'a new appointment has a new id').not.toContain(a.id);
      clinic.appointments.push(a.id!);
    }
  }
  // Any write of a patient, read off its row: a create (a POST without a path id) adds one; the
  // CPF its body sent is the patient's now.
  const creates = op.method === 'POST' && !op.row.id;
  if (op.resource === 'patients' && op.kind === 'write') {
    const id = record.id as number;
    if (creates) {
      if (replayed) expect(clinic.patients).toContain(id);
      else {
        expect(clinic.patients).not.toContain(id);
        clinic.patients.push(id);
      }
    }
    // The model of the CPF: what the accepted body said (patient bodies are JSON only).
    // A blank JSON body reads as {} (an empty PATCH changes nothing).
    if (!replayed && built.jsonText !== undefined && built.jsonText.trim() !== '') {
      const sent = JSON.parse(built.jsonText) as Record<string, unknown>;
      if (Object.hasOwn(sent, 'cpf') && sent.cpf !== undefined) {
        clinic.cpfOf.set(id, sent.cpf === null ? null : String(sent.cpf).replace(/\D/g, ''));
      } else if (creates) {
        clinic.cpfOf.set(id, null);
      }
    }
  }
}
