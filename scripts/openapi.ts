/**
 * Generates docs/openapi.json (OpenAPI 3.1) from the zod schemas the client and the reference server
 * use: every body and object schema below is `z.toJSONSchema` output of a schema of
 * src/schemas or src/webhooks, never a copy. The paths, parameters, responses, security and
 * the `x-not-shown` marks are written here, from the spec.
 *
 *   node scripts/openapi.ts           writes docs/openapi.json
 *   node scripts/openapi.ts --check   exits 1 when docs/openapi.json differs from what it would write
 *
 * test/openapi/openapi.test.ts runs the same comparison in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import * as schemas from '../src/schemas/index.ts';
import { WebhookEventSchema } from '../src/webhooks/events.ts';

/** Where the document is written; the build copies it to dist/ (`@clinic-scheduling/sdk/openapi.json`). */
export const OPENAPI_PATH = join(import.meta.dirname, '..', 'docs', 'openapi.json');

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Objects returned by the service (converted as zod outputs). */
const OBJECTS = {
  Appointment: schemas.Appointment,
  Patient: schemas.Patient,
  Professional: schemas.Professional,
  Room: schemas.Room,
  AppointmentType: schemas.AppointmentType,
  FieldErrors: schemas.FieldErrorsBody,
  Detail: schemas.DetailBody,
  CodeDetail: schemas.CodeDetailBody,
  WebhookEvent: WebhookEventSchema,
} as const;

/** Request bodies (converted as zod inputs; a `Date` of `start_at` is sent as its string). */
const INPUTS = {
  AppointmentCreateParams: schemas.AppointmentCreateParams,
  AppointmentUpdateParams: schemas.AppointmentUpdateParams,
  PatientCreateParams: schemas.PatientCreateParams,
  PatientUpdateParams: schemas.PatientUpdateParams,
} as const;

/** JSON Schema of `start_at` on the wire: the string the client sends for a `Date` too. */
const START_AT_JSON = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(?::00(?:\\.0+)?)?(?:Z|[+-]\\d{2}:?\\d{2})?$',
  description:
    'ISO 8601 date-time; seconds must be 00. Without a time zone the service reads it as ' +
    'America/Sao_Paulo (spec 4.4).',
  examples: ['2026-03-02T14:30:00-03:00'],
};

/**
 * Converts every schema of `named` at once, as `#/components/schemas/<name>`: a schema that
 * contains another one of the list refers to it (an envelope's `data`, a page's `results`).
 */
function toJson(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas: out } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    // Only the `Date` branch of `start_at` has no JSON form; the override below replaces it.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema === schemas.StartAt) {
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
        Object.assign(jsonSchema, START_AT_JSON);
      }
      // A response object may carry members the spec does not list: the client drops them
      // (zod's default `strip`), so the document does not forbid them. Input bodies keep
      // `additionalProperties: false` (z.strictObject: only the listed fields are accepted).
      const def = (zodSchema as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
      if (io === 'output' && def.type === 'object' && def.catchall === undefined) {
        delete (jsonSchema as Json).additionalProperties;
      }
    },
  }) as { schemas: Record<string, Json> };
  for (const schema of Object.values(out)) {
    delete schema.$schema;
    delete schema.$id;
  }
  return out;
}

const PAGED = ['Appointment', 'Patient', 'Professional', 'Room', 'AppointmentType'] as const;

