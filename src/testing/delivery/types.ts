/**
 * The types of the webhook delivery simulator (spec 6 and 6.3): endpoints, deliveries,
 * attempts and the simulator's options and surface.
 *
 * @module
 */
import type { AppointmentEventType } from '../../webhooks/events.ts';
import type { Clock } from '../clock.ts';
import type { WebhookEnvelope } from '../events.ts';
import type { WebhookUrlRuleOptions } from '../webhook-url.ts';

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
  /**
   * Signs each request: given the exact body sent, returns the headers that carry the
   * signature (added after `headers`). Pair it with the `verify` of your webhook handler, so
   * that tests deliver what your production check accepts; the spec shows no signature scheme,
   * so the simulator has none of its own (see docs/webhooks.md, "Verifying deliveries").
   */
  sign?: (body: string) => Record<string, string> | Promise<Record<string, string>>;
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
   * address in a special-purpose range makes the URL fail the rule (as DNS pointing a public
   * name at a private address does). Default: names are not resolved, only literal addresses
   * checked.
   */
  resolveHost?: WebhookUrlRuleOptions['resolveHost'];
  /**
   * Accepts `http://` (and `https://`) URLs on `localhost` and loopback addresses, so a
   * consumer on the test machine can receive deliveries. The service never does: default
   * `false`.
   */
  allowLoopbackHttp?: boolean;
  /**
   * Host names accepted over `http://` (and `https://`) whatever they resolve to, for a
   * consumer on a container network (`['app']` for `http://app:3000/webhooks`). The service
   * never does: default none.
   */
  allowHttpHosts?: readonly string[];
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

/** The delivery chaos, set at creation or changed by `configure`. */
export type DeliveryChaosOptions = Pick<DeliverySimulatorOptions, 'duplicate' | 'reorder' | 'seed'>;

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
  /** The chaos in force: `duplicate`, `reorder` and `seed`. */
  readonly chaos: Readonly<DeliveryChaosOptions>;
  /**
   * Changes the chaos of the deliveries made from now on (the members given; the random
   * sequence restarts from `seed`). `reset()` restores the options of creation.
   *
   * @throws TypeError naming the member, for an unknown one or a value out of range.
   * @example
   * ```ts
   * api.webhooks.configure({ duplicate: 0.5, reorder: { windowMs: 60_000 }, seed: 7 });
   * ```
   */
  configure(chaos: DeliveryChaosOptions): void;
  /**
   * Drops endpoints, deliveries, the log and scheduled attempts, and restores the chaos of
   * creation (with `api.reset()`).
   */
  reset(): void;
  /** Unsubscribes from the server's events and drops scheduled attempts. */
  close(): void;
}
