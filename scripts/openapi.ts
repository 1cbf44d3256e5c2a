/**
 * Generates docs/openapi.json (OpenAPI 3.1) from the operation table (src/operations.ts) and the
 * zod schemas the client and the reference server use: every path, method, path id, body,
 * content type, scope, replay header and response object comes from a row of the table, and
 * every schema is `z.toJSONSchema` output of a schema of src/schemas or src/webhooks, never a
 * copy; an operation's words and its 409 codes are its row's too. This file adds the prose of
 * what operations share: the error answers, the parameters, the security scheme.
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
  CONFLICT_CODES,
  type ConflictCode,
  OPERATION_ROWS,
  type OperationRow,
} from '../src/operations.ts';
import * as schemas from '../src/schemas/index.ts';
import { WebhookEventSchema } from '../src/webhooks/events.ts';

/** Where the document is written; the build copies it to dist/ (`@clinic-scheduling/sdk/openapi.json`). */
export const OPENAPI_PATH = join(import.meta.dirname, '..', 'docs', 'openapi.json');

type Json = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The exported name of a schema of src/schemas (`Appointment`): its component's name. */
export function schemaName(schema: z.ZodType): string {
  const found = Object.entries(schemas).find(([, value]) => value === schema);
  if (!found) throw new Error('a schema of src/operations.ts is not exported by src/schemas');
  return found[0];
}

const named = (list: z.ZodType[]): Record<string, z.ZodType> =>
  Object.fromEntries(list.map((schema) => [schemaName(schema), schema]));

/** Objects returned by the service (converted as zod outputs): the rows' and the errors'. */
const OBJECTS: Record<string, z.ZodType> = {
  ...named(OPERATION_ROWS.map((row) => row.response)),
  FieldErrors: schemas.FieldErrorsBody,
  Detail: schemas.DetailBody,
  CodeDetail: schemas.CodeDetailBody,
  WebhookEvent: WebhookEventSchema,
};

/** Request bodies (converted as zod inputs; a `Date` of `start_at` is sent as its string). */
const INPUTS = named(OPERATION_ROWS.flatMap((row) => (row.input ? [row.input] : [])));

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

/** The objects a list returns: each has a page component. */
const PAGED = OPERATION_ROWS.filter((row) => row.kind === 'list').map((row) =>
  schemaName(row.response),
);

function componentSchemas(): Json {
  const pages = Object.fromEntries(
    PAGED.map((name) => [`${name}Page`, schemas.pageEnvelope(OBJECTS[name]!)]),
  );
  const out: Record<string, Json> = {
    ...toJson({ ...OBJECTS, ...pages }, 'output'),
    ...toJson(INPUTS, 'input'),
  };
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
      'Accepted; the same key used within 24 hours on another endpoint, or here with another body, yields 422 (spec 4.4, 7).',
    schema: { type: 'string', minLength: 1, maxLength: schemas.LIMITS.idempotencyKeyLength },
    'x-not-shown':
      'Spec 4.4 describes the replay of a repeated key on POST /appointments only. By default the reference server replays nothing here but binds the key to this endpoint and body for 24 hours (setting `idempotencyBinding`; `idempotencyReplay: "every-write"` replays on every write, with `Idempotent-Replayed: true`); the client sends no key on this operation unless you set the header yourself.',
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

/** The 409 answer of an operation: its codes, and what the reference server adds of its own. */
function conflict(codes: readonly ConflictCode[]): Json {
  const notShown = codes.flatMap((code) => {
    const entry = CONFLICT_CODES[code];
    return 'notShown' in entry ? [entry.notShown] : [];
  });
  return {
    description: `A conflict with the clinic's state (spec 7): \`{ code, detail }\`, the code one of: ${codes.map((c) => `\`${c}\` (${CONFLICT_CODES[c].meaning.replace(/\.$/, '')})`).join('; ')}.`,
    content: jsonBody(ref('CodeDetail')),
    'x-error-codes': codes,
    ...(notShown.length ? { 'x-not-shown': notShown.join(' ') } : {}),
  };
}

const LIST_ENVELOPE_NOT_SHOWN =
  'Spec 4.1: the envelope of lists other than rooms is not shown. The client accepts the rooms envelope or a bare array; the reference server answers the envelope (setting `listEnvelope: "array"` for a bare array).';
const NO_FILTERS_SHOWN = 'Spec 4: no query filter of this list is shown.';

/** The tag of a row: its resource, from its path (`/appointment-types` → `Appointment types`). */
function tagOf(row: OperationRow): string {
  const resource = row.path.split('/')[1]!.replaceAll('-', ' ');
  return resource[0]!.toUpperCase() + resource.slice(1);
}

/** A list's filters: the keys of its query schema, described by the schema. */
function filterParameters(row: OperationRow): Json[] {
  const shape = (row.query as Partial<z.ZodObject> | undefined)?.shape ?? {};
  return Object.entries(shape).map(([name, schema]) => ({
    name,
    in: 'query',
    required: false,
    ...(schema.description ? { description: schema.description } : {}),
    schema: { type: 'string' },
  }));
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

function successResponse(row: OperationRow): Json {
  const item = ref(schemaName(row.response));
  let schema: Json = item;
  if (row.kind === 'list') {
    const page = ref(`${schemaName(row.response)}Page`);
    schema = row.envelope === 'stated' ? page : { anyOf: [page, { type: 'array', items: item }] };
  }
  return {
    description: row.doc.success,
    ...(row.replay
      ? { headers: { 'Idempotent-Replayed': { $ref: '#/components/headers/IdempotentReplayed' } } }
      : {}),
    content: jsonBody(schema),
  };
}

/** One row of the table as an OpenAPI operation. */
function operation(row: OperationRow): Json {
  const write = row.method !== 'GET';
  const filters = filterParameters(row);
  const parameters = [
    ...(row.kind === 'list' ? [...filters, p('Cursor'), p('PageSize')] : []),
    ...(write ? [p(row.replay ? 'IdempotencyKey' : 'IdempotencyKeyNotReplayed')] : []),
  ];
  const notShown = [
    ...(row.envelope === 'not-shown' ? [LIST_ENVELOPE_NOT_SHOWN] : []),
    ...(row.kind === 'list' && filters.length === 0 ? [NO_FILTERS_SHOWN] : []),
    ...(row.doc.notShown ?? []),
    ...(row.scopeStated
      ? []
      : [
          `Spec 5 rule 5: the scope of this operation is not shown; the reference server requires ${row.scope}.`,
        ]),
  ];
  return {
    operationId: row.name,
    summary: row.doc.summary,
    ...(row.doc.description ? { description: row.doc.description } : {}),
    tags: [tagOf(row)],
    ...(parameters.length ? { parameters } : {}),
    ...(row.input
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              CONTENT_TYPES[row.bodies as Exclude<BodyKind, 'none'>].map((type) => [
                type,
                { schema: ref(schemaName(row.input!)) },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      [String(row.status)]: successResponse(row),
      ...(row.kind === 'list' || write ? { '400': r('BadRequest') } : {}),
      '401': r('Unauthorized'),
      '403': r('Forbidden'),
      ...(row.id || row.notFound ? { '404': r('NotFound') } : {}),
      ...(row.conflicts.length ? { '409': conflict(row.conflicts) } : {}),
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
