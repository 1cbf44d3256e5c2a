/** Control routes of webhook delivery (`api.webhooks`) and the CLI's host table. @module */
import * as z from 'zod';
import type { Delivery, DeliverySimulator, WebhookEndpoint } from '../../delivery/types.ts';
import { DeliveryChaos, HeaderMap, HostTable } from '../../server/control-inputs.ts';
import { formatUtcInstant } from '../../server/time.ts';
import type { ControlContext } from './shared.ts';
import { ControlError, clinicOf, created, noInput, readBody, route, WithClinic } from './shared.ts';

const WebhookRequest = z.strictObject({
  url: z.string().max(2048),
  // Each type is checked by register, whose refusal names the types and how to send a ping.
  events: z.array(z.string().max(100)).min(1),
  signature: z.unknown().optional(),
  headers: HeaderMap.optional(),
  ...WithClinic,
});

const time = (ms: number | undefined) => (ms === undefined ? null : formatUtcInstant(ms));

/** An endpoint as the control API shows it: never its secret, nor its headers' values. */
function endpointView(e: WebhookEndpoint) {
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    clinic: e.companyId,
    enabled: e.enabled,
    consecutive_failures: e.consecutiveFailures,
    // Names only: a value may be a credential of the consumer's gateway.
    headers: typeof e.headers === 'object' ? Object.keys(e.headers) : [],
    disabled_at: time(e.disabledAt),
    disabled_reason: e.disabledReason ?? null,
    administrators_notified_at: time(e.administratorsNotifiedAt),
  };
}

function deliveryView(d: Delivery) {
  return {
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.event.id,
    event_type: d.event.type,
    duplicate: d.duplicate,
    state: d.state,
    nextAttemptAt: time(d.nextAttemptAt),
    attempts: d.attempts.map((a) => ({
      attempt: a.attempt,
      at: formatUtcInstant(a.at),
      outcome: a.outcome,
      status: a.status ?? null,
      durationMs: a.durationMs,
      error: a.error ?? null,
    })),
  };
}

const deliveries = (webhooks: DeliverySimulator) => webhooks.deliveries.map(deliveryView);

function endpointOf({ api }: ControlContext, id: string): WebhookEndpoint {
  const found = api.webhooks.endpoints.find((e) => e.id === id);
  if (!found) {
    throw new ControlError(404, `No webhook endpoint ${id}; GET /__control/webhooks lists them`);
  }
  return found;
}

function hostTable({ options }: ControlContext) {
  if (!options.hosts) throw new ControlError(404, 'This server has no host table.');
  return options.hosts;
}

/** An endpoint's route that takes no body and answers the endpoint after `act`. */
const onEndpoint = (doc: string, act: (endpoint: WebhookEndpoint) => void) =>
  route(doc, async (ctx, request, _url, id) => {
    await noInput(request);
    const endpoint = endpointOf(ctx, id);
    act(endpoint);
    return endpointView(endpoint);
  });

export const WEBHOOK_ROUTES = {
  'GET /webhooks': route('endpoints and deliveries with their attempts', ({ api }) => ({
    endpoints: api.webhooks.endpoints.map(endpointView),
    deliveries: deliveries(api.webhooks),
  })),
  'POST /webhooks': route(
    'registers an endpoint, with headers and a signature if given',
    async (ctx, request, url) => {
      const body = await readBody(request, WebhookRequest, 'endpoint');
      await ctx.options.checkWebhookUrl?.(body.url);
      const registered = ctx.api.webhooks.register({
        url: body.url,
        events: body.events as never,
        companyId: clinicOf(url, body),
        ...(body.headers !== undefined && { headers: body.headers }),
        ...(body.signature !== undefined && { signature: body.signature as never }),
      });
      // With an asynchronous resolveHost the registration check ends here.
      await registered.checked;
      return created(endpointView(registered));
    },
    { clinic: true },
  ),
  'GET /webhooks/options': route('the delivery chaos', ({ api }) => api.webhooks.chaos),
  'PATCH /webhooks/options': route('changes the delivery chaos', async ({ api }, request) => {
    api.webhooks.configure(await readBody(request, DeliveryChaos, 'webhooks.options'));
    return api.webhooks.chaos;
  }),
  'POST /webhooks/settle': route('waits for the attempts in flight', async ({ api }, request) => {
    await noInput(request);
    await api.webhooks.settle();
    return { deliveries: deliveries(api.webhooks) };
  }),
  'POST /webhooks/flush': route(
    'moves the clock through every pending retry',
    async ({ api }, request) => {
      await noInput(request);
      await api.webhooks.flush();
      return { deliveries: deliveries(api.webhooks) };
    },
  ),
  'POST /webhooks/:id/ping': route('sends a ping', async (ctx, request, _url, id) => {
    await noInput(request);
    const delivery = ctx.api.webhooks.ping(endpointOf(ctx, id));
    await ctx.api.webhooks.settle();
    return created(deliveryView(delivery));
  }),
  'POST /webhooks/:id/enable': onEndpoint('re-enables an endpoint', (e) => e.enable()),
  'POST /webhooks/:id/disable': onEndpoint('disables an endpoint', (e) => e.disable()),
  'DELETE /webhooks/:id': route('removes an endpoint', async (ctx, request, _url, id) => {
    await noInput(request);
    ctx.api.webhooks.remove(endpointOf(ctx, id));
    return { removed: id };
  }),
  'GET /hosts': route('the host table of webhook deliveries', (ctx) =>
    Object.fromEntries(hostTable(ctx)),
  ),
  'PUT /hosts': route('replaces the host table', async (ctx, request) => {
    const table = hostTable(ctx);
    const given = await readBody(request, HostTable, 'hosts');
    table.clear();
    for (const [name, addresses] of Object.entries(given)) table.set(name.toLowerCase(), addresses);
    return Object.fromEntries(table);
  }),
};
