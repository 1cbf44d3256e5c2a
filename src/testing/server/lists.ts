/** The reference server's lists (spec 4.1): the envelope each answers, `page_size` (our name,
 * setting `pageSizeParam`; 50, at most 100) and a cursor HMAC-signed per server instance, so a
 * forged or altered one is refused (400, or 404 per `invalidCursor`). @module */
import * as z from 'zod';
import type { Assert, Equals } from '../../internal/type-equality.ts';
import {
  OPERATION_ROWS,
  type OPERATIONS,
  type OperationName,
  type OperationRow,
} from '../../operations.ts';
import { issuesToFields } from '../../schemas/errors.ts';
import { LIMITS } from '../../schemas/fields/index.ts';
import type { ClinicSettings } from './clinic-settings.ts';
import { badRequest, notFound } from './responses.ts';

/** The list rows' names: `listAppointments`, `listRooms`, ... */
type ListRowName = {
  [N in OperationName]: (typeof OPERATIONS)[N] extends { kind: 'list' } ? N : never;
}[OperationName];

/** A list row's name without its `list`: `listAppointmentTypes` → `appointmentTypes`. */
type ResourceOf<N> = N extends `list${infer R}` ? Uncapitalize<R> : never;

/** The list endpoints (spec 4), by the name used in `listEnvelope`. */
export type ListResource =
  | 'appointments'
  | 'patients'
  | 'professionals'
  | 'rooms'
  | 'appointmentTypes';

/** `'envelope'` (`{ results, next, previous }`, default) or `'array'` (every item, unpaginated). */
export type ListEnvelopeMode = 'envelope' | 'array';

/** Each list's row, by the server's name for it. */
export const LIST_ROWS = Object.fromEntries(
  OPERATION_ROWS.filter((row) => row.kind === 'list').map((row) => [
    row.name.charAt(4).toLowerCase() + row.name.slice(5),
    row,
  ]),
) as { readonly [N in ListRowName as ResourceOf<N>]: (typeof OPERATIONS)[N] };

/** The lists whose envelope spec 4.1 states (rooms): they always answer it. */
type StatedEnvelopeList = {
  [R in ListResource]: (typeof LIST_ROWS)[R] extends { envelope: 'stated' } ? R : never;
}[ListResource];

/** A list whose envelope the spec does not show: `listEnvelope` switches it. */
type SwitchableList = Exclude<ListResource, StatedEnvelopeList>;

/** The envelope per list; rooms, whose envelope spec 4.1 states, always use it. */
export type ListEnvelopeSettings = Record<Exclude<ListResource, 'rooms'>, ListEnvelopeMode>;

// The two public types are spelled out for the API reference's readers (a type derived from the
// table would name internals there); the list rows stay the home: a change there fails here.
type _ListCheck = Assert<Equals<ListResource, ResourceOf<ListRowName>>>;
type _EnvelopeCheck = Assert<Equals<keyof ListEnvelopeSettings, SwitchableList>>;

const ROWS: Record<ListResource, OperationRow> = LIST_ROWS;

/** The lists `listEnvelope` switches, in the spec's order. */
export const SWITCHABLE_LISTS = (Object.keys(ROWS) as ListResource[]).filter(
  (r) => ROWS[r].envelope !== 'stated',
) as (keyof ListEnvelopeSettings)[];

/** Each switchable list's envelope: `given`'s, else the envelope. */
export function envelopeSettings(given: Partial<ListEnvelopeSettings> = {}): ListEnvelopeSettings {
  const settings = {} as ListEnvelopeSettings;
  for (const resource of SWITCHABLE_LISTS) settings[resource] = given[resource] ?? 'envelope';
  return settings;
}

/** Whether `resource` answers the envelope whatever `listEnvelope` says. */
export function envelopeStated(resource: ListResource): resource is StatedEnvelopeList {
  return ROWS[resource].envelope === 'stated';
}

export const PageSize = z
  .string()
  .regex(/^\d+$/, { error: 'must be a whole number' })
  .transform(Number)
  .pipe(
    z
      .number()
      .min(1, { error: 'must be at least 1' })
      .max(LIMITS.maxPageSize, { error: `must be at most ${LIMITS.maxPageSize}` }),
  );

