/**
 * The webhook delivery of the reference server (spec 6 and 6.3): endpoints registered with
 * the service's URL rule, delivery of each emitted envelope to the endpoints subscribed to its
 * type, retries on the spec's schedule on the server clock, the 10 s answer limit, and the
 * endpoint disabled after 20 consecutive failed deliveries. Options duplicate and reorder
 * deliveries, deterministically from a seed, as an at-least-once service may.
 *
 * It never sends network traffic: an endpoint is either a `handler` called in process, or a
 * `url` dispatched through the `fetch` the caller supplies.
 *
 * @module
 */
import { brandErrors } from '../core/brand.ts';
import { ClinicError } from '../core/errors.ts';
import { APPOINTMENT_EVENT_TYPES, type AppointmentEventType } from '../webhooks/events.ts';
import { WEBHOOK_DELIVERY } from '../webhooks/policy.ts';
import type { Clock } from './clock.ts';
import { createEnvelope, type WebhookEnvelope } from './events.ts';

/** The fixed `message` of a `ping`'s data. The spec does not show the text; this is the reference server's. */
export const PING_MESSAGE = 'Test event';

/** A consumer called in process: the Fetch-API handler `createWebhookHandler` returns fits. */
export type WebhookTargetHandler = (request: Request) => Promise<Response> | Response;

/** What `register` takes. Give exactly one of `url` and `handler`. */
export interface RegisterEndpointOptions {
  /**
   * The endpoint URL: public HTTPS only (spec 6). Dispatched through the simulator's `fetch`,
   * never to the network.
   */
  url?: string;
  /** A consumer called in process, with no URL rule and no `fetch`. */
  handler?: WebhookTargetHandler;
  /** The event types the endpoint is subscribed to (a `ping` is sent by `ping()`, not subscribed). */
  events: readonly AppointmentEventType[];
  /** The clinic whose events the endpoint receives; default the simulator's `companyId` (1). */
  companyId?: number;
  /**
   * Extra request headers, or a function of the body that returns them. A test affordance, for
   * instance to drive your own `verify` hook: the spec shows no signature scheme, and the
   * simulator sends none of its own.
   */
  headers?:
    | Record<string, string>
    | ((body: string, envelope: WebhookEnvelope) => Record<string, string>);
}

/** A registered endpoint. */
export interface WebhookEndpoint {
  /** `we_1`, `we_2`, ... */
  readonly id: string;
  /** The URL, for a URL endpoint. */
  readonly url: string | undefined;
  /** The event types it receives. */
  readonly events: readonly AppointmentEventType[];
  /** The clinic whose events it receives. */
  readonly companyId: number;
  /** `false` once 20 deliveries in a row failed, or after `disable()`; it then receives nothing. */
  readonly enabled: boolean;
  /** Deliveries that exhausted their attempts since the last successful one. */
  readonly consecutiveFailures: number;
  /** When it was disabled (clock ms), while it is. */
  readonly disabledAt: number | undefined;
  /**
   * Reactivates it, as the clinic does by hand in the web application; the failure count
   * restarts at 0. Events emitted while it was disabled are not sent afterwards.
   */
  enable(): void;
  /** Disables it, as the service does after 20 consecutive failures. */
  disable(): void;
}

/**
 * How an attempt ended: `success` (2xx within 10 s), `http_error` (another status),
 * `timeout` (no answer within 10 s), `network_error` (the fetch or the handler threw) or
 * `url_rejected` (the URL failed the rule when re-checked at delivery).
 */
export type AttemptOutcome =
  | 'success'
  | 'http_error'
  | 'timeout'
  | 'network_error'
  | 'url_rejected';

