/**
 * The reference server: state per instance, clinics, keys, seeding, settings, clock, events,
 * faults, the request log and reset, around one Fetch-API core (`api.fetch`). It never loads
 * msw: the MSW handlers are an adapter in `msw.ts` (entry `@clinic-scheduling/sdk/testing/msw`),
 * and the command-line server uses `api.fetch` through `node.ts`.
 *
 * @module
 */

import { createDeliverySimulator } from '../delivery/simulator.ts';
import type { DeliverySimulator, DeliverySimulatorOptions } from '../delivery/types.ts';
import { seedDemo } from '../seed/demo.ts';
import { createSeedHelpers } from '../seed/helpers.ts';
import type { SeedHelpers } from '../seed/types.ts';
import {
  type IssueApiKeyOptions,
  issueApiKey as issueKey,
  revokeApiKey as revokeKey,
} from './auth.ts';
import { Clock, type ClockStart } from './clock.ts';
import {
  BoundedLog,
  DEFAULT_LOG_BYTES,
  DEFAULT_MAX_BODY_BYTES,
  type DuplicatePolicy,
  type OriginPolicy,
  type RecordedRequest,
  type ServerContext,
  WriteJournal,
} from './context.ts';
import { type EventListener, EventLog, type WebhookEnvelope } from './events.ts';
import { type FaultInjector, FaultRegistry } from './faults.ts';
import { createFetch, type ReferenceFetch } from './fetch.ts';
import { registerContext } from './invariants.ts';
import type { LinkOrigin } from './links.ts';
import { CursorSigner, type ListEnvelopeMode, type ListEnvelopeSettings } from './pagination.ts';
import { guardListEnvelope } from './settings.ts';
import { type ClinicSettings, Store } from './store.ts';

/** What `createReferenceServer` takes. */
export interface ReferenceServerOptions {
  /**
   * The service host root the server answers on, such as `https://clinic.test` (the client's
   * `baseUrl`). `next`/`previous` page URLs are built on it; the MSW handlers match it.
   */
  baseUrl: string;
  /**
   * The starting time of `api.clock`: a `Date` or epoch ms (time then moves only by
   * `api.clock.advance`), or a function read on every call. Default: the real time.
   */
  now?: ClockStart;
  /** `'demo'` seeds clinic 1 with a small realistic clinic (see the testing guide). */
  seed?: 'demo';
  /**
   * Per list, `'envelope'` (`{results, next, previous}`, the default) or `'array'` (a bare
   * array of every item). The rooms list always uses the envelope, as the spec states.
   */
  listEnvelope?: Partial<ListEnvelopeSettings>;
  /**
   * Options of `api.webhooks`: `fetch` for URL endpoints, `resolveHost`, and the chaos of
   * `duplicate`, `reorder` and `seed` (see docs/webhooks.md).
   */
  webhooks?: Omit<DeliverySimulatorOptions, 'clock' | 'onEvent'>;
  /**
   * Where `next`/`previous` page URLs point: `'base-url'` (default) builds them on `baseUrl`;
   * `'request'` on the host the client reached (`Forwarded`, `X-Forwarded-*` or `Host`), as
   * the command-line server does.
   */
  links?: LinkOrigin;
  /**
   * The most entries `api.requests` and `api.events` keep; past it the oldest are dropped, so
   * a server left running under load stays within bounded memory. Default 10000;
   * `Infinity` keeps every entry.
   */
  logLimit?: number;
  /**
   * The most bytes (about the length of the entries' JSON text) `api.requests` keeps, and
   * `api.events` keeps, each; past it the oldest entries are dropped, so large requests cannot
   * grow memory either. Default 8 MiB (`DEFAULT_LOG_BYTES`); `Infinity`: no byte bound.
   */
  logBytes?: number;
  /**
   * The largest request body the server reads, in bytes. A larger one is answered 413
   * `{code: 'request_too_large', detail}` (the reference server's choice: the spec shows no
   * limit) before it is buffered. Default 1 MiB (`DEFAULT_MAX_BODY_BYTES`).
   */
  maxBodyBytes?: number;
  /**
   * Which origins `api.fetch` answers. `'base-url'` (default): only `baseUrl`'s; a request for
   * another origin rejects as `fetch` does for an unreachable host, so a client with a wrong
   * `baseUrl` fails in tests as it would against the service. `'any'`: every origin. Requests
   * that came over a socket (the node:http adapter, the CLI) reached the server by definition
   * and are not checked.
   */
  origins?: OriginPolicy;
  /**
   * A query parameter or form field given twice (`page_size=10&page_size=1000`), or an API header
   * (Authorization, Idempotency-Key, Content-Type) sent twice over a socket. `'refuse'`
   * (default): 400 naming each one, before anything else. `'first'`: the first one is read.
   */
  duplicates?: DuplicatePolicy;
}

