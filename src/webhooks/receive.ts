/**
 * The steps of one delivery once its body has been read: verify, parse, claim, dispatch and
 * settle. Each step returns the answer that ends the delivery, or what the next step needs. No
 * step sets a timer: `createWebhookHandler` (in `./handler.ts`) owns the clock and the answer
 * races, so each step can be tested on its own.
 *
 * @module
 */
import type { DedupeStore } from './dedupe.ts';
import {
  WebhookNotProcessedError,
  WebhookPayloadError,
  WebhookVerificationError,
} from './errors.ts';
import { parseWebhookEvent, type WebhookEvent } from './events.ts';
import type { WebhookContext, WebhookHandlers, WebhookVerifier } from './options.ts';

/** An answer of the handler, before it becomes a `Response`. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** The answer as a JSON `Response`. */
export function toResponse(answer: Answer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

/** What the steps of every delivery share, fixed when the handler is created. */
export interface Receiver {
  on: WebhookHandlers;
  onAny?: ((event: WebhookEvent, context: WebhookContext) => unknown) | undefined;
  verify?: WebhookVerifier | undefined;
  /** `undefined` when deduplication is off (`dedupe: false`). */
  store?: DedupeStore | undefined;
  leaseMs: number;
  /** Tells `onError`; never throws. */
  report(error: unknown, event?: WebhookEvent): void;
}

/** Runs `verify`, if any: `undefined` when the request may go on, else the 401 answer. */
export async function verifyDelivery(
  receiver: Receiver,
  request: Request,
  rawBody: Uint8Array,
): Promise<Answer | undefined> {
  const { verify } = receiver;
  if (!verify) return undefined;
  let verified: unknown;
  let cause: unknown;
  try {
    verified = await verify(request, rawBody);
  } catch (error) {
    cause = error;
  }
  if (verified === true) return undefined;
  const message =
    cause === undefined
      ? 'verify did not return true; the request is refused.'
      : 'verify threw; the request is refused.';
  receiver.report(
    new WebhookVerificationError(message, cause === undefined ? undefined : { cause }),
  );
  return { status: 401, body: { detail: 'The request could not be verified.' } };
}

/** Parses the envelope: the event, or the 400 answer naming the paths that failed. */
export function parseDelivery(receiver: Receiver, rawBody: Uint8Array): WebhookEvent | Answer {
  try {
    return parseWebhookEvent(rawBody);
  } catch (error) {
    receiver.report(error);
    const paths = error instanceof WebhookPayloadError ? error.paths : [];
    // Paths and fixed texts only: the values are health data.
    const detail =
      paths.length > 0
        ? `The body is not a webhook envelope of API v1; invalid: ${paths.join(', ')}.`
        : error instanceof WebhookPayloadError
          ? error.message
          : 'The body could not be parsed.';
    return { status: 400, body: { detail, paths } };
  }
}

/** Whether a step's result is the answer that ends the delivery. */
export function isAnswer(value: unknown): value is Answer {
  return typeof value === 'object' && value !== null && 'status' in value && 'body' in value;
}

/** A claim this delivery holds, under its own token. */
export interface Claimed {
  token: string;
}

/**
 * Claims the event id in the dedupe store under a fresh token: the claim, or the answer when
 * the event was processed already (200 duplicate), is being processed by another delivery
 * (409) or the store failed (503). `acked()` tells whether the delivery was answered 202
 * already, in which case a claim held elsewhere is reported as not processed.
 */
export async function claimDelivery(
  receiver: Receiver,
  event: WebhookEvent,
  acked: () => boolean,
): Promise<Claimed | Answer> {
  const token = crypto.randomUUID();
  const { store } = receiver;
  const { id } = event;
  if (!store) return { token };
  let claim: Awaited<ReturnType<DedupeStore['claim']>>;
  try {
    claim = await store.claim(id, receiver.leaseMs, token);
  } catch (error) {
    receiver.report(error, event);
    return {
      status: 503,
      body: { detail: 'The deduplication store is unavailable; retry later.', id },
    };
  }
  if (claim === 'done') return { status: 200, body: { status: 'duplicate', id } };
  if (claim === 'processing') {
    if (acked()) {
      receiver.report(
        new WebhookNotProcessedError(
          `The delivery of event ${id} was answered 202 (ackAfterMs passed before the dedupe ` +
            'store answered), and another delivery holds its claim: this one ran no handler.',
        ),
        event,
      );
    }
    return {
      status: 409,
      body: {
        detail: 'An earlier delivery of this event is still being processed; retry later.',
        id,
      },
      headers: { 'retry-after': '60' },
    };
  }
  return { token };
}

/** Runs `on[event.type]`, then `onAny`; rejects with the first handler's throw. */
export async function dispatchEvent(
  receiver: Receiver,
  event: WebhookEvent,
  context: WebhookContext,
): Promise<void> {
  const typed = receiver.on[event.type] as
    | ((event: WebhookEvent, context: WebhookContext) => unknown)
    | undefined;
  if (typed) await typed(event, context);
  if (receiver.onAny) await receiver.onAny(event, context);
}

/**
 * Runs the handlers of a claimed event and settles its claim: complete on success (200
 * processed), release on failure (500, so the service retries).
 */
export async function processDelivery(
  receiver: Receiver,
  event: WebhookEvent,
  context: WebhookContext,
  claimed: Claimed,
): Promise<Answer> {
  const { store } = receiver;
  const { id } = event;
  try {
    await dispatchEvent(receiver, event, context);
  } catch (error) {
    if (store) {
      try {
        await store.release(id, claimed.token);
      } catch (storeError) {
        receiver.report(storeError, event);
      }
    }
    receiver.report(error, event);
    return {
      status: 500,
      body: { detail: 'A handler failed; the service will retry this delivery.', id },
    };
  }
  if (store) {
    try {
      await store.complete(id);
    } catch (storeError) {
      // The handlers succeeded: answer 2xx all the same. A retry would run them again; the
      // claim's lease ends instead, and only a later duplicate could run them twice.
      receiver.report(storeError, event);
    }
  }
  return { status: 200, body: { status: 'processed', id } };
}
