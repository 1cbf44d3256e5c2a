/** The webhook receiver: HTTP checks, and a deadline that answers a slow delivery within 10 s. @module */
import { cancelBody, OVER_CAP, readCappedBody } from '../internal/capped-body.ts';
import { isJsonContentType } from '../internal/utils.ts';
import { MemoryDedupeStore } from './dedupe/memory.ts';
import { WebhookNotProcessedError, WebhookPayloadError } from './errors.ts';
import type { WebhookEvent } from './events.ts';
import {
  checkOptions,
  DEFAULT_ACK_AFTER_MS,
  DEFAULT_BODY_TIMEOUT_MS,
  DEFAULT_DEDUPE_LEASE_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_EVENT_AGE_MS,
  DEFAULT_STORE_TIMEOUT_MS,
  type WebhookHandlerOptions,
} from './options.ts';
import { type Background, createBackground } from './pipeline/background.ts';
import {
  type Answer,
  type Claimed,
  claimDelivery,
  isAnswer,
  parseDelivery,
  processDelivery,
  type Receiver,
  toResponse,
  verifyDelivery,
} from './pipeline/delivery.ts';
import { handOff, refusedAnswer, tooOld } from './pipeline/handoff.ts';
import { persistUntilLeaseEnds, within } from './pipeline/timed-store.ts';
import type { WebhookQueue } from './queue/contract.ts';
import { logDeliveryError, webhookLogger } from './shared/logging.ts';
import { createHandlerTelemetry, type HandlerTelemetry } from './telemetry.ts';

/** A Fetch-API webhook handler (`Bun.serve`, `Deno.serve`, Hono; `toNodeListener` for Node). */
export interface WebhookHandler {
  (request: Request): Promise<Response>;
  /** Resolves once work after an early 202 and `onError` calls are done: await it on shutdown. */
  drain(): Promise<void>;
  /** Unfinished background work: events processed after their 202, and `onError` calls. */
  readonly pending: number;
}

const NOT_IN_TIME = 'The event could not be claimed in time; retry later.';

/**
 * Creates a Fetch-API handler for webhook deliveries (spec 6): checks, `verify` (401), parse (400),
 * `maxEventAgeMs` (200 refused), then with a `queue` the enqueue (200 once the broker has it, 503
 * if not), else the dedupe claim, `on[type]` and `onAny` (200, or 500 to get a retry); 202 or 503
 * at `ackAfterMs`. The answers are tabled in docs/webhooks-receiving.md; none echoes the payload (health data).
 * Throws `ConfigurationError` for a missing `verify`, an unknown `on` key or an option out of range.
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  checkOptions(options);
  const settings = resolveSettings(options);
  const background = createBackground();
  const telemetry = options.openTelemetry
    ? createHandlerTelemetry(options.openTelemetry)
    : undefined;
  const receiver = createReceiver(options, settings, background, telemetry);
  const handler = async (request: Request): Promise<Response> => {
    const started = performance.now();
    const seen: Seen = {};
    const answer = await handleDelivery(settings, receiver, background, request, seen);
    telemetry?.record(answer, seen.event, performance.now() - started);
    return toResponse(answer);
  };
  const internals: HandlerInternals = {
    maxBodyBytes: settings.maxBodyBytes,
    bodyTimeoutMs: settings.bodyTimeoutMs,
    report: receiver.report,
  };
  return Object.defineProperties(handler, {
    drain: { value: () => background.drain() },
    pending: { get: () => background.size },
    [HANDLER_INTERNALS]: { value: internals },
  }) as WebhookHandler;
}

/**
 * What a framework adapter reads of a handler it mounts (`fastifyWebhooks`): the body's limits,
 * and `onError`. A registered symbol, so that a handler of the ESM build works with the CJS one.
 */
export const HANDLER_INTERNALS = Symbol.for('@clinic-scheduling/sdk/webhooks.handler');