/** The default of `ReferenceServerOptions.logLimit`. */
export const DEFAULT_LOG_LIMIT = 10_000;

export { DEFAULT_LOG_BYTES, DEFAULT_MAX_BODY_BYTES } from './context.ts';

/** The helpers of one clinic (company): `api` itself for clinic 1, `api.clinic(id)` for others. */
export interface ClinicHandle {
  /** The clinic's id, the `company_id` of its webhook envelopes. */
  readonly id: number;
  /** Puts records of any state into this clinic. */
  readonly seed: SeedHelpers;
  /** This clinic's settings, such as `requireRoom`. `reset()` restores the defaults. */
  readonly settings: ClinicSettings;
  /**
   * Issues an API key of this clinic in the spec's format `<key_prefix>_live_<key_id>.<secret>`
   * (`csk_live_...`). Full access unless `scopes` or `preset` say otherwise.
   *
   * @throws TypeError for an unknown scope or preset, or both given.
   * @example
   * ```ts
   * const readOnly = api.issueApiKey({ preset: 'read_only' });
   * const legacy = api.issueApiKey({ scopes: ['appointments:read', 'appointments:write'] });
   * ```
   */
  issueApiKey(options?: IssueApiKeyOptions): string;
}

/** A stateful, in-memory Clinic Scheduling API v1 (see {@link createReferenceServer}). */
export interface ReferenceServer extends ClinicHandle {
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  /**
   * The one core: answers a request as the API would. Same signature as the global `fetch`,
   * so `new ClinicClient({ fetch: api.fetch, ... })` works without MSW.
   *
   * Rejects with a `TypeError('fetch failed')` only for `networkError` and `loseResponse`
   * faults.
   */
  readonly fetch: ReferenceFetch;
  /** The server's clock: `created_at`, `updated_at`, envelopes and the 24 h idempotency window. */
  readonly clock: Clock;
  /** Every webhook envelope emitted, oldest first, the newest `logLimit` of them (cleared by `reset()`). */
  readonly events: readonly WebhookEnvelope[];
  /**
   * Calls `listener` with each envelope right after the change it reports, before the
   * response is sent. Returns the function that unsubscribes.
   */
  onEvent(listener: EventListener): () => void;
  /**
   * Webhook delivery (spec 6.3) of the emitted envelopes to registered endpoints, on
   * `api.clock`: `api.webhooks.register({ handler | url, events })`, `ping(endpoint)`, the
   * delivery log, `settle()` and `flush()`.
   */
  readonly webhooks: DeliverySimulator;
  /** Every request that reached the server, oldest first, the newest `logLimit` of them, secrets masked. */
  readonly requests: readonly RecordedRequest[];
  /** Fault injection. */
  readonly faults: FaultInjector;
  /**
   * The list envelope per resource; change it at any time (`api.listEnvelope.patients = 'array'`).
   * A value other than `'envelope'` or `'array'`, or another member, throws a `TypeError`.
   */
  readonly listEnvelope: ListEnvelopeSettings;
  /**
   * The helpers of another clinic, created empty on first use. Keys of one clinic never see
   * another clinic's records (404).
   *
   * @throws TypeError when `id` is not a positive integer.
   */
  clinic(id: number): ClinicHandle;
  /** Forgets a key (requests with it answer 401). Returns whether it was known. */
  revokeApiKey(key: string): boolean;
  /**
   * Back to the state of a new server: records, settings, idempotency keys, events, the
   * request log, faults, webhook endpoints and deliveries and the clock's scheduled tasks are
   * dropped, ids restart at 1 and the
   * demo seed is applied again when it was asked for. Issued API keys, event listeners and
   * the clock's time stay, so keys made in `beforeAll` keep working.
   */
  reset(): void;
}

