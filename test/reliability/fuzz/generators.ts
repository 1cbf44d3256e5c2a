/** The fuzz generators: random request specs, and their materialisation against the state. */
import fc from 'fast-check';
import { OPERATION_ROWS } from '../../../src/operations.ts';
import { Cpf, StartAt } from '../../../src/schemas/fields/index.ts';
import type { Scope } from '../../../src/testing/index.ts';
import { type Draw, drawField, fieldsOf } from '../../helpers/rows.ts';
import { punctuate } from '../arbitraries.ts';
import { sampleOf } from '../inputs.ts';
import { mulberry32 } from '../settings.ts';
import {
  BASE_URL,
  METHODS,
  OPERATIONS,
  type Operation,
  PREFIX,
  settings,
  UNKNOWN_PATHS,
} from './routes.ts';
import type { ClinicWorld, KeyInfo, World } from './world.ts';

// --- generated requests --------------------------------------------------------------------

export const IdChoice = [
  'own',
  'own',
  'own',
  'own',
  'own-variant',
  'other-clinic',
  'unknown',
  'malformed',
  'inactive',
] as const;
export type IdChoice = (typeof IdChoice)[number];

export const VALID_AUTH = [
  'exact',
  'lowercase-scheme',
  'uppercase-scheme',
  'many-spaces',
  'padded',
] as const;
export const INVALID_AUTH = [
  'missing',
  'empty',
  'scheme-only',
  'no-scheme',
  'basic',
  'extra-token',
  'wrong-secret',
  'wrong-prefix',
  'unknown-key-id',
  'revoked',
  'tab',
  'garbage',
] as const;
export type AuthChoice =
  | 'full'
  | 'scoped'
  | (typeof VALID_AUTH)[number]
  | (typeof INVALID_AUTH)[number];

export type BodySpec =
  | {
      kind: 'near-valid';
      encoding: 'json' | 'form' | 'multipart';
      mutation: 'none' | 'drop' | 'extra' | 'wrong-type' | 'stringly' | 'null-field' | 'huge';
      contentType: 'default' | 'charset' | 'upper' | 'vnd' | 'text' | 'none';
      extra: unknown;
    }
  | { kind: 'random-json'; value: unknown }
  | { kind: 'malformed-json'; text: string }
  | { kind: 'random-form'; fields: Record<string, string>; multipart: boolean }
  | {
      kind: 'odd';
      which:
        | 'empty'
        | 'empty-json'
        | 'whitespace-json'
        | 'multipart-no-boundary'
        | 'multipart-garbage'
        | 'multipart-file'
        | 'xml'
        | 'huge-string'
        | 'json-array'
        | 'deep-json'
        | 'json-as-form';
    };

export interface RequestSpec {
  /** Seeds the choices that depend on state (which ids exist by now). */
  salt: number;
  target: { kind: 'operation'; index: number } | { kind: 'unknown'; path: string };
  method: string | undefined;
  clinic: 0 | 1;
  auth: AuthChoice;
  id: IdChoice;
  query: 'none' | 'page' | 'cursor' | 'filters' | 'junk';
  idempotency: 'none' | 'fresh' | 'reuse' | 'max' | 'too-long' | 'empty' | 'unsafe';
  body: BodySpec;
  headers: Record<string, string> | null;
}

export const weighted = <T>(...entries: Array<[number, fc.Arbitrary<T>]>) =>
  fc.oneof(...entries.map(([weight, arbitrary]) => ({ weight, arbitrary })));

