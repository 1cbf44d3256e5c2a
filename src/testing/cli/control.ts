/** The CLI's control API: the helpers of `api` over HTTP under `/__control/` (no API path reaches
 * it), behind an admin token, unrecorded; refusals are `{detail}` 400/401/404. @module */
import * as z from 'zod';
import { ClinicError } from '../../core/errors.ts';
import { formatInstant } from '../../schemas/fields/index.ts';
import { APPOINTMENT_EVENT_TYPES } from '../../webhooks/events.ts';
import type { DeliverySimulator, WebhookEndpoint } from '../delivery/types.ts';
import { applySeedDocument } from '../seed/document.ts';
import type { ChaosSpec } from '../server/chaos.ts';
import {
  ClinicId,
  ClockAdvance,
  ClockSet,
  DeliveryChaos,
  FaultInput,
  HostTable,
  KeyOptions,
  ListEnvelopePatch,
  parseInput,
  SettingsPatch,
} from '../server/control-inputs.ts';
import type { ReferenceServer } from '../server/create.ts';
import type { FaultSpec } from '../server/faults.ts';
import { checkInvariants } from '../server/invariants.ts';
import { readBodyBytes } from '../server/request-body.ts';
import { CONTROL_PREFIX } from './prefix.ts';

const ROUTES = {
  'GET /ready': 'answers 200 once the server listens (no token)',
  'POST /seed': 'a seed document: records of any state',
  'POST /appointments': 'an appointment as staff or online booking makes it; emits its event',
  'PATCH /appointments/:id': 'a staff-side change (status, time, ...); emits its event',
  'POST /events': 'emits an event for an appointment as it stands',
  'GET /server-settings': 'the settings document',
  'PATCH /server-settings': 'changes any part of the settings document',
  'GET /settings': "a clinic's settings (?clinic=)",
  'PATCH /settings': "changes a clinic's settings",
  'POST /keys': 'issues an API key (scopes or preset)',
  'POST /keys/revoke': 'revokes an API key',
  'GET /faults': 'the faults pending',
  'POST /faults': 'injects a fault',
  'DELETE /faults': 'clears the faults and the chaos mode',
  'POST /chaos': 'starts (or, with null, stops) a seeded chaos mode',
  'GET /chaos': 'the chaos mode, its statistics and checkInvariants',
  'GET /clock': 'the server clock',
  'POST /clock': 'sets the clock',
  'POST /clock/advance': 'moves the clock forward, running the retries due',
  'GET /webhooks': 'endpoints and deliveries with their attempts',
  'POST /webhooks': 'registers an endpoint, signed when given a signature',
  'GET /webhooks/options': 'the delivery chaos',
  'PATCH /webhooks/options': 'changes the delivery chaos',
  'POST /webhooks/settle': 'waits for the attempts in flight',
  'POST /webhooks/flush': 'moves the clock through every pending retry',
  'POST /webhooks/:id/ping': 'sends a ping',
  'POST /webhooks/:id/enable': 're-enables an endpoint',
  'POST /webhooks/:id/disable': 'disables an endpoint',
  'DELETE /webhooks/:id': 'removes an endpoint',
  'GET /list-envelope': 'the list envelopes',
  'PATCH /list-envelope': 'changes the list envelopes',
  'GET /hosts': 'the host table of webhook deliveries',
  'PUT /hosts': 'replaces the host table',
  'GET /events': 'the events emitted',
  'GET /requests': 'the request log',
  'GET /records': "a clinic's agenda and patients as the API shows them (?clinic=)",
  'POST /reset': 'back to a new server',
} as const;

/** A control route, `METHOD /path` after {@link CONTROL_PREFIX}. @useDeclaredType */
export type ControlRoute = keyof typeof ROUTES;

/** Every control route, with what it does (`--help` prints this list). */
export const CONTROL_ROUTES: Readonly<Record<ControlRoute, string>> = ROUTES;

/** What `createControlHandler` takes. */
export interface ControlOptions {
  /** The server it controls. */
  readonly api: ReferenceServer;
  /** The admin token: `Authorization: Bearer <token>`. */
  readonly token: string;
  /** Runs after `api.reset()` on `POST /__control/reset` (the CLI re-applies its seed file). */
  readonly afterReset?: () => void;
  /** Host → addresses, before DNS, for `GET`/`PUT /__control/hosts` (else 404); reset restores it. */
  readonly hosts?: Map<string, readonly string[]>;
  /** Checks a URL before `POST /__control/webhooks`; reject with a `WebhookUrlError` to refuse. */
  readonly checkWebhookUrl?: (url: string) => Promise<unknown>;
  /**
   * Host names (or addresses) the control API answers besides loopback (`localhost`, 127.0.0.0/8,
   * `::1`), such as a compose service's name; any other `Host` is 403, so a page that rebinds its
   * own name to this machine cannot reach it. The API routes answer any `Host`.
   */
  readonly allowedHosts?: readonly string[];
  /** How the refusal tells the user to allow a host (the CLI names its flag and variable). */
  readonly allowHostHint?: string;
}

