/**
 * Generates docs/openapi.json (OpenAPI 3.1) from the operation table (src/operations.ts) and the
 * zod schemas the client and the reference server use: every path, method, path id, body,
 * content type, scope, replay header and response object comes from a row of the table, and
 * every schema is `z.toJSONSchema` output of a schema of src/schemas or src/webhooks, never a
 * copy. This file adds only prose: summaries, descriptions, the 409 codes and the
 * `x-not-shown` marks.
 *
 *   node scripts/openapi.ts           writes docs/openapi.json
 *   node scripts/openapi.ts --check   exits 1 when docs/openapi.json differs from what it would write
 *
 * test/openapi/openapi.test.ts runs the same comparison in `npm test`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { API_PREFIX } from '../src/internal/wire.ts';
import {
  type BodyKind,
  OPERATION_ROWS,
  type OperationName,
  type OperationRow,
} from '../src/operations.ts';
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
 * An instant as spec conventions write it, `YYYY-MM-DDThh:mm:ss±HH:MM`, with `seconds` as a
 * pattern (`00` where spec 2.1 says so).
 */
const instant = (seconds: string) => ({
  type: 'string',
  pattern: `^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:${seconds}[+-]\\d{2}:\\d{2}$`,
  description: 'An instant, `YYYY-MM-DDThh:mm:ss±HH:MM` (spec conventions).',
});

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
      if (zodSchema === schemas.ResponseDateTime) {
        for (const key of Object.keys(jsonSchema)) delete (jsonSchema as Json)[key];
        Object.assign(jsonSchema, instant('\\d{2}'));
      }
      if (zodSchema === schemas.Cpf) (jsonSchema as Json).pattern = schemas.CPF_FORMAT.source;
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
  appointment.properties.start_at = {
    ...instant('00'),
    description: 'An instant, `YYYY-MM-DDThh:mm:ss±HH:MM`; seconds are 00 (spec 2.1).',
  };
  for (const name of PAGED) {
    const page = out[`${name}Page`]!;
    page.description =
      'A page of the list (spec 4.1): `results`, and the URLs of the next and previous pages (they carry a `cursor` query parameter), or null.';
    // The client tolerates a page without them; the service's envelope (spec 4.1) has all three.
    page.required = ['results', 'next', 'previous'];
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
  IdempotencyKeyNotReplayed: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Accepted; the same key used within 24 hours on another endpoint yields 422 (spec 4.4, 7).',
    schema: { type: 'string', minLength: 1, maxLength: schemas.LIMITS.idempotencyKeyLength },
    'x-not-shown':
      'Spec 4.4 describes the replay of a repeated key on POST /appointments only. By default the reference server replays nothing here and remembers no key (setting `idempotencyReplay: "every-write"` replays on every write, with `Idempotent-Replayed: true`); the client sends no key on this operation unless you set the header yourself.',
  },
};

const HEADERS = {
  IdempotentReplayed: {
    description:
      '`true` when this answer is the replay of an earlier request with the same Idempotency-Key (spec 4.4).',
    schema: { type: 'string', enum: ['true'] },
  },
};

const r = (name: keyof typeof RESPONSES) => ({ $ref: `#/components/responses/${name}` });
const p = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` });

const conflict = (codes: string[], notShown?: string) => ({
  description: `A conflict with the clinic's state (spec 7): \`{ code, detail }\` with code ${codes.map((c) => `\`${c}\``).join(' or ')}.`,
  content: jsonBody(ref('CodeDetail')),
  'x-error-codes': codes,
  ...(notShown ? { 'x-not-shown': notShown } : {}),
});

/** The states the reference server refuses to change or cancel, by default (`rules.ts`). */
const NOT_CHANGEABLE =
  'The reference server refuses, with `appointment_not_changeable` (its own code), telehealth appointments, patient requests (`requested`), and by default every appointment whose status is not `scheduled` or `confirmed`: `checked_in`, `completed`, `no_show` and `cancelled` (setting `changeableStatuses` widens the last rule).';

const OVERLAP =
  'Not shown: whether the service books two appointments of one professional at overlapping times. The reference server refuses the second with `appointment_overlap`, its own code (setting `overlappingAppointments`).';

const LIST_ENVELOPE_NOT_SHOWN =
  'Spec 4.1: the envelope of lists other than rooms is not shown. The client accepts the rooms envelope or a bare array; the reference server answers the envelope (setting `listEnvelope: "array"` for a bare array).';
