/** The types of the webhook delivery simulator (spec 6 and 6.3). @module */
import type { AppointmentEventType } from '../../webhooks/events.ts';
import type { Clock } from '../server/clock.ts';
import type { WebhookEnvelope } from '../server/events.ts';
import type { SignatureOptions } from './signature.ts';

/** A consumer called in process, such as `createWebhookHandler`'s handler. */
export type WebhookTargetHandler = (request: Request) => Promise<Response> | Response;

/** What `register` takes. Give exactly one of `url` and `handler`. */
export interface RegisterEndpointOptions {
  /** Public HTTPS only (spec 6); dispatched through the simulator's `fetch`, never the network. */
  url?: string;
  /** A consumer called in process, with no URL rule and no `fetch`. */
  handler?: WebhookTargetHandler;
  /** The event types subscribed to (a `ping` is sent by `ping()`). */
  events: readonly AppointmentEventType[];
  /** The clinic whose events it receives; default the simulator's `companyId`. */
  companyId?: number;
  /** Extra request headers, or a function of the body that returns them. */
  headers?:
    | Record<string, string>
    | ((body: string, envelope: WebhookEnvelope) => Record<string, string>);
  /** Signature headers of the exact body sent, for your `verify` (the spec shows no scheme). */
  sign?: (
    body: string,
    envelope: WebhookEnvelope,
  ) => Record<string, string> | Promise<Record<string, string>>;
  /**
   * `sign` as data (what `POST /__control/webhooks` takes): an HMAC whose every part you name.
   * Not the service's scheme, which the spec does not show (6.3 rule 5). Not with `sign`.
   */
  signature?: SignatureOptions;
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
  /** `false` after 20 consecutive failed deliveries or `disable()`; it then receives nothing. */
  readonly enabled: boolean;
  /** Deliveries that exhausted their attempts since the last successful one. */
  readonly consecutiveFailures: number;
  /** When it was disabled (clock ms), while it is. */
  readonly disabledAt: number | undefined;
  /** Why it is disabled: 20 deliveries exhausted in a row, or `disable()`; while it is. */
  readonly disabledReason: DisabledReason | undefined;
  /**
   * When the clinic's administrators were notified by e-mail (clock ms): the service does so when
   * it disables an endpoint after 20 failures (spec 6.3 rule 4); the simulator records it, while
   * the endpoint stays disabled.
   */
  readonly administratorsNotifiedAt: number | undefined;
  /** The extra headers it was registered with. */
  readonly headers: RegisterEndpointOptions['headers'];
  /**
   * Settles once the URL rule has checked what the host resolves to: at once, unless
   * `resolveHost` answers with a promise; then a refusal rejects it with a `WebhookUrlError` and
   * removes the endpoint. Awaiting it is optional.
   */
  readonly checked: Promise<WebhookEndpoint>;
  /** Reactivates it, failure count at 0; events emitted while disabled are never sent. */
  enable(): void;
  /** Disables it, as the service does after 20 consecutive failures. */
  disable(): void;
}

/** Why an endpoint is disabled: `consecutive_failures` (the service's rule) or `manual`. */
export type DisabledReason = 'consecutive_failures' | 'manual';

/** `success` (2xx within 10 s), `http_error`, `timeout`, `network_error` or `url_rejected`. */
export type AttemptOutcome =
  | 'success'
  | 'http_error'
  | 'timeout'
  | 'network_error'
  | 'url_rejected';

/** One attempt of one delivery, as kept in the delivery log. */
export interface DeliveryAttempt {
  /** Its delivery's `id` (`dlv_1`, ...). */
  readonly deliveryId: string;
  /** Its endpoint's `id` (`we_1`, ...). */
  readonly endpointId: string;
  /** The envelope's `id`, the same on every attempt and copy of one event. */
  readonly eventId: string;
  /** The envelope's `type`. */
  readonly eventType: WebhookEnvelope['type'];
  /** 1 to 6. */
  readonly attempt: number;
  /** When it was made (server clock, epoch ms). */
  readonly at: number;
  /** How it ended; anything but `success` schedules the next attempt, up to the sixth. */
  readonly outcome: AttemptOutcome;
  /** The answer's status, when there was one. */
  readonly status: number | undefined;
  /** How long the answer took, in real ms. */
  readonly durationMs: number;
  /** Why it failed, for the failures that have no status. */
  readonly error: string | undefined;
}

/** `pending`, `succeeded`, `exhausted` (6 attempts failed) or `dropped` (endpoint gone). */
export type DeliveryState = 'pending' | 'succeeded' | 'exhausted' | 'dropped';

