// The root and /webhooks entries in a project without Node's types: a Fetch-API webhook
// endpoint (a worker's `fetch`) that books through the client. Type-checked only.
import { APIError, ClinicClient } from '@clinic-scheduling/sdk';
import {
  createWebhookHandler,
  MemoryDedupeStore,
  type NodeListener,
  toNodeListener,
  type WebhookEvent,
} from '@clinic-scheduling/sdk/webhooks';

const client = new ClinicClient({ apiKey: 'set-from-the-environment' });
const seen: string[] = [];

const handler: (request: Request) => Promise<Response> = createWebhookHandler({
  verify: (request: Request, rawBody: Uint8Array) =>
    request.headers.has('x-signature') && rawBody.byteLength > 0,
  dedupe: new MemoryDedupeStore(),
  on: {
    'appointment.cancelled': async (event) => {
      const patient = event.data.patient && (await client.patients.retrieve(event.data.patient.id));
      seen.push(`${event.data.status} for ${patient?.name ?? 'nobody'}`);
    },
  },
  onAny: (event: WebhookEvent) => {
    seen.push(event.type);
  },
});

export default {
  async fetch(request: Request): Promise<Response> {
    try {
      return await handler(request);
    } catch (error) {
      const status = error instanceof APIError ? 502 : 500;
      return new Response(null, { status });
    }
  },
};

// The node:http adapter's type is there too, without node:http's types.
export const listener: NodeListener = toNodeListener(handler);
