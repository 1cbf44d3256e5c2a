/** A delivery with a queue: refused when too old, else enqueued; 2xx once the broker has it. @module */
import { WebhookEventTooOldError } from '../errors.ts';
import type { WebhookEvent } from '../events.ts';
import type { WebhookJob, WebhookQueue } from '../queue/contract.ts';
import type { Answer, Receiver } from './delivery.ts';

const SAO_PAULO_OFFSET_MS = -3 * 60 * 60_000;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/** Epoch ms of `created_at`; without a zone it is São Paulo time (UTC−3 all year since 2019). */
export function createdAtMs(event: WebhookEvent): number {
  const value = event.created_at.trim();
  if (HAS_ZONE.test(value)) return Date.parse(value);
  return Date.parse(`${value}Z`) - SAO_PAULO_OFFSET_MS;
}

/** The refusal of an event older than `maxEventAgeMs`, or `undefined` when it may go on. */
export function tooOld(
  event: WebhookEvent,
  maxEventAgeMs: number | false,
  now: number,
): WebhookEventTooOldError | undefined {
  if (maxEventAgeMs === false) return undefined;
  const age = now - createdAtMs(event);
  // An unreadable created_at is not refused: the schema let it through as an ISO instant.
  if (!(age > maxEventAgeMs)) return undefined;
  return new WebhookEventTooOldError(
    `Event ${event.id} (${event.type}) was created ${Math.round(age / 60_000)} min ago, more than ` +
      `maxEventAgeMs (${maxEventAgeMs} ms): it ran no handler and was answered 200 (a replayed ` +
      'capture, or a backlog: replay it from the dead-letter queue if it is genuine).',
  );
}

export const refusedAnswer = (id: string): Answer => ({
  status: 200,
  body: { status: 'refused', id },
});

const QUEUE_DOWN = 'The queue did not take the event; retry later.';

/** Enqueues, or dead-letters a refused event; a write the broker did not confirm is a 503. */
export async function handOff(
  receiver: Receiver,
  queue: WebhookQueue,
  event: WebhookEvent,
  refusal: WebhookEventTooOldError | undefined,
): Promise<Answer> {
  const { telemetry } = receiver;
  const job: WebhookJob = { id: event.id, event, receivedAt: Date.now() };
  if (refusal) {
    receiver.report(refusal, event);
    try {
      await receiver.within(
        queue.deadLetter(job, refusal.message, 'refused'),
        `dead-letter of ${event.id}`,
        undefined,
        'The queue',
      );
    } catch (error) {
      receiver.report(error, event);
      return { status: 503, body: { detail: QUEUE_DOWN, id: event.id } };
    }
    telemetry?.deadLettered(event);
    return refusedAnswer(event.id);
  }
  const span = telemetry?.send(event, queue.name);
  if (span?.trace) job.trace = span.trace;
  try {
    const added = await receiver.within(
      queue.enqueue(job),
      `enqueue of ${event.id}`,
      undefined,
      'The queue',
    );
    const status = added === 'added' ? 'queued' : 'duplicate';
    span?.end(status);
    return { status: 200, body: { status, id: event.id } };
  } catch (error) {
    span?.end('failed', error);
    receiver.report(error, event);
    return { status: 503, body: { detail: QUEUE_DOWN, id: event.id } };
  }
}