const READ_BACK =
  'the client accepts any 2xx and, when its body is not the appointment, reads GET /appointments/{id}.';

/** What the table does not hold about an operation: its words, and its spec-stated extras. */
interface Prose {
  summary: string;
  tag: string;
  description?: string;
  /** The 2xx answer's description. */
  success: string;
  /** The success status, when not 200. */
  status?: '201';
  /** A list whose envelope spec 4.1 states (rooms); the other lists may be a bare array. */
  envelopeStated?: boolean;
  /** Query parameters before the cursor and page size. */
  query?: Json[];
  /** A 404 on an operation without a path id (spec 4.4: "404 per section 7"). */
  notFound?: boolean;
  conflict?: Json;
  notShown?: string[];
}

const readOnlyProse = (tag: string, one: string, many: string): [Prose, Prose] => [
  {
    summary: `List ${many}`,
    tag,
    success: `The ${many} of the clinic.`,
    notShown: [LIST_ENVELOPE_NOT_SHOWN, 'Spec 4.8: query parameters of this list are not shown.'],
  },
  { summary: `One ${one}`, tag, success: `The ${one}.` },
];
const [listProfessionals, retrieveProfessional] = readOnlyProse(
  'Professionals',
  'professional',
  'professionals',
);
const [listAppointmentTypes, retrieveAppointmentType] = readOnlyProse(
  'Appointment types',
  'appointment type',
  'appointment types',
);

/** The prose of each row of the operation table. */
const PROSE: Record<OperationName, Prose> = {
  listAppointments: {
    summary: 'List appointments',
    tag: 'Appointments',
    success: 'The appointments of the clinic.',
    notShown: [LIST_ENVELOPE_NOT_SHOWN, 'Spec 4.2: query filters are not shown.'],
  },
  retrieveAppointment: {
    summary: 'One appointment',
    tag: 'Appointments',
    success: 'The appointment.',
  },
  createAppointment: {
    summary: 'Create an appointment',
    description:
      'Creates an in-person appointment with status scheduled and origin api (spec 4.4).',
    tag: 'Appointments',
    success: 'The appointment created (or replayed).',
    status: '201',
    notFound: true,
    conflict: conflict(['slot_blocked', 'room_required', 'appointment_overlap'], OVERLAP),
  },
  updateAppointment: {
    summary: 'Change an appointment',
    description:
      'Accepts only start_at, professional_id, room_id, note and status (scheduled or confirmed) (spec 4.5).',
    tag: 'Appointments',
    success: 'The appointment as changed.',
    conflict: conflict(
      ['slot_blocked', 'room_required', 'appointment_not_changeable', 'appointment_overlap'],
      `Spec 3 rule 3: the states PATCH may change are not shown. ${NOT_CHANGEABLE} ${OVERLAP}`,
    ),
    notShown: [
      `Spec 4.5: the response body and errors of this operation are not shown. The reference server answers 200 with the appointment; ${READ_BACK}`,
    ],
  },
  cancelAppointment: {
    summary: 'Cancel an appointment',
    tag: 'Appointments',
    success: 'The appointment, cancelled.',
    conflict: conflict(
      ['appointment_not_changeable'],
      `Spec 3 rule 3: the states cancel may leave are not shown. ${NOT_CHANGEABLE}`,
    ),
    notShown: [
      `Spec 4.6: the request body and response body are not shown. The client sends no body; the reference server refuses one (400; setting \`cancelBody\`) and answers 200 with the appointment; ${READ_BACK}`,
    ],
  },
  listPatients: {
    summary: 'List patients',
    tag: 'Patients',
    success: 'The patients of the clinic.',
    query: (['cpf', 'phone', 'name'] as const).map((name) => ({
      name,
      in: 'query',
      required: false,
      description: { cpf: 'Exact match.', phone: 'Exact match.', name: 'Partial match.' }[name],
      schema: { type: 'string' },
    })),
    notShown: [LIST_ENVELOPE_NOT_SHOWN],
  },
  retrievePatient: { summary: 'One patient', tag: 'Patients', success: 'The patient.' },
  createPatient: {
    summary: 'Create a patient',
    tag: 'Patients',
    success: 'The patient created.',
    status: '201',
    conflict: conflict(['patient_cpf_exists']),
    notShown: [
      'Spec 4.7: which fields are required is not shown. `name` is required here, since no plausible service keeps a patient without one; the success status (201) is the reference server’s pick.',
    ],
  },
  updatePatient: {
    summary: 'Change a patient',
    description:
      'Only the fields sent are changed; null erases phone, email, cpf or birth_date (spec 4.7).',
    tag: 'Patients',
    success: 'The patient as changed.',
    conflict: conflict(['patient_cpf_exists']),
    notShown: [
      'Spec 4.7: the success status is not shown (it "returns the patient object"); 200 is the reference server’s pick.',
    ],
  },
  listProfessionals,
  retrieveProfessional,
  listRooms: {
    summary: 'List rooms',
    tag: 'Rooms',
    success: 'Active rooms; empty when the clinic does not use rooms.',
    envelopeStated: true,
    notShown: ['Spec 4.8: query parameters other than the cursor and page size are not shown.'],
  },
  retrieveRoom: { summary: 'One room', tag: 'Rooms', success: 'The room (active rooms only).' },
  listAppointmentTypes,
  retrieveAppointmentType,
};

