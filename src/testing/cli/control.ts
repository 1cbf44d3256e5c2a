/** The CLI's control API: the helpers of `api` over HTTP under `/__control/` (no API path reaches
 * it), behind an admin token, unrecorded; refusals are `{detail}` 400/401/403/404. The routes
 * live by family in `control/`. @module */
import { ClinicError } from '../../core/errors/index.ts';
import { UnknownRecordError } from '../seed/helpers.ts';
import { CLOCK_ROUTES } from './control/clock.ts';
import { FAULT_ROUTES } from './control/faults.ts';
import { KEY_ROUTES } from './control/keys.ts';
import type { ControlOptions } from './control/options.ts';
import { RECORD_ROUTES } from './control/records.ts';
import { SETTINGS_ROUTES } from './control/settings.ts';
import {
  type ControlContext,
  ControlError,
  type ControlRouteSpec,
  noInput,
  route,
} from './control/shared.ts';
import { WEBHOOK_ROUTES } from './control/webhooks.ts';
import { CONTROL_PREFIX } from './prefix.ts';

export type { ControlOptions };

const TABLE = {
  // Readiness needs no token: it says only that the server answers.
  'GET /ready': route('answers 200 once the server listens (no token)', () => ({ ready: true }), {
    open: true,
  }),
  ...RECORD_ROUTES,
  ...SETTINGS_ROUTES,
  ...KEY_ROUTES,
  ...FAULT_ROUTES,
  ...CLOCK_ROUTES,
  ...WEBHOOK_ROUTES,
  'POST /reset': route('back to a new server', async (ctx, request) => {
    await noInput(request);
    ctx.api.reset();
    const { hosts } = ctx.options;
    if (hosts) {
      hosts.clear();
      for (const [name, addresses] of ctx.initialHosts) hosts.set(name, addresses);
    }
    ctx.options.afterReset?.();
    return { reset: true };
  }),
} satisfies Record<string, ControlRouteSpec>;

/** A control route, `METHOD /path` after {@link CONTROL_PREFIX}. @useDeclaredType */
export type ControlRoute = keyof typeof TABLE;

/** Every control route, with what it does (`--help` prints this list). */
export const CONTROL_ROUTES: Readonly<Record<ControlRoute, string>> = Object.fromEntries(
  Object.entries(TABLE).map(([name, spec]) => [name, spec.doc]),
) as Record<ControlRoute, string>;

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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/** The segments of each route's path, `:id` standing for one id. */
const PATTERNS = Object.keys(TABLE).map((name) => {
  const [method, path] = name.split(' ') as [string, string];
  return { name: name as ControlRoute, method, segments: path.split('/') };
});
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function find(method: string, path: string): { name: ControlRoute; id: string } | undefined {
  const segments = path.split('/');
  for (const pattern of PATTERNS) {
    if (pattern.method !== method || pattern.segments.length !== segments.length) continue;
    let id = '';
    const matches = pattern.segments.every((s, i) => {
      if (s !== ':id') return s === segments[i];
      id = segments[i]!;
      return ID.test(id);
    });
    if (matches) return { name: pattern.name, id };
  }
  return undefined;
}

function refusal(error: unknown): Response {
  if (error instanceof ControlError) return json(error.status, { detail: error.message });
  if (error instanceof UnknownRecordError) return json(404, { detail: error.message });
  const name = (error as Error)?.name;
  if (error instanceof TypeError || error instanceof RangeError || name === 'WebhookUrlError') {
    return json(400, { detail: (error as Error).message });
  }
  if (error instanceof ClinicError) return json(409, { detail: error.message });
  throw error;
}

/** The control API as a Fetch handler for paths under {@link CONTROL_PREFIX}; bad input is 400. */
export function createControlHandler(
  options: ControlOptions,
): (request: Request) => Promise<Response> {
  const { api, token } = options;
  const { urlRule } = api.webhooks;
  const ctx: ControlContext = {
    api,
    options,
    initialHosts: new Map(options.hosts),
    openings: {
      allowLoopbackHttp: options.webhookOpenings?.allowLoopbackHttp ?? urlRule.allowLoopbackHttp,
      allowHttpHosts: [...(options.webhookOpenings?.allowHttpHosts ?? urlRule.allowHttpHosts)],
    },
  };
  const allowedHosts = new Set((options.allowedHosts ?? []).map((h) => h.toLowerCase()));

  return async (request) => {
    const url = new URL(request.url);
    const path = url.pathname.slice(CONTROL_PREFIX.length);
    const method = request.method.toUpperCase();
    const match = find(method, path);
    const spec = match && TABLE[match.name];
    if (spec && 'open' in spec && spec.open)
      return json(200, await spec.run(ctx, request, url, ''));
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
    if (!match || !spec) {
      return json(404, {
        detail: `No control route ${method} ${path}; see docs/testing-control.md for the list.`,
      });
    }
    try {
      for (const name of url.searchParams.keys()) {
        if (name !== 'clinic' || !('clinic' in spec && spec.clinic)) {
          throw new ControlError(
            400,
            `Unknown query parameter ${JSON.stringify(name)} for ${match.name}`,
          );
        }
      }
      const result = await spec.run(ctx, request, url, match.id);
      return Array.isArray(result) && typeof result[0] === 'number' && result.length === 2
        ? json(result[0], result[1])
        : json(200, result);
    } catch (error) {
      return refusal(error);
    }
  };
}
