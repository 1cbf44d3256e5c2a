/** The read-only probes: list envelopes, the page-size parameter, bad page sizes, a page walk,
 * unknown ids and the appointment filters. Record data stays in memory, never in a finding. @module */
import { API_PREFIX } from '../../internal/wire.ts';
import { OPERATIONS } from '../../operations.ts';
import { APPOINTMENT_FILTERS, type AppointmentFilter } from '../server/appointment-filters.ts';
import { LIST_ROWS, type ListResource } from '../server/lists.ts';
import type { Findings } from './report.ts';
import type { Exchange, ProbeKey, Transport } from './transport.ts';

/** The lists the probe reads, by their `listEnvelope` name. */
export const LISTS = Object.fromEntries(
  Object.entries(LIST_ROWS).map(([name, row]) => [name, row.path]),
) as Record<ListResource, string>;

type Item = Record<string, unknown>;

/** A list's first page as read. */
export interface ListRead {
  mode: 'envelope' | 'array';
  items: Item[];
}

/** What the probes share in one run. */
export interface ProbeContext {
  readonly t: Transport;
  readonly key: ProbeKey;
  readonly findings: Findings;
  readonly progress: (line: string) => void;
  readonly lists: Partial<Record<ListResource, ListRead>>;
  pageParam?: string | undefined;
  /** Why the write probes ended early, if they did. */
  writesStopped?: string | undefined;
}

/** Names a service might give the page size; `page_size` is the reference server's. */
export const PAGE_SIZE_CANDIDATES = ['page_size', 'limit', 'per_page', 'pageSize', 'size'];

function envelopeOf(
  body: unknown,
): { items: Item[]; next: unknown; previous: unknown } | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const { results, next, previous } = body as Record<string, unknown>;
  return Array.isArray(results) ? { items: results as Item[], next, previous } : undefined;
}

/** A list answer's items, envelope or bare array; `undefined` when it is neither. */
export function itemsOf(body: unknown): Item[] | undefined {
  return Array.isArray(body) ? (body as Item[]) : envelopeOf(body)?.items;
}

/** Spec 4.1: each list's envelope (rooms: stated; the others: not shown). */
export async function probeLists(ctx: ProbeContext): Promise<void> {
  for (const [name, path] of Object.entries(LISTS) as [ListResource, string][]) {
    ctx.progress(`reading the first page of GET ${path}`);
    const answer = await ctx.t.send(ctx.key, 'GET', path);
    const subject = `GET ${path}`;
    if (answer.status === 403) {
      ctx.findings.add('forbidden', `403 with this key on ${subject}`, 'certain', { subject });
      if (name !== 'rooms') {
        ctx.findings.add(
          'list-envelope',
          'not seen: this key may not read the list',
          'unobservable',
          {
            subject: name,
          },
        );
      }
      continue;
    }
    const envelope = envelopeOf(answer.body);
    let mode: ListRead['mode'] | undefined;
    if (answer.status === 200 && Array.isArray(answer.body)) mode = 'array';
    else if (answer.status === 200 && envelope) mode = 'envelope';
    if (mode)
      ctx.lists[name] = {
        mode,
        items: mode === 'array' ? (answer.body as Item[]) : envelope!.items,
      };
    const observed = mode
      ? mode === 'array'
        ? '200 with a bare JSON array'
        : '200 with {results, next, previous}'
      : `${answer.status}, not a list the probe knows`;
    if (name === 'rooms') {
      if (mode !== 'envelope') {
        ctx.findings.add('list-envelope', `${observed} (the spec states the envelope)`, 'certain', {
          subject: name,
        });
      }
      continue;
    }
    ctx.findings.add('list-envelope', observed, mode ? 'certain' : 'unclear', {
      subject: name,
      ...(mode ? { setting: { name: `listEnvelope.${name}`, value: mode } } : {}),
    });
  }
}

/** A paginated list with at least two items on its first page, rooms first. */
function pagedList(ctx: ProbeContext): ListResource | undefined {
  const order: ListResource[] = [
    'rooms',
    'professionals',
    'appointmentTypes',
    'appointments',
    'patients',
  ];
  return order.find((n) => ctx.lists[n]?.mode === 'envelope' && ctx.lists[n]!.items.length >= 2);
}