export const bodyArb: fc.Arbitrary<BodySpec> = weighted<BodySpec>(
  [
    10,
    fc.record({
      kind: fc.constant('near-valid' as const),
      encoding: fc.constantFrom('json', 'json', 'json', 'json', 'form', 'multipart'),
      mutation: weighted<Extract<BodySpec, { kind: 'near-valid' }>['mutation']>(
        [7, fc.constant('none')],
        [1, fc.constantFrom('drop', 'extra', 'wrong-type', 'stringly', 'null-field', 'huge')],
      ),
      contentType: fc.constantFrom(
        'default',
        'default',
        'default',
        'default',
        'charset',
        'upper',
        'vnd',
        'text',
        'none',
      ),
      extra: fc.jsonValue({ maxDepth: 2 }),
    }),
  ],
  [
    2,
    fc.record({ kind: fc.constant('random-json' as const), value: fc.jsonValue({ maxDepth: 3 }) }),
  ],
  [
    1,
    fc
      .tuple(fc.json({ maxDepth: 2 }), fc.nat(), fc.constantFrom('cut', 'garbage', 'quote'))
      .map(([text, n, how]) => ({
        kind: 'malformed-json' as const,
        text:
          how === 'cut'
            ? `{${text.slice(0, n % (text.length + 1))}`
            : how === 'garbage'
              ? `${text.slice(0, n % (text.length + 1))}}{,${text}`
              : `{'patient_id': 1, ${text}`,
      })),
  ],
  [
    1,
    fc.record({
      kind: fc.constant('random-form' as const),
      fields: fc.dictionary(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.string({ maxLength: 20 }),
        { maxKeys: 4 },
      ),
      multipart: fc.boolean(),
    }),
  ],
  [
    2,
    fc.record({
      kind: fc.constant('odd' as const),
      which: fc.constantFrom(
        'empty',
        'empty-json',
        'whitespace-json',
        'multipart-no-boundary',
        'multipart-garbage',
        'multipart-file',
        'xml',
        'huge-string',
        'json-array',
        'deep-json',
        'json-as-form',
      ),
    }),
  ],
);

export const requestArb: fc.Arbitrary<RequestSpec> = fc.record({
  salt: fc.integer(),
  target: weighted<RequestSpec['target']>(
    [
      14,
      fc
        .integer({ min: 0, max: OPERATIONS.length - 1 })
        .map((index) => ({ kind: 'operation' as const, index })),
    ],
    [1, fc.constantFrom(...UNKNOWN_PATHS).map((path) => ({ kind: 'unknown' as const, path }))],
  ),
  method: weighted<string | undefined>(
    [12, fc.constant(undefined)],
    [1, fc.constantFrom(...METHODS)],
  ),
  clinic: fc.constantFrom<0 | 1>(0, 1),
  auth: weighted<AuthChoice>(
    [14, fc.constant('full')],
    [4, fc.constant('scoped')],
    [1, fc.constantFrom(...VALID_AUTH)],
    [2, fc.constantFrom(...INVALID_AUTH)],
  ),
  id: fc.constantFrom(...IdChoice),
  query: weighted<RequestSpec['query']>(
    [6, fc.constant('none')],
    [2, fc.constant('page')],
    [2, fc.constant('cursor')],
    [2, fc.constant('filters')],
    [1, fc.constant('junk')],
  ),
  idempotency: weighted<RequestSpec['idempotency']>(
    [8, fc.constant('none')],
    [3, fc.constant('fresh')],
    [3, fc.constant('reuse')],
    [1, fc.constantFrom('max', 'too-long', 'empty', 'unsafe')],
  ),
  body: bodyArb,
  headers: fc.option(
    fc.dictionary(fc.stringMatching(/^x-[a-z]{1,8}$/), fc.string({ maxLength: 20 }), {
      maxKeys: 2,
    }),
    { freq: 6 },
  ),
});

// --- materialising a spec against the current state ----------------------------------------

export type Rng = () => number;
export const pick = <T>(rng: Rng, items: readonly T[]): T =>
  items[Math.floor(rng() * items.length)]!;

/** start_at values: mostly ordinary times, some in the blocked slot, some odd, some extreme. */
export function startAt(rng: Rng): string {
  const r = rng();
  if (r < 0.7) {
    const day = 3 + Math.floor(rng() * 7);
    const hour = 8 + Math.floor(rng() * 10);
    const minute = pick(rng, ['00', '15', '30', '45']);
    const zone = pick(rng, ['', '', '-03:00', 'Z']);
    return `2026-03-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${minute}:00${zone}`;
  }
  if (r < 0.8)
    return pick(rng, ['2026-03-05T14:30:00', '2026-03-05T13:45:00', '2026-03-05T17:00:00Z']);
  if (r < 0.9) {
    return pick(rng, [
      '2026-03-05T14:30:01',
      '2026-02-30T10:00:00',
      'tomorrow',
      '',
      '2026-03-05',
      '2026-03-05T10:00:00+24:00',
    ]);
  }
  return pick(rng, [
    '0000-01-01T00:00:00',
    '0000-06-01T10:00:00Z',
    '0001-01-01T00:00:00-03:00',
    '1582-10-10T12:00:00',
    '1850-06-01T10:00:00',
    '1914-01-01T00:00:00',
    '9999-12-31T23:00:00',
    '9999-12-31T23:59:00-23:59',
    '0000-01-01T00:00:00+23:59',
  ]);
}

