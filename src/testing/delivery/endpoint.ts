/** An endpoint of the delivery simulator: what `register` checks and keeps, and how it is
 * disabled (spec 6, 6.3 rule 4). @module */

import { WEBHOOK_DELIVERY } from '../../webhooks/delivery-schedule.ts';
import { APPOINTMENT_EVENT_TYPES } from '../../webhooks/events.ts';
import { HeaderMap, parseInput } from '../server/control-inputs.ts';
import { checkWritten, listOf, type Resolved, WebhookUrlError } from '../server/webhook-url.ts';
import { type Signer, signer } from './signature.ts';
import type {
  DisabledReason,
  RegisterEndpointOptions,
  WebhookEndpoint,
  WebhookTargetHandler,
} from './types.ts';

/** An endpoint as the simulator keeps it. */
export interface EndpointState extends WebhookEndpoint {
  enabled: boolean;
  consecutiveFailures: number;
  disabledAt: number | undefined;
  disabledReason: DisabledReason | undefined;
  administratorsNotifiedAt: number | undefined;
  removed: boolean;
  checked: Promise<WebhookEndpoint>;
  readonly handler: WebhookTargetHandler | undefined;
  readonly sign: Signer | undefined;
}

/** The URL rule as the simulator holds it: `resolveHost` may answer later. */
export interface SimulatorUrlRule {
  readonly resolveHost?: ((hostname: string) => Resolved | Promise<Resolved>) | undefined;
  allowLoopbackHttp: boolean;
  allowHttpHosts: readonly string[];
}

/**
 * Headers the delivery itself writes: a registration's own would be overwritten, or would
 * change how the consumer reads the request.
 */
const TRANSPORT_HEADERS = new Set([
  'connection',
  'content-length',
  'content-type',
  'expect',
  'host',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

const refusal = (problem: string) =>
  new WebhookUrlError(
    `The endpoint URL is refused: ${problem}. The service accepts only public HTTPS URLs (spec 6).`,
  );

function checkHeaders(headers: RegisterEndpointOptions['headers'], signed: Record<string, string>) {
  if (headers === undefined || typeof headers === 'function') return;
  parseInput(HeaderMap, headers, 'register: headers');
  for (const name of Object.keys(headers)) {
    const lower = name.toLowerCase();
    if (TRANSPORT_HEADERS.has(lower)) {
      throw new TypeError(`register: headers.${name}: the delivery writes this header itself`);
    }
    if (Object.keys(signed).some((s) => s.toLowerCase() === lower)) {
      throw new TypeError(`register: headers.${name}: the signature sends this header`);
    }
  }
}

/** The headers a signature spec sends, for the clash check (any values). */
function signatureHeaders(registration: RegisterEndpointOptions): Record<string, string> {
  const s = registration.signature;
  if (!s) return {};
  return Object.fromEntries(
    [s.header, s.timestampHeader, s.idHeader].filter((n) => n !== undefined).map((n) => [n, '']),
  );
}

/**
 * Checks a registration and makes its endpoint; the URL rule's check of what the host resolves
 * to ends in `checked` (at once unless `resolveHost` answers later; then a refusal removes it).
 * @throws TypeError, or WebhookUrlError for a URL refused as written or as resolved at once.
 */
export function createEndpoint(
  id: string,
  registration: RegisterEndpointOptions,
  context: {
    readonly rule: SimulatorUrlRule;
    readonly now: () => number;
    readonly companyId: number;
    readonly remove: (endpoint: EndpointState) => void;
  },
): EndpointState {
  const { url, handler, events } = registration ?? ({} as RegisterEndpointOptions);
  if ((url === undefined) === (handler === undefined)) {
    throw new TypeError('register takes exactly one of url and handler');
  }
  if (handler !== undefined && typeof handler !== 'function') {
    throw new TypeError('handler must be a function (request: Request) => Promise<Response>');
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new TypeError(
      `events must list the types to receive: ${APPOINTMENT_EVENT_TYPES.join(', ')}`,
    );
  }
  for (const type of events) {
    if (!(APPOINTMENT_EVENT_TYPES as readonly string[]).includes(type)) {
      throw new TypeError(
        `${String(type)} is not an event type an endpoint subscribes to; use ` +
          `${APPOINTMENT_EVENT_TYPES.join(', ')} (a ping is sent by ping(endpoint))`,
      );
    }
  }
  if (registration.sign !== undefined && registration.signature !== undefined) {
    throw new TypeError('register takes sign or signature, not both');
  }
  const sign =
    registration.signature === undefined
      ? (registration.sign as Signer | undefined)
      : signer(registration.signature, context.now, 'register: signature');
  checkHeaders(registration.headers, signatureHeaders(registration));
  let resolving: Promise<string | undefined> | undefined;
  if (url !== undefined) {
    const check = checkWritten(url, context.rule);
    if (typeof check === 'string') throw refusal(check);
    const resolved = context.rule.resolveHost?.(check.host);
    if (typeof (resolved as { then?: unknown } | undefined)?.then === 'function') {
      resolving = Promise.resolve(resolved).then(
        (r) => check.judge(listOf(r)),
        (error) => `its host does not resolve (${(error as Error)?.message ?? error})`,
      );
    } else {
      const problem = check.judge(listOf(resolved as Resolved));
      if (problem) throw refusal(problem);
    }
  }
  const endpoint: EndpointState = {
    id,
    url,
    events: [...new Set(events)],
    companyId: registration.companyId ?? context.companyId,
    headers: registration.headers,
    enabled: true,
    consecutiveFailures: 0,
    disabledAt: undefined,
    disabledReason: undefined,
    administratorsNotifiedAt: undefined,
    removed: false,
    checked: Promise.resolve(undefined as never),
    handler,
    sign,
    enable() {
      endpoint.enabled = true;
      endpoint.consecutiveFailures = 0;
      endpoint.disabledAt = undefined;
      endpoint.disabledReason = undefined;
      endpoint.administratorsNotifiedAt = undefined;
    },
    disable() {
      if (!endpoint.enabled) return;
      endpoint.enabled = false;
      endpoint.disabledAt = context.now();
      endpoint.disabledReason = 'manual';
    },
  };
  endpoint.checked = resolving
    ? resolving.then((problem) => {
        if (!problem) return endpoint;
        if (!endpoint.removed) context.remove(endpoint);
        throw refusal(problem);
      })
    : Promise.resolve(endpoint);
  // Awaiting it is optional: a refusal must not end the process as an unhandled rejection.
  endpoint.checked.catch(() => {});
  return endpoint;
}

/**
 * One more delivery exhausted: after 20 in a row the service disables the endpoint and notifies
 * the clinic's administrators by e-mail (spec 6.3 rule 4), which the simulator records.
 */
export function countFailure(endpoint: EndpointState, now: number): void {
  endpoint.consecutiveFailures += 1;
  if (
    endpoint.enabled &&
    endpoint.consecutiveFailures >= WEBHOOK_DELIVERY.disableAfterConsecutiveFailures
  ) {
    endpoint.enabled = false;
    endpoint.disabledAt = now;
    endpoint.disabledReason = 'consecutive_failures';
    endpoint.administratorsNotifiedAt = now;
  }
}
