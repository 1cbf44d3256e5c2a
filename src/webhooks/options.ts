/**
 * The options of `createWebhookHandler`: their types, their defaults and the check of their
 * ranges, made once when the handler is created.
 *
 * @module
 */
import { ConfigurationError } from '../core/errors.ts';
import type { DedupeStore } from './dedupe/contract.ts';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './events.ts';
import { WEBHOOK_DELIVERY } from './policy.ts';

/** What a handler receives beside the event. */
export interface WebhookContext {
  /** The request that carried the event. Its body was read already: the event is parsed. */
  request: Request;
}

/** Handlers by event type; each receives the event narrowed to its type. */
export type WebhookHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookContext) => unknown;
};

/**
 * The integrator's signature check. The spec does not show the service's signature scheme,
 * its header names nor how the signing secret is used (spec 6.3 rule 5), so the SDK ships no
 * scheme: write the check the service documents to you, here. Return `true` to accept; `false`
 * (or a throw, or anything else) answers 401.
 *
 * @param request - the request; read its headers, not its body (already consumed).
 * @param rawBody - the body exactly as received, for a check computed over the bytes.
 */
export type WebhookVerifier = (request: Request, rawBody: Uint8Array) => boolean | Promise<boolean>;

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions {
  /**
   * Handlers by event type, such as `{ 'appointment.created': (event) => ... }`. They run one
   * after the other: `on[event.type]`, then `onAny`. An event with no handler is answered 200.
   */
  on?: WebhookHandlers | undefined;
  /** Runs for every event, `ping` included, after the handler of its type. */
  onAny?: ((event: WebhookEvent, context: WebhookContext) => unknown) | undefined;
  /**
   * Told about every failure: a handler that threw (the request was answered 500, or, after an
   * early 202, nothing will retry it), a body that was refused (`WebhookPayloadError`), a
   * failed `verify` (`WebhookVerificationError`), a dedupe store that failed or did not
   * answer within `storeTimeoutMs`, a delivery answered 503 because its event was not claimed
   * before `ackAfterMs` (`WebhookNotProcessedError`). `event` is given once the body was
   * parsed. Default:
   * `console.error` with the event's id and type.
   */
  onError?: ((error: unknown, event?: WebhookEvent) => unknown) | undefined;
  /**
   * Where processed ids are remembered: default a `MemoryDedupeStore`; a `RedisDedupeStore`
   * or `PostgresDedupeStore` for several machines; `false` to run the handlers on every
   * delivery.
   */
  dedupe?: DedupeStore | false | undefined;
  /**
   * How long a claim on an event id holds while its handlers run, in ms (default 10 min). If
   * the process dies mid-event, retries are answered 409 until the lease ends, then processed.
   * Keep it above the time your slowest handler takes.
   */
  dedupeLeaseMs?: number | undefined;
  /**
   * Required. The integrator's signature check (see {@link WebhookVerifier}), or `'unsigned'`
   * to accept every well-formed envelope unchecked: only for local tests, since anyone who can
   * reach the endpoint could then forge a cancellation, poison the stale-event guard with a
   * far-future `updated_at` or fill the dedupe store with made-up ids.
   */
  verify: WebhookVerifier | 'unsigned';
  /**
   * When the handlers of a claimed event are still running this many ms after the request
   * arrived (default 9000), answer 202 and let them finish in the background, so that the
   * service, which waits at most 10 s, does not count the delivery as failed. The 202 is only
   * ever sent once the dedupe store has confirmed the claim: a delivery whose `verify` or
   * claim is not done by then is answered 503, runs no handler, and the service retries it:
   * leave them time (a value below what a Redis round trip takes answers every delivery 503).
   * The service does not retry an answered delivery: a handler failure after the 202 reaches
   * only `onError`. `false` waits for the handlers always.
   */
  ackAfterMs?: number | false | undefined;
  /**
   * The time limit of each call to the dedupe store, in ms (default 2000): a claim not
   * confirmed by then is answered 503 (a claim that lands later is released at once); a
   * `complete` or `release` not confirmed by then is retried in the background until it lands
   * or the lease ends. Keep it below `ackAfterMs`. It bounds a store that hangs, such as an
   * ioredis client queueing commands while Redis is down.
   */
  storeTimeoutMs?: number | undefined;
  /** Largest body accepted, in bytes (default 1 MiB); a larger one is answered 413. */
  maxBodyBytes?: number | undefined;
  /**
   * The time the whole body has to arrive in, in ms from the start of its reading (default
   * 5000): a body that trickles in slower (slow-loris) is answered 408 and cancelled, and
   * `toNodeListener` closes the connection. Below the service's 10 s limit.
   */
  bodyTimeoutMs?: number | undefined;
}