const LIST_RESOURCES = ['appointments', 'patients', 'professionals', 'appointmentTypes'] as const;

function checkBaseUrl(baseUrl: unknown): { baseUrl: string; basePath: string } {
  if (typeof baseUrl !== 'string') {
    throw new TypeError(
      "createReferenceServer: baseUrl is required, such as 'https://clinic.test'",
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(
      `createReferenceServer: baseUrl ${JSON.stringify(baseUrl)} is not an absolute URL`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('createReferenceServer: baseUrl must be an http or https URL');
  }
  if (url.search || url.hash) {
    throw new TypeError('createReferenceServer: baseUrl must not have a query or a fragment');
  }
  const basePath = url.pathname.replace(/\/+$/, '');
  return { baseUrl: `${url.origin}${basePath}`, basePath };
}

function envelopeSettings(given: Partial<ListEnvelopeSettings> = {}): ListEnvelopeSettings {
  for (const [resource, mode] of Object.entries(given)) {
    if (resource === 'rooms') {
      throw new TypeError(
        'createReferenceServer: the rooms list always uses the {results, next, previous} envelope (spec 4.1)',
      );
    }
    if (!(LIST_RESOURCES as readonly string[]).includes(resource)) {
      throw new TypeError(
        `createReferenceServer: listEnvelope.${resource} is not a list; use ${LIST_RESOURCES.join(', ')}`,
      );
    }
    if (mode !== 'envelope' && mode !== 'array') {
      throw new TypeError(
        `createReferenceServer: listEnvelope.${resource} must be 'envelope' or 'array'`,
      );
    }
  }
  const settings = {} as Record<(typeof LIST_RESOURCES)[number], ListEnvelopeMode>;
  for (const resource of LIST_RESOURCES) settings[resource] = given[resource] ?? 'envelope';
  return settings;
}

/**
 * Creates a reference server: an in-memory Clinic Scheduling API v1 that keeps state and
 * enforces every rule the spec states. Each call has its own state. It starts with clinic 1
 * and no records (unless `seed: 'demo'`). It does not need msw: pass `api.fetch` to the client,
 * or put it behind MSW with `createHandlers(api)` from `@clinic-scheduling/sdk/testing/msw`.
 *
 * @throws TypeError for a missing or malformed `baseUrl`, a bad `now`, or a bad `listEnvelope`.
 * @example
 * ```ts
 * import { ClinicClient } from '@clinic-scheduling/sdk';
 * import { createReferenceServer } from '@clinic-scheduling/sdk/testing';
 *
 * const api = createReferenceServer({ baseUrl: 'https://clinic.test' });
 * const apiKey = api.issueApiKey({ preset: 'full_access' });
 * const patient = api.seed.patient({ name: 'Ana Souza' });
 * const clinic = new ClinicClient({ apiKey, baseUrl: api.baseUrl, fetch: api.fetch });
 * ```
 */
export function createReferenceServer(options: ReferenceServerOptions): ReferenceServer {
  if (!options || typeof options !== 'object') {
    throw new TypeError("createReferenceServer takes { baseUrl: 'https://clinic.test', ... }");
  }
  const { baseUrl, basePath } = checkBaseUrl(options.baseUrl);
  if (options.seed !== undefined && options.seed !== 'demo') {
    throw new TypeError("createReferenceServer: seed must be 'demo' or omitted");
  }
  const initialEnvelope = envelopeSettings(options.listEnvelope);
  const logLimit = options.logLimit ?? DEFAULT_LOG_LIMIT;
  if (!(logLimit === Number.POSITIVE_INFINITY || (Number.isInteger(logLimit) && logLimit >= 0))) {
    throw new TypeError(
      'createReferenceServer: logLimit must be a whole number >= 0, or Infinity to keep every entry',
    );
  }
  if (options.links !== undefined && options.links !== 'base-url' && options.links !== 'request') {
    throw new TypeError("createReferenceServer: links must be 'base-url' or 'request'");
  }
  const logBytes = byteOption('logBytes', options.logBytes, DEFAULT_LOG_BYTES, true);
  const maxBodyBytes = byteOption('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES);
  const origins = oneOf('origins', options.origins, ['base-url', 'any'] as const);
  const duplicates = oneOf('duplicates', options.duplicates, ['refuse', 'first'] as const);
  const ctx: ServerContext = {
    store: new Store(),
    clock: new Clock(options.now),
    events: new EventLog(logLimit, logBytes),
    faults: new FaultRegistry(),
    signer: new CursorSigner(),
    requests: new BoundedLog(logLimit, logBytes),
    baseUrl,
    basePath,
    listEnvelope: guardListEnvelope(initialEnvelope),
    links: options.links ?? 'base-url',
    logLimit,
    origins,
    duplicates,
    maxBodyBytes,
    intent: undefined,
    journal: new WriteJournal(),
  };
  ctx.events.on((envelope) => {
    if (ctx.intent === undefined || envelope.type === 'ping') return;
    ctx.journal.add({
      kind: envelope.type,
      id: (envelope.data as { id: string }).id,
      companyId: envelope.company_id,
      intent: ctx.intent.key,
    });
  });

  const handles = new Map<number, ClinicHandle>();
  const clinic = (id: number): ClinicHandle => {
    if (!Number.isInteger(id) || id <= 0) {
      throw new TypeError(`api.clinic(id): id must be a positive integer, not ${String(id)}`);
    }
    let handle = handles.get(id);
    if (!handle) {
      const state = ctx.store.clinic(id);
      handle = {
        id,
        seed: createSeedHelpers(ctx, id),
        settings: state.settings,
        issueApiKey: (keyOptions) => issueKey(ctx.store, id, keyOptions),
      };
      handles.set(id, handle);
    }
    return handle;
  };
  const main = clinic(1);
  const applySeed = () => {
    if (options.seed === 'demo') seedDemo(main.seed, ctx.clock.now());
  };
  applySeed();
  const webhooks = createDeliverySimulator({
    ...options.webhooks,
    clock: ctx.clock,
    onEvent: (listener) => ctx.events.on(listener),
  });

  const api: ReferenceServer = {
    id: main.id,
    seed: main.seed,
    settings: main.settings,
    issueApiKey: main.issueApiKey,
    baseUrl,
    fetch: createFetch(ctx),
    clock: ctx.clock,
    events: ctx.events.events,
    onEvent: (listener) => ctx.events.on(listener),
    webhooks,
    requests: ctx.requests.entries,
    faults: ctx.faults,
    listEnvelope: ctx.listEnvelope,
    clinic,
    revokeApiKey: (key) => revokeKey(ctx.store, key),
    reset() {
      ctx.store.clearRecords();
      ctx.events.clear();
      ctx.requests.clear();
      ctx.journal.clear();
      ctx.faults.clear();
      ctx.clock.clear();
      webhooks.reset();
      Object.assign(ctx.listEnvelope, initialEnvelope);
      applySeed();
    },
  };
  registerContext(api, ctx);
  return api;
}

function byteOption(name: string, value: unknown, fallback: number, infinite = false): number {
  if (value === undefined) return fallback;
  if (infinite && value === Number.POSITIVE_INFINITY) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  throw new TypeError(
    `createReferenceServer: ${name} must be a whole number of bytes >= 0` +
      (infinite ? ', or Infinity' : ''),
  );
}

function oneOf<T extends string>(name: string, value: unknown, accepted: readonly T[]): T {
  if (value === undefined) return accepted[0]!;
  if (accepted.includes(value as T)) return value as T;
  throw new TypeError(
    `createReferenceServer: ${name} must be ${accepted.map((v) => `'${v}'`).join(' or ')}, ` +
      `not ${JSON.stringify(value) ?? String(value)}`,
  );
}
