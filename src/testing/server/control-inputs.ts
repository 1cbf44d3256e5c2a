/** The schemas of every control input, one home for the in-process helpers and the HTTP control
 * API; a refusal is a `TypeError` naming the member (400 over HTTP). @module */
import * as z from 'zod';
import { EXACT_HEADER_VALUE, HEADER_NAME } from '../../internal/wire.ts';
import { SCOPES } from '../../schemas/scopes.ts';
import { SETTING_SCHEMAS } from './clinic-settings.ts';
import { type ListEnvelopeSettings, SWITCHABLE_LISTS } from './lists.ts';

/** 9999-12-30Z: keeps every timestamp at 4 digits (RFC 3339), with room for the 24 h windows. */
export const MAX_CLOCK_MS = Date.UTC(9999, 11, 30);

/** The longest `setTimeout` Node keeps (a longer one fires at once). */
export const MAX_DELAY_MS = 2_147_483_647;

export {
  type ClinicSettings,
  defaultSettings,
  SETTING_SCHEMAS,
  SettingsPatch,
} from './clinic-settings.ts';

/** Never a numeric string or a boolean. */
export const ClinicId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

const KEY_PREFIX = /^[A-Za-z0-9]{1,32}$/;

/** The spec's key format `<key_prefix>_live_<key_id>.<secret>`. */
export const API_KEY_PATTERN = /^([A-Za-z0-9]+)_live_([A-Za-z0-9]+)\.([A-Za-z0-9]+)$/;

export const KeyOptions = z
  .strictObject({
    scopes: z.array(z.enum(SCOPES)).readonly(),
    preset: z.enum(['read_only', 'full_access']),
    prefix: z.string().regex(KEY_PREFIX, 'must be 1 to 32 letters and digits'),
    key: z
      .string()
      .max(200)
      .regex(API_KEY_PATTERN, 'must be in the format <key_prefix>_live_<key_id>.<secret>'),
  })
  .partial()
  .refine((o) => o.scopes === undefined || o.preset === undefined, {
    message: 'give either scopes or preset, not both',
  })
  .refine((o) => o.prefix === undefined || o.key === undefined, {
    message: 'key carries its own prefix: give either key or prefix, not both',
  });

/** Header names and values HTTP carries as given: a refusal now, not a 500 on every request later. */
export const HeaderMap = z
  .record(
    z.string(),
    z
      .string()
      .regex(
        EXACT_HEADER_VALUE,
        'must be a header value: no line break, no white space at its ends',
      )
      .or(z.literal('')),
  )
  .superRefine((headers, ctx) => {
    for (const name of Object.keys(headers)) {
      if (!HEADER_NAME.test(name)) {
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: "is not an HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)",
        });
      }
    }
  });

/** Statuses whose answer carries no body (RFC 9110). */
const NO_BODY_STATUSES = [204, 205, 304];

/** `times` may be `Infinity`. */
export const FaultInput = z
  .strictObject({
    method: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP method name'),
    path: z.string().startsWith('/', 'must start with / (such as /api/public/v1/rooms)'),
    times: z.custom<number>(
      (t) => t === Number.POSITIVE_INFINITY || (Number.isSafeInteger(t) && (t as number) > 0),
      { message: 'must be a positive integer or Infinity ("always" over HTTP)' },
    ),
    status: z.number().int().min(200).max(599),
    body: z.unknown(),
    headers: HeaderMap,
    delayMs: z.number().min(0).max(MAX_DELAY_MS),
    networkError: z.boolean(),
    loseResponse: z.boolean(),
  })
  .partial()
  .refine((f) => !(f.networkError && f.loseResponse), {
    message: 'networkError and loseResponse exclude each other',
  })
  .refine((f) => f.status === undefined || !(f.networkError || f.loseResponse), {
    message: 'status answers the request; it excludes networkError and loseResponse',
  })
  .refine((f) => f.body === undefined || !NO_BODY_STATUSES.includes(f.status ?? 200), {
    message: 'a 204, 205 or 304 answer carries no body: leave body out',
    path: ['body'],
  });

/** The longest wait a timer keeps, for chaos' `latencyMs` and `timeoutMs`. */
export const Delay = z.number().min(0).max(MAX_DELAY_MS);

const InstantMs = z.number().min(0).max(MAX_CLOCK_MS);

/** ISO 8601 with an offset or epoch ms, from 1970 to {@link MAX_CLOCK_MS}. */
export const Instant = z.union([
  InstantMs,
  z.iso
    .datetime({ offset: true })
    .transform((s) => Date.parse(s))
    .pipe(InstantMs),
]);

