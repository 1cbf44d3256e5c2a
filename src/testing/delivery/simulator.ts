/** The reference server's webhook delivery (spec 6, 6.3): retries on the server clock, no network of its own. @module */
import { ClinicError } from '../../core/errors/index.ts';
import { WEBHOOK_DELIVERY } from '../../webhooks/delivery-schedule.ts';
import { DeliveryChaos, DeliveryUrlRule, parseInput } from '../server/control-inputs.ts';
import { createEnvelope, type WebhookEnvelope } from '../server/events.ts';
import { seededRandom } from '../server/random.ts';
import {
  countFailure,
  createEndpoint,
  type EndpointState,
  type SimulatorUrlRule,
} from './endpoint.ts';
import { sendAttempt } from './send.ts';
import type {
  Delivery,
  DeliveryAttempt,
  DeliveryChaosOptions,
  DeliveryConfiguration,
  DeliverySimulator,
  DeliverySimulatorOptions,
  DeliveryState,
  WebhookEndpoint,
} from './types.ts';

/** A ping's `message`: the spec does not show the text; this is the reference server's. */
export const PING_MESSAGE = 'Test event';

const NO_FETCH =
  'The delivery simulator sends no network traffic, and no fetch was given for this URL ' +
  'endpoint: pass { fetch } to route the URL to your handler, or register({ handler }).';

interface DeliveryRecord extends Delivery {
  state: DeliveryState;
  attempts: DeliveryAttempt[];
  nextAttemptAt: number | undefined;
  cancel: (() => void) | undefined;
}

function chaosOf(options: DeliveryChaosOptions) {
  const {
    duplicate = 0,
    reorder = false,
    seed = 1,
  } = parseInput(
    DeliveryChaos,
    { duplicate: options.duplicate, reorder: options.reorder, seed: options.seed },
    'webhooks',
  );
  const reorderWindowMs =
    reorder === true ? 2 * 60_000 : reorder ? (reorder.windowMs ?? 2 * 60_000) : 0;
  return { duplicate, reorderWindowMs, rand: seededRandom(seed) };
}

function checkLimit(limit: unknown): number {
  if (
    limit === Number.POSITIVE_INFINITY ||
    (Number.isSafeInteger(limit) && (limit as number) >= 0)
  ) {
    return limit as number;
  }
  throw new TypeError('webhooks: logLimit must be a whole number >= 0, or Infinity');
}

/**
 * Creates a webhook delivery simulator (`createReferenceServer` makes `api.webhooks`); `TypeError`
 * for bad chaos options. The 10 s limit runs in real time: use fake timers.
 */
