/** A delivery's steps after its body is read; none sets a timer (the handler owns the clock). @module */
import { type DedupeStore, dedupeKey } from '../dedupe/contract.ts';
import { WebhookPayloadError, WebhookVerificationError } from '../errors.ts';
import { parseWebhookEvent, type WebhookEvent } from '../events.ts';
import type { WebhookContext, WebhookHandlers, WebhookVerifier } from '../options.ts';
import type { HandlerTelemetry } from '../telemetry.ts';
import { invoke } from './timed-store.ts';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

export function toResponse(answer: Answer): Response {
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export interface Receiver {
  on: WebhookHandlers;
  onAny?: ((event: WebhookEvent, context: WebhookContext) => unknown) | undefined;
  verify: WebhookVerifier | 'unsigned';
  store?: DedupeStore | undefined;
  leaseMs: number;
  /** Never throws. */
  report(error: unknown, event?: WebhookEvent): void;
  /** `limitMs` defaults to `storeTimeoutMs`. */
  within<T>(call: Promise<T>, what: string, limitMs?: number, subject?: string): Promise<T>;
  persist(call: () => unknown, what: string, event: WebhookEvent): void;
  track(work: Promise<unknown>): void;
  /** With `openTelemetry`: the enqueue's span and the letters' count. */
  telemetry?: HandlerTelemetry | undefined;
}

const STORE_DOWN = 'The deduplication store is unavailable; retry later.';

/** `undefined` when the request may go on, else the 401. */
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

/** Only an answer has a `status`: zod drops unknown members from an event. */
export function isAnswer(value: object): value is Answer {
  return 'status' in value;
}

export interface Claimed {
  token: string;
}

/** A store call that fails or times out is handed to `persist`, never to the answer. */
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
 * The claim, or its answer (200 duplicate, 409 in progress, 503 store down or late). A claim that
 * fails, lands late or outlives the delivery is released: it may have been applied.
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
    // Releasing under this delivery's token is a no-op if the claim was never applied.
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
      // In the background: a 500 held up by the store could become a 202, never retried.
      const release = () => store.release(dedupeKey(id), claimed.token);
      receiver.track(settleClaim(receiver, event, release, 'release'));
    }
    return {
      status: 500,
      body: { detail: 'A handler failed; the service will retry this delivery.', id },
    };
  }
  // 2xx even when `complete` has not landed: until it does, a duplicate gets 409, not a rerun.
  if (store) await settleClaim(receiver, event, () => store.complete(dedupeKey(id)), 'complete');
  return { status: 200, body: { status: 'processed', id } };
}
