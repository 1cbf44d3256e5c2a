/** The settings document: every setting of one reference server as one JSON document, read and
 * applied whole (`createReferenceServer({ settings })`, `--settings FILE`, the control API). @module */
import type * as z from 'zod';
import type {
  DeliveryChaosOptions,
  DeliverySimulator,
  DeliveryUrlRuleOptions,
} from '../delivery/types.ts';
import type { DuplicatePolicy, OriginPolicy, ServerContext } from './context.ts';
import {
  type ClinicSettings,
  parseInput,
  ServerSettings as ServerSettingsSchema,
} from './control-inputs.ts';
import type { LinkOrigin } from './links.ts';
import type { ListEnvelopeSettings } from './lists.ts';

/** The settings document's schema (zod): parses a patch, any part of {@link ServerSettings}. */
export const ServerSettings: z.ZodType<ServerSettingsPatch, ServerSettingsPatch> =
  ServerSettingsSchema as never;

/** The settings document, every member present: what `api.settingsDocument()` returns. */
export interface ServerSettings {
  /** Per list, `'envelope'` (`{ results, next, previous }`) or `'array'`; rooms always use the envelope. */
  listEnvelope: ListEnvelopeSettings;
  /** Page links on `baseUrl` (`'base-url'`) or on the origin the request reached (`'request'`). */
  links: LinkOrigin;
  /** Origins `api.fetch` answers: `'base-url'` or `'any'` (socket requests are not checked). */
  origins: OriginPolicy;
  /** A query parameter or API header given twice: `'refuse'` (400) or read the `'first'`. */
  duplicates: DuplicatePolicy;
  /** The largest request body read; past it 413 `request_too_large` (the spec shows no limit). */
  maxBodyBytes: number;
  /** Most entries the request log, the event log and the delivery records each keep. */
  logLimit: number | 'unbounded';
  /** Most bytes (of JSON text) the request log and the event log each keep. */
  logBytes: number | 'unbounded';
  /** The request header whose whole number the request log keeps as `attempt`, or `null`. */
  attemptHeader: string | null;
  /** The response header every API answer carries a fresh request id in, or `null` for none. */
  requestIdHeader: string | null;
  /** The settings every clinic starts with (and returns to on reset); see {@link ClinicSettings}. */
  clinic: ClinicSettings;
  /** Delivery chaos (`duplicate`, `reorder`, `seed`) and the URL rule's openings. */
  webhooks: DeliveryChaosOptions & DeliveryUrlRuleOptions;
}

/** What the settings document takes: any part of {@link ServerSettings}, as JSON. */
export interface ServerSettingsPatch {
  /** Where an editor finds the document's JSON Schema (`settings.schema.json`); not a setting. */
  $schema?: string;
  /** See {@link ServerSettings.listEnvelope}. */
  listEnvelope?: Partial<ListEnvelopeSettings>;
  /** See {@link ServerSettings.links}. */
  links?: LinkOrigin;
  /** See {@link ServerSettings.origins}. */
  origins?: OriginPolicy;
  /** See {@link ServerSettings.duplicates}. */
  duplicates?: DuplicatePolicy;
  /** See {@link ServerSettings.maxBodyBytes}. */
  maxBodyBytes?: number;
  /** See {@link ServerSettings.logLimit}. */
  logLimit?: number | 'unbounded';
  /** See {@link ServerSettings.logBytes}. */
  logBytes?: number | 'unbounded';
  /** See {@link ServerSettings.attemptHeader}. */
  attemptHeader?: string | null;
  /** See {@link ServerSettings.requestIdHeader}. */
  requestIdHeader?: string | null;
  /** See {@link ServerSettings.clinic}. */
  clinic?: Partial<ClinicSettings>;
  /** See {@link ServerSettings.webhooks}. */
  webhooks?: DeliveryChaosOptions & DeliveryUrlRuleOptions;
}

/** What `applySettings` changes. */
export interface SettingsTarget {
  readonly ctx: ServerContext;
  readonly webhooks: DeliverySimulator;
}

const infinite = (value: number | 'unbounded') =>
  value === 'unbounded' ? Number.POSITIVE_INFINITY : value;
const finite = (value: number): number | 'unbounded' =>
  value === Number.POSITIVE_INFINITY ? 'unbounded' : value;

/** The document as it stands: a copy, JSON-safe. */
export function readSettings({ ctx, webhooks }: SettingsTarget): ServerSettings {
  const { duplicate = 0, reorder = false, seed = 1 } = webhooks.chaos;
  return {
    listEnvelope: { ...ctx.listEnvelope },
    links: ctx.links,
    origins: ctx.origins,
    duplicates: ctx.duplicates,
    maxBodyBytes: ctx.maxBodyBytes,
    logLimit: finite(ctx.requests.limit),
    logBytes: finite(ctx.requests.byteLimit),
    attemptHeader: ctx.attemptHeader,
    requestIdHeader: ctx.requestIdHeader,
    clinic: structuredClone({ ...ctx.store.clinicDefaults }),
    webhooks: {
      duplicate,
      reorder: structuredClone(reorder),
      seed,
      allowLoopbackHttp: webhooks.urlRule.allowLoopbackHttp,
      allowHttpHosts: [...webhooks.urlRule.allowHttpHosts],
    },
  };
}

/**
 * Checks the whole patch, then applies it: server-wide members at once, `clinic` to every
 * clinic (and the ones made later), `webhooks` to later deliveries.
 * @throws TypeError naming each bad member; nothing is applied then.
 */
export function applySettings(
  { ctx, webhooks }: SettingsTarget,
  patch: unknown,
  where = 'settings document',
): ServerSettings {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
    throw new TypeError(`${where} must be a JSON object`);
  }
  const given = parseInput(ServerSettingsSchema, patch, where);
  if (given.listEnvelope) Object.assign(ctx.listEnvelope, given.listEnvelope);
  if (given.links !== undefined) ctx.links = given.links;
  if (given.origins !== undefined) ctx.origins = given.origins;
  if (given.duplicates !== undefined) ctx.duplicates = given.duplicates;
  if (given.maxBodyBytes !== undefined) ctx.maxBodyBytes = given.maxBodyBytes;
  if (given.attemptHeader !== undefined) ctx.attemptHeader = given.attemptHeader;
  if (given.requestIdHeader !== undefined) ctx.requestIdHeader = given.requestIdHeader;
  if (given.logLimit !== undefined || given.logBytes !== undefined) {
    const limit = infinite(given.logLimit ?? finite(ctx.requests.limit));
    const bytes = infinite(given.logBytes ?? finite(ctx.requests.byteLimit));
    ctx.requests.setLimits(limit, bytes);
    ctx.events.setLimits(limit, bytes);
    webhooks.configure({ logLimit: limit });
  }
  if (given.clinic) {
    const clinic = given.clinic as Partial<ClinicSettings>;
    ctx.store.clinicDefaults = { ...ctx.store.clinicDefaults, ...clinic };
    for (const state of ctx.store.clinics.values()) Object.assign(state.settings, clinic);
  }
  if (given.webhooks) webhooks.configure(given.webhooks);
  return readSettings({ ctx, webhooks });
}