export interface HandlerInternals {
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  /** Tells `onError`, in the background. */
  report(error: unknown): void;
}

interface Settings {
  ackAfterMs: number | false;
  maxBodyBytes: number;
  storeTimeoutMs: number;
  bodyTimeoutMs: number;
  leaseMs: number;
  maxEventAgeMs: number | false;
  queue: WebhookQueue | undefined;
}

/** What the handler learnt of a delivery, for its metrics. */
interface Seen {
  event?: WebhookEvent;
}

function resolveSettings(options: WebhookHandlerOptions): Settings {
  return {
    maxEventAgeMs: options.maxEventAgeMs ?? DEFAULT_MAX_EVENT_AGE_MS,
    queue: options.queue,
    ackAfterMs: options.ackAfterMs ?? DEFAULT_ACK_AFTER_MS,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    storeTimeoutMs: options.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    leaseMs: options.dedupeLeaseMs ?? DEFAULT_DEDUPE_LEASE_MS,
  };
}

function createReceiver(
  options: WebhookHandlerOptions,
  settings: Settings,
  background: Background,
  telemetry: HandlerTelemetry | undefined,
): Receiver {
  const logger = webhookLogger(options, 'createWebhookHandler');
  const onError = options.onError ?? logDeliveryError(logger);
  const { leaseMs, storeTimeoutMs } = settings;
  // In the background, so that onError never breaks the answer.
  const report = (error: unknown, event?: WebhookEvent) =>
    background.track(Promise.resolve().then(() => onError(error, event)));
  return {
    on: options.on ?? {},
    onAny: options.onAny,
    verify: options.verify,
    store: options.dedupe === false ? undefined : options.dedupe || new MemoryDedupeStore(),
    leaseMs,
    report,
    within: (call, what, limitMs = storeTimeoutMs, subject) =>
      within(call, what, limitMs, storeTimeoutMs, subject),
    track: (work) => background.track(work),
    persist: (call, what, event) =>
      background.track(
        persistUntilLeaseEnds({ leaseMs, storeTimeoutMs, report }, call, what, event),
      ),
    telemetry,
  };
}

interface Deadline {
  race<T>(work: Promise<T>): Promise<T | 'late'>;
  passed(): boolean;
  cancel(): void;
}

function startDeadline(ackAfterMs: number | false): Deadline {
  let late = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline =
    ackAfterMs === false
      ? undefined
      : new Promise<'late'>((resolve) => {
          timer = setTimeout(() => {
            late = true;
            resolve('late');
          }, ackAfterMs);
        });
  return {
    race: (work) => (deadline ? Promise.race([work, deadline]) : work),
    passed: () => late,
    cancel: () => clearTimeout(timer),
  };
}

/** What a body read returns when `bodyTimeoutMs` passed first. */
const TOO_SLOW = Symbol('too slow');

async function readDelivery(
  settings: Settings,
  receiver: Receiver,
  request: Request,
): Promise<Uint8Array | Answer> {
  const { maxBodyBytes, bodyTimeoutMs } = settings;
  if (request.method !== 'POST') {
    cancelBody(request);
    return {
      status: 405,
      body: { detail: 'Webhook deliveries are POST requests.' },
      headers: { allow: 'POST' },
    };
  }
  const contentType = request.headers.get('content-type');
  if (contentType !== null && !isJsonContentType(contentType)) {
    receiver.report(new WebhookPayloadError(`The Content-Type ${contentType} is not JSON.`));
    cancelBody(request);
    return {
      status: 415,
      body: { detail: 'Webhook bodies are JSON: send Content-Type application/json.' },
    };
  }
  // A body still arriving at bodyTimeoutMs (slow-loris) is cancelled.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof TOO_SLOW>((resolve) => {
    timer = setTimeout(resolve, bodyTimeoutMs, TOO_SLOW);
  });
  let rawBody: Uint8Array | typeof OVER_CAP | typeof TOO_SLOW;
  try {
    rawBody = await readCappedBody(request, maxBodyBytes, late);
  } catch (error) {
    receiver.report(error);
    return { status: 400, body: { detail: 'The body could not be read.' } };
  } finally {
    clearTimeout(timer);
  }
  if (rawBody === OVER_CAP) {
    receiver.report(
      new WebhookPayloadError(`The webhook body is larger than ${maxBodyBytes} bytes.`),
    );
    return { status: 413, body: { detail: `The body is larger than ${maxBodyBytes} bytes.` } };
  }
  if (rawBody === TOO_SLOW) {
    const detail = `The body did not arrive within ${bodyTimeoutMs} ms.`;
    receiver.report(new WebhookPayloadError(`${detail} (bodyTimeoutMs)`));
    return { status: 408, body: { detail } };
  }
  return rawBody;
}