interface CursorPosition {
  r: ListResource;
  /** Clinic. */
  c: number;
  /** `n`: items after `k`; `p`: items before `k`. */
  d: 'n' | 'p';
  /** `seq` of the boundary item. */
  k: number;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class CursorSigner {
  readonly #key: Promise<CryptoKey>;

  constructor() {
    this.#key = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]) as Promise<CryptoKey>;
  }

  /** base64url JSON, a dot, and its HMAC. */
  async sign(position: CursorPosition): Promise<string> {
    const payload = encoder.encode(JSON.stringify(position));
    const mac = await crypto.subtle.sign('HMAC', await this.#key, payload);
    return `${toBase64Url(payload)}.${toBase64Url(new Uint8Array(mac))}`;
  }

  async verify(cursor: string): Promise<CursorPosition | undefined> {
    const [payloadText, macText, ...rest] = cursor.split('.');
    if (rest.length > 0 || payloadText === undefined || macText === undefined) return undefined;
    const payload = fromBase64Url(payloadText);
    const mac = fromBase64Url(macText);
    if (!payload || !mac) return undefined;
    const ok = await crypto.subtle.verify(
      'HMAC',
      await this.#key,
      mac as Uint8Array<ArrayBuffer>,
      payload as Uint8Array<ArrayBuffer>,
    );
    if (!ok) return undefined;
    return JSON.parse(decoder.decode(payload)) as CursorPosition;
  }
}

export interface PageRequest {
  resource: ListResource;
  companyId: number;
  url: URL;
  /** Absolute, without a query. */
  endpoint: string;
  /** The clinic's readings of what spec 4.1 leaves open. */
  settings: Pick<
    ClinicSettings,
    'pageSizeParam' | 'pageSizeAboveMax' | 'pageSizeInvalid' | 'invalidCursor'
  >;
}

export interface PageEnvelope<T> {
  results: T[];
  next: string | null;
  previous: string | null;
}

/** Binary search: items ascend by `seq`. */
function firstAfter(items: readonly { seq: number }[], key: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (items[mid]!.seq <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const INVALID_CURSOR =
  'is not a valid cursor for this list; use the next or previous URL of a list response';

/** The page size asked for, as `pageSizeAboveMax` and `pageSizeInvalid` read a bad one. */
function pageSize(query: URLSearchParams, settings: PageRequest['settings']): number {
  const given = query.get(settings.pageSizeParam);
  if (given === null) return LIMITS.defaultPageSize;
  const parsed = PageSize.safeParse(given);
  if (parsed.success) return parsed.data;
  const whole = /^\d+$/.test(given) ? Number(given) : 0;
  if (whole > LIMITS.maxPageSize) {
    if (settings.pageSizeAboveMax === 'clamp') return LIMITS.maxPageSize;
  } else if (settings.pageSizeInvalid === 'default') return LIMITS.defaultPageSize;
  throw badRequest(issuesToFields(parsed.error.issues, settings.pageSizeParam));
}

/** One page of `items` (ascending by `seq`); links keep the request's other parameters. */
export async function paginate<T extends { seq: number }, V>(
  items: readonly T[],
  request: PageRequest,
  signer: CursorSigner,
  view: (item: T) => V,
): Promise<PageEnvelope<V>> {
  const query = request.url.searchParams;
  const size = pageSize(query, request.settings);

  let start = 0;
  let end = Math.min(items.length, size);
  const cursor = query.get('cursor');
  if (cursor !== null) {
    const position = await signer.verify(cursor);
    if (!position || position.r !== request.resource || position.c !== request.companyId) {
      throw request.settings.invalidCursor === 404
        ? notFound(`The cursor ${INVALID_CURSOR}.`)
        : badRequest({ cursor: [INVALID_CURSOR] });
    }
    if (position.d === 'n') {
      start = firstAfter(items, position.k);
      end = Math.min(items.length, start + size);
    } else {
      end = firstAfter(items, position.k - 1);
      start = Math.max(0, end - size);
    }
  }

  const page = items.slice(start, end);
  const link = async (d: 'n' | 'p', k: number) => {
    const params = new URLSearchParams(query);
    params.set('cursor', await signer.sign({ r: request.resource, c: request.companyId, d, k }));
    return `${request.endpoint}?${params}`;
  };
  const next = end < items.length ? await link('n', items[end - 1]?.seq ?? 0) : null;
  const previous =
    start > 0 ? await link('p', items[start]?.seq ?? items[start - 1]!.seq + 1) : null;
  return { results: page.map(view), next, previous };
}