/** The component name of a schema of the table. */
function componentOf(schema: z.ZodType): string {
  const found = Object.entries({ ...OBJECTS, ...INPUTS }).find(([, s]) => s === schema);
  if (!found) throw new Error('a schema of src/operations.ts has no component here');
  return found[0];
}

/** The path id parameter: the JSON Schema of the very schema the client checks it with. */
function idParameter(row: OperationRow): Json {
  const schema = z.toJSONSchema(row.id!.schema, { target: 'draft-2020-12' }) as Json;
  delete schema.$schema;
  return {
    name: 'id',
    in: 'path',
    required: true,
    description:
      row.id!.kind === 'uuid' ? 'The appointment id, a uuid.' : 'The id: digits only (spec 4).',
    schema,
  };
}

const CONTENT_TYPES: Record<Exclude<BodyKind, 'none'>, string[]> = {
  json: ['application/json'],
  'json-or-form': ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
};

function successResponse(row: OperationRow, prose: Prose): Json {
  const item = ref(componentOf(row.response));
  let schema: Json = item;
  if (row.kind === 'list') {
    const page = ref(`${componentOf(row.response)}Page`);
    schema = prose.envelopeStated ? page : { anyOf: [page, { type: 'array', items: item }] };
  }
  return {
    description: prose.success,
    ...(row.replay
      ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } }
      : {}),
    content: jsonBody(schema),
  };
}

/** One row of the table as an OpenAPI operation: the row's facts, the prose's words. */
function operation(row: OperationRow): Json {
  const prose = PROSE[row.name as OperationName];
  const write = row.method !== 'GET';
  const parameters = [
    ...(row.kind === 'list' ? [...(prose.query ?? []), p('Cursor'), p('PageSize')] : []),
    ...(write ? [p(row.replay ? 'IdempotencyKey' : 'IdempotencyKeyNotReplayed')] : []),
  ];
  const notShown = [
    ...(prose.notShown ?? []),
    ...(row.scopeStated
      ? []
      : [
          `Spec 5 rule 5: the scope of this operation is not shown; the reference server requires ${row.scope}.`,
        ]),
  ];
  return {
    operationId: row.name,
    summary: prose.summary,
    ...(prose.description ? { description: prose.description } : {}),
    tags: [prose.tag],
    ...(parameters.length ? { parameters } : {}),
    ...(row.input
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              CONTENT_TYPES[row.bodies as Exclude<BodyKind, 'none'>].map((type) => [
                type,
                { schema: ref(componentOf(row.input!)) },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      [prose.status ?? '200']: successResponse(row, prose),
      ...(row.kind === 'list' || write ? { '400': r('BadRequest') } : {}),
      '401': r('Unauthorized'),
      '403': r('Forbidden'),
      ...(row.id || prose.notFound ? { '404': r('NotFound') } : {}),
      ...(prose.conflict ? { '409': prose.conflict } : {}),
      ...(write ? { '422': r('IdempotencyKeyReused') } : {}),
    },
    security: [{ ApiKey: [row.scope] }],
    ...(notShown.length ? { 'x-not-shown': notShown } : {}),
  };
}

/** The paths: one operation per row of the table, in the table's order. */
function paths(): Json {
  const out: Record<string, Json> = {};
  for (const row of OPERATION_ROWS) {
    const key = `${API_PREFIX}${row.path}`;
    out[key] ??= row.id ? { parameters: [idParameter(row)] } : {};
    out[key]![row.method.toLowerCase()] = operation(row);
  }
  return out;
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