export function createDeliverySimulator(options: DeliverySimulatorOptions): DeliverySimulator {
  const { clock } = options;
  const initialRule = parseInput(
    DeliveryUrlRule,
    {
      allowLoopbackHttp: options.allowLoopbackHttp ?? false,
      allowHttpHosts: options.allowHttpHosts ?? [],
    },
    'webhooks',
  ) as { allowLoopbackHttp: boolean; allowHttpHosts: readonly string[] };
  // One object, changed in place by `configure`, so every check reads the rule in force.
  const urlRule: SimulatorUrlRule = { resolveHost: options.resolveHost, ...initialRule };
  let logLimit = checkLimit(options.logLimit ?? 10_000);
  const initialChaosOptions: DeliveryChaosOptions = {
    duplicate: options.duplicate ?? 0,
    reorder: options.reorder ?? false,
    seed: options.seed ?? 1,
  };
  let chaosOptions = initialChaosOptions;
  let { duplicate, reorderWindowMs, rand } = chaosOf(chaosOptions);
  const defaultCompanyId = options.companyId ?? 1;
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

  const finish = (delivery: DeliveryRecord, state: DeliveryState) => {
    delivery.state = state;
    delivery.nextAttemptAt = undefined;
    delivery.cancel = undefined;
  };

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
    const result = await sendAttempt(endpoint, delivery.event, dispatchUrl, urlRule);
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
    if (attempts.length > logLimit) attempts.splice(0, attempts.length - logLimit);
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
    countFailure(endpoint, clock.now());
  };

  /** An `at` now or earlier runs right away, but asynchronously. */
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
    trimDeliveries();
    if (!endpoint.enabled) finish(delivery, 'dropped');
    else schedule(delivery, endpoint, 1, clock.now() + delayMs);
    return delivery;
  };

  const fanOut = (envelope: WebhookEnvelope) => {
    for (const endpoint of endpoints) {
      if (envelope.type === 'ping' || envelope.company_id !== endpoint.companyId) continue;
      if (!endpoint.events.includes(envelope.type)) continue;
      const delay = reorderWindowMs ? Math.floor(rand() * reorderWindowMs) : 0;
      deliver(endpoint, envelope, false, delay);
      if (duplicate > 0 && rand() < duplicate) {
        const late = rand() < 0.5;
        const window = reorderWindowMs || 2 * 60_000;
        // Beside the original: due at its time, so both run at once, as copies can.
        deliver(endpoint, envelope, true, late ? delay + 1 + Math.floor(rand() * window) : delay);
      }
    }
  };

  /** Past `logLimit`, the oldest deliveries leave the records (a pending one still runs). */
  const trimDeliveries = () => {
    if (deliveries.length > logLimit) deliveries.splice(0, deliveries.length - logLimit);
  };

  const unsubscribe = options.onEvent(fanOut);
  // An attempt in flight ends at the time it started: its retry is due from there.
  const unhook = clock.beforeMove(() => settle());

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

  const api: DeliverySimulator = {
    register(registration) {
      const endpoint = createEndpoint(`we_${endpointSeq + 1}`, registration, {
        rule: urlRule,
        now: () => clock.now(),
        companyId: defaultCompanyId,
        // A refusal that comes after a reset finds nothing to remove.
        remove: (e) => {
          if (endpoints.includes(e)) api.remove(e);
        },
      });
      endpointSeq += 1;
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

    get chaos() {
      return chaosOptions;
    },

    get urlRule() {
      return {
        allowLoopbackHttp: urlRule.allowLoopbackHttp,
        allowHttpHosts: [...urlRule.allowHttpHosts],
      };
    },

    configure(configuration: DeliveryConfiguration) {
      const {
        logLimit: limit,
        allowLoopbackHttp,
        allowHttpHosts,
        ...chaos
      } = configuration ?? ({} as DeliveryConfiguration);
      const rule = parseInput(
        DeliveryUrlRule,
        { allowLoopbackHttp, allowHttpHosts },
        'webhooks.configure',
      );
      const given = parseInput(DeliveryChaos, chaos, 'webhooks.configure');
      const nextLimit = limit === undefined ? logLimit : checkLimit(limit);
      if (Object.keys(chaos).length > 0) {
        const merged = { ...chaosOptions, ...given };
        ({ duplicate, reorderWindowMs, rand } = chaosOf(merged));
        chaosOptions = merged;
      }
      if (rule.allowLoopbackHttp !== undefined) urlRule.allowLoopbackHttp = rule.allowLoopbackHttp;
      if (rule.allowHttpHosts !== undefined) urlRule.allowHttpHosts = rule.allowHttpHosts;
      logLimit = nextLimit;
      trimDeliveries();
      if (attempts.length > logLimit) attempts.splice(0, attempts.length - logLimit);
    },

    reset() {
      dropScheduled();
      ({ duplicate, reorderWindowMs, rand } = chaosOf(initialChaosOptions));
      chaosOptions = initialChaosOptions;
      Object.assign(urlRule, initialRule);
      endpoints = [];
      deliveries = [];
      attempts = [];
      endpointSeq = 0;
      deliverySeq = 0;
    },

    close() {
      unsubscribe();
      unhook();
      dropScheduled();
    },
  };
  return api;
}
