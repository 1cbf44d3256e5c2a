/**
 * The control API of the command-line server: the in-process helpers of `api` (seed, settings,
 * keys, faults, clock, webhooks, events, requests, reset) over HTTP, so a test suite in any
 * language drives the server as a TypeScript one does. It lives under `/__control/`, a prefix
 * no API path reaches (they all start with `/api/public/v1/`), and answers only requests that
 * carry `Authorization: Bearer <admin token>` (the token the CLI prints). Its requests are not
 * recorded in `requests`. Every answer is JSON; a refusal is `{detail}` with 400, 401 or 404.
 *
 * @module
 */
import { AppointmentStatus } from '../schemas/appointments.ts';
import { formatInstant } from '../schemas/common.ts';
import type { ChaosSpec } from './chaos.ts';
import type { DeliverySimulator } from './delivery/types.ts';
import type { FaultSpec } from './faults.ts';
import { checkInvariants } from './invariants.ts';
import { applySeedDocument } from './seed/document.ts';
import type { ReferenceServer } from './server.ts';
import { type ClinicSettings, SETTING_VALUES } from './store.ts';

/** The prefix of every control route. */
export const CONTROL_PREFIX = '/__control';

/** What `createControlHandler` takes. */
export interface ControlOptions {
  /** The server it controls. */
  readonly api: ReferenceServer;
  /** The admin token: `Authorization: Bearer <token>`. */
  readonly token: string;
  /** Runs after `api.reset()` on `POST /__control/reset` (the CLI re-applies its seed file). */
  readonly afterReset?: () => void;
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

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlError(400, `${what} must be a JSON object`);
  }
  return value as Record<string, unknown>;
}

async function readJson(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ControlError(400, `Malformed JSON: ${(error as Error).message}`);
  }
}

function clinicOf(url: URL, body?: Record<string, unknown>): number {
  const raw = body?.clinic ?? url.searchParams.get('clinic') ?? 1;
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0)
    throw new ControlError(400, 'clinic must be a positive integer');
  return id;
}

const SETTING_CHECKS: { [K in keyof ClinicSettings]: (v: unknown) => boolean } = {
  requireRoom: (v) => typeof v === 'boolean',
  changeableStatuses: (v) =>
    Array.isArray(v) && v.every((s) => AppointmentStatus.safeParse(s).success),
  nullRoom: (v) => v === 'no-room' || v === 'default-room',
  idempotencyReplay: (v) => v === 'create-appointment' || v === 'every-write',
  overlappingAppointments: (v) => SETTING_VALUES.overlappingAppointments.includes(v as never),
  cancelBody: (v) => SETTING_VALUES.cancelBody.includes(v as never),
  jsonContentTypes: (v) => SETTING_VALUES.jsonContentTypes.includes(v as never),
};

function patchSettings(settings: ClinicSettings, patch: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(patch)) {
    if (name === 'clinic') continue;
    const check = SETTING_CHECKS[name as keyof ClinicSettings];
    if (!check) {
      throw new ControlError(
        400,
        `Unknown setting ${JSON.stringify(name)}; the settings are ${Object.keys(SETTING_CHECKS).join(', ')}`,
      );
    }
    if (!check(value))
      throw new ControlError(400, `Setting ${name}: invalid value ${JSON.stringify(value)}`);
  }
  for (const [name, value] of Object.entries(patch)) {
    if (name !== 'clinic') (settings as unknown as Record<string, unknown>)[name] = value;
  }
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
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      at: formatInstant(new Date(a.at)),
      outcome: a.outcome,
      status: a.status ?? null,
      error: a.error ?? null,
    })),
  }));
}

function faultSpec(body: Record<string, unknown>): FaultSpec {
  // JSON has no Infinity: "times": "always" acts on every matching request.
  if (body.times === 'always') return { ...body, times: Number.POSITIVE_INFINITY } as FaultSpec;
  return body as FaultSpec;
}

type Route = (request: Request, url: URL) => Promise<unknown> | unknown;

/**
 * The control API as a Fetch-API handler. The CLI routes every path under
 * {@link CONTROL_PREFIX} here and every other path to `api.fetch`.
 */