function componentSchemas(): Json {
  const pages = Object.fromEntries(
    PAGED.map((name) => [`${name}Page`, schemas.pageEnvelope(OBJECTS[name])]),
  );
  const out: Record<string, Json> = {
    ...toJson({ ...OBJECTS, ...pages }, 'output'),
    ...toJson(INPUTS, 'input'),
  };
  // The PATCH refinement "send at least one field" is not JSON Schema by itself.
  out.AppointmentUpdateParams!.minProperties = 1;
  out.PatientUpdateParams!.minProperties = 1;
  const appointment = out.Appointment as { properties: Record<string, Json> };
  appointment.properties.note!['x-not-shown'] =
    'Spec 2.1: whether `note` is returned is not shown. The client accepts it absent, null or a string; the reference server leaves it out.';
  for (const name of PAGED) {
    out[`${name}Page`]!.description =
      'A page of the list (spec 4.1): `results`, and the URLs of the next and previous pages (they carry a `cursor` query parameter), or null.';
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Responses, parameters, headers

const SCOPES = {
  'appointments:read': 'Read appointments, professionals, rooms and appointment types.',
  'appointments:write': 'Create, change and cancel appointments.',
  'patients:read': 'Read patients.',
  'patients:write': 'Create and change patients.',
} as const;
type Scope = keyof typeof SCOPES;

const jsonBody = (schema: Json) => ({ 'application/json': { schema } });

const RESPONSES = {
  BadRequest: {
    description:
      'Invalid fields (spec 7): an object whose keys are field names and whose values are arrays of messages. Messages about the whole body sit under `non_field_errors`.',
    content: jsonBody(ref('FieldErrors')),
    'x-not-shown':
      'Spec 7: the message texts are not shown. `non_field_errors` is the reference server’s key for messages about the whole body.',
  },
  Unauthorized: {
    description: 'Missing, malformed, unknown or revoked API key (spec 7): `{ detail }`.',
    headers: { 'WWW-Authenticate': { schema: { type: 'string' } } },
    content: jsonBody(ref('Detail')),
  },
  Forbidden: {
    description: 'The key lacks the scope the operation needs (spec 7): `{ detail }`.',
    content: jsonBody(ref('Detail')),
    'x-not-shown':
      'Spec 5 rule 6: the condition of a 403 is not shown. The reference server answers 403 when the key lacks the scope of the operation.',
  },
  NotFound: {
    description: 'Unknown id, or an id of another clinic (spec 7): `{ detail }`.',
    content: jsonBody(ref('Detail')),
  },
  IdempotencyKeyReused: {
    description:
      'The Idempotency-Key was used within 24 hours with another body or on another endpoint (spec 4.4, 7): `{ code, detail }`.',
    content: jsonBody(ref('CodeDetail')),
    'x-not-shown':
      'Spec 7: the code of this 422 is not shown. The reference server answers `idempotency_key_reused`; the client recognises the 422 by its status.',
  },
};

const conflict = (codes: string[], notShown?: string) => ({
  description: `A conflict with the clinic's state (spec 7): \`{ code, detail }\` with code ${codes.map((c) => `\`${c}\``).join(' or ')}.`,
  content: jsonBody(ref('CodeDetail')),
  'x-error-codes': codes,
  ...(notShown ? { 'x-not-shown': notShown } : {}),
});

const PARAMETERS = {
  Cursor: {
    name: 'cursor',
    in: 'query',
    required: false,
    description: 'Pagination cursor taken from `next` or `previous` (spec 4.1).',
    schema: { type: 'string' },
  },
  PageSize: {
    name: 'page_size',
    in: 'query',
    required: false,
    description: 'Page size: default 50, maximum 100 (spec 4.1, 8).',
    schema: {
      type: 'integer',
      minimum: 1,
      maximum: schemas.LIMITS.maxPageSize,
      default: schemas.LIMITS.defaultPageSize,
    },
    'x-not-shown':
      'Spec 4.1: the name of the page-size parameter is not shown. `page_size` is the reference server’s name; the client passes any name through.',
  },
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'The same request repeated with the same key within 24 hours returns the record already created, with `Idempotent-Replayed: true`, and creates nothing new. The same key with another body or on another endpoint yields 422 (spec 4.4).',
    schema: { type: 'string', minLength: 1, maxLength: schemas.LIMITS.idempotencyKeyLength },
  },
};

const HEADERS = {
  IdempotentReplayed: {
    description:
      '`true` when this answer is the replay of an earlier request with the same Idempotency-Key (spec 4.4).',
    schema: { type: 'string', enum: ['true'] },
  },
};

const idParameter = (kind: 'uuid' | 'integer', what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `The ${what}'s id.`,
  schema: kind === 'uuid' ? { type: 'string', format: 'uuid' } : { type: 'integer', minimum: 0 },
});

const r = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const p = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });

/** Responses every operation may give: 401 and 403. */
const common = { '401': r('Unauthorized'), '403': r('Forbidden') };

interface Op {
  operationId: string;
  summary: string;
  tags: string[];
  scope: Scope;
  /** Why the scope is the reference server's pick, when the spec does not name it. */
  scopeNotShown?: boolean;
  [key: string]: unknown;
}

function operation({ scope, scopeNotShown, ...rest }: Op): Json {
  return {
    ...rest,
    security: [{ ApiKey: [scope] }],
    ...(scopeNotShown
      ? {
          'x-not-shown': [
            ...((rest['x-not-shown'] as string[] | undefined) ?? []),
            `Spec 5 rule 5: the scope of this operation is not shown; the reference server requires ${scope}.`,
          ],
        }
      : {}),
  };
}

