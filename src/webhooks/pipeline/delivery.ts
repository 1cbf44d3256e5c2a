/**
 * The steps of one delivery once its body has been read: verify, parse, claim, dispatch and
 * settle. Each step returns the answer that ends the delivery, or what the next step needs. No
 * step sets a timer: `createWebhookHandler` (in `./handler.ts`) owns the clock and the answer
 * races, so each step can be tested on its own.
 *
 * Internal: not exported from the package; it may change in any release.
 *
 * @module
 */
import { type DedupeStore, dedupeKey } from '../dedupe/contract.ts';
import { WebhookPayloadError, WebhookVerificationError } from '../errors.ts';
import { parseWebhookEvent, type WebhookEvent } from '../events.ts';
import type { WebhookContext, WebhookHandlers, WebhookVerifier } from '../options.ts';
import { invoke } from './timed-store.ts';

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
  /** `'unsigned'`: the integrator opted out of verification (local tests). */
  verify: WebhookVerifier | 'unsigned';
  /** `undefined` when deduplication is off (`dedupe: false`). */
  store?: DedupeStore | undefined;
  leaseMs: number;
  /** Tells `onError`; never throws. */
  report(error: unknown, event?: WebhookEvent): void;
  /**
   * Settles with `call`, or rejects with an error naming `what` when `limitMs` (by default the
   * store's time limit, `storeTimeoutMs`) passes first.
   */
  within<T>(call: Promise<T>, what: string, limitMs?: number): Promise<T>;
  /** Retries a store call in the background until it lands or the claim's lease ends. */
  persist(call: () => unknown, what: string, event: WebhookEvent): void;
  /** Keeps background work counted in `pending` and awaited by `drain()`. */
  track(work: Promise<unknown>): void;
}

const STORE_DOWN = 'The deduplication store is unavailable; retry later.';

/** Runs `verify` (unless opted out): `undefined` when the request may go on, else the 401 answer. */
export async function verifyDelivery(
  receiver: Receiver,
  request: Request,
  rawBody: Uint8Array,
): Promise<Answer | undefined> {
  const { verify } = receiver;
  if (verify === 'unsigned') return undefined;
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

/**
 * Whether a step's result is the answer that ends the delivery: the only result with a
 * `status` (an event has none, zod dropping unknown members; neither has a claim or an
 * admission).
 */
export function isAnswer(value: object): value is Answer {
  return 'status' in value;
}

/** A claim this delivery holds, under its own token. */
export interface Claimed {
  token: string;
}

/**
 * Runs one store call within its time limit; on a failure or a time-out, reports it and hands
 * the call to {@link Receiver.persist}. Resolves once the call landed or was handed over.
 */
async function settleClaim(
  receiver: Receiver,
  event: WebhookEvent,
  call: () => unknown,
  what: string,
): Promise<void> {
  try {
    await receiver.within(invoke(call), `${what} of event ${event.id}`);
  } catch (error) {
    receiver.report(error, event);
    receiver.persist(call, what, event);
  }
}

/**
 * Claims the event id in the dedupe store under a fresh token: the claim, or the answer when
 * the event was processed already (200 duplicate), is being processed by another delivery
 * (409), or the store failed or did not answer in time (503). A claim confirmed too late (after
 * its time limit, or once `abandoned()` says the delivery was answered), or one that failed (it
 * may have been applied before the connection broke), is released: this delivery will run no
 * handler, and the service retries it.
 */
export async function claimDelivery(
  receiver: Receiver,
  event: WebhookEvent,
  abandoned: () => boolean,
): Promise<Claimed | Answer> {
  const token = crypto.randomUUID();
  const { store } = receiver;
  const { id } = event;
  if (!store) return { token };
  const unavailable: Answer = { status: 503, body: { detail: STORE_DOWN, id } };
  const key = dedupeKey(id);
  const release = () => store.release(key, token);
  const pending = invoke(() => store.claim(key, receiver.leaseMs, token));
  let claim: Awaited<typeof pending>;
  try {
    claim = await receiver.within(pending, `claim of event ${id}`);
  } catch (error) {
    receiver.report(error, event);
    // The claim may have been applied though its answer came late or was lost with the
    // connection: once the call settles (waited for as long as a claim can hold), release it
    // under this delivery's token, which is a no-op when it was not applied.
    const settled = receiver.within(pending, `late claim of event ${id}`, receiver.leaseMs);
    receiver.track(
      settled.then(
        () => settleClaim(receiver, event, release, 'release'),
        () => settleClaim(receiver, event, release, 'release'),
      ),
    );
    return unavailable;
  }
  if (claim === 'done') return { status: 200, body: { status: 'duplicate', id } };
  if (claim === 'processing') {
    return {
      status: 409,
      body: {
        detail: 'An earlier delivery of this event is still being processed; retry later.',
        id,
      },
      headers: { 'retry-after': '60' },
    };
  }
  if (abandoned()) {
    await settleClaim(receiver, event, release, 'release');
    return unavailable;
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
 * processed), release on failure (500 at once, so the service retries; the release goes on in
 * the background). A store call that fails or times out does not change the answer: it is
 * retried in the background.
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
    receiver.report(error, event);
    if (store) {
      // In the background: a 500 held up by the store could meet the deadline and become a
      // 202, and the service would never retry the event.
      const release = () => store.release(dedupeKey(id), claimed.token);
      receiver.track(settleClaim(receiver, event, release, 'release'));
    }
    return {
      status: 500,
      body: { detail: 'A handler failed; the service will retry this delivery.', id },
    };
  }
  // The handlers succeeded: answer 2xx even when the store cannot record it yet (a retry would
  // run them again); until `complete` lands, a duplicate finds the claim and gets 409.
  if (store) await settleClaim(receiver, event, () => store.complete(dedupeKey(id)), 'complete');
  return { status: 200, body: { status: 'processed', id } };
}
