/** The options of `createWebhookHandler`: types, defaults, and the range check made once. @module */
import { ConfigurationError } from '../core/errors/index.ts';
import type { DedupeStore } from './dedupe/contract.ts';
import { WEBHOOK_DELIVERY } from './delivery-schedule.ts';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from './events.ts';
import type { WebhookQueue } from './queue/contract.ts';
import type { WebhookLogOptions } from './shared/logging.ts';
import type { WebhookOpenTelemetryApi } from './telemetry.ts';

/** What a handler receives beside the event. */
export interface WebhookContext {
  /** The request that carried the event; its body was consumed already. */
  request: Request;
}

/** Handlers by event type; each receives the event narrowed to its type. */
export type WebhookHandlers = {
  [T in WebhookEventType]?: (event: WebhookEventOf<T>, context: WebhookContext) => unknown;
};

/**
 * Your signature check over the headers and `rawBody` (the spec shows no scheme: spec 6.3 rule 5).
 * Anything but `true`, or a throw, answers 401.
 */
export type WebhookVerifier = (request: Request, rawBody: Uint8Array) => boolean | Promise<boolean>;

/** Options of {@link createWebhookHandler}. */
export interface WebhookHandlerOptions extends WebhookLogOptions {
  /** Handlers by event type, run before `onAny`; an event with none is answered 200. */
  on?: WebhookHandlers | undefined;
  /** Runs for every event, `ping` included, after the handler of its type. */
  onAny?: ((event: WebhookEvent, context: WebhookContext) => unknown) | undefined;
  /**
   * Told of every failure, with `event` once parsed (default: a `logger` line with its id and
   * type, `warn` for a refused delivery, `error` for a failed one).
   */
  onError?: ((error: unknown, event?: WebhookEvent) => unknown) | undefined;
  /** Where processed ids are kept (default a `MemoryDedupeStore`); `false` turns dedupe off. */
  dedupe?: DedupeStore | false | undefined;
  /** How long a claim holds, in ms (default 10 min): above your slowest handler (else 409s). */
  dedupeLeaseMs?: number | undefined;
  /** Required: your {@link WebhookVerifier}, or `'unsigned'` for local tests only (forgeable). */
  verify: WebhookVerifier | 'unsigned';
  /**
   * Answer 202 when handlers still run this many ms after arrival (default 9000; `false` waits);
   * 503 if the claim is not confirmed by then. A failure after the 202 reaches only `onError`.
   */
  ackAfterMs?: number | false | undefined;
  /**
   * Time limit of each dedupe store call, in ms (default 2000): a late claim is answered 503; a
   * late `complete` or `release` is retried until the lease ends.
   */
  storeTimeoutMs?: number | undefined;
  /** Largest body accepted, in bytes (default 1 MiB); a larger one is answered 413. */
  maxBodyBytes?: number | undefined;
  /** Time for the whole body to arrive, in ms (default 5000, below 10 s); else a 408. */
  bodyTimeoutMs?: number | undefined;
  /**
   * The production shape: a durable queue (`BullMQWebhookQueue`, `PgBossWebhookQueue` or your
   * own {@link WebhookQueue}). Each verified event is enqueued under its envelope id and answered
   * 200 once the broker confirmed the write; workers (`createWebhookWorker`) run the handlers.
   * With a queue, `on`, `onAny` and `dedupe` are refused here: they belong to the workers.
   */
  queue?: WebhookQueue | undefined;
  /**
   * An event whose `created_at` is older than this, in ms, runs no handler: it is answered 200,
   * reported to `onError` (`WebhookEventTooOldError`) and, with a queue, dead-lettered (default
   * 24 h, above the service's 8 h 36 min retry span; `false` turns the check off).
   */
  maxEventAgeMs?: number | false | undefined;
  /**
   * The `@opentelemetry/api` module, for metrics of deliveries by outcome, dedupe hits,
   * acknowledgement latency and letters (`clinic_scheduling.webhook.*`) and, with a queue, a
   * `PRODUCER` span per enqueue whose context the job carries to the worker's span; nothing is
   * recorded without it.
   */
  openTelemetry?: WebhookOpenTelemetryApi | undefined;
}

