/**
 * The webhook receiver: {@link createWebhookHandler} turns a map of event handlers into a
 * Fetch-API handler `(request: Request) => Promise<Response>` that checks the request, parses
 * the envelope, drops duplicates and answers within the service's 10 s limit (spec 6.3). The
 * steps of a delivery are in `./receive.ts`; this file holds the request checks, the clock and
 * the background work. `toNodeListener` (in `./node.ts`) adapts it to `node:http` and Express.
 *
 * @module
 */
import { isJsonContentType } from '../core/utils.ts';
import { discardBody, readBody, TOO_LARGE } from './body.ts';
import { MemoryDedupeStore } from './dedupe.ts';
import { WebhookPayloadError } from './errors.ts';
import type { WebhookEvent } from './events.ts';
import {
  checkOptions,
  DEFAULT_ACK_AFTER_MS,
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_MAX_BODY_BYTES,
  defaultOnError,
  type WebhookHandlerOptions,
} from './options.ts';
import {
  type Answer,
  claimDelivery,
  isAnswer,
  parseDelivery,
  processDelivery,
  type Receiver,
  toResponse,
  verifyDelivery,
} from './receive.ts';

/**
 * A Fetch-API webhook handler: pass it to `Bun.serve`, `Deno.serve`, a worker's `fetch`, Hono,
 * Next.js route handlers, or to `toNodeListener` for `node:http` and Express.
 */
export interface WebhookHandler {
  (request: Request): Promise<Response>;
  /**
   * Resolves once all work still running after an early 202 has finished (and `onError` was
   * told of its failures): await it before a graceful shutdown, or in a worker's `waitUntil`.
   */
  drain(): Promise<void>;
  /**
   * How many pieces of background work are unfinished: events still being processed after
   * their 202, and `onError` calls.
   */
  readonly pending: number;
}