const ok = (schema: Json, description: string, replayable = false) => ({
  description,
  ...(replayable
    ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } }
    : {}),
  content: jsonBody(schema),
});

/** The list envelope of resources other than rooms: not shown, so either shape. */
function otherList(name: string): Json {
  return {
    description: `The ${name}s of the clinic.`,
    content: jsonBody({ anyOf: [ref(`${name}Page`), { type: 'array', items: ref(name) }] }),
  };
}
const LIST_ENVELOPE_NOT_SHOWN =
  'Spec 4.1: the envelope of lists other than rooms is not shown. The client accepts the rooms envelope or a bare array; the reference server answers the envelope (setting `listEnvelope: "array"` for a bare array).';

function readOnlyResource(path: string, name: string, title: string, tag: string): Json {
  return {
    [`/api/public/v1/${path}`]: {
      get: operation({
        operationId: `list${title}s`,
        summary: `List ${title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}s`,
        tags: [tag],
        scope: 'appointments:read',
        parameters: [p('Cursor'), p('PageSize')],
        responses: { '200': otherList(name), '400': r('BadRequest'), ...common },
        'x-not-shown': [
          LIST_ENVELOPE_NOT_SHOWN,
          'Spec 4.8: query parameters of this list are not shown.',
        ],
      }),
    },
    [`/api/public/v1/${path}/{id}`]: {
      parameters: [idParameter('integer', name)],
      get: operation({
        operationId: `retrieve${title}`,
        summary: `One ${title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()}`,
        tags: [tag],
        scope: 'appointments:read',
        responses: { '200': ok(ref(name), `The ${name}.`), ...common, '404': r('NotFound') },
      }),
    },
  };
}