export function idFrom(
  rng: Rng,
  world: World,
  own: ClinicWorld,
  other: ClinicWorld,
  choice: IdChoice,
  op: Operation | undefined,
): string {
  const kind = op?.id ?? 'digits';
  const resource = op?.resource ?? 'appointments';
  const pool = (c: ClinicWorld): readonly (string | number)[] => {
    switch (resource) {
      case 'appointments':
        return c.appointments;
      case 'patients':
        return c.patients;
      case 'professionals':
        return c.professionals;
      case 'rooms':
        return c.rooms;
      default:
        return c.types;
    }
  };
  switch (choice) {
    case 'own':
      return String(pick(rng, pool(own)));
    case 'own-variant': {
      const id = String(pick(rng, pool(own)));
      return kind === 'uuid' ? id.toUpperCase() : `00${id}`;
    }
    case 'other-clinic':
      return String(pick(rng, pool(other)));
    case 'inactive':
      // An inactive room is not returned (spec 2.4): its id answers 404 like an unknown one.
      return resource === 'rooms'
        ? String(pick(rng, own.inactiveRooms))
        : idFrom(rng, world, own, other, 'unknown', op);
    case 'unknown':
      return kind === 'uuid'
        ? '0f8fad5b-d9cb-469f-a165-70867728950e'.replace(
            /[0-9a-f]$/,
            String(Math.floor(rng() * 10)),
          )
        : pick(rng, ['987654321', '0', '4294967296']);
    default:
      return kind === 'uuid'
        ? pick(rng, [
            'abc',
            '123',
            '0f8fad5bd9cb469fa16570867728950e',
            '0f8fad5b-d9cb-469f-a165-70867728950',
            '%zz',
            '%20',
          ])
        : pick(rng, ['abc', '-1', '1.5', '1e3', '%zz', '%201', '0x10']);
  }
}

/**
 * The ids a body's `<resource>_id` names, by resource: mostly the clinic's usable records, now
 * and then one it may not use (inactive, not bookable, the other clinic's, none at all).
 */
function recordOf(rng: Rng, own: ClinicWorld, other: ClinicWorld, resource: string): unknown {
  const often = <T>(usual: readonly T[], rare: readonly T[]) =>
    pick(rng, rng() < 0.9 ? usual : rare);
  switch (resource) {
    case 'patients':
      return often(own.activePatients, [
        ...own.inactivePatients,
        ...other.activePatients,
        0,
        99_999,
      ]);
    case 'professionals':
      return often(own.bookable, [...own.notBookable, ...other.bookable, 99_999]);
    case 'appointment-types':
      return often(own.activeTypes, [...own.inactiveTypes, ...other.activeTypes]);
    case 'rooms':
      return often(own.rooms, [...own.inactiveRooms, ...other.rooms]);
    default:
      throw new Error(
        `the fuzz world holds no records of ${resource} (test/reliability/fuzz/world.ts)`,
      );
  }
}

/**
 * A near-valid body of the operation, drawn from its row's body schema field by field
 * (test/helpers/rows.ts), so that every write, a new one included, is sent bodies it accepts
 * as well as bodies it refuses: each required field and some optional ones, mostly a valid value
 * (an id of the clinic's records, a CPF of the world, a start time of the clinic's days), now
 * and then a value of the field's rule that the property tests judge (`sampleOf`, accepted or
 * refused) or, where the field is nullable, null. A route without
 * a body (cancel) gets one it does not read; an unknown path, a near-valid booking.
 */
export function nearValidBody(
  rng: Rng,
  world: World,
  own: ClinicWorld,
  other: ClinicWorld,
  op: Operation | undefined,
): Record<string, unknown> {
  const input = op ? op.row.input : OPERATION_ROWS.find((row) => row.input)?.input;
  if (!input) return rng() < 0.5 ? { reason: 'a body the route does not read' } : {};
  const cpf = () => {
    const digits = pick(rng, world.cpfs);
    return rng() < 0.15 ? pick(rng, world.badCpfs) : rng() < 0.5 ? punctuate(digits) : digits;
  };
  const draw: Draw = { rng, record: (resource) => recordOf(rng, own, other, resource) };
  const body: Record<string, unknown> = {};
  for (const field of fieldsOf(input)) {
    if (field.optional && rng() >= 0.4) continue;
    body[field.name] =
      field.nullable && rng() < 0.1
        ? null
        : !field.resource && rng() < 0.15
          ? pick(rng, sampleOf(field))
          : field.schema === Cpf
            ? cpf()
            : field.schema === StartAt
              ? startAt(rng)
              : drawField(field, draw);
  }
  return body;
}