/** Spec 4.1: the page-size parameter's name, then what 0 and 101 answer. */
export async function probePageSize(ctx: ProbeContext): Promise<void> {
  const list = pagedList(ctx);
  if (!list) {
    ctx.findings.add(
      'page-size-param',
      'not seen: no list this key reads has two items on a page (with writes the probe does not add any)',
      'unobservable',
    );
    return;
  }
  const path = LISTS[list];
  for (const candidate of PAGE_SIZE_CANDIDATES) {
    ctx.progress(`trying ${candidate}=1 on GET ${path}`);
    const answer = await ctx.t.send(ctx.key, 'GET', path, { query: { [candidate]: '1' } });
    const page = envelopeOf(answer.body);
    if (answer.status === 200 && page?.items.length === 1) {
      ctx.pageParam = candidate;
      ctx.findings.add(
        'page-size-param',
        `${candidate}=1 on GET ${path} answered one item where the first page has several`,
        'certain',
        { setting: { name: 'clinic.pageSizeParam', value: candidate } },
      );
      break;
    }
  }
  if (!ctx.pageParam) {
    ctx.findings.add(
      'page-size-param',
      `none of ${PAGE_SIZE_CANDIDATES.join(', ')} changed the size of a page of GET ${path}`,
      'unclear',
    );
    return;
  }
  const read = async (value: string) => {
    const answer = await ctx.t.send(ctx.key, 'GET', path, { query: { [ctx.pageParam!]: value } });
    const page = envelopeOf(answer.body);
    const seen =
      `${ctx.pageParam}=${value}: ${answer.status}` +
      (answer.status === 200 && page ? ` with ${page.items.length} item(s)` : '');
    return { status: answer.status, seen };
  };
  // Each reading as the setting that answers so: refused (400) or read anyway.
  const judge = (answers: { status: number; seen: string }[], subject: string, name: string) => {
    const refused = answers.every((a) => a.status === 400);
    const read = answers.every((a) => a.status === 200);
    const other = name === 'clinic.pageSizeAboveMax' ? 'clamp' : 'default';
    ctx.findings.add(
      'page-size-bad',
      answers.map((a) => a.seen).join('; '),
      refused || read ? 'certain' : 'unclear',
      {
        subject,
        ...(refused || read ? { setting: { name, value: refused ? 'refuse' : other } } : {}),
      },
    );
  };
  judge([await read('101')], 'above 100', 'clinic.pageSizeAboveMax');
  judge([await read('0'), await read('x')], 'below 1 or not a number', 'clinic.pageSizeInvalid');
  await walk(ctx, list);
}

/** Spec 4.1: follows `next` for a few pages of one item, then one `previous`. */
async function walk(ctx: ProbeContext, list: ListResource): Promise<void> {
  const base = new URL(ctx.t.baseUrl);
  const prefix = `${base.pathname.replace(/\/$/, '')}${API_PREFIX}/`;
  let answer = await ctx.t.send(ctx.key, 'GET', LISTS[list], { query: { [ctx.pageParam!]: '1' } });
  const seen = new Set<string>();
  const notes: string[] = [];
  let pages = 0;
  let previous: unknown;
  for (; pages < 4; pages++) {
    const page = envelopeOf(answer.body);
    if (answer.status !== 200 || !page) {
      notes.push(`page ${pages + 1} answered ${answer.status}`);
      break;
    }
    for (const item of page.items) {
      const id = JSON.stringify(item.id);
      if (seen.has(id)) notes.push(`page ${pages + 1} repeated an item`);
      seen.add(id);
    }
    if (pages > 0) previous = page.previous;
    if (typeof page.next !== 'string') break;
    let next: URL;
    try {
      next = new URL(page.next, ctx.t.baseUrl);
    } catch {
      notes.push('a next link is not a URL');
      break;
    }
    if (page.next !== next.href) notes.push('next links are relative');
    if (next.origin !== base.origin || !next.pathname.startsWith(prefix)) {
      notes.push('a next link leaves the base URL (the SDK refuses to follow it)');
      break;
    }
    if (!next.searchParams.has('cursor')) notes.push('a next link has no cursor parameter');
    answer = await ctx.t.sendUrl(ctx.key, 'GET', next);
  }
  if (pages > 0)
    notes.push(
      previous ? 'a later page links back (previous)' : 'a later page has no previous link',
    );
  ctx.findings.add(
    'page-walk',
    `walked ${pages + 1} page(s) of GET ${LISTS[list]} at one item each` +
      (notes.length ? `: ${[...new Set(notes)].join('; ')}` : ''),
    notes.some((n) => n.includes('leaves') || n.includes('answered')) ? 'unclear' : 'certain',
  );
}

/** Spec 4.3: an unknown uuid (stated: 404) and an id that is not a uuid (not shown). */
export async function probeUnknownId(ctx: ProbeContext): Promise<void> {
  const retrieve = OPERATIONS.retrieveAppointment;
  const unknown = await ctx.t.sendRow(ctx.key, retrieve, { id: crypto.randomUUID() });
  const malformed = await ctx.t.sendRow(ctx.key, retrieve, { id: 'not-a-uuid' });
  const detail = (a: Exchange) =>
    typeof (a.body as { detail?: unknown } | undefined)?.detail === 'string' ? ' {detail}' : '';
  ctx.findings.add(
    'unknown-id',
    `an unknown uuid: ${unknown.status}${detail(unknown)}; an id that is not a uuid: ${malformed.status}${detail(malformed)}`,
    unknown.status === 403 ? 'unobservable' : 'certain',
  );
}