function paths(): Json {
  const appointmentId = idParameter('uuid', 'appointment');
  const patientId = idParameter('integer', 'patient');
  return {
    '/api/public/v1/appointments': {
      get: operation({
        operationId: 'listAppointments',
        summary: 'List appointments',
        tags: ['Appointments'],
        scope: 'appointments:read',
        scopeNotShown: true,
        parameters: [p('Cursor'), p('PageSize')],
        responses: { '200': otherList('Appointment'), '400': r('BadRequest'), ...common },
        'x-not-shown': [LIST_ENVELOPE_NOT_SHOWN, 'Spec 4.2: query filters are not shown.'],
      }),
      post: operation({
        operationId: 'createAppointment',
        summary: 'Create an appointment',
        description:
          'Creates an in-person appointment with status scheduled and origin api (spec 4.4).',
        tags: ['Appointments'],
        scope: 'appointments:write',
        parameters: [p('IdempotencyKey')],
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: ref('AppointmentCreateParams') },
            'application/x-www-form-urlencoded': { schema: ref('AppointmentCreateParams') },
            'multipart/form-data': { schema: ref('AppointmentCreateParams') },
          },
        },
        responses: {
          '201': ok(ref('Appointment'), 'The appointment created (or replayed).', true),
          '400': r('BadRequest'),
          ...common,
          '404': r('NotFound'),
          '409': conflict(
            ['slot_blocked', 'room_required', 'appointment_overlap'],
            'Not shown: whether the service books two appointments of one professional at overlapping times. The reference server refuses the second with `appointment_overlap`, its own code (setting overlappingAppointments).',
          ),
          '422': r('IdempotencyKeyReused'),
        },
      }),
    },
    '/api/public/v1/appointments/{id}': {
      parameters: [appointmentId],
      get: operation({
        operationId: 'retrieveAppointment',
        summary: 'One appointment',
        tags: ['Appointments'],
        scope: 'appointments:read',
        scopeNotShown: true,
        responses: {
          '200': ok(ref('Appointment'), 'The appointment.'),
          ...common,
          '404': r('NotFound'),
        },
      }),
      patch: operation({
        operationId: 'updateAppointment',
        summary: 'Change an appointment',
        description:
          'Accepts only start_at, professional_id, room_id, note and status (scheduled or confirmed) (spec 4.5).',
        tags: ['Appointments'],
        scope: 'appointments:write',
        scopeNotShown: true,
        parameters: [p('IdempotencyKey')],
        requestBody: {
          required: true,
          content: jsonBody(ref('AppointmentUpdateParams')),
        },
        responses: {
          '200': ok(ref('Appointment'), 'The appointment as changed.', true),
          '400': r('BadRequest'),
          ...common,
          '404': r('NotFound'),
          '409': conflict(
            ['slot_blocked', 'room_required', 'appointment_not_changeable', 'appointment_overlap'],
            'Spec 3 rule 3: the states PATCH may change are not shown. The reference server refuses telehealth appointments and patient requests with `appointment_not_changeable`, and a move into the time of another appointment of the professional with `appointment_overlap`, its own codes.',
          ),
          '422': r('IdempotencyKeyReused'),
        },
        'x-not-shown': [
          'Spec 4.5: the response body and errors of this operation are not shown. The reference server answers 200 with the appointment; the client accepts any 2xx and, when its body is not the appointment, reads GET /appointments/{id}.',
        ],
      }),
    },
    '/api/public/v1/appointments/{id}/cancel': {
      parameters: [appointmentId],
      post: operation({
        operationId: 'cancelAppointment',
        summary: 'Cancel an appointment',
        tags: ['Appointments'],
        scope: 'appointments:write',
        scopeNotShown: true,
        parameters: [p('IdempotencyKey')],
        responses: {
          '200': ok(ref('Appointment'), 'The appointment, cancelled.', true),
          '400': r('BadRequest'),
          ...common,
          '404': r('NotFound'),
          '409': conflict(
            ['appointment_not_changeable'],
            'Spec 3 rule 3: the states cancel may leave are not shown. The reference server refuses telehealth appointments, patient requests and cancelled appointments with `appointment_not_changeable`, its own code.',
          ),
          '422': r('IdempotencyKeyReused'),
        },
        'x-not-shown': [
          'Spec 4.6: the request body and response body are not shown. The client sends no body; the reference server refuses one (400; setting cancelBody) and answers 200 with the appointment; the client accepts any 2xx and, when its body is not the appointment, reads GET /appointments/{id}.',
        ],
      }),
    },
    '/api/public/v1/patients': {
      get: operation({
        operationId: 'listPatients',
        summary: 'List patients',
        tags: ['Patients'],
        scope: 'patients:read',
        scopeNotShown: true,
        parameters: [
          ...(['cpf', 'phone', 'name'] as const).map((name) => ({
            name,
            in: 'query',
            required: false,
            description: { cpf: 'Exact match.', phone: 'Exact match.', name: 'Partial match.' }[
              name
            ],
            schema: { type: 'string' },
          })),
          p('Cursor'),
          p('PageSize'),
        ],
        responses: { '200': otherList('Patient'), '400': r('BadRequest'), ...common },
        'x-not-shown': [LIST_ENVELOPE_NOT_SHOWN],
      }),
      post: operation({
        operationId: 'createPatient',
        summary: 'Create a patient',
        tags: ['Patients'],
        scope: 'patients:write',
        scopeNotShown: true,
        parameters: [p('IdempotencyKey')],
        requestBody: { required: true, content: jsonBody(ref('PatientCreateParams')) },
        responses: {
          '201': ok(ref('Patient'), 'The patient created (or replayed).', true),
          '400': r('BadRequest'),
          ...common,
          '409': conflict(['patient_cpf_exists']),
          '422': r('IdempotencyKeyReused'),
        },
        'x-not-shown': [
          'Spec 4.7: which fields are required is not shown. `name` is required here, since no plausible service keeps a patient without one; the success status (201) is the reference server’s pick.',
        ],
      }),
    },
    '/api/public/v1/patients/{id}': {
      parameters: [patientId],
      get: operation({
        operationId: 'retrievePatient',
        summary: 'One patient',
        tags: ['Patients'],
        scope: 'patients:read',
        scopeNotShown: true,
        responses: { '200': ok(ref('Patient'), 'The patient.'), ...common, '404': r('NotFound') },
      }),
      patch: operation({
        operationId: 'updatePatient',
        summary: 'Change a patient',
        description:
          'Only the fields sent are changed; null erases phone, email, cpf or birth_date (spec 4.7).',
        tags: ['Patients'],
        scope: 'patients:write',
        parameters: [p('IdempotencyKey')],
        requestBody: { required: true, content: jsonBody(ref('PatientUpdateParams')) },
        responses: {
          '200': ok(ref('Patient'), 'The patient as changed.', true),
          '400': r('BadRequest'),
          ...common,
          '404': r('NotFound'),
          '409': conflict(['patient_cpf_exists']),
          '422': r('IdempotencyKeyReused'),
        },
        'x-not-shown': [
          'Spec 4.7: the success status is not shown (it "returns the patient object"); 200 is the reference server’s pick.',
        ],
      }),
    },
    ...readOnlyResource('professionals', 'Professional', 'Professional', 'Professionals'),
    ...roomsResource(),
    ...readOnlyResource(
      'appointment-types',
      'AppointmentType',
      'AppointmentType',
      'Appointment types',
    ),
  };
}