/**
 * Creates a Fetch-API handler for webhook deliveries (spec 6). For each request it:
 *
 * 1. answers **405** to anything but POST, **415** to a `Content-Type` that is not JSON (none
 *    at all is tolerated), **413** to a body over `maxBodyBytes`; a body it will not read is
 *    cancelled, so that the runtime discards it and the connection stays usable;
 * 2. runs `verify`, if given: not `true` → **401**;
 * 3. parses the envelope: not JSON, or not an envelope of spec 6.1 (`api_version` other than
 *    `v1` included) → **400** `{ detail, paths }`;
 * 4. claims the envelope `id` in the dedupe store, under a token of this delivery (only this
 *    delivery can release its claim): processed already → **200**
 *    `{ status: 'duplicate' }` without running handlers; being processed by another delivery
 *    right now → **409** with `Retry-After`, so the service tries again later (answering 2xx
 *    would lose the event if that first run fails); the store failing → **503**;
 * 5. runs `on[event.type]`, then `onAny`: success → **200** `{ status: 'processed', id }` and
 *    the id is marked done; a throw → **500**, the claim is released and the service's retry
 *    runs the handlers again;
 * 6. when no answer is ready `ackAfterMs` (9 s) after the request arrived, answers **202**
 *    `{ status: 'accepted', id }` (no `id` while `verify` still runs: the envelope is not parsed
 *    yet) and lets the rest finish, steps 2 to 5 included; a later failure releases the claim
 *    and reaches `onError`.
 *
 * Answers never echo the payload: it holds health data.
 *
 * @throws {@link "@clinic-scheduling/sdk"!ConfigurationError | ConfigurationError} when `on` has a key that is not an event type, or an
 *   `ackAfterMs`, `maxBodyBytes` or `dedupeLeaseMs` is out of range.
 *
 * @example
 * ```ts
 * const handler = createWebhookHandler({
 *   on: {
 *     'appointment.created': async (event) => { await db.upsert(event.data); },
 *     ping: () => {}, // the web application's test button
 *   },
 *   verify: (request, rawBody) => myVerify(request.headers, rawBody), // the scheme the service gave you
 * });
 * Bun.serve({ fetch: handler });
 * ```
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkOptions(options);
  const onError = options.onError ?? defaultOnError;
  const ackAfterMs = options.ackAfterMs ?? DEFAULT_ACK_AFTER_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const background = new Set<Promise<unknown>>();

  const track = (promise: Promise<unknown>) => {
    const tracked = promise.then(
      () => {},
      () => {},
    );
    background.add(tracked);
    void tracked.then(() => background.delete(tracked));
  };

  const receiver: Receiver = {
    on: options.on ?? {},
    onAny: options.onAny,
    verify: options.verify,
    store: options.dedupe === false ? undefined : (options.dedupe ?? new MemoryDedupeStore()),
    leaseMs: options.dedupeLeaseMs ?? DEFAULT_DEDUPE_LEASE_MS,
    // Tells onError, never letting it break the answer.
    report: (error: unknown, event?: WebhookEvent) => {
      track(Promise.resolve().then(() => onError(error, event)));
    },
  };

  /**
   * Everything after the body was read: verify, parse, claim, run the handlers. Resolves with
   * the answer and never rejects (failures are reported). `acked()` tells whether the 202 went
   * out already; `parsed(id)` makes the id known to it.
   */
  const respond = async (
    request: Request,
    rawBody: Uint8Array,
    acked: () => boolean,
    parsed: (id: string) => void,
  ): Promise<Answer> => {
    const refused = await verifyDelivery(receiver, request, rawBody);
    if (refused) return refused;
    const event = parseDelivery(receiver, rawBody);
    if (isAnswer(event)) return event;
    parsed(event.id);
    const claim = await claimDelivery(receiver, event, acked);
    if (isAnswer(claim)) return claim;
    return processDelivery(receiver, event, { request }, claim);
  };

  const handle = async (request: Request): Promise<Answer> => {
    // The service's 10 s run from the delivery, so the early answer's deadline runs from the
    // arrival of the request, not from the end of our own checks.
    let timer: ReturnType<typeof setTimeout> | undefined;
    let acked = false;
    const deadline =
      ackAfterMs === false
        ? undefined
        : new Promise<'ack'>((resolve) => {
            timer = setTimeout(() => {
              acked = true;
              resolve('ack');
            }, ackAfterMs);
          });
    try {
      if (request.method !== 'POST') {
        await discardBody(request);
        return {
          status: 405,
          body: { detail: 'Webhook deliveries are POST requests.' },
          headers: { allow: 'POST' },
        };
      }
      const contentType = request.headers.get('content-type');
      if (contentType !== null && !isJsonContentType(contentType)) {
        receiver.report(new WebhookPayloadError(`The Content-Type ${contentType} is not JSON.`));
        await discardBody(request);
        return {
          status: 415,
          body: { detail: 'Webhook bodies are JSON: send Content-Type application/json.' },
        };
      }

      let rawBody: Uint8Array | typeof TOO_LARGE;
      try {
        rawBody = await readBody(request, maxBodyBytes);
      } catch (error) {
        receiver.report(error);
        return { status: 400, body: { detail: 'The body could not be read.' } };
      }
      if (rawBody === TOO_LARGE) {
        receiver.report(
          new WebhookPayloadError(`The webhook body is larger than ${maxBodyBytes} bytes.`),
        );
        return { status: 413, body: { detail: `The body is larger than ${maxBodyBytes} bytes.` } };
      }

      let id: string | undefined;
      const answer = respond(
        request,
        rawBody,
        () => acked,
        (parsed) => {
          id = parsed;
        },
      );
      const first = await (deadline ? Promise.race([answer, deadline]) : answer);
      if (first !== 'ack') return first;
      track(answer);
      return {
        status: 202,
        body: id === undefined ? { status: 'accepted' } : { status: 'accepted', id },
      };
    } finally {
      clearTimeout(timer);
    }
  };

  const handler = async (request: Request): Promise<Response> => toResponse(await handle(request));

  return Object.defineProperties(handler, {
    drain: {
      value: async () => {
        while (background.size > 0) await Promise.all(background);
      },
    },
    pending: { get: () => background.size },
  }) as WebhookHandler;
}
