/**
 * docs/openapi.json: in step with the zod schemas (regenerated and compared), walked against
 * the operation table (src/operations.ts: every operation, its path id, scope, replay and body
 * kinds), as strict as the reference server, and covering the error shapes of section 7, the
 * Idempotency-Key and Idempotent-Replayed headers, pagination and the webhook envelope.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { buildOpenApi, OPENAPI_PATH, renderOpenApi, schemaName } from '../../scripts/openapi.ts';
import { API_PREFIX } from '../../src/internal/wire.ts';
import { OPERATION_ROWS } from '../../src/operations.ts';
import { AppointmentStatus } from '../../src/schemas/index.ts';
import { defaultSettings } from '../../src/testing/server/store.ts';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document, walked by its keys
type Json = Record<string, any>;

const doc = buildOpenApi() as Json;
const ops = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  ['get', 'post', 'patch', 'put', 'delete']
    .filter((m) => item[m])
    .map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m] as Json })),
);
const op = (key: string) => ops.find((o) => o.key === key)!.op;
const resolve = (value: Json): Json =>
  value.$ref ? resolve(doc.components[value.$ref.split('/')[2]][value.$ref.split('/')[3]]) : value;

describe('docs/openapi.json', () => {
  it('is what scripts/openapi.ts generates from the schemas today (run `npm run openapi`)', () => {
    expect(readFileSync(OPENAPI_PATH, 'utf8')).toBe(renderOpenApi());
  });

  it('is OpenAPI 3.1, with the four scopes of spec 5 on a bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.1');
    const scheme = doc.components.securitySchemes.ApiKey;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(scheme['x-scopes'])).toEqual([
      'appointments:read',
      'appointments:write',
      'patients:read',
      'patients:write',
    ]);
  });

  it('gives every operation 401 and 403 with `{detail}`, and every write 400, 422 and an Idempotency-Key', () => {
    const detail = { $ref: '#/components/schemas/Detail' };
    for (const { key, op: o } of ops) {
      for (const status of ['401', '403']) {
        expect([key, resolve(o.responses[status]).content['application/json'].schema]).toEqual([
          key,
          detail,
        ]);
      }
      if (key.startsWith('GET')) continue;
      expect([key, o.parameters.map((x: Json) => resolve(x).name)]).toEqual([
        key,
        ['Idempotency-Key'],
      ]);
      expect(resolve(o.responses['400']).content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/FieldErrors',
      });
      expect(resolve(o.responses['422']).content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/CodeDetail',
      });
    }
    expect(doc.components.parameters.IdempotencyKey.schema.maxLength).toBe(255);
    expect(doc.components.parameters.IdempotencyKeyNotReplayed.schema.maxLength).toBe(255);
  });

  it('shows the error shapes of spec 7 and the 409 codes where the spec states them', () => {
    const { FieldErrors, Detail, CodeDetail } = doc.components.schemas;
    expect(FieldErrors).toEqual({
      type: 'object',
      propertyNames: { type: 'string' },
      additionalProperties: { type: 'array', items: { type: 'string' } },
    });
    expect(Detail).toMatchObject({ required: ['detail'] });
    expect(CodeDetail).toMatchObject({ required: ['code', 'detail'] });
    // appointment_overlap is the reference server's own code (marked x-not-shown).
    expect(op('POST /api/public/v1/appointments').responses['409']['x-error-codes']).toEqual([
      'slot_blocked',
      'room_required',
      'appointment_overlap',
    ]);
    expect(op('POST /api/public/v1/patients').responses['409']['x-error-codes']).toEqual([
      'patient_cpf_exists',
    ]);
  });

  it('accepts the three body formats of spec 4.4 on POST /appointments, with the shared schema', () => {
    const content = op('POST /api/public/v1/appointments').requestBody.content;
    expect(Object.keys(content)).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
    ]);
    const body = doc.components.schemas.AppointmentCreateParams;
    expect(body.required).toEqual([
      'patient_id',
      'professional_id',
      'appointment_type_id',
      'start_at',
    ]);
    expect(body.additionalProperties).toBe(false);
    expect(body.properties.note.maxLength).toBe(2000);
    expect(new RegExp(body.properties.start_at.pattern).test('2026-03-02T14:30:00-03:00')).toBe(
      true,
    );
    expect(new RegExp(body.properties.start_at.pattern).test('2026-03-02T14:30:15-03:00')).toBe(
      false,
    );
  });

  it('paginates rooms with the envelope of spec 4.1 and marks the other envelopes as not shown', () => {
    const rooms = op('GET /api/public/v1/rooms');
    expect(rooms.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/RoomPage',
    });
    expect(rooms.parameters).toEqual([
      { $ref: '#/components/parameters/Cursor' },
      { $ref: '#/components/parameters/PageSize' },
    ]);
    expect(doc.components.parameters.PageSize.schema).toMatchObject({ maximum: 100, default: 50 });
    expect(doc.components.parameters.PageSize['x-not-shown']).toMatch(/name of the page-size/);
    const patients = op('GET /api/public/v1/patients');
    expect(patients.responses['200'].content['application/json'].schema.anyOf).toHaveLength(2);
    expect(patients['x-not-shown'][0]).toMatch(/envelope of lists other than rooms/);
  });

  it('describes the webhook envelope of spec 6.1 as an OpenAPI 3.1 webhook', () => {
    const post = doc.webhooks.appointmentEvent.post;
    expect(post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/WebhookEvent',
    });
    const variants = doc.components.schemas.WebhookEvent.oneOf as Json[];
    expect(variants.map((v) => v.properties.type.const)).toEqual([
      'appointment.created',
      'appointment.updated',
      'appointment.cancelled',
      'ping',
    ]);
    expect(variants[0]!.properties.data).toEqual({ $ref: '#/components/schemas/Appointment' });
    expect(variants[0]!.required).toEqual([
      'id',
      'created_at',
      'api_version',
      'company_id',
      'type',
      'data',
    ]);
    expect(post['x-not-shown'][0]).toMatch(/signature scheme/);
  });
});

describe('docs/openapi.json walked against the operation table (src/operations.ts)', () => {
  const itemOf = (path: string) => doc.paths[`${API_PREFIX}${path}`] as Json;

  it('has one operation per row, and no other', () => {
    expect(ops).toHaveLength(OPERATION_ROWS.length);
    for (const row of OPERATION_ROWS) {
      expect([row.name, itemOf(row.path)?.[row.method.toLowerCase()]?.operationId]).toEqual([
        row.name,
        row.name,
      ]);
    }
  });

  it('gives each row its scope, and marks the scope as not shown exactly where the spec does not state it', () => {
    for (const row of OPERATION_ROWS) {
      const o = itemOf(row.path)[row.method.toLowerCase()];
      expect([row.name, o.security]).toEqual([row.name, [{ ApiKey: [row.scope] }]]);
      const marked = (o['x-not-shown'] ?? []).some((m: string) => m.startsWith('Spec 5 rule 5'));
      expect([row.name, marked]).toEqual([row.name, !row.scopeStated]);
    }
  });

  it('agrees with the client on every path id: integer ids from 1, the appointment id a uuid', () => {
    for (const row of OPERATION_ROWS) {
      const params = (itemOf(row.path).parameters ?? []) as Json[];
      const id = params.find((x) => x.in === 'path' && x.name === 'id');
      expect([row.name, id !== undefined]).toEqual([row.name, row.path.includes('{id}')]);
      if (!row.id) continue;
      const schema = id!.schema;
      if (row.id.kind === 'integer') {
        expect(schema).toMatchObject({ type: 'integer', minimum: 1 });
        for (const value of [-1, 0, 1, 2, 1.5, 2 ** 53]) {
          const documented =
            Number.isInteger(value) && value >= schema.minimum && value <= schema.maximum;
          expect([row.name, value, row.id.schema.safeParse(value).success]).toEqual([
            row.name,
            value,
            documented,
          ]);
        }
      } else {
        expect(schema).toMatchObject({ type: 'string', format: 'uuid' });
        const pattern = new RegExp(schema.pattern);
        for (const value of ['0b9e2f0e-6a3c-4c8e-9a55-1f2d3c4b5a69', '42', 'not-a-uuid']) {
          expect([row.name, value, row.id.schema.safeParse(value).success]).toEqual([
            row.name,
            value,
            pattern.test(value),
          ]);
        }
      }
    }
  });

  it('describes the replay only where the row replays by default; elsewhere the key is marked not shown', () => {
    for (const row of OPERATION_ROWS.filter((x) => x.method !== 'GET')) {
      const o = itemOf(row.path)[row.method.toLowerCase()];
      const key = resolve(o.parameters[0]);
      const success = Object.entries(o.responses as Json).find(([s]) => s.startsWith('2'))![1];
      const replayHeader = success.headers?.['Idempotent-Replayed'] !== undefined;
      expect([row.name, replayHeader, key['x-not-shown'] === undefined]).toEqual([
        row.name,
        row.replay,
        row.replay,
      ]);
      expect(key.description.includes('returns the record already created')).toBe(row.replay);
    }
  });

  it('takes the body kinds of each row, and a body exactly where the row has an input', () => {
    const types = {
      none: [],
      json: ['application/json'],
      'json-or-form': [
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ],
    };
    for (const row of OPERATION_ROWS) {
      const o = itemOf(row.path)[row.method.toLowerCase()];
      const content = Object.keys(o.requestBody?.content ?? {});
      expect([row.name, content]).toEqual([row.name, row.input ? types[row.bodies] : []]);
    }
  });

  it("gives each body its schema's constraints and no other: `{}` refused exactly where the schema refuses it", () => {
    for (const row of OPERATION_ROWS.filter((r) => r.input)) {
      const name = schemaName(row.input!);
      const { properties, ...component } = doc.components.schemas[name] as Json;
      const plain = z.toJSONSchema(row.input!, { io: 'input', unrepresentable: 'any' }) as Json;
      const { properties: fields, $schema: _, ...whole } = plain;
      // A member added by hand (minProperties, required, ...) states what the schema does not.
      expect([name, component]).toEqual([name, whole]);
      expect([name, Object.keys(properties)]).toEqual([name, Object.keys(fields)]);
      const documented = !component.required?.length && !(component.minProperties > 0);
      expect([name, '{}', documented]).toEqual([name, '{}', row.input!.safeParse({}).success]);
    }
  });
});

describe('docs/openapi.json is as strict as the server (issue 21)', () => {
  const schemas = doc.components.schemas as Json;
  const objects = [...new Set(OPERATION_ROWS.map((row) => schemaName(row.response)))];
  const responseObjects = [...objects, ...objects.map((n) => `${n}Page`)];

  it('closes every response object to the members the spec returns (spec 1.6: no cpf, email, birth_date, gender)', () => {
    for (const name of responseObjects) {
      expect([name, schemas[name].additionalProperties]).toEqual([name, false]);
    }
    const inline = Object.entries(schemas.Appointment.properties as Json).flatMap(
      ([field, value]) =>
        [value, ...(value.anyOf ?? [])]
          .filter((x: Json) => x.type === 'object')
          .map((x: Json) => [field, x.additionalProperties]),
    );
    expect(inline).toEqual([['patient', false]]);
    expect(Object.keys(schemas.Patient.properties).sort()).toEqual(
      ['active', 'created_at', 'id', 'name', 'phone', 'updated_at'].sort(),
    );
  });

  it('requires `next` and `previous` (null or a URL) on every page', () => {
    for (const name of responseObjects.filter((n) => n.endsWith('Page'))) {
      expect([name, schemas[name].required]).toEqual([name, ['results', 'next', 'previous']]);
      expect(schemas[name].properties.next.type).toEqual(['string', 'null']);
      expect(schemas[name].properties.previous.type).toEqual(['string', 'null']);
    }
  });

  it('writes instants as the spec does, YYYY-MM-DDThh:mm:ss±HH:MM, and start_at with seconds 00', () => {
    const created = new RegExp(schemas.Patient.properties.created_at.pattern);
    expect(created.test('2026-03-02T14:30:15-03:00')).toBe(true);
    expect(created.test('2026-03-02T14:30:15')).toBe(false);
    expect(created.test('2026-03-02T14:30:15Z')).toBe(false);
    const start = new RegExp(schemas.Appointment.properties.start_at.pattern);
    expect(start.test('2026-03-02T14:30:00-03:00')).toBe(true);
    expect(start.test('2026-03-02T14:30:15-03:00')).toBe(false);
    const event = schemas.WebhookEvent.oneOf[0].properties.created_at;
    expect(event.pattern).toBe(schemas.Patient.properties.created_at.pattern);
  });

  it('gives `cpf` its pattern: bare or punctuated, nothing else', () => {
    const withCpf = OPERATION_ROWS.flatMap((row) => (row.input ? [schemaName(row.input)] : []));
    for (const name of withCpf.filter((n) => schemas[n].properties.cpf)) {
      const cpf = schemas[name].properties.cpf;
      const pattern = new RegExp(cpf.pattern ?? cpf.anyOf.find((x: Json) => x.pattern).pattern);
      expect(pattern.test('529.982.247-25')).toBe(true);
      expect(pattern.test('52998224725')).toBe(true);
      expect(pattern.test('529 982 247 25')).toBe(false);
    }
  });

  it('names in each 409 of PATCH and cancel every state the server refuses by default', () => {
    const refused = AppointmentStatus.options.filter(
      (s) => !defaultSettings().changeableStatuses.includes(s),
    );
    for (const key of [
      'PATCH /api/public/v1/appointments/{id}',
      'POST /api/public/v1/appointments/{id}/cancel',
    ]) {
      const text = op(key).responses['409']['x-not-shown'] as string;
      for (const state of [...refused, 'telehealth']) {
        expect([key, state, text.includes(state)]).toEqual([key, state, true]);
      }
    }
  });
});
