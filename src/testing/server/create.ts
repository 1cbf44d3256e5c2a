/** The reference server: per-instance state around one Fetch-API core (`api.fetch`); never loads
 * msw (the MSW and node:http adapters wrap `api.fetch`). @module */

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
import { BoundedLog } from './bounded-log.ts';
import { Clock, type ClockStart } from './clock.ts';
import {
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
import { createFetch, type ReferenceFetch, type ReferenceServe } from './fetch.ts';
import { type InvariantReport, reportInvariants } from './invariants.ts';
import type { LinkOrigin } from './links.ts';
import {
  CursorSigner,
  envelopeSettings,
  envelopeStated,
  LIST_ROWS,
  type ListEnvelopeSettings,
  type ListResource,
  SWITCHABLE_LISTS,
} from './lists.ts';
import { type ClinicRecords, recordsView } from './records.ts';
import { guardListEnvelope } from './settings.ts';
import {
  applySettings,
  readSettings,
  type ServerSettings,
  type ServerSettingsPatch,
} from './settings-document.ts';
import { type ClinicSettings, Store } from './store.ts';

/** What `createReferenceServer` takes. */
export interface ReferenceServerOptions {
  /** The host root it answers on, such as `https://clinic.test` (the client's `baseUrl`). */
  baseUrl: string;
  /** Start of `api.clock`: a `Date`, epoch ms (moved by `advance`) or a function. Default: now. */
  now?: ClockStart;
  /** `'demo'` seeds clinic 1 with a small realistic clinic (see the testing guide). */
  seed?: 'demo';
  /** Per list, `'envelope'` (default) or `'array'` (bare array); rooms always use the envelope. */
  listEnvelope?: Partial<ListEnvelopeSettings>;
  /** Options of `api.webhooks` (`fetch`, `resolveHost`, delivery chaos; see docs/webhooks-testing.md). */
  webhooks?: Omit<DeliverySimulatorOptions, 'clock' | 'onEvent'>;
  /** Page links built on `baseUrl` (`'base-url'`, default) or the host reached (`'request'`). */

  links?: LinkOrigin;
  /** Most entries `api.requests` and `api.events` each keep (oldest dropped). Default 10000. */
  logLimit?: number;
  /** Most bytes (of JSON text) `api.requests` and `api.events` each keep. Default 8 MiB. */
  logBytes?: number;
  /** Largest body read; past it 413 `request_too_large` (spec shows no limit). Default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Origins `api.fetch` answers: `'base-url'` (default; others reject like an unreachable host,
   * so a wrong `baseUrl` fails in tests) or `'any'`. Socket requests are not checked.
   */
  origins?: OriginPolicy;
  /** A parameter or API header given twice: `'refuse'` (default, 400) or read the `'first'`. */
  duplicates?: DuplicatePolicy;
  /**
   * The settings document (JSON, such as a file `clinic-scheduling-mock --settings` reads): any
   * part of every setting; an option above given too wins over its member. `reset()` returns here.
   */
  settings?: ServerSettingsPatch;
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
   * Issues a key of this clinic (`csk_live_...`), full access unless `scopes` or `preset` say.
   * @throws TypeError for an unknown scope or preset, or both given.
   */
  issueApiKey(options?: IssueApiKeyOptions): string;
}

/** A stateful, in-memory Clinic Scheduling API v1 (see {@link createReferenceServer}). */
export interface ReferenceServer extends ClinicHandle {
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  /** The core, shaped like the global `fetch`; rejects only for network faults. */
  readonly fetch: ReferenceFetch;
  /**
   * `fetch` for a request that came in on a socket (the node:http adapter's entry): the method as
   * sent and the headers repeated on the wire; no origin check.
   */
  readonly serve: ReferenceServe;
  /** The server's clock: `created_at`, `updated_at`, envelopes and the 24 h idempotency window. */
  readonly clock: Clock;
  /** The newest `logLimit` webhook envelopes emitted, oldest first. */
  readonly events: readonly WebhookEnvelope[];
  /** Calls `listener` with each envelope before the response is sent; returns unsubscribe. */
  onEvent(listener: EventListener): () => void;
  /** Webhook delivery (spec 6.3) of the envelopes to registered endpoints, on `api.clock`. */
  readonly webhooks: DeliverySimulator;
  /** The newest `logLimit` requests that reached the server, oldest first, secrets masked. */
  readonly requests: readonly RecordedRequest[];
  /** Fault injection. */
  readonly faults: FaultInjector;
  /** The list envelope per resource, settable at any time (`'envelope'` or `'array'`). */
  readonly listEnvelope: ListEnvelopeSettings;
  /** Another clinic, created empty on first use; its records are 404 to other clinics' keys. */
  clinic(id: number): ClinicHandle;
  /** Forgets a key (requests with it answer 401). Returns whether it was known. */
  revokeApiKey(key: string): boolean;
  /** What `checkInvariants(api)` reports: the invariants a flow must keep, on this server. */
  checkInvariants(): InvariantReport;
  /**
   * One clinic's professionals, appointments (by start) and patients as the API shows them, and
   * the ids of the clinics that hold state: what the console's agenda reads. Creates nothing.
   */
  records(clinicId?: number): ClinicRecords;
  /** The settings document as it stands: every setting, JSON-safe (a copy). */
  settingsDocument(): ServerSettings;
  /**
   * Applies any part of the settings document and returns the whole; `clinic` reaches every
   * clinic. Nothing is applied when a member is bad.
   * @throws TypeError naming each bad member.
   */
  applySettings(patch: ServerSettingsPatch): ServerSettings;
  /**
   * Back to a new server's state (ids restart, demo seed reapplied); issued keys, event
   * listeners and the clock's time stay, so keys made in `beforeAll` keep working.
   */
  reset(): void;
}

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

const unbounded = (n: number): number | 'unbounded' =>
  n === Number.POSITIVE_INFINITY ? 'unbounded' : n;

/** The header the request log reads `attempt` from (the spec shows none; a client may send it). */
export const DEFAULT_ATTEMPT_HEADER = 'X-Attempt';

function checkEnvelopes(given: Partial<ListEnvelopeSettings> = {}): Partial<ListEnvelopeSettings> {
  for (const [resource, mode] of Object.entries(given)) {
    if (Object.hasOwn(LIST_ROWS, resource) && envelopeStated(resource as ListResource)) {
      throw new TypeError(
        `createReferenceServer: the ${resource} list always uses the {results, next, previous} envelope (spec 4.1)`,
      );
    }
    if (!(SWITCHABLE_LISTS as readonly string[]).includes(resource)) {
      throw new TypeError(
        `createReferenceServer: listEnvelope.${resource} is not a list; use ${SWITCHABLE_LISTS.join(', ')}`,
      );
    }
    if (mode !== 'envelope' && mode !== 'array') {
      throw new TypeError(
        `createReferenceServer: listEnvelope.${resource} must be 'envelope' or 'array'`,
      );
    }
  }
  return given;
}

/**
 * Creates an in-memory API v1 with its own state that enforces every rule the spec states;
 * clinic 1 starts empty (unless `seed: 'demo'`). Use `api.fetch`, or MSW via `createHandlers`.
 * @throws TypeError naming a bad option.
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
  const given: ServerSettingsPatch = options.settings ?? {};
  const initialEnvelope = checkEnvelopes(options.listEnvelope);
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
    events: new EventLog(DEFAULT_LOG_LIMIT, DEFAULT_LOG_BYTES),
    faults: new FaultRegistry(),
    signer: new CursorSigner(),
    requests: new BoundedLog(DEFAULT_LOG_LIMIT, DEFAULT_LOG_BYTES),
    baseUrl,
    basePath,
    listEnvelope: guardListEnvelope(envelopeSettings()),
    links: 'base-url',
    origins: 'base-url',
    duplicates: 'refuse',
    maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
    attemptHeader: DEFAULT_ATTEMPT_HEADER,
    requestIdHeader: null,
    journal: new WriteJournal(),
  };

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
  const webhooks = createDeliverySimulator({
    ...options.webhooks,
    clock: ctx.clock,
    onEvent: (listener) => ctx.events.on(listener),
  });
  const target = { ctx, webhooks };
  const initialSettings = applySettings(
    target,
    {
      ...given,
      listEnvelope: { ...given.listEnvelope, ...initialEnvelope },
      ...(options.links !== undefined && { links: options.links }),
      ...(options.logLimit !== undefined && { logLimit: unbounded(logLimit) }),
      ...(options.logBytes !== undefined && { logBytes: unbounded(logBytes) }),
      ...(options.maxBodyBytes !== undefined && { maxBodyBytes }),
      ...(options.origins !== undefined && { origins }),
      ...(options.duplicates !== undefined && { duplicates }),
    },
    'createReferenceServer: settings',
  );
  applySeed();

  const core = createFetch(ctx);
  const api: ReferenceServer = {
    id: main.id,
    seed: main.seed,
    settings: main.settings,
    issueApiKey: main.issueApiKey,
    baseUrl,
    fetch: core.fetch,
    serve: core.serve,
    clock: ctx.clock,
    events: ctx.events.events,
    onEvent: (listener) => ctx.events.on(listener),
    webhooks,
    requests: ctx.requests.entries,
    faults: ctx.faults,
    listEnvelope: ctx.listEnvelope,
    clinic,
    revokeApiKey: (key) => revokeKey(ctx.store, key),
    checkInvariants: () => reportInvariants(ctx),
    records: (clinicId = main.id) => recordsView(ctx.store, clinicId),
    settingsDocument: () => readSettings(target),
    applySettings: (patch) => applySettings(target, patch),
    reset() {
      webhooks.reset();
      applySettings(target, initialSettings);
      ctx.store.clearRecords();
      ctx.events.clear();
      ctx.requests.clear();
      ctx.journal.clear();
      ctx.faults.clear();
      ctx.clock.clear();
      applySeed();
    },
  };
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