/** One attempt of one delivery, as kept in the delivery log. */
export interface DeliveryAttempt {
  /** The `id` of the delivery it belongs to (`dlv_1`, `dlv_2`, ...). */
  readonly deliveryId: string;
  /** The `id` of the endpoint it was sent to (`we_1`, `we_2`, ...). */
  readonly endpointId: string;
  /**
   * The envelope's `id` (`evt_<uuid>`, spec 6.1): the same on every attempt and on every copy
   * of one event, as consumers deduplicate by it.
   */
  readonly eventId: string;
  /** The envelope's `type`: an appointment event type, or `ping`. */
  readonly eventType: WebhookEnvelope['type'];
  /** 1 to 6. */
  readonly attempt: number;
  /** When it was made, on the server clock (epoch ms). */
  readonly at: number;
  /**
   * How it ended. Only `success` ends the delivery; any other outcome schedules the next
   * attempt on the spec's schedule (1 min, 5 min, 30 min, 2 h, 6 h), until the sixth.
   */
  readonly outcome: AttemptOutcome;
  /** The answer's status, when there was one. */
  readonly status: number | undefined;
  /** How long the answer took, in real milliseconds. */
  readonly durationMs: number;
  /** Why it failed, for the failures that have no status. */
  readonly error: string | undefined;
}

/**
 * `pending` (attempts left), `succeeded`, `exhausted` (6 attempts failed: one failure of the
 * endpoint), or `dropped` (not sent: the endpoint was disabled or removed).
 */
export type DeliveryState = 'pending' | 'succeeded' | 'exhausted' | 'dropped';

/** The delivery of one envelope to one endpoint, with its attempts. */
export interface Delivery {
  /** `dlv_1`, `dlv_2`, ... */
  readonly id: string;
  /** The `id` of the endpoint it goes to (`we_1`, `we_2`, ...). */
  readonly endpointId: string;
  /**
   * The envelope it carries (spec 6.1), the same object on every attempt and in every copy:
   * its `id` is stable across redeliveries.
   */
  readonly event: WebhookEnvelope;
  /** Whether this is an extra copy made by the `duplicate` option. */
  readonly duplicate: boolean;
  /** Where it stands: `pending`, `succeeded`, `exhausted` or `dropped`. */
  readonly state: DeliveryState;
  /**
   * Its attempts so far, oldest first: at most 6 (spec 6.3). The same objects as in the
   * simulator's `attempts` (the delivery log).
   */
  readonly attempts: readonly DeliveryAttempt[];
  /** When the next attempt is due (clock ms), while one is scheduled. */
  readonly nextAttemptAt: number | undefined;
}

/** What `createDeliverySimulator` takes. */
export interface DeliverySimulatorOptions {
  /** The server clock: retries, reordering and late duplicates are scheduled on it. */
  clock: Clock;
  /** Subscribes to the server's envelopes (`api.onEvent`); returns the unsubscribe function. */
  onEvent: (listener: (envelope: WebhookEnvelope) => void) => () => void;
  /**
   * Dispatches requests to URL endpoints, for instance routing `https://consumer.example/...`
   * to an in-process handler. There is no default: the simulator never touches the network.
   */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Resolves a host name to IP addresses, consulted at registration and at each delivery: an
   * address in a private range makes the URL fail the rule (as DNS pointing a public name at a
   * private address does). Default: names are not resolved, only literal addresses checked.
   */
  resolveHost?: (hostname: string) => string | readonly string[] | undefined;
  /**
   * The probability (0 to 1) that an envelope is delivered twice to an endpoint. Half of the
   * copies start at once, alongside the original (exercising "still processing"); the others
   * within `windowMs` on the clock. Default 0.
   */
  duplicate?: number;
  /**
   * Delivers envelopes out of order: each delivery's first attempt waits a random time within
   * `windowMs` (default 2 min) on the clock, instead of starting at once. Default `false`.
   */
  reorder?:
    | boolean
    | {
        /**
         * The longest wait of a first attempt, in milliseconds on the clock (a number >= 0;
         * default 120000, 2 min). Late copies made by `duplicate` arrive within it too, unless it is 0.
         */
        windowMs?: number;
      };
  /** Seed of the random choices of `duplicate` and `reorder`, for repeatable runs. Default 1. */
  seed?: number;
  /** The clinic of endpoints registered without `companyId`. Default 1. */
  companyId?: number;
}