interface Admitted {
  event: WebhookEvent;
  claimed: Claimed;
}

/**
 * Once the deadline has passed (answered 503), no claim is made and a late one is released. With
 * a queue, or for an event too old, the answer comes from here.
 */
async function admit(
  settings: Settings,
  receiver: Receiver,
  request: Request,
  rawBody: Uint8Array,
  deadline: Deadline,
  parsed: (event: WebhookEvent) => void,
): Promise<Answer | Admitted> {
  const refused = await verifyDelivery(receiver, request, rawBody);
  if (refused) return refused;
  const event = parseDelivery(receiver, rawBody);
  if (isAnswer(event)) return event;
  parsed(event);
  if (deadline.passed()) return { status: 503, body: { detail: NOT_IN_TIME, id: event.id } };
  const refusal = tooOld(event, settings.maxEventAgeMs, Date.now());
  if (settings.queue) return handOff(receiver, settings.queue, event, refusal);
  if (refusal) {
    receiver.report(refusal, event);
    return refusedAnswer(event.id);
  }
  const claimed = await claimDelivery(receiver, event, deadline.passed);
  return isAnswer(claimed) ? claimed : { event, claimed };
}

/** A 2xx before the claim is confirmed could lose the event. */
function notClaimedInTime(
  receiver: Receiver,
  ackAfterMs: number | false,
  event?: WebhookEvent,
): Answer {
  const what = event ? `The delivery of event ${event.id}` : 'A delivery';
  receiver.report(
    new WebhookNotProcessedError(
      `${what} was answered 503 and ran no handler: verify and the claim of its event did not ` +
        `finish within ackAfterMs (${ackAfterMs} ms). The service retries it.`,
    ),
    event,
  );
  return {
    status: 503,
    body: event ? { detail: NOT_IN_TIME, id: event.id } : { detail: NOT_IN_TIME },
  };
}

async function handleDelivery(
  settings: Settings,
  receiver: Receiver,
  background: Background,
  request: Request,
  seen: Seen,
): Promise<Answer> {
  // The service's 10 s run from the delivery, so the deadline starts before our own checks.
  const deadline = startDeadline(settings.ackAfterMs);
  try {
    const rawBody = await readDelivery(settings, receiver, request);
    if (!(rawBody instanceof Uint8Array)) return rawBody;
    const admitted = admit(settings, receiver, request, rawBody, deadline, (parsed) => {
      seen.event = parsed;
    });
    const admission = await deadline.race(admitted);
    if (admission === 'late') {
      background.track(admitted);
      return notClaimedInTime(receiver, settings.ackAfterMs, seen.event);
    }
    if (isAnswer(admission)) return admission;
    const { id } = admission.event;
    const processed = processDelivery(receiver, admission.event, { request }, admission.claimed);
    const answer = await deadline.race(processed);
    if (answer !== 'late') return answer;
    background.track(processed);
    return { status: 202, body: { status: 'accepted', id } };
  } finally {
    deadline.cancel();
  }
}
