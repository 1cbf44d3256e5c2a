/**
 * docs/openapi.json: in step with the zod schemas (regenerated and compared), and covering
 * what the spec states: the 15 operations, their scopes, the error shapes of section 7, the
 * Idempotency-Key and Idempotent-Replayed headers, pagination and the webhook envelope.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildOpenApi, OPENAPI_PATH, renderOpenApi } from '../../scripts/openapi.ts';

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

  it('holds exactly the 15 operations of spec 4, on OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.1');
    const v1 = '/api/public/v1';
    expect(ops.map((o) => o.key).sort()).toEqual(
      [
        `GET ${v1}/appointments`,
        `GET ${v1}/appointments/{id}`,
        `POST ${v1}/appointments`,
        `PATCH ${v1}/appointments/{id}`,
        `POST ${v1}/appointments/{id}/cancel`,
        `GET ${v1}/patients`,
        `GET ${v1}/patients/{id}`,
        `POST ${v1}/patients`,
        `PATCH ${v1}/patients/{id}`,
        `GET ${v1}/professionals`,
        `GET ${v1}/professionals/{id}`,
        `GET ${v1}/rooms`,
        `GET ${v1}/rooms/{id}`,
        `GET ${v1}/appointment-types`,
        `GET ${v1}/appointment-types/{id}`,
      ].sort(),
    );
  });

  it('names the scopes spec 5 rule 4 states, and marks every other scope as not shown', () => {
    const scopes = Object.fromEntries(ops.map((o) => [o.key, o.op.security[0].ApiKey[0]]));
    expect(scopes['POST /api/public/v1/appointments']).toBe('appointments:write');
    expect(scopes['PATCH /api/public/v1/patients/{id}']).toBe('patients:write');
    for (const path of ['professionals', 'rooms', 'appointment-types']) {
      expect(scopes[`GET /api/public/v1/${path}`]).toBe('appointments:read');
      expect(scopes[`GET /api/public/v1/${path}/{id}`]).toBe('appointments:read');
    }
    const stated = ['POST /api/public/v1/appointments', 'PATCH /api/public/v1/patients/{id}'];
    for (const { key, op: o } of ops) {
      const marked = (o['x-not-shown'] ?? []).some((m: string) => m.startsWith('Spec 5 rule 5'));
      const readOnly = /professionals|rooms|appointment-types/.test(key);
      expect([key, marked]).toEqual([key, !stated.includes(key) && !readOnly]);
    }
    const scheme = doc.components.securitySchemes.ApiKey;
    expect(scheme).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(scheme['x-scopes'])).toEqual([
      'appointments:read',
      'appointments:write',
      'patients:read',
      'patients:write',
    ]);
  });

  it('gives every operation 401 and 403 with `{detail}`, and every write 400, 422 and the replay header', () => {
    const detail = { $ref: '#/components/schemas/Detail' };
    for (const { key, op: o } of ops) {
      for (const status of ['401', '403']) {
        expect([key, resolve(o.responses[status]).content['application/json'].schema]).toEqual([
          key,
          detail,
        ]);
      }
      if (key.startsWith('GET')) continue;
      expect([key, o.parameters]).toEqual([
        key,
        [{ $ref: '#/components/parameters/IdempotencyKey' }],
      ]);
      const success = Object.entries(o.responses as Json).find(([s]) => s.startsWith('2'))![1];
      expect(success.headers['Idempotent-Replayed']).toEqual({
        $ref: '#/components/headers/IdempotentReplayed',
      });
      expect(resolve(o.responses['400']).content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/FieldErrors',
      });
      expect(resolve(o.responses['422']).content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/CodeDetail',
      });
    }
    expect(doc.components.parameters.IdempotencyKey.schema.maxLength).toBe(255);
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