/** Default of `maxBodyBytes`: 1 MiB, far above an envelope holding one appointment. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default of `ackAfterMs`: 9 s, leaving 1 s of the service's 10 s for the answer to travel. */
export const DEFAULT_ACK_AFTER_MS = 9_000;
/** Default of `bodyTimeoutMs`: 5 s, for an envelope of a few KB. */
export const DEFAULT_BODY_TIMEOUT_MS = 5_000;
/** Default of `storeTimeoutMs`: 2 s, well below the 9 s of `ackAfterMs`. */
export const DEFAULT_STORE_TIMEOUT_MS = 2_000;
/** Default of `dedupeLeaseMs`: 10 minutes. */
export const DEFAULT_DEDUPE_LEASE_MS = 10 * 60_000;

/** The `onError` used when none is given: `console.error` with the event id and type only. */
export function defaultOnError(error: unknown, event?: WebhookEvent): void {
  const where = event ? ` (event ${event.id}, ${event.type})` : '';
  console.error(`[@clinic-scheduling/sdk/webhooks] webhook delivery failed${where}:`, error);
}

/** The opt-out of `verify`, for local tests: {@link WebhookHandlerOptions.verify}. */
const UNSIGNED = 'unsigned';

function checkVerify(verify: unknown): void {
  if (typeof verify === 'function' || verify === UNSIGNED) return;
  const given =
    verify === undefined ? 'verify is missing' : `verify is neither a function nor '${UNSIGNED}'`;
  throw new ConfigurationError(
    `createWebhookHandler: ${given}. Pass verify: (request, rawBody) => boolean, the signature ` +
      'check the service documents to you (see docs/webhooks.md, "Verifying deliveries"), so ' +
      `that forged deliveries are refused; or, for local tests only, verify: '${UNSIGNED}'.`,
  );
}

/**
 * Checks the options of `createWebhookHandler`.
 *
 * @throws ConfigurationError naming the option out of range and what to give instead.
 */
export function checkOptions(options: WebhookHandlerOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      'createWebhookHandler takes an options object, such as { on: { ping: () => {} } }.',
    );
  }
  checkVerify(options.verify);
  for (const key of Object.keys(options.on ?? {})) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(key)) {
      throw new ConfigurationError(
        `on['${key}'] is not an event type; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}. ` +
          'Use onAny for a handler of every event.',
      );
    }
  }
  const { ackAfterMs, maxBodyBytes, dedupeLeaseMs, storeTimeoutMs, bodyTimeoutMs } = options;
  if (
    ackAfterMs !== undefined &&
    ackAfterMs !== false &&
    !(
      Number.isFinite(ackAfterMs) &&
      ackAfterMs >= 0 &&
      ackAfterMs < WEBHOOK_DELIVERY.responseTimeoutMs
    )
  ) {
    throw new ConfigurationError(
      `ackAfterMs must be at least 0 and below the service's ${WEBHOOK_DELIVERY.responseTimeoutMs} ms limit, or false; ` +
        `leave it out for the default of ${DEFAULT_ACK_AFTER_MS} ms.`,
    );
  }
  if (
    storeTimeoutMs !== undefined &&
    !(
      Number.isFinite(storeTimeoutMs) &&
      storeTimeoutMs > 0 &&
      storeTimeoutMs < WEBHOOK_DELIVERY.responseTimeoutMs &&
      (ackAfterMs === false || storeTimeoutMs < (ackAfterMs ?? DEFAULT_ACK_AFTER_MS))
    )
  ) {
    throw new ConfigurationError(
      `storeTimeoutMs must be a positive number of milliseconds below the service's ${WEBHOOK_DELIVERY.responseTimeoutMs} ms limit ` +
        '(and below ackAfterMs, so that a hanging store is answered 503 in time); ' +
        `leave it out for the default of ${DEFAULT_STORE_TIMEOUT_MS} ms.`,
    );
  }
  if (
    bodyTimeoutMs !== undefined &&
    !(
      Number.isFinite(bodyTimeoutMs) &&
      bodyTimeoutMs > 0 &&
      bodyTimeoutMs < WEBHOOK_DELIVERY.responseTimeoutMs
    )
  ) {
    throw new ConfigurationError(
      `bodyTimeoutMs must be a positive number of milliseconds below the service's ${WEBHOOK_DELIVERY.responseTimeoutMs} ms limit; ` +
        `leave it out for the default of ${DEFAULT_BODY_TIMEOUT_MS} ms.`,
    );
  }
  if (maxBodyBytes !== undefined && !(Number.isInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new ConfigurationError(
      `maxBodyBytes must be a positive integer number of bytes; leave it out for the default of ${DEFAULT_MAX_BODY_BYTES} (1 MiB).`,
    );
  }
  if (dedupeLeaseMs !== undefined && !(Number.isFinite(dedupeLeaseMs) && dedupeLeaseMs > 0)) {
    throw new ConfigurationError(
      'dedupeLeaseMs must be a positive number of milliseconds, above the time your slowest ' +
        `handler takes; leave it out for the default of ${DEFAULT_DEDUPE_LEASE_MS} ms (10 min).`,
    );
  }
}