export function mutate(
  rng: Rng,
  body: Record<string, unknown>,
  spec: Extract<BodySpec, { kind: 'near-valid' }>,
) {
  const keys = Object.keys(body);
  const someKey = () => (keys.length > 0 ? pick(rng, keys) : 'patient_id');
  switch (spec.mutation) {
    case 'drop':
      delete body[someKey()];
      break;
    case 'extra':
      Object.defineProperty(
        body,
        pick(rng, ['id', 'status', 'price', 'constructor', '__proto__', 'toString', 'modality']),
        {
          value: spec.extra,
          enumerable: true,
          writable: true,
          configurable: true,
        },
      );
      break;
    case 'wrong-type':
      body[someKey()] = spec.extra;
      break;
    case 'stringly':
      for (const key of keys) if (typeof body[key] === 'number') body[key] = String(body[key]);
      break;
    case 'null-field':
      body[someKey()] = null;
      break;
    case 'huge':
      body[pick(rng, ['note', 'name', 'phone', 'cpf', 'start_at'])] = 'h'.repeat(
        pick(rng, [5_000, 100_000]),
      );
      break;
    default:
      break;
  }
  return body;
}

/** Text of a form field: numbers and strings as text, null empty, anything else as JSON. */
export const formText = (value: unknown) =>
  typeof value === 'string'
    ? value
    : value === null
      ? ''
      : typeof value === 'number'
        ? String(value)
        : (JSON.stringify(value) ?? '');

export interface BuiltRequest {
  request: Request;
  /** A short description for failure messages. */
  describe: string;
  /** The text of the JSON body sent, when it was JSON (the server's view of it). */
  jsonText: string | undefined;
  method: string;
  op: Operation | undefined;
  /** Whether the path and method are one of the 15 operations with a well-formed id. */
  routed: boolean;
  idChoice: IdChoice | undefined;
  authValid: boolean;
  scopes: ReadonlySet<Scope>;
  clinic: ClinicWorld;
  idempotencyKey: string | undefined;
  /** Whether the key was sent before (a replay or a 422 may follow). */
  keyReused: boolean;
  /** Whether the key breaks spec 4.4/8 (empty, over 255 characters, not a header value). */
  keyInvalid: boolean;
  /** Whether a body of at least one byte was sent. */
  hasBody: boolean;
}

export const CONTENT_TYPES: Record<
  Extract<BodySpec, { kind: 'near-valid' }>['contentType'],
  string | undefined
