/**
 * The webhook receiver: {@link createWebhookHandler} turns a map of event handlers into a
 * Fetch-API handler `(request: Request) => Promise<Response>` that checks the request, parses
 * the envelope, drops duplicates and answers within the service's 10 s limit (spec 6.3).
 * `toNodeListener` (in `./node.ts`) adapts it to `node:http` and Express.
 *
 * @module
 */
import { ConfigurationError } from '../core/errors.ts';
import { isJsonContentType } from '../internal/utils.ts';
import { type DedupeStore, MemoryDedupeStore } from './dedupe.ts';
import {
  WebhookNotProcessedError,
  WebhookPayloadError,
  WebhookVerificationError,
} from './errors.ts';
import {
  parseWebhookEvent,
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
  on?: WebhookHandlers;
  /** Runs for every event, `ping` included, after the handler of its type. */
  onAny?: (event: WebhookEvent, context: WebhookContext) => unknown;
  /**
   * Told about every failure: a handler that threw (the request was answered 500, or, after an
   * early 202, nothing will retry it), a body that was refused (`WebhookPayloadError`), a
   * failed `verify` (`WebhookVerificationError`), a dedupe store that failed, a delivery
   * answered 202 that another delivery's claim then kept from running
   * (`WebhookNotProcessedError`). `event` is given once the body was parsed. Default:
   * `console.error` with the event's id and type.
   */
  onError?: (error: unknown, event?: WebhookEvent) => unknown;
  /**
   * Where processed ids are remembered: default a {@link MemoryDedupeStore}; a
   * `RedisDedupeStore` for several machines; `false` to run the handlers on every delivery.
   */
  dedupe?: DedupeStore | false;
  /**
   * How long a claim on an event id holds while its handlers run, in ms (default 10 min). If
   * the process dies mid-event, retries are answered 409 until the lease ends, then processed.
   * Keep it above the time your slowest handler takes.
   */
  dedupeLeaseMs?: number;
  /** The integrator's signature check; see {@link WebhookVerifier}. Default: none. */
  verify?: WebhookVerifier;
  /**
   * When no answer is ready this many ms after the request arrived (default 9000), answer 202
   * and let the rest (`verify`, the dedupe store, the handlers) finish in the background, so
   * that the service, which waits at most 10 s, does not count the delivery as failed. The
   * 202 needs the whole body: a body still arriving then is acknowledged as soon as it has been
   * read. The service does not retry an answered delivery: a failure after the 202 reaches only
   * `onError`. `false` waits for everything always.
   */
  ackAfterMs?: number | false;
  /** Largest body accepted, in bytes (default 1 MiB); a larger one is answered 413. */
  maxBodyBytes?: number;
}

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

/** Default of `maxBodyBytes`: 1 MiB, far above an envelope holding one appointment. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default of `ackAfterMs`: 9 s, leaving 1 s of the service's 10 s for the answer to travel. */
export const DEFAULT_ACK_AFTER_MS = 9_000;
/** Default of `dedupeLeaseMs`: 10 minutes. */
export const DEFAULT_DEDUPE_LEASE_MS = 10 * 60_000;

/** What {@link readBody} returns for a body over the limit. */
const TOO_LARGE = Symbol('too large');

function json(status: number, body: unknown, headers?: Record<string, string>): Response {
  return Response.json(body, { status, headers });
}

/**
 * Tells the runtime that the body will not be read, before an answer that does not need it: a
 * body left unread would otherwise hold up the connection (`toNodeListener` discards the rest).
 */
async function discardBody(request: Request): Promise<void> {
  if (request.body && !request.bodyUsed) await request.body.cancel().catch(() => {});
}

/** Reads the body, refusing it as soon as it passes `limit` bytes. */
async function readBody(request: Request, limit: number): Promise<Uint8Array | typeof TOO_LARGE> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await discardBody(request);
    return TOO_LARGE;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function defaultOnError(error: unknown, event?: WebhookEvent): void {
  const where = event ? ` (event ${event.id}, ${event.type})` : '';
  console.error(`[@clinic-scheduling/sdk/webhooks] webhook delivery failed${where}:`, error);
}

