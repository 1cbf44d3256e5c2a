/**
 * A stored job checked again before any handler runs: whatever the broker holds (a dead letter
 * edited by hand, a job written by another program) passes the envelope schema, or is
 * dead-lettered at once with its reason. @module
 */
import { dedupeKey } from '../dedupe/contract.ts';
import { WebhookPayloadError } from '../errors.ts';
import { isAppointmentEvent, parseWebhookEvent } from '../events.ts';
import { isTask, type WebhookJob, type WebhookTask } from '../queue/contract.ts';
import { isTooFarAhead, MAX_UPDATED_AT_AHEAD_MS } from '../stale.ts';
import { traceContextOf } from '../telemetry.ts';

/** A job as checked: an event job, a task, or why it cannot run. */
export type CheckedJob =
  | { kind: 'event'; job: WebhookJob }
  | { kind: 'task'; task: WebhookTask }
  | { kind: 'invalid'; reason: string; id: string | undefined };

const invalid = (reason: string, id?: unknown): CheckedJob => ({
  kind: 'invalid',
  reason: `The stored job cannot run: ${reason}`,
  id: typeof id === 'string' ? id : undefined,
});

/** Checks stored job data, as the worker does before any handler runs. */
export function checkJob(data: unknown, now = Date.now()): CheckedJob {
  if (typeof data !== 'object' || data === null) return invalid('it is not an object.');
  if (isTask(data)) return { kind: 'task', task: { kind: data.kind } };
  const { id, event: stored, receivedAt, trace } = data as Record<string, unknown>;
  if (typeof stored !== 'object' || stored === null) return invalid('it holds no event.', id);
  let event: WebhookJob['event'];
  try {
    // Unknown members are dropped, as from a delivery; an enum value added later still passes.
    event = parseWebhookEvent(stored);
  } catch (error) {
    const why = error instanceof WebhookPayloadError ? error.message : 'its event is unreadable.';
    return invalid(`its event is not a webhook envelope of API v1 (${why})`, id);
  }
  if (typeof id !== 'string' || dedupeKey(id) !== dedupeKey(event.id)) {
    return invalid(`its id is not its event's id (${event.id}).`, event.id);
  }
  if (typeof receivedAt !== 'number' || !Number.isFinite(receivedAt)) {
    return invalid('receivedAt is not a time in epoch ms.', id);
  }
  const context = traceContextOf(trace);
  if (trace !== undefined && !context) {
    return invalid('trace is not a W3C trace context (traceparent, tracestate).', id);
  }
  if (isAppointmentEvent(event) && isTooFarAhead(event.data.updated_at, now)) {
    return invalid(
      `data.updated_at is more than ${MAX_UPDATED_AT_AHEAD_MS / 60_000} min ahead of this ` +
        "machine's clock: applying it would make every later event of the appointment look " +
        'stale. Replay it once the clocks agree, if it is genuine.',
      id,
    );
  }
  return {
    kind: 'event',
    job: { id, event, receivedAt, ...(context ? { trace: context } : {}) },
  };
}
