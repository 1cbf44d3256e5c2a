/** The request settings of a clinic: bodies, the Idempotency-Key, pagination, scopes and rate
 * limits (spec 4.1, 4.4, 5, 7, 8). @module */
import * as z from 'zod';
import { OPERATION_ROWS } from '../../operations.ts';
import { SCOPES } from '../../schemas/scopes.ts';
import { define, ErrorCode } from './setting-definition.ts';

/** The operations whose scope spec 5 does not state: the members of `operationScopes`. */
const UNSTATED_SCOPE = z.enum([...SCOPES, 'none']);
const UNSTATED_OPERATIONS = OPERATION_ROWS.filter((row) => !row.scopeStated).map((r) => r.name);
const OPERATION_SCOPES = z
  .strictObject(
    Object.fromEntries(UNSTATED_OPERATIONS.map((name) => [name, UNSTATED_SCOPE])) as Record<
      string,
      typeof UNSTATED_SCOPE
    >,
  )
  .partial();

export const REQUEST_SETTINGS = {
  unknownBodyMembers: define({
    schema: z.enum(['refuse', 'ignore']),
    default: 'refuse',
    spec: '4.4, 4.5, 4.7',
    question: 'A body member the operation does not accept',
    byDefault: '400 naming each one, nothing written',
    otherwise: "`'ignore'`: dropped; the rest of the body is read",
  }),
  jsonContentTypes: define({
    schema: z.enum(['application/json', 'json-suffix']),
    default: 'application/json',
    spec: 'conventions',
    question: 'Which JSON media types ("payloads are JSON unless stated")',
    byDefault:
      '`application/json` (with parameters such as `charset`); another JSON type is 400 `{non_field_errors}`',
    otherwise: "`'json-suffix'`: every `application/*+json` too",
  }),
  idempotencyReplay: define({
    schema: z.enum(['create-appointment', 'every-write']),
    default: 'create-appointment',
    spec: '4.4',
    question: 'Idempotency-Key replay on writes other than POST /appointments',
    byDefault:
      'a repeat replays (`Idempotent-Replayed: true`) on POST /appointments only; elsewhere the same key and body run again',
    otherwise: "`'every-write'`: every POST and PATCH replays its key's first success",
  }),
  idempotencyBinding: define({
    schema: z.enum(['every-write', 'create-appointment']),
    default: 'every-write',
    spec: '4.4',
    question: 'Whether a key first used on another write binds ("on another endpoint yields 422")',
    byDefault:
      'a key sent on any write binds to that endpoint and body for 24 h, whatever the outcome: another endpoint or body is 422',
    otherwise:
      "`'create-appointment'`: only POST /appointments binds a key; one first sent to another write binds nothing (one bound to POST /appointments is still 422 there)",
  }),
  idempotencyKeyOnReads: define({
    schema: z.enum(['ignore', 'bind']),
    default: 'ignore',
    spec: '4.4',
    question: 'An Idempotency-Key sent on a GET',
    byDefault: 'ignored, not even checked',
    otherwise:
      "`'bind'`: checked (400 when empty or over 255 characters) and bound like a write's: a key bound to another endpoint is 422",
  }),
  idempotencyErrorCode: define({
    schema: ErrorCode,
    default: 'idempotency_key_reused',
    spec: '7',
    question: 'The code of the 422 for a misused Idempotency-Key',
    byDefault: '`idempotency_key_reused`, the reference server’s code',
    otherwise:
      'any code, such as the one the probe saw (the client reads any 422 to a keyed request as `IdempotencyKeyReuseError`)',
  }),
  replayBody: define({
    schema: z.enum(['creation', 'current']),
    default: 'creation',
    spec: '4.4',
    question: '"returns the record already created": as created, or as it is now',
    byDefault: 'the first answer, byte for byte',
    otherwise:
      "`'current'`: the same status with the record as it is now (a changed appointment shows its change)",
  }),
  pageSizeParam: define({
    schema: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,39}$/, 'must be a query parameter name')
      .refine((name) => name !== 'cursor', 'cursor names the cursor'),
    default: 'page_size',
    spec: '4.1',
    question: 'Name of the page-size query parameter',
    byDefault: '`page_size` on every list',
    otherwise: "another parameter name, such as `'limit'` (not `cursor`)",
  }),
  pageSizeAboveMax: define({
    schema: z.enum(['refuse', 'clamp']),
    default: 'refuse',
    spec: '4.1',
    question: 'A page size above the maximum of 100',
    byDefault: '400 `{page_size: [...]}`',
    otherwise: "`'clamp'`: read as 100",
  }),
  pageSizeInvalid: define({
    schema: z.enum(['refuse', 'default']),
    default: 'refuse',
    spec: '4.1',
    question: 'A page size below 1 or not a whole number',
    byDefault: '400 `{page_size: [...]}`',
    otherwise: "`'default'`: read as the default, 50 (as Django REST framework does)",
  }),
  invalidCursor: define({
    schema: z.union([z.literal(400), z.literal(404)]),
    default: 400,
    spec: '4.1',
    question: 'A cursor the server did not sign for that list, clinic and server',
    byDefault: '400 `{cursor: [...]}`',
    otherwise: '`404`: `{detail}` (as Django REST framework answers an invalid cursor)',
  }),
  operationScopes: define({
    schema: OPERATION_SCOPES,
    default: {},
    spec: '5 rule 5',
    question: 'Scope required by each other endpoint',
    byDefault:
      'reads need the `:read` scope of their resource, writes its `:write` scope; without it 403 `{detail}` naming it',
    otherwise: `per operation whose scope the spec does not state (${UNSTATED_OPERATIONS.map((n) => `\`${n}\``).join(', ')}): a scope, or \`'none'\` for any key`,
  }),
  rateLimit: define({
    schema: z
      .strictObject({
        requests: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
        windowMs: z.number().int().min(1).max(2_147_483_647),
      })
      .nullable(),
    default: null,
    spec: '8',
    question: 'Rate limits',
    byDefault: 'none',
    otherwise:
      "`{ requests, windowMs }`: past `requests` in a window of `windowMs` on the server clock, a key's requests are 429 `{detail}` with `Retry-After` (seconds) until the window ends, the reference server's own refusal",
  }),
};