/** The delivery of one envelope to one endpoint, with its attempts. */
export interface Delivery {
  /** `dlv_1`, `dlv_2`, ... */
  readonly id: string;
  /** Its endpoint's `id` (`we_1`, ...). */
  readonly endpointId: string;
  /** The envelope it carries, the same object on every attempt and copy. */
  readonly event: WebhookEnvelope;
  /** Whether the `duplicate` option made this copy. */
  readonly duplicate: boolean;
  /** Where it stands. */
  readonly state: DeliveryState;
  /** Its attempts so far (at most 6), oldest first, as in the simulator's `attempts`. */
  readonly attempts: readonly DeliveryAttempt[];
  /** When the next attempt is due (clock ms), while one is scheduled. */
  readonly nextAttemptAt: number | undefined;
}

/** What `createDeliverySimulator` takes. */
export interface DeliverySimulatorOptions {
  /** The server clock, on which retries, reordering and late duplicates are scheduled. */
  clock: Clock;
  /** Subscribes to the server's envelopes (`api.onEvent`); returns the unsubscribe function. */
  onEvent: (listener: (envelope: WebhookEnvelope) => void) => () => void;
  /** Dispatches requests to URL endpoints; no default: it never touches the network. */
  fetch?: (request: Request) => Promise<Response>;
  /**
   * Resolves host names, so one pointing at a private address fails (default: literals only);
   * it may answer with a promise, awaited at each delivery and by `endpoint.checked`.
   */
  resolveHost?: (
    hostname: string,
  ) => string | readonly string[] | undefined | Promise<string | readonly string[] | undefined>;
  /** Accepts `http(s)://` on loopback hosts, unlike the service (default `false`). */
  allowLoopbackHttp?: boolean;
  /** Hosts accepted over `http(s)://` whatever they resolve to, such as a container's `app`. */
  allowHttpHosts?: readonly string[];
  /** The probability (0 to 1, default 0) of a second copy, beside the original or later. */
  duplicate?: number;
  /** Out of order: each first attempt waits a random time within `windowMs` (default `false`). */
  reorder?:
    | boolean
    | {
        /** The longest wait in clock ms (default 120 000); late duplicates use it too unless 0. */
        windowMs?: number;
      };
  /** Seed of `duplicate` and `reorder`, for repeatable runs (default 1). */
  seed?: number;
  /** The clinic of endpoints registered without `companyId` (default 1). */
  companyId?: number;
  /** Most deliveries and attempts the records keep, oldest finished first (default 10 000). */
  logLimit?: number;
}

/** The delivery chaos, set at creation or changed by `configure`. */
export type DeliveryChaosOptions = Pick<DeliverySimulatorOptions, 'duplicate' | 'reorder' | 'seed'>;

/** The URL rule's openings, unlike the service: set at creation or changed by `configure`. */
export interface DeliveryUrlRuleOptions {
  /** Accepts `http(s)://` on loopback hosts. */
  allowLoopbackHttp?: boolean;
  /** Hosts accepted over `http(s)://`, each still resolved and checked. */
  allowHttpHosts?: readonly string[];
}

/** What `configure` changes: chaos, the URL rule's openings, the records' bound. */
export type DeliveryConfiguration = DeliveryChaosOptions &
  DeliveryUrlRuleOptions &
  Pick<DeliverySimulatorOptions, 'logLimit'>;

/** The webhook delivery of one reference server: `api.webhooks`. */
export interface DeliverySimulator {
  /** Registers an endpoint; throws `WebhookUrlError` (URL not public HTTPS) or `TypeError`. */
  register(options: RegisterEndpointOptions): WebhookEndpoint;
  /** Removes an endpoint, dropping its pending deliveries. */
  remove(endpoint: WebhookEndpoint): void;
  /** Sends a `ping` whatever the subscriptions; throws `ClinicError` if disabled or removed. */
  ping(endpoint: WebhookEndpoint): Delivery;
  /** The registered endpoints. */
  readonly endpoints: readonly WebhookEndpoint[];
  /** Every delivery, in creation order. */
  readonly deliveries: readonly Delivery[];
  /** The delivery log: every attempt, in order. */
  readonly attempts: readonly DeliveryAttempt[];
  /** Resolves once no attempt is running (time does not move). */
  settle(): Promise<void>;
  /** Moves the clock through every scheduled attempt (up to 8 h 36 min) until all have ended. */
  flush(): Promise<void>;
  /** The chaos in force: `duplicate`, `reorder` and `seed`. */
  readonly chaos: Readonly<DeliveryChaosOptions>;
  /** The URL rule's openings in force. */
  readonly urlRule: Readonly<Required<DeliveryUrlRuleOptions>>;
  /**
   * Changes the chaos of later deliveries (restarting `seed`'s sequence), the URL rule's openings
   * or the records' bound; `TypeError` naming a member out of range.
   */
  configure(configuration: DeliveryConfiguration): void;
  /** Drops everything and restores the chaos of creation (also run by `api.reset()`). */
  reset(): void;
  /** Unsubscribes from the server's events and drops scheduled attempts. */
  close(): void;
}