/** The host of a URL as compared: no brackets, no trailing dot, lower case. */
function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || /^::ffff:127\./.test(host);
}

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

// A seed document is the largest control body; nothing needs more, and a cap keeps an endless
// upload from growing memory.
const CONTROL_BODY_BYTES = 16 * 2 ** 20;

async function readJson(request: Request): Promise<unknown> {
  let text: string;
  try {
    text = new TextDecoder().decode(await readBodyBytes(request, CONTROL_BODY_BYTES));
  } catch {
    throw new ControlError(413, `A control body is at most ${CONTROL_BODY_BYTES} bytes.`);
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ControlError(400, `Malformed JSON: ${(error as Error).message}`);
  }
}

async function readBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  where: string,
): Promise<z.output<S>> {
  const value = await readJson(request);
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlError(400, `${where} must be a JSON object`);
  }
  return parseInput(schema, value, where);
}

const NoInput = z.strictObject({});
const WithClinic = { clinic: ClinicId.optional() };
const KeyRequest = z.strictObject({ ...KeyOptions.shape, ...WithClinic });
const RevokeRequest = z.strictObject({ key: z.string().max(500) });
const WebhookRequest = z.strictObject({
  url: z.string().max(2048),
  events: z.array(z.string()).min(1),
  signature: z.unknown().optional(),
  ...WithClinic,
});
const EventRequest = z.strictObject({
  type: z.enum(APPOINTMENT_EVENT_TYPES),
  appointment_id: z.string().max(100),
  ...WithClinic,
});
const AppointmentOptions = z.strictObject({ emitEvent: z.boolean().optional(), ...WithClinic });

/** The clinic of a per-clinic route: the body's `clinic`, else `?clinic=`, else 1. */
function clinicOf(url: URL, body?: { clinic?: number | undefined }): number {
  if (body?.clinic !== undefined) return body.clinic;
  const raw = url.searchParams.get('clinic');
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,15}$/.test(raw)) {
    throw new ControlError(
      400,
      `?clinic=${raw}: the clinic must be a positive integer, such as ?clinic=2`,
    );
  }
  return Number(raw);
}

function endpointView(webhooks: DeliverySimulator) {
  return webhooks.endpoints.map((e) => ({
    id: e.id,
    url: e.url,
    events: e.events,
    clinic: e.companyId,
    enabled: e.enabled,
    consecutive_failures: e.consecutiveFailures,
  }));
}

function deliveryView(webhooks: DeliverySimulator) {
  return webhooks.deliveries.map((d) => ({
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.event.id,
    event_type: d.event.type,
    state: d.state,
    nextAttemptAt: d.nextAttemptAt === undefined ? null : new Date(d.nextAttemptAt).toISOString(),
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      at: formatInstant(new Date(a.at)),
      outcome: a.outcome,
      status: a.status ?? null,
      durationMs: a.durationMs,
      error: a.error ?? null,
    })),
  }));
}

function faultSpec(body: Record<string, unknown>): FaultSpec {
  // JSON has no Infinity: "times": "always" acts on every matching request.
  if (body.times === 'always') return { ...body, times: Number.POSITIVE_INFINITY } as FaultSpec;
  return body as FaultSpec;
}

// One reading: the clock runs, and two could fall on either side of a second.
const now = (api: ReferenceServer) => {
  const ms = api.clock.now();
  return { now: formatInstant(new Date(ms)), ms };
};

type Route = (request: Request, url: URL, id: string) => Promise<unknown> | unknown;

