/**
 * Errors of `@clinic-scheduling/sdk/webhooks`; all extend {@link ClinicError}. An option out of
 * range throws the root's `ConfigurationError` at construction.
 *
 * @module
 */

import { ClinicError } from '../core/errors.ts';
import { brandErrors } from '../internal/brand.ts';
import type { FieldErrors } from '../schemas/errors.ts';

/**
 * A body that is not a spec 6.1 envelope (not UTF-8 JSON, too large or too slow, or a member
 * that breaks its rules): thrown by {@link parseWebhookEvent}, and passed to `onError` by the
 * handler, which answers 400, 408, 413 or 415. It never holds the values (health data).
 */
export class WebhookPayloadError extends ClinicError {
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
export class WebhookVerificationError extends ClinicError {}

/**
 * Passed to `onError` when a delivery was answered 503 and ran no handler because `verify` or
 * the claim of its event was not done by `ackAfterMs`; the service retries it.
 */
export class WebhookNotProcessedError extends ClinicError {}

brandErrors({ WebhookPayloadError, WebhookVerificationError, WebhookNotProcessedError });