/** The webhook delivery of one reference server: `api.webhooks`. */
export interface DeliverySimulator {
  /**
   * Registers an endpoint, as the clinic does in the web application (spec 6).
   *
   * @throws WebhookUrlError when `url` is not public HTTPS (http, localhost, private addresses).
   * @throws TypeError when not exactly one of `url` and `handler` is given, or `events` is
   *   empty or holds something that is not an appointment event type.
   */
  register(options: RegisterEndpointOptions): WebhookEndpoint;
  /** Removes an endpoint: its pending deliveries are dropped. */
  remove(endpoint: WebhookEndpoint): void;
  /**
   * Sends a `ping` to one endpoint, as the test button of the web application does, whatever
   * it is subscribed to, with the same schedule as other deliveries.
   *
   * @throws ClinicError when the endpoint is disabled or was removed.
   */
  ping(endpoint: WebhookEndpoint): Delivery;
  /** The registered endpoints. */
  readonly endpoints: readonly WebhookEndpoint[];
  /** Every delivery, in the order they were created. */
  readonly deliveries: readonly Delivery[];
  /** Every attempt, in the order they were made: the delivery log. */
  readonly attempts: readonly DeliveryAttempt[];
  /** Resolves once no attempt is running (time does not move). */
  settle(): Promise<void>;
  /**
   * Moves the clock to each scheduled attempt in turn, until none is left, and settles: every
   * delivery ends `succeeded`, `exhausted` or `dropped`. Time moves by up to 8 h 36 min past
   * the last delivery started.
   */
  flush(): Promise<void>;
  /** Drops endpoints, deliveries, the log and scheduled attempts (with `api.reset()`). */
  reset(): void;
  /** Unsubscribes from the server's events and drops scheduled attempts. */
  close(): void;
}

/** Thrown by `register` (and recorded at delivery) when a URL fails the service's rule. */
export class WebhookUrlError extends ClinicError {
  override name = 'WebhookUrlError';
}
brandErrors({ WebhookUrlError });