/** Spec 4.2: which candidate filters the service honours, on the clinic's own appointments. */
export async function probeFilters(ctx: ProbeContext): Promise<void> {
  const listed = ctx.lists.appointments;
  if (!listed) {
    ctx.findings.add(
      'appointment-filters',
      'not seen: the appointments list was not read',
      'unobservable',
    );
    return;
  }
  const sizeQuery: Record<string, string> = ctx.pageParam ? { [ctx.pageParam]: '100' } : {};
  const base = ctx.pageParam
    ? (envelopeOf((await ctx.t.send(ctx.key, 'GET', LISTS.appointments, { query: sizeQuery })).body)
        ?.items ?? listed.items)
    : listed.items;
  const ids = (items: Item[]) => items.map((a) => String(a.id)).join(',');
  const honoured: AppointmentFilter[] = [];
  let unseen = 0;
  for (const [name, read] of Object.entries(APPOINTMENT_FILTERS) as [
    AppointmentFilter,
    (a: Item) => unknown,
  ][]) {
    const values = base.map(read).filter((v) => typeof v === 'string' || typeof v === 'number');
    const value = values.find((v) => base.some((a) => read(a) !== v));
    if (value === undefined) {
      unseen++;
      ctx.findings.add(
        'appointment-filters',
        'not seen: the first page holds no two different values',
        'unobservable',
        {
          subject: name,
        },
      );
      continue;
    }
    ctx.progress(`trying the filter ${name} on GET /appointments`);
    const answer = await ctx.t.send(ctx.key, 'GET', LISTS.appointments, {
      query: { ...sizeQuery, [name]: String(value) },
    });
    const items = itemsOf(answer.body);
    let observed: string;
    let confidence: 'certain' | 'unclear' = 'certain';
    if (answer.status === 400) observed = '400: the service refuses it';
    else if (answer.status !== 200 || !items) {
      observed = `${answer.status}`;
      confidence = 'unclear';
    } else if (ids(items) === ids(base)) observed = 'ignored (the same page came back)';
    else if (items.every((a) => read(a) === value)) {
      observed = 'honoured (only matching appointments came back)';
      honoured.push(name);
    } else {
      observed = 'the page changed, not only to matching appointments';
      confidence = 'unclear';
    }
    ctx.findings.add('appointment-filters', observed, confidence, { subject: name });
  }
  // A filter not seen stays ignored: the mock then answers more, never less, than asked.
  ctx.findings.add(
    'appointment-filters',
    `as a setting: ${honoured.join(', ') || 'none'} honoured` +
      (unseen ? ` (${unseen} not seen: left ignored)` : ''),
    unseen ? 'likely' : 'certain',
    { subject: 'setting', setting: { name: 'clinic.appointmentFilters', value: honoured } },
  );
}

/** Another way to write the same phone number (spec 4.7: 10 or 11 digits without + are Brazilian). */
function otherForm(phone: string): string | undefined {
  const digits = phone.replace(/\D/g, '');
  let other: string | undefined;
  if (phone.trim().startsWith('+55')) other = digits.slice(2);
  else if (digits.length === 10 || digits.length === 11) other = `+55${digits}`;
  return other && other !== phone ? other : undefined;
}

/** Spec 4.7: does `?phone=` find a patient by the same number written another way? */
export async function probePatientFilters(ctx: ProbeContext): Promise<void> {
  const patient = ctx.lists.patients?.items.find(
    (p) => typeof p.phone === 'string' && otherForm(p.phone) !== undefined,
  );
  if (!patient) {
    ctx.findings.add(
      'patient-filters',
      'not seen: no patient on the first page has a phone that can be written another way',
      'unobservable',
    );
    return;
  }
  const finds = async (phone: string) => {
    const answer = await ctx.t.send(ctx.key, 'GET', LISTS.patients, { query: { phone } });
    const items = itemsOf(answer.body);
    return items?.some((p) => p.id === patient.id) ?? false;
  };
  ctx.progress('trying the phone filter of GET /patients');
  if (!(await finds(patient.phone as string))) {
    ctx.findings.add('patient-filters', 'the phone as written did not find its patient', 'unclear');
    return;
  }
  const normalised = await finds(otherForm(patient.phone as string)!);
  ctx.findings.add(
    'patient-filters',
    normalised
      ? 'a phone written another way (with or without +55, punctuation) finds the patient'
      : 'only the phone as written finds the patient',
    'certain',
    { setting: { name: 'clinic.patientFilters', value: normalised ? 'normalised' : 'exact' } },
  );
}