export function createControlHandler(
  options: ControlOptions,
): (request: Request) => Promise<Response> {
  const { api, token } = options;
  const routes: Record<string, Route> = {
    'POST /seed': async (request) => [
      201,
      {
        created: applySeedDocument(await readJson(request), (id) => api.clinic(id).seed),
      },
    ],
    'GET /settings': (_r, url) => api.clinic(clinicOf(url)).settings,
    'PATCH /settings': async (request, url) => {
      const body = asObject(await readJson(request), 'The settings');
      const { settings } = api.clinic(clinicOf(url, body));
      patchSettings(settings, body);
      return settings;
    },
    'POST /keys': async (request, url) => {
      const body = asObject(await readJson(request), 'The key options');
      const { clinic: _c, ...keyOptions } = body;
      return [201, { key: api.clinic(clinicOf(url, body)).issueApiKey(keyOptions) }];
    },
    'POST /keys/revoke': async (request) => {
      const { key } = asObject(await readJson(request), 'The body');
      if (typeof key !== 'string') throw new ControlError(400, 'Send {"key": "<the API key>"}');
      return { revoked: api.revokeApiKey(key) };
    },
    'GET /faults': () => ({
      pending: api.faults.pending.map((f) => ({ ...f.spec, remaining: f.remaining })),
    }),
    'POST /faults': async (request) => {
      api.faults.inject(faultSpec(asObject(await readJson(request), 'The fault')));
      return [201, { pending: api.faults.pending.length }];
    },
    'DELETE /faults': () => {
      api.faults.clear();
      return { pending: 0 };
    },
    'GET /clock': () => ({ now: formatInstant(new Date(api.clock.now())), ms: api.clock.now() }),
    'POST /clock/advance': async (request) => {
      const { ms } = asObject(await readJson(request), 'The body');
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw new ControlError(400, 'Send {"ms": <milliseconds to move the clock forward, >= 0>}');
      }
      await api.clock.advance(ms);
      await api.webhooks.settle();
      return { now: formatInstant(new Date(api.clock.now())), ms: api.clock.now() };
    },
    'GET /webhooks': () => ({
      endpoints: endpointView(api.webhooks),
      deliveries: deliveryView(api.webhooks),
    }),
    'POST /webhooks': async (request, url) => {
      const body = asObject(await readJson(request), 'The endpoint');
      const { url: target, events } = body;
      if (typeof target !== 'string')
        throw new ControlError(400, 'Send {"url": ..., "events": [...]}');
      const endpoint = api.webhooks.register({
        url: target,
        events: events as never,
        companyId: clinicOf(url, body),
      });
      return [201, endpointView(api.webhooks).find((e) => e.id === endpoint.id)];
    },
    'POST /webhooks/settle': async () => {
      await api.webhooks.settle();
      return { deliveries: deliveryView(api.webhooks) };
    },
    'POST /webhooks/flush': async () => {
      await api.webhooks.flush();
      return { deliveries: deliveryView(api.webhooks) };
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
    'POST /reset': () => {
      api.reset();
      options.afterReset?.();
      return { reset: true };
    },
  };

  return async (request) => {
    const url = new URL(request.url);
    const given = /^Bearer +(\S+)$/i.exec(request.headers.get('authorization')?.trim() ?? '')?.[1];
    if (given !== token) {
      return json(401, {
        detail: 'The control API needs Authorization: Bearer <the admin token the CLI printed>.',
      });
    }
    const name = `${request.method.toUpperCase()} ${url.pathname.slice(CONTROL_PREFIX.length)}`;
    const route = routes[name];
    if (!route) {
      return json(404, {
        detail: `No control route ${name}; see docs/testing.md for the list.`,
      });
    }
    try {
      const result = await route(request, url);
      return Array.isArray(result) && typeof result[0] === 'number' && result.length === 2
        ? json(result[0], result[1])
        : json(200, result);
    } catch (error) {
      if (error instanceof ControlError) return json(error.status, { detail: error.message });
      if (error instanceof TypeError || (error as Error)?.name === 'WebhookUrlError') {
        return json(400, { detail: (error as Error).message });
      }
      throw error;
    }
  };
}