function parseIPv4(host: string): number[] | undefined {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The 8 groups of an IPv6 address (as the URL parser writes it, without brackets). */
function parseIPv6(host: string): number[] | undefined {
  if (!host.includes(':')) return undefined;
  let text = host;
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (embedded) {
    const b = parseIPv4(embedded[2]!);
    if (!b) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    text = `${embedded[1]}${hex(b[0]!, b[1]!)}:${hex(b[2]!, b[3]!)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (s: string) =>
    s === ''
      ? []
      : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? Number.parseInt(g, 16) : Number.NaN));
  const left = parse(halves[0]!);
  const right = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.every((g) => !Number.isNaN(g)) ? groups : undefined;
}

/** Why an IP address is not public, or `undefined` when it is. */
function privateAddress(address: string): string | undefined {
  const v4 = parseIPv4(address);
  if (v4) {
    const [a, b] = v4 as [number, number];
    if (a === 0) return 'an unspecified address (0.0.0.0/8)';
    if (a === 127) return 'a loopback address (127.0.0.0/8)';
    if (a === 10) return 'a private address (10.0.0.0/8)';
    if (a === 172 && b >= 16 && b <= 31) return 'a private address (172.16.0.0/12)';
    if (a === 192 && b === 168) return 'a private address (192.168.0.0/16)';
    if (a === 169 && b === 254) return 'a link-local address (169.254.0.0/16)';
    return undefined;
  }
  const v6 = parseIPv6(address);
  if (v6) {
    if (v6.every((g) => g === 0)) return 'the unspecified address (::)';
    if (v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1) return 'the loopback address (::1)';
    if ((v6[0]! & 0xfe00) === 0xfc00) return 'a unique local address (fc00::/7)';
    if ((v6[0]! & 0xffc0) === 0xfe80) return 'a link-local address (fe80::/10)';
    if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
      const mapped = `${v6[6]! >> 8}.${v6[6]! & 0xff}.${v6[7]! >> 8}.${v6[7]! & 0xff}`;
      return privateAddress(mapped);
    }
    return undefined;
  }
  return undefined;
}

/**
 * Checks a webhook URL against the service's rule (spec 6): public HTTPS; `http://`,
 * `localhost` and private-network addresses are refused.
 *
 * @returns why the URL is refused, or `undefined` when it passes.
 */
export function webhookUrlProblem(
  url: string,
  resolveHost?: DeliverySimulatorOptions['resolveHost'],
): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'it is not an absolute URL';
  }
  if (parsed.protocol !== 'https:') return `it is ${parsed.protocol}// and endpoints must be HTTPS`;
  const host = parsed.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'its host is localhost';
  const literal = privateAddress(host);
  if (literal) return `its host is ${literal}`;
  const resolved = resolveHost?.(host);
  for (const address of resolved === undefined ? [] : [resolved].flat()) {
    const problem = privateAddress(address);
    if (problem) return `its host resolves to ${problem}`;
  }
  return undefined;
}

/**
 * A small seeded generator (mulberry32) of numbers in [0, 1): the same seed gives the same
 * chaos. Not part of the package's surface (the testing entry does not export it); the
 * delivery tests use it for their own choices.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NO_FETCH =
  'The delivery simulator sends no network traffic, and no fetch was given for this URL ' +
  'endpoint: pass { fetch } to route the URL to your handler, or register({ handler }).';

/** Where requests to handler endpoints claim to go (the reserved `.invalid` domain). */
const HANDLER_URL = 'https://webhook-handler.invalid/';

interface EndpointState extends WebhookEndpoint {
  enabled: boolean;
  consecutiveFailures: number;
  disabledAt: number | undefined;
  removed: boolean;
  handler: WebhookTargetHandler | undefined;
  headers: RegisterEndpointOptions['headers'];
}

interface DeliveryRecord extends Delivery {
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | undefined;
  cancel: (() => void) | undefined;
}

/**
 * Creates the webhook delivery of a reference server. `createReferenceServer` makes one bound
 * to its clock and events (`api.webhooks`); create one yourself to drive any event source.
 *
 * The 10 s limit is measured in real time: a consumer that takes longer fails the attempt
 * (its request's `signal` is aborted). Use fake timers (`vi.useFakeTimers()`) to test it
 * without waiting.
 *
 * @throws TypeError for a `duplicate` outside 0..1 or a bad `reorder.windowMs`.
 * @example
 * ```ts
 * const api = createReferenceServer({ baseUrl: 'https://clinic.test', now: new Date('2026-03-02T12:00:00Z') });
 * const endpoint = api.webhooks.register({ handler: createWebhookHandler({ on }), events: ['appointment.created'] });
 * await client.appointments.create(body); // emits appointment.created
 * await api.webhooks.settle();            // the first attempt has been answered
 * await api.webhooks.flush();             // every retry has run, on the clock
 * ```
 */
export function createDeliverySimulator(options: DeliverySimulatorOptions): DeliverySimulator {
  const { clock, resolveHost } = options;
  const duplicate = options.duplicate ?? 0;
  if (!(duplicate >= 0 && duplicate <= 1)) {
    throw new TypeError('duplicate is a probability between 0 and 1');
  }
  const reorderWindowMs =
    options.reorder === true
      ? 2 * 60_000
      : options.reorder
        ? (options.reorder.windowMs ?? 2 * 60_000)
        : 0;
  if (!(Number.isFinite(reorderWindowMs) && reorderWindowMs >= 0)) {
    throw new TypeError('reorder.windowMs must be a number of milliseconds >= 0');
  }
  const duplicateWindowMs = reorderWindowMs || 2 * 60_000;
  const defaultCompanyId = options.companyId ?? 1;
  const rand = seededRandom(options.seed ?? 1);
  const dispatchUrl =
    options.fetch ??
    (async () => {
      throw new TypeError(NO_FETCH);
    });

  let endpoints: EndpointState[] = [];
  let deliveries: DeliveryRecord[] = [];
  let attempts: DeliveryAttempt[] = [];
  let endpointSeq = 0;
  let deliverySeq = 0;
  const running = new Set<Promise<void>>();

  const track = (work: Promise<void>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
    return work;
  };

  /** Sends one request and classifies the answer; never throws. */
  const send = async (
    endpoint: EndpointState,
    envelope: WebhookEnvelope,
  ): Promise<Pick<DeliveryAttempt, 'outcome' | 'status' | 'error' | 'durationMs'>> => {
    const started = Date.now();
    const elapsed = () => Date.now() - started;
    if (endpoint.url !== undefined) {
      const problem = webhookUrlProblem(endpoint.url, resolveHost);
      if (problem) {
        return {
          outcome: 'url_rejected',
          status: undefined,
          error: `refused: ${problem}`,
          durationMs: 0,
        };
      }
    }
    const body = JSON.stringify(envelope);
    const extra =
      typeof endpoint.headers === 'function'
        ? endpoint.headers(body, envelope)
        : (endpoint.headers ?? {});
    const controller = new AbortController();
    const request = new Request(endpoint.url ?? HANDLER_URL, {
      method: 'POST',
      headers: { ...extra, 'content-type': 'application/json' },
      body,
      signal: controller.signal,
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), WEBHOOK_DELIVERY.responseTimeoutMs);
    });
    try {
      const call = endpoint.handler
        ? Promise.resolve().then(() => endpoint.handler!(request))
        : dispatchUrl(request);
      const answer = await Promise.race([call, timeout]);
      if (answer === 'timeout') {
        controller.abort();
        void call.catch(() => {});
        return {
          outcome: 'timeout',
          status: undefined,
          error: 'no answer within 10 s',
          durationMs: elapsed(),
        };
      }
      const ok = answer.status >= 200 && answer.status < 300;
      return {
        outcome: ok ? 'success' : 'http_error',
        status: answer.status,
        error: undefined,
        durationMs: elapsed(),
      };
    } catch (error) {
      return {
        outcome: 'network_error',
        status: undefined,
        error: error instanceof Error ? error.message : String(error),
        durationMs: elapsed(),
      };
    } finally {
      clearTimeout(timer);
    }
  };

  const finish = (delivery: DeliveryRecord, state: DeliveryState) => {
    delivery.state = state;
    delivery.nextAttemptAt = undefined;
    delivery.cancel = undefined;
  };

  /** Runs attempt `n` of a delivery and schedules the next one when it fails. */
  const attempt = async (
    delivery: DeliveryRecord,
    endpoint: EndpointState,
    n: number,
  ): Promise<void> => {
    delivery.nextAttemptAt = undefined;
    delivery.cancel = undefined;
    if (delivery.state !== 'pending') return;
    if (!endpoint.enabled || endpoint.removed) return finish(delivery, 'dropped');
    const at = clock.now();
    const result = await send(endpoint, delivery.event);
    if (delivery.state !== 'pending') return; // reset or removed meanwhile: not logged
    const record: DeliveryAttempt = {
      deliveryId: delivery.id,
      endpointId: endpoint.id,
      eventId: delivery.event.id,
      eventType: delivery.event.type,
      attempt: n,
      at,
      ...result,
    };
    delivery.attempts.push(record);
    attempts.push(record);
    if (result.outcome === 'success') {
      finish(delivery, 'succeeded');
      endpoint.consecutiveFailures = 0;
      return;
    }
    if (n < WEBHOOK_DELIVERY.attempts) {
      schedule(delivery, endpoint, n + 1, at + WEBHOOK_DELIVERY.retryDelaysMs[n - 1]!);
      return;
    }
    finish(delivery, 'exhausted');
    endpoint.consecutiveFailures += 1;
    if (
      endpoint.enabled &&
      endpoint.consecutiveFailures >= WEBHOOK_DELIVERY.disableAfterConsecutiveFailures
    ) {
      endpoint.enabled = false;
      endpoint.disabledAt = clock.now();
    }
  };

  /** Attempt `n` at `at` on the clock; `at` now or earlier: right away, asynchronously. */
  const schedule = (delivery: DeliveryRecord, endpoint: EndpointState, n: number, at: number) => {
    if (at <= clock.now()) {
      track(Promise.resolve().then(() => attempt(delivery, endpoint, n)));
      return;
    }
    delivery.nextAttemptAt = at;
    delivery.cancel = clock.schedule(at, () => track(attempt(delivery, endpoint, n)));
  };

  const deliver = (
    endpoint: EndpointState,
    envelope: WebhookEnvelope,
    copy: boolean,
    delayMs: number,
  ): DeliveryRecord => {
    deliverySeq += 1;
    const delivery: DeliveryRecord = {
      id: `dlv_${deliverySeq}`,
      endpointId: endpoint.id,
      event: envelope,
      duplicate: copy,
      state: 'pending',
      attempts: [],
      nextAttemptAt: undefined,
      cancel: undefined,
    };
    deliveries.push(delivery);
    if (!endpoint.enabled) finish(delivery, 'dropped');
    else schedule(delivery, endpoint, 1, clock.now() + delayMs);
    return delivery;
  };

  const fanOut = (envelope: WebhookEnvelope) => {
    for (const endpoint of endpoints) {
      if (envelope.type === 'ping' || envelope.company_id !== endpoint.companyId) continue;
      if (!endpoint.events.includes(envelope.type)) continue;
      deliver(
        endpoint,
        envelope,
        false,
        reorderWindowMs ? Math.floor(rand() * reorderWindowMs) : 0,
      );
      if (duplicate > 0 && rand() < duplicate) {
        const late = rand() < 0.5;
        deliver(endpoint, envelope, true, late ? 1 + Math.floor(rand() * duplicateWindowMs) : 0);
      }
    }
  };

  const unsubscribe = options.onEvent(fanOut);

  const dropScheduled = () => {
    for (const delivery of deliveries) {
      delivery.cancel?.();
      if (delivery.state === 'pending') finish(delivery, 'dropped');
    }
  };

  const settle = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  const check = (endpoint: WebhookEndpoint): EndpointState => {
    const state = endpoints.find((e) => e === endpoint || e.id === endpoint.id);
    if (!state || state.removed)
      throw new ClinicError(`Endpoint ${endpoint.id} is not registered.`);
    return state;
  };

  return {
    register(registration) {
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
      if (url !== undefined) {
        const problem = webhookUrlProblem(url, resolveHost);
        if (problem) {
          throw new WebhookUrlError(
            `The endpoint URL is refused: ${problem}. The service accepts only public HTTPS URLs (spec 6).`,
          );
        }
      }
      endpointSeq += 1;
      const endpoint: EndpointState = {
        id: `we_${endpointSeq}`,
        url,
        events: [...new Set(events)],
        companyId: registration.companyId ?? defaultCompanyId,
        enabled: true,
        consecutiveFailures: 0,
        disabledAt: undefined,
        removed: false,
        handler,
        headers: registration.headers,
        enable() {
          endpoint.enabled = true;
          endpoint.consecutiveFailures = 0;
          endpoint.disabledAt = undefined;
        },
        disable() {
          if (!endpoint.enabled) return;
          endpoint.enabled = false;
          endpoint.disabledAt = clock.now();
        },
      };
      endpoints.push(endpoint);
      return endpoint;
    },

    remove(endpoint) {
      const state = check(endpoint);
      state.removed = true;
      endpoints = endpoints.filter((e) => e !== state);
      for (const delivery of deliveries) {
        if (delivery.endpointId === state.id && delivery.state === 'pending') {
          delivery.cancel?.();
          finish(delivery, 'dropped');
        }
      }
    },

    ping(endpoint) {
      const state = check(endpoint);
      if (!state.enabled) {
        throw new ClinicError(`Endpoint ${state.id} is disabled: call endpoint.enable() first.`);
      }
      const envelope = createEnvelope(
        'ping',
        state.companyId,
        { message: PING_MESSAGE },
        clock.now(),
      );
      return deliver(state, envelope, false, 0);
    },

    get endpoints() {
      return endpoints;
    },
    get deliveries() {
      return deliveries;
    },
    get attempts() {
      return attempts;
    },
    settle,

    async flush() {
      for (;;) {
        await settle();
        const due = deliveries
          .filter((d) => d.state === 'pending' && d.nextAttemptAt !== undefined)
          .map((d) => d.nextAttemptAt!);
        if (due.length === 0) return;
        await clock.advance(Math.max(0, Math.min(...due) - clock.now()));
      }
    },

    reset() {
      dropScheduled();
      endpoints = [];
      deliveries = [];
      attempts = [];
      endpointSeq = 0;
      deliverySeq = 0;
    },

    close() {
      unsubscribe();
      dropScheduled();
    },
  };
}
