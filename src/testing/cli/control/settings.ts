/** Control routes of the settings: the settings document, a clinic's settings, the list
 * envelopes. None opens a webhook target the server was not started with. @module */
import type * as z from 'zod';
import {
  ListEnvelopePatch,
  parseInput,
  ServerSettings,
  SettingsPatch,
} from '../../server/control-inputs.ts';
import type { ControlContext } from './shared.ts';
import { ControlError, clinicOf, readBody, readJson, route, WithClinic } from './shared.ts';

/**
 * Settings that widen webhook targets (`webhooks.allowLoopbackHttp`, `webhooks.allowHttpHosts`)
 * up to what the server was started with, never past it: a leaked admin token must not turn the
 * mock's signed POSTs to the machine's own or a private network's addresses.
 */
function checkOpenings(ctx: ControlContext, patch: z.output<typeof ServerSettings>): void {
  const wanted = patch.webhooks;
  if (!wanted) return;
  const ceiling = ctx.openings;
  const allowed = new Set(ceiling.allowHttpHosts.map((h) => h.toLowerCase()));
  const beyond = [
    ...(wanted.allowLoopbackHttp === true && !ceiling.allowLoopbackHttp
      ? ['allowLoopbackHttp: true']
      : []),
    ...(wanted.allowHttpHosts ?? [])
      .filter((host) => !allowed.has(host.toLowerCase()))
      .map((host) => `allowHttpHosts ${JSON.stringify(host)}`),
  ];
  if (beyond.length > 0) {
    throw new ControlError(
      403,
      `settings document: webhooks: ${beyond.join(', ')} would open webhook targets this server ` +
        `was not started with; ${ctx.options.openingsHint ?? 'create the server with them'}.`,
    );
  }
}

export const SETTINGS_ROUTES = {
  'GET /server-settings': route('the settings document', ({ api }) => api.settingsDocument()),
  'PATCH /server-settings': route(
    'changes any part of the settings document',
    async (ctx, request) => {
      const patch = await readJson(request);
      if (!patch || typeof patch !== 'object' || Array.isArray(patch)) {
        throw new ControlError(400, 'settings document must be a JSON object');
      }
      checkOpenings(ctx, parseInput(ServerSettings, patch, 'settings document'));
      return ctx.api.applySettings(patch);
    },
  ),
  'GET /settings': route(
    "a clinic's settings (?clinic=)",
    ({ api }, _r, url) => api.clinic(clinicOf(url)).settings,
    {
      clinic: true,
    },
  ),
  'PATCH /settings': route(
    "changes a clinic's settings",
    async ({ api }, request, url) => {
      const body = await readBody(request, SettingsPatch.extend(WithClinic).strict(), 'settings');
      const { clinic: _clinic, ...patch } = body;
      const { settings } = api.clinic(clinicOf(url, body));
      Object.assign(settings, patch);
      return settings;
    },
    { clinic: true },
  ),
  'GET /list-envelope': route('the list envelopes', ({ api }) => api.listEnvelope),
  'PATCH /list-envelope': route('changes the list envelopes', async ({ api }, request) => {
    Object.assign(api.listEnvelope, await readBody(request, ListEnvelopePatch, 'listEnvelope'));
    return api.listEnvelope;
  }),
};