/** `POST /__control/clock/advance`. */
export const ClockAdvance = z.strictObject({ ms: z.number().min(0).max(MAX_CLOCK_MS) });

/** `POST /__control/clock`. */
export const ClockSet = z.strictObject({ now: Instant });

const EnvelopeMode = z.enum(['envelope', 'array']);

/** One schema per switchable list: the lists whose row states the envelope (rooms) have none. */
export const LIST_ENVELOPE_SCHEMAS = Object.fromEntries(
  SWITCHABLE_LISTS.map((list) => [list, EnvelopeMode]),
) as Record<keyof ListEnvelopeSettings, typeof EnvelopeMode>;

/** `PATCH /__control/list-envelope`. */
export const ListEnvelopePatch = z.strictObject(LIST_ENVELOPE_SCHEMAS).partial();

/** `api.webhooks.configure`. */
export const DeliveryChaos = z
  .strictObject({
    duplicate: z.number().min(0).max(1),
    reorder: z.union([
      z.boolean(),
      z.strictObject({ windowMs: z.number().min(0).max(MAX_DELAY_MS).optional() }),
    ]),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
  })
  .partial();

/** `api.webhooks.configure`: the URL rule's two openings, unlike the service. */
export const DeliveryUrlRule = z
  .strictObject({
    allowLoopbackHttp: z.boolean(),
    allowHttpHosts: z
      .array(
        z
          .string()
          .min(1)
          .max(253)
          .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name'),
      )
      .max(64)
      .readonly(),
  })
  .partial();

export const IpAddress = z.union([z.ipv4(), z.ipv6()]);

const Unbounded = z.literal('unbounded');
const Bytes = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const HeaderName = z.string().regex(HEADER_NAME, 'must be an HTTP header name').max(100);

/** A header name ending in "Id", which keeps a request id off the headers HTTP's framing and
 * the API's answers own (Content-Length, Transfer-Encoding, Retry-After, Idempotent-Replayed).
 * One pattern without flags, so the JSON Schema states the same rule. */
const ID_HEADER_NAME = new RegExp(HEADER_NAME.source.replace(/\+\$$/, '*[Ii][Dd]$'));

/**
 * The settings document: every setting of one reference server, as JSON (`--settings FILE`,
 * `createReferenceServer({ settings })`, `GET`/`PATCH /__control/server-settings`). Every member
 * is optional on input; what is left out keeps its value (its default at creation).
 */
export const ServerSettings = z
  .strictObject({
    // Where an editor finds the document's JSON Schema; not a setting.
    $schema: z.string().max(2048),
    listEnvelope: z.strictObject(LIST_ENVELOPE_SCHEMAS).partial(),
    links: z.enum(['base-url', 'request']),
    origins: z.enum(['base-url', 'any']),
    duplicates: z.enum(['refuse', 'first']),
    maxBodyBytes: Bytes,
    logLimit: z.union([Bytes, Unbounded]),
    logBytes: z.union([Bytes, Unbounded]),
    attemptHeader: HeaderName.nullable(),
    requestIdHeader: z
      .string()
      .regex(ID_HEADER_NAME, 'must be a header name that ends in "Id", such as X-Request-Id')
      .max(100)
      .nullable(),
    clinic: z.strictObject(SETTING_SCHEMAS).partial(),
    webhooks: z.strictObject({ ...DeliveryChaos.shape, ...DeliveryUrlRule.shape }).partial(),
  })
  .partial();

/** The CLI's host table: name → addresses. */
export const HostTable = z.record(
  z
    .string()
    .min(1)
    .max(253)
    .regex(/^[A-Za-z0-9.-]+$/, 'must be a host name'),
  z.array(IpAddress).min(1).max(16),
);

function describeIssue(issue: z.core.$ZodIssue, where: string, shape?: object): string {
  const at = [where, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') {
    const known = shape ? `; the members are ${Object.keys(shape).join(', ')}` : '';
    return `${at}: unknown member ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}${known}`;
  }
  return `${at}: ${issue.message}`;
}

function shapeOf(schema: z.ZodType): object | undefined {
  let def = (
    schema as { def?: { type?: string; shape?: object; innerType?: z.ZodType; in?: z.ZodType } }
  ).def;
  for (let i = 0; def && i < 4; i++) {
    if (def.shape) return def.shape;
    const inner = def.innerType ?? def.in;
    def = (inner as { def?: typeof def } | undefined)?.def;
  }
  return undefined;
}

/** Parses, or throws a `TypeError` naming each bad member (and, if unknown, the accepted ones). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  where: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const shape = shapeOf(schema);
  throw new TypeError(result.error.issues.map((i) => describeIssue(i, where, shape)).join('; '));
}