function checkOptions(options: WebhookHandlerOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw new ConfigurationError(
      'createWebhookHandler takes an options object, such as { on: { ping: () => {} } }.',
    );
  }
  for (const key of Object.keys(options.on ?? {})) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(key)) {
      throw new ConfigurationError(
        `on['${key}'] is not an event type; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}. ` +
          'Use onAny for a handler of every event.',
      );
    }
  }
  const { ackAfterMs, maxBodyBytes, dedupeLeaseMs } = options;
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
  const { on = {}, onAny, verify } = options;
  const onError = options.onError ?? defaultOnError;
  const store = options.dedupe === false ? undefined : (options.dedupe ?? new MemoryDedupeStore());
  const leaseMs = options.dedupeLeaseMs ?? DEFAULT_DEDUPE_LEASE_MS;
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

  /** Tells `onError`, never letting it break the answer. */
  const report = (error: unknown, event?: WebhookEvent) => {
    track(Promise.resolve().then(() => onError(error, event)));
  };

  const dispatch = async (event: WebhookEvent, context: WebhookContext) => {
    const typed = on[event.type] as
      | ((event: WebhookEvent, context: WebhookContext) => unknown)
      | undefined;
    if (typed) await typed(event, context);
    if (onAny) await onAny(event, context);
  };

  /**
   * Runs the handlers and settles the claim made under `token`: complete on success, release
   * on failure.
   */
  const processEvent = async (
    event: WebhookEvent,
    context: WebhookContext,
    token: string,
  ): Promise<void> => {
    try {
      await dispatch(event, context);
    } catch (error) {
      if (store) {
        try {
          await store.release(event.id, token);
        } catch (storeError) {
          report(storeError, event);
        }
      }
      throw error;
    }
    if (store) {
      try {
        await store.complete(event.id);
      } catch (storeError) {
        // The handlers succeeded: answer 2xx all the same. A retry would run them again; the
        // claim's lease ends instead, and only a later duplicate could run them twice.
        report(storeError, event);
      }
    }
  };

  /**
   * Everything after the body was read: verify, parse, claim, run the handlers. Resolves with
   * the answer and never rejects (failures are reported). `acked()` tells whether the 202 went
   * out already, in which case that answer is dropped; `parsed(id)` makes the id known to it.
   */
  const respond = async (
    request: Request,
    rawBody: Uint8Array,
    acked: () => boolean,
    parsed: (id: string) => void,
  ): Promise<Response> => {
    if (verify) {
      let verified: unknown;
      let cause: unknown;
      try {
        verified = await verify(request, rawBody);
      } catch (error) {
        cause = error;
      }
      if (verified !== true) {
        const message =
          cause === undefined
            ? 'verify did not return true; the request is refused.'
            : 'verify threw; the request is refused.';
        report(new WebhookVerificationError(message, cause === undefined ? undefined : { cause }));
        return json(401, { detail: 'The request could not be verified.' });
      }
    }

    let event: WebhookEvent;
    try {
      event = parseWebhookEvent(rawBody);
    } catch (error) {
      report(error);
      const paths = error instanceof WebhookPayloadError ? error.paths : [];
      // Paths and fixed texts only: the values are health data.
      const detail =
        paths.length > 0
          ? `The body is not a webhook envelope of API v1; invalid: ${paths.join(', ')}.`
          : error instanceof WebhookPayloadError
            ? error.message
            : 'The body could not be parsed.';
      return json(400, { detail, paths });
    }
    const { id } = event;
    parsed(id);

    const token = crypto.randomUUID();
    if (store) {
      let claim: Awaited<ReturnType<DedupeStore['claim']>>;
      try {
        claim = await store.claim(id, leaseMs, token);
      } catch (error) {
        report(error, event);
        return json(503, { detail: 'The deduplication store is unavailable; retry later.', id });
      }
      if (claim === 'done') return json(200, { status: 'duplicate', id });
      if (claim === 'processing') {
        if (acked()) {
          report(
            new WebhookNotProcessedError(
              `The delivery of event ${id} was answered 202 (ackAfterMs passed before the dedupe ` +
                'store answered), and another delivery holds its claim: this one ran no handler.',
            ),
            event,
          );
        }
        return json(
          409,
          {
            detail: 'An earlier delivery of this event is still being processed; retry later.',
            id,
          },
          { 'retry-after': '60' },
        );
      }
    }

    try {
      await processEvent(event, { request }, token);
    } catch (error) {
      report(error, event);
      return json(500, { detail: 'A handler failed; the service will retry this delivery.', id });
    }
    return json(200, { status: 'processed', id });
  };

  const handler = async (request: Request): Promise<Response> => {
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
        return json(405, { detail: 'Webhook deliveries are POST requests.' }, { allow: 'POST' });
      }
      const contentType = request.headers.get('content-type');
      if (contentType !== null && !isJsonContentType(contentType)) {
        report(new WebhookPayloadError(`The Content-Type ${contentType} is not JSON.`));
        await discardBody(request);
        return json(415, {
          detail: 'Webhook bodies are JSON: send Content-Type application/json.',
        });
      }

      let rawBody: Uint8Array | typeof TOO_LARGE;
      try {
        rawBody = await readBody(request, maxBodyBytes);
      } catch (error) {
        report(error);
        return json(400, { detail: 'The body could not be read.' });
      }
      if (rawBody === TOO_LARGE) {
        report(new WebhookPayloadError(`The webhook body is larger than ${maxBodyBytes} bytes.`));
        return json(413, { detail: `The body is larger than ${maxBodyBytes} bytes.` });
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
      return json(202, id === undefined ? { status: 'accepted' } : { status: 'accepted', id });
    } finally {
      clearTimeout(timer);
    }
  };

  return Object.defineProperties(handler, {
    drain: {
      value: async () => {
        while (background.size > 0) await Promise.all(background);
      },
    },
    pending: { get: () => background.size },
  }) as WebhookHandler;
}