/** The control API as a Fetch handler for paths under {@link CONTROL_PREFIX}; bad input is 400. */
export function createControlHandler(
  options: ControlOptions,
): (request: Request) => Promise<Response> {
  const { api, token, hosts } = options;
  const initialHosts = new Map(hosts);
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));
  const endpoint = (id: string): WebhookEndpoint => {
    const found = api.webhooks.endpoints.find((e) => e.id === id);
    if (!found)
      throw new ControlError(404, `No webhook endpoint ${id}; GET /__control/webhooks lists them`);
    return found;
  };
  const hostTable = () => {
    if (!hosts) throw new ControlError(404, 'This server has no host table.');
    return hosts;
  };
  const noInput = (request: Request) => readBody(request, NoInput, 'body');
  const routes: Record<Exclude<ControlRoute, 'GET /ready'>, Route> = {
    'POST /seed': async (request) => {
      const document = await readJson(request);
      return [201, { created: applySeedDocument(document, (id) => api.clinic(id).seed) }];
    },
    // As staff or online booking would: any origin, modality and status; the event by default.
    'POST /appointments': async (request, url) => {
      const body = await readBody(request, z.looseObject({}), 'appointment');
      const { emitEvent = true, clinic } = parseInput(
        AppointmentOptions,
        { emitEvent: body.emitEvent, clinic: body.clinic },
        'appointment',
      );
      const { emitEvent: _e, clinic: _c, ...input } = body;
      const seed = api.clinic(clinicOf(url, { clinic })).seed;
      return [201, seed.appointment(input as never, { emitEvent })];
    },
    'PATCH /appointments/:id': async (request, url, id) => {
      const body = await readBody(request, z.looseObject({}), 'changes');
      const { clinic, ...changes } = body as { clinic?: number };
      const where = parseInput(z.strictObject(WithClinic), { clinic }, 'changes');
      return api.clinic(clinicOf(url, where)).seed.change(id, changes as never);
    },
    'POST /events': async (request, url) => {
      const body = await readBody(request, EventRequest, 'event');
      return [201, api.clinic(clinicOf(url, body)).seed.emitEvent(body.type, body.appointment_id)];
    },
    'GET /server-settings': () => api.settingsDocument(),
    'PATCH /server-settings': async (request) =>
      api.applySettings((await readJson(request)) as never),
    'GET /settings': (_r, url) => api.clinic(clinicOf(url)).settings,
    'PATCH /settings': async (request, url) => {
      const body = await readBody(request, SettingsPatch.extend(WithClinic).strict(), 'settings');
      const { clinic: _clinic, ...patch } = body;
      const { settings } = api.clinic(clinicOf(url, body));
      Object.assign(settings, patch);
      return settings;
    },
    'POST /keys': async (request, url) => {
      const { clinic, ...keyOptions } = await readBody(request, KeyRequest, 'key');
      return [201, { key: api.clinic(clinicOf(url, { clinic })).issueApiKey(keyOptions) }];
    },
    'POST /keys/revoke': async (request) => {
      const { key } = await readBody(request, RevokeRequest, 'body');
      return { revoked: api.revokeApiKey(key) };
    },
    'GET /faults': () => ({
      pending: api.faults.pending.map((f) => ({ ...f.spec, remaining: f.remaining })),
    }),
    'POST /faults': async (request) => {
      const spec = faultSpec(await readBody(request, z.looseObject({}), 'fault'));
      api.faults.inject(parseInput(FaultInput, spec, 'fault') as FaultSpec);
      return [201, { pending: api.faults.pending.length }];
    },
    'DELETE /faults': async (request) => {
      await noInput(request);
      api.faults.clear();
      return { pending: 0 };
    },
    'GET /clock': () => now(api),
    'POST /clock': async (request) => {
      await api.clock.set((await readBody(request, ClockSet, 'clock')).now);
      await api.webhooks.settle();
      return now(api);
    },
    'POST /clock/advance': async (request) => {
      await api.clock.advance((await readBody(request, ClockAdvance, 'clock')).ms);
      await api.webhooks.settle();
      return now(api);
    },
    'GET /webhooks': () => ({
      endpoints: endpointView(api.webhooks),
      deliveries: deliveryView(api.webhooks),
    }),
    'POST /webhooks': async (request, url) => {
      const body = await readBody(request, WebhookRequest, 'endpoint');
      await options.checkWebhookUrl?.(body.url);
      const registered = api.webhooks.register({
        url: body.url,
        events: body.events as never,
        companyId: clinicOf(url, body),
        ...(body.signature !== undefined && { signature: body.signature as never }),
      });
      return [201, endpointView(api.webhooks).find((e) => e.id === registered.id)];
    },
    'GET /webhooks/options': () => api.webhooks.chaos,
    'PATCH /webhooks/options': async (request) => {
      api.webhooks.configure(await readBody(request, DeliveryChaos, 'webhooks.options'));
      return api.webhooks.chaos;
    },
    'POST /webhooks/settle': async (request) => {
      await noInput(request);
      await api.webhooks.settle();
      return { deliveries: deliveryView(api.webhooks) };
    },
    'POST /webhooks/flush': async (request) => {
      await noInput(request);
      await api.webhooks.flush();
      return { deliveries: deliveryView(api.webhooks) };
    },
    'POST /webhooks/:id/ping': async (request, _url, id) => {
      await noInput(request);
      const delivery = api.webhooks.ping(endpoint(id));
      await api.webhooks.settle();
      return [201, deliveryView(api.webhooks).find((d) => d.id === delivery.id)];
    },
    'POST /webhooks/:id/enable': async (request, _url, id) => {
      await noInput(request);
      endpoint(id).enable();
      return endpointView(api.webhooks).find((e) => e.id === id);
    },
    'POST /webhooks/:id/disable': async (request, _url, id) => {
      await noInput(request);
      endpoint(id).disable();
      return endpointView(api.webhooks).find((e) => e.id === id);
    },
    'DELETE /webhooks/:id': async (request, _url, id) => {
      await noInput(request);
      api.webhooks.remove(endpoint(id));
      return { removed: id };
    },
    'GET /list-envelope': () => api.listEnvelope,
    'PATCH /list-envelope': async (request) => {
      Object.assign(api.listEnvelope, await readBody(request, ListEnvelopePatch, 'listEnvelope'));
      return api.listEnvelope;
    },
    'GET /hosts': () => Object.fromEntries(hostTable()),
    'PUT /hosts': async (request) => {
      const table = hostTable();
      const given = await readBody(request, HostTable, 'hosts');
      table.clear();
      for (const [name, addresses] of Object.entries(given))
        table.set(name.toLowerCase(), addresses);
      return Object.fromEntries(table);
    },
    'GET /events': () => ({ events: api.events }),
    // Chaos: a spec starts it (201), `null` stops it; GET adds the invariants to check after.
    'POST /chaos': async (request) => {
      const spec = await readJson(request);
      if (spec === null) {
        api.faults.chaosMode?.stop();
        return { chaos: null };
      }
      const mode = api.faults.chaos(spec as ChaosSpec);
      return [201, { chaos: { spec: mode.spec, stats: mode.stats } }];
    },
    'GET /chaos': () => {
      const mode = api.faults.chaosMode;
      return {
        chaos: mode ? { spec: mode.spec, stats: mode.stats } : null,
        invariants: checkInvariants(api),
      };
    },
    'GET /requests': () => ({ requests: api.requests }),
    'GET /records': (_r, url) => api.records(clinicOf(url)),
    'POST /reset': async (request) => {
      await noInput(request);
      api.reset();
      if (hosts) {
        hosts.clear();
        for (const [name, addresses] of initialHosts) hosts.set(name, addresses);
      }
      options.afterReset?.();
      return { reset: true };
    },
  };
  const clinicRoutes = new Set([
    'GET /records',
    'GET /settings',
    'PATCH /settings',
    'POST /keys',
    'POST /webhooks',
    'POST /appointments',
    'PATCH /appointments/:id',
    'POST /events',
  ]);

  const find = (method: string, path: string) => {
    const exact = `${method} ${path}`;
    if (Object.hasOwn(routes, exact)) return { name: exact as keyof typeof routes, id: '' };
    const m = /^\/(webhooks|appointments)\/([A-Za-z0-9_-]{1,64})(\/[a-z]+)?$/.exec(path);
    const name = m && `${method} /${m[1]}/:id${m[3] ?? ''}`;
    return name && Object.hasOwn(routes, name)
      ? { name: name as keyof typeof routes, id: m[2]! }
      : undefined;
  };

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.slice(CONTROL_PREFIX.length);
    // Readiness needs no token: it says only that the server answers.
    if (path === '/ready' && request.method === 'GET') return json(200, { ready: true });
    const host = bareHost(url);
    if (!isLoopbackHost(host) && !allowedHosts.has(host)) {
      return json(403, {
        detail:
          `The control API answers loopback hosts only, not ${JSON.stringify(url.host)}: ` +
          (options.allowHostHint ?? 'give its name in allowedHosts') +
          ' to allow it.',
      });
    }
    const given = /^Bearer +(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
    if (given !== token) {
      return json(401, {
        detail: 'The control API needs Authorization: Bearer <the admin token the CLI printed>.',
      });
    }
    const method = request.method.toUpperCase();
    const match = find(method, path);
    if (!match) {
      return json(404, {
        detail: `No control route ${method} ${path}; see docs/testing-cli.md for the list.`,
      });
    }
    try {
      for (const name of url.searchParams.keys()) {
        if (name !== 'clinic' || !clinicRoutes.has(match.name)) {
          throw new ControlError(
            400,
            `Unknown query parameter ${JSON.stringify(name)} for ${match.name}`,
          );
        }
      }
      const result = await routes[match.name]!(request, url, match.id);
      return Array.isArray(result) && typeof result[0] === 'number' && result.length === 2
        ? json(result[0], result[1])
        : json(200, result);
    } catch (error) {
      if (error instanceof ControlError) return json(error.status, { detail: error.message });
      const name = (error as Error)?.name;
      if (error instanceof TypeError || error instanceof RangeError || name === 'WebhookUrlError') {
        return json(400, { detail: (error as Error).message });
      }
      if (error instanceof ClinicError) return json(409, { detail: error.message });
      throw error;
    }
  };
}