/** Default of `maxEventAgeMs`: 24 hours, past the 8 h 36 min retry span of the service. */
export const DEFAULT_MAX_EVENT_AGE_MS = 24 * 60 * 60_000;

/** Default of `maxBodyBytes`: 1 MiB, far above an envelope holding one appointment. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default of `ackAfterMs`: 9 s, leaving 1 s of the service's 10 s for the answer to travel. */
export const DEFAULT_ACK_AFTER_MS = 9_000;
/** Default of `bodyTimeoutMs`: 5 s, for an envelope of a few KB. */
export const DEFAULT_BODY_TIMEOUT_MS = 5_000;
/** Default of `storeTimeoutMs`: 2 s. */
export const DEFAULT_STORE_TIMEOUT_MS = 2_000;
/** Default of `dedupeLeaseMs`: 10 minutes. */
export const DEFAULT_DEDUPE_LEASE_MS = 10 * 60_000;

const UNSIGNED = 'unsigned';

function checkVerify(verify: unknown): void {
  if (typeof verify === 'function' || verify === UNSIGNED) return;
  const given =
    verify === undefined ? 'verify is missing' : `verify is neither a function nor '${UNSIGNED}'`;
  throw new ConfigurationError(
    `createWebhookHandler: ${given}. Pass verify: (request, rawBody) => boolean, the signature ` +
      'check the service documents to you (see docs/webhooks-verifying.md), so ' +
      `that forged deliveries are refused; or, for local tests only, verify: '${UNSIGNED}'.`,
  );
}

/** With a queue the handlers run in workers; ids must be remembered as long as events are accepted. */
function checkQueue(options: WebhookHandlerOptions): void {
  const { queue, maxEventAgeMs, dedupe } = options;
  if (
    maxEventAgeMs !== undefined &&
    maxEventAgeMs !== false &&
    !(Number.isFinite(maxEventAgeMs) && maxEventAgeMs > WEBHOOK_DELIVERY.retryHorizonMs)
  ) {
    throw new ConfigurationError(
      `maxEventAgeMs must be longer than the service's retry span of ${WEBHOOK_DELIVERY.retryHorizonMs} ms ` +
        `(8 h 36 min), or false; leave it out for the default of ${DEFAULT_MAX_EVENT_AGE_MS} ms (24 h).`,
    );
  }
  const maxAge = maxEventAgeMs ?? DEFAULT_MAX_EVENT_AGE_MS;
  const keeps = (what: string, kept: unknown) => {
    if (maxAge !== false && typeof kept === 'number' && kept < maxAge) {
      throw new ConfigurationError(
        `${what} keeps ids ${kept} ms, less than maxEventAgeMs (${maxAge} ms): a delivery replayed ` +
          'in between would run again. Keep ids longer, or lower maxEventAgeMs.',
      );
    }
  };
  if (dedupe) keeps('The dedupe store', (dedupe as { ttlMs?: unknown }).ttlMs);
  if (queue === undefined) return;
  if (typeof queue?.enqueue !== 'function' || typeof queue.deadLetter !== 'function') {
    throw new ConfigurationError(
      'queue must be a WebhookQueue (BullMQWebhookQueue, PgBossWebhookQueue, or an object with ' +
        'enqueue and deadLetter); leave it out to run the handlers in this process.',
    );
  }
  if (options.on !== undefined || options.onAny !== undefined || dedupe !== undefined) {
    throw new ConfigurationError(
      'With a queue, the handler only enqueues: pass on, onAny (and any ordering) to ' +
        'createWebhookWorker, which runs them; the queue deduplicates by event id.',
    );
  }
  keeps('The queue', queue.retentionMs);
}

/** Throws a `ConfigurationError` naming the option out of range and what to give instead. */
export function checkOptions(options: WebhookHandlerOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      'createWebhookHandler takes an options object, such as { on: { ping: () => {} } }.',
    );
  }
  checkVerify(options.verify);
  checkQueue(options);
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