function roomsResource(): Json {
  const generic = readOnlyResource('rooms', 'Room', 'Room', 'Rooms') as Record<
    string,
    { get: Json }
  >;
  const list = generic['/api/public/v1/rooms']!.get;
  list.responses = {
    '200': ok(ref('RoomPage'), 'Active rooms; empty when the clinic does not use rooms.'),
    '400': r('BadRequest'),
    ...common,
  };
  list['x-not-shown'] = [
    'Spec 4.8: query parameters other than the cursor and page size are not shown.',
  ];
  return generic;
}

// ---------------------------------------------------------------------------------------------

/** The whole document. */
export function buildOpenApi(): Json {
  return {
    openapi: '3.1.1',
    info: {
      title: 'Clinic Scheduling Public API',
      version: 'v1',
      summary:
        'Appointments, patients, professionals, rooms, appointment types and webhook events.',
      description:
        'Generated by @clinic-scheduling/sdk (scripts/openapi.ts) from the zod schemas its client and reference server use. Where the specification leaves a choice open ("not shown"), the element carries `x-not-shown`, saying what is open and what the reference server picks. Never place an API key in client-side code: it gives access to health data.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: 'The service host root; every path starts with /api/public/v1.',
        variables: { base_url: { default: 'https://clinic.example.com' } },
      },
    ],
    security: [{ ApiKey: [] }],
    tags: [
      { name: 'Appointments', description: 'Spec 2.1, 3, 4.2–4.6.' },
      { name: 'Patients', description: 'Spec 2.2, 4.7.' },
      { name: 'Professionals', description: 'Spec 2.3, 4.8. Read-only.' },
      { name: 'Rooms', description: 'Spec 2.4, 4.8. Read-only.' },
      { name: 'Appointment types', description: 'Spec 2.5, 4.8. Read-only.' },
      { name: 'Webhooks', description: 'Spec 6.' },
    ],
    paths: paths(),
    webhooks: {
      appointmentEvent: {
        post: {
          operationId: 'receiveWebhookEvent',
          summary: 'An event delivered to your endpoint',
          description:
            'A POST to the endpoint registered in the web application (spec 6). Delivery is at-least-once: deduplicate by `id`. Answer 2xx within 10 seconds; otherwise the delivery is retried after 1 min, 5 min, 30 min, 2 h and 6 h (6 attempts). After 20 consecutive failed deliveries the endpoint is disabled.',
          tags: ['Webhooks'],
          security: [],
          requestBody: { required: true, content: jsonBody(ref('WebhookEvent')) },
          responses: { '2XX': { description: 'Received (within 10 seconds).' } },
          'x-not-shown': [
            'Spec 6.3 rule 5: the signature scheme, its header names and the use of the signing secret are not shown, so no signature header is described.',
          ],
        },
      },
    },
    components: {
      schemas: componentSchemas(),
      responses: RESPONSES,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: {
        ApiKey: {
          type: 'http',
          scheme: 'bearer',
          description: `\`Authorization: Bearer <key_prefix>_live_<key_id>.<secret>\` (spec 5). A key holds some of four scopes, listed in each operation's security requirement: ${Object.entries(
            SCOPES,
          )
            .map(([s, d]) => `\`${s}\` (${d})`)
            .join(', ')}. Preset Read only: the two read scopes; Full access: all four.`,
          'x-scopes': SCOPES,
        },
      },
    },
  };
}

/** The document as written to disk. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}

if (import.meta.main) {
  const text = renderOpenApi();
  if (process.argv.includes('--check')) {
    const current = readFileSync(OPENAPI_PATH, 'utf8');
    if (current !== text) {
      console.error('docs/openapi.json is stale: run `npm run openapi` and commit it');
      process.exit(1);
    }
    console.log('docs/openapi.json is up to date');
  } else {
    writeFileSync(OPENAPI_PATH, text);
    console.log(`wrote ${OPENAPI_PATH}`);
  }
}
