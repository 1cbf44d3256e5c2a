/** Errors of `@clinic-scheduling/sdk/webhooks`; all extend {@link ClinicError}. @module */

import { ClinicError } from '../core/errors/index.ts';
import type { FieldErrors } from '../schemas/errors.ts';

/**
 * A body that is not a spec 6.1 envelope (answered 400, 408, 413 or 415), thrown by
 * {@link parseWebhookEvent}; it never holds the values (health data).
 */
export class WebhookPayloadError extends ClinicError {
  static override readonly name: string = 'WebhookPayloadError';

  /** Dotted paths of the failed members (`data.patient.id`); empty when the body is not JSON. */
  readonly paths: string[];
  /** Path → messages for each failed member. */
  readonly issues: FieldErrors;

  constructor(message: string, issues: FieldErrors = {}, options?: ErrorOptions) {
    super(message, options);
    this.issues = issues;
    this.paths = Object.keys(issues);
  }
}

/** Passed to `onError` when `verify` did not return `true` (a 401); `cause` is its throw. */
export class WebhookVerificationError extends ClinicError {
  static override readonly name: string = 'WebhookVerificationError';
}

/** Passed to `onError` for a 503: `verify` or the claim was not done by `ackAfterMs`. */
export class WebhookNotProcessedError extends ClinicError {
  static override readonly name: string = 'WebhookNotProcessedError';
}

/**
 * Passed to `onError` for an event whose `created_at` is older than `maxEventAgeMs`: it ran no
 * handler (a replayed capture, or a backlog), was answered 200, and went to the dead-letter queue
 * when the handler has a queue.
 */
export class WebhookEventTooOldError extends ClinicError {
  static override readonly name: string = 'WebhookEventTooOldError';
}

/**
 * A job's run outlived its queue's `jobTimeoutMs`: the attempt failed (the queue retries it, and
 * dead-letters it after its last attempt with this error as its reason), and the handlers'
 * `context.signal` aborted with it.
 */
export class WebhookJobTimeoutError extends ClinicError {
  static override readonly name: string = 'WebhookJobTimeoutError';

  /** The limit the run outlived, in ms. */
  readonly timeoutMs: number;

  constructor(timeoutMs: number, options?: ErrorOptions) {
    super(
      `The job ran out of time: it was still running after jobTimeoutMs (${timeoutMs} ms), ` +
        "and its handlers' context.signal was aborted.",
      options,
    );
    this.timeoutMs = timeoutMs;
  }
}