> = {
  default: 'application/json',
  charset: 'application/json; charset=utf-8',
  upper: 'APPLICATION/JSON',
  vnd: 'application/vnd.api+json',
  text: 'text/plain',
  none: undefined,
};

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one of the 15 operations that `method path` is (spec 4's table and id patterns), if any. */
export function route(method: string, path: string): Operation | undefined {
  if (!path.startsWith(`${PREFIX}/`)) return undefined;
  const segments = path.slice(PREFIX.length).split('/');
  return OPERATIONS.find((op) => {
    const template = op.row.path.split('/');
    if (op.method !== method || segments.length !== template.length) return false;
    return template.every((part, i) => {
      if (part !== '{id}') return part === segments[i];
      let id: string;
      try {
        id = decodeURIComponent(segments[i]!);
      } catch {
        return false;
      }
      return op.id === 'uuid' ? UUID.test(id) : /^\d+$/.test(id);
    });
  });
}

export function setQuery(url: URL, query: RequestSpec['query'], rng: Rng, world: World): void {
  switch (query) {
    case 'page':
      url.searchParams.set(
        'page_size',
        pick(rng, ['1', '2', '3', '50', '100', '101', '0', '-1', 'abc', '1.5', '', '1e2']),
      );
      break;
    case 'cursor':
      url.searchParams.set(
        'cursor',
        world.cursors.length > 0 && rng() < 0.7
          ? pick(rng, world.cursors)
          : pick(rng, ['abc', 'a.b', '', 'eyJyIjoicm9vbXMifQ.AAAA', 'x'.repeat(3000)]),
      );
      if (rng() < 0.5) url.searchParams.set('page_size', pick(rng, ['1', '2', '100']));
      break;
    case 'filters': {
      const digits = pick(rng, world.cpfs);
      if (rng() < 0.5) url.searchParams.set('cpf', rng() < 0.5 ? punctuate(digits) : digits);
      if (rng() < 0.3) {
        url.searchParams.set('name', pick(rng, ['ana', 'SOUZA', 'zé', '', 'x'.repeat(500)]));
      }
      if (rng() < 0.3) url.searchParams.set('phone', pick(rng, ['11987654321', '+55', '']));
      break;
    }
    case 'junk':
      url.searchParams.set(
        pick(rng, ['limit', 'offset', 'page', 'status', '__proto__', 'a b']),
        pick(rng, ['1', '', '%', '[]']),
      );
      break;
    default:
      break;
  }
}

/** The Authorization header of a choice (`undefined`: none), and the key it stands for. */
export function authorization(
  choice: AuthChoice,
  own: ClinicWorld,
  rng: Rng,
): { header: string | undefined; valid: boolean; key: KeyInfo } {
  const key = own.full.key;
  const valid = (header: string, info: KeyInfo = own.full) => ({ header, valid: true, key: info });
  switch (choice) {
    case 'full':
    case 'exact':
      return valid(`Bearer ${key}`);
    case 'scoped': {
      const info = pick(rng, own.scoped);
      return valid(`Bearer ${info.key}`, info);
    }
    case 'lowercase-scheme':
      return valid(`bearer ${key}`);
    case 'uppercase-scheme':
      return valid(`BEARER ${key}`);
    case 'many-spaces':
      return valid(`Bearer    ${key}`);
    case 'padded':
      return valid(`  Bearer ${key}  `);
    default: {
      const [keyPrefix, rest] = key.split('_live_') as [string, string];
      const [keyId, secret] = rest.split('.') as [string, string];
      const header = {
        missing: undefined,
        empty: '',
        'scheme-only': 'Bearer',
        'no-scheme': key,
        basic: `Basic ${btoa(`${keyId}:${secret}`)}`,
        'extra-token': `Bearer ${key} extra`,
        'wrong-secret': `Bearer ${keyPrefix}_live_${keyId}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
        'wrong-prefix': `Bearer xyz_live_${keyId}.${secret}`,
        'unknown-key-id': `Bearer ${keyPrefix}_live_ZZZZ${keyId.slice(4)}.${secret}`,
        revoked: `Bearer ${own.revoked}`,
        tab: `Bearer\t${key}`,
        garbage: `Bearer ${'%$#'.repeat(5)}`,
      }[choice];
      return { header, valid: false, key: { key: '', scopes: new Set() } };
    }
  }
}

/** The Idempotency-Key of a choice (`undefined`: none), and whether it was sent before. */
export function idempotencyKeyFor(
  choice: RequestSpec['idempotency'],
  rng: Rng,
  world: World,
  index: number,
): { key: string | undefined; reused: boolean } {
  const fresh = `fuzz-${settings.seed}-${index}`;
  switch (choice) {
    case 'fresh':
      return { key: fresh, reused: false };
    case 'reuse':
      return world.usedKeys.length > 0
        ? { key: pick(rng, world.usedKeys), reused: true }
        : { key: fresh, reused: false };
    case 'max':
      return { key: `${index}-`.padEnd(255, 'k'), reused: false };
    case 'too-long':
      return { key: 'k'.repeat(256 + Math.floor(rng() * 5000)), reused: false };
    case 'empty':
      return { key: '', reused: false };
    case 'unsafe':
      return { key: 'a\u0001b', reused: false };
    default:
      return { key: undefined, reused: false };
  }
}

export const formOf = (fields: Record<string, unknown>, multipart: boolean): BodyInit => {
  const form = multipart ? new FormData() : new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) form.append(k, formText(v));
  return form;
};

/**
 * The body of a spec, and its Content-Type when one is set by hand (`undefined`: none, or the
 * one `Request` derives from a form body).
 */
export function bodyFor(
  b: BodySpec,
  rng: Rng,
  world: World,
  own: ClinicWorld,
  other: ClinicWorld,
  op: Operation | undefined,
): { body: BodyInit | undefined; contentType: string | undefined } {
  const text = (body: string, contentType: string | undefined = 'application/json') => ({
    body,
    contentType,
  });
  switch (b.kind) {
    case 'near-valid': {
      const value = mutate(rng, nearValidBody(rng, world, own, other, op), b);
      if (b.encoding === 'json') return text(JSON.stringify(value), CONTENT_TYPES[b.contentType]);
      return { body: formOf(value, b.encoding === 'multipart'), contentType: undefined };
    }
    case 'random-json':
      return text(JSON.stringify(b.value));
    case 'malformed-json':
      return text(b.text);
    case 'random-form':
      return { body: formOf(b.fields, b.multipart), contentType: undefined };
    default:
      break;
  }
  switch (b.which) {
    case 'empty':
      return { body: undefined, contentType: undefined };
    case 'empty-json':
      return text('');
    case 'whitespace-json':
      return text('  \n\t ');
    case 'multipart-no-boundary':
      return text(
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
        'multipart/form-data',
      );
    case 'multipart-garbage':
      return text('this is not multipart', 'multipart/form-data; boundary=xyz');
    case 'multipart-file': {
      const form = new FormData();
      form.append('patient_id', new Blob(['1'], { type: 'text/plain' }), 'id.txt');
      form.append('note', 'with a file');
      return { body: form, contentType: undefined };
    }
    case 'xml':
      return text('<appointment><patient_id>1</patient_id></appointment>', 'application/xml');
    case 'huge-string':
      return text(JSON.stringify({ note: 'z'.repeat(200_000), name: 'w'.repeat(50_000) }));
    case 'json-array':
      return text('[{"patient_id":1}]');
    case 'deep-json':
      return text(`${'{"a":'.repeat(500)}1${'}'.repeat(500)}`);
    default:
      return text('{"patient_id":1,"professional_id":1}', 'application/x-www-form-urlencoded');
  }
}

export function describeBody(body: BodyInit | undefined): string {
  if (typeof body === 'string') return body.slice(0, 300);
  if (body instanceof URLSearchParams) return `form: ${body.toString().slice(0, 300)}`;
  if (body instanceof FormData) return `multipart: ${[...body.keys()].join(', ')}`;
  return '(none)';
}

/** Turns a generated spec into a request against the current state. */
export function build(world: World, spec: RequestSpec, index: number): BuiltRequest {
  const rng = mulberry32(spec.salt);
  const own = world.clinics[spec.clinic];
  const other = world.clinics[1 - spec.clinic]!;
  const op = spec.target.kind === 'operation' ? OPERATIONS[spec.target.index] : undefined;
  const method = spec.method ?? op?.method ?? 'GET';
  const upper = method.toUpperCase();

  let path = spec.target.kind === 'unknown' ? spec.target.path : PREFIX;
  let idChoice: IdChoice | undefined;
  if (op) {
    if (op.id) idChoice = spec.id;
    const id = op.id ? idFrom(rng, world, own, other, spec.id, op) : '';
    path = `${PREFIX}${op.row.path.replace('{id}', id)}`;
  }
  // The operation the server must route this to, if any: the method may be another one's.
  const routedOp = route(upper, path);
  if (routedOp && op && routedOp.resource !== op.resource) throw new Error('route table mismatch');

  const url = new URL(`${BASE_URL}${path}`);
  setQuery(url, spec.query, rng, world);
  const headers = new Headers(spec.headers ?? {});
  const auth = authorization(spec.auth, own, rng);
  if (auth.header !== undefined) headers.set('authorization', auth.header);
  const idempotency = idempotencyKeyFor(spec.idempotency, rng, world, index);
  if (idempotency.key !== undefined) headers.set('idempotency-key', idempotency.key);
  // GET and HEAD cannot carry a body.
  const { body, contentType } =
    upper === 'GET' || upper === 'HEAD'
      ? { body: undefined, contentType: undefined }
      : bodyFor(spec.body, rng, world, own, other, op);
  if (contentType !== undefined) headers.set('content-type', contentType);
  const media = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  // The server's default reads application/json only (settings.jsonContentTypes).
  const isJson = media === 'application/json';

  const request = new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
  return {
    request,
    describe:
      `${method} ${url.pathname}${url.search.slice(0, 200)} clinic ${own.id}, auth ${spec.auth}` +
      `${spec.auth === 'scoped' ? ` [${[...auth.key.scopes].join(' ')}]` : ''}, id ${idChoice ?? '-'}, ` +
      `idempotency ${spec.idempotency}, content-type ${request.headers.get('content-type') ?? '(none)'}, ` +
      `body ${describeBody(body)}`,
    jsonText: isJson && typeof body === 'string' ? body : undefined,
    method: upper,
    op: routedOp,
    routed: routedOp !== undefined,
    idChoice,
    authValid: auth.valid,
    scopes: auth.key.scopes,
    clinic: own,
    idempotencyKey: idempotency.key,
    keyReused: idempotency.reused,
    keyInvalid: ['too-long', 'empty', 'unsafe'].includes(spec.idempotency),
    hasBody: body !== undefined && body !== '',
  };
}
