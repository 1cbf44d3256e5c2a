/**
 * Errors of `@clinic-scheduling/sdk/webhooks`. All extend {@link ClinicError}, so one
 * `catch (err) { if (err instanceof ClinicError) ... }` covers the client and the webhooks.
 * Options out of range (of `createWebhookHandler`, the dedupe stores, `StaleEventGuard`) throw
 * `ConfigurationError`, exported from the package root, when they are constructed.
 *
 * @module
 */
import { brandErrors } from '../core/brand.ts';
import { ClinicError } from '../core/errors.ts';
import type { FieldErrors } from '../schemas/errors.ts';

/**
 * Thrown by {@link parseWebhookEvent} (and passed to `onError` by the webhook handler, which
 * answers 400, 413 or 415) when a body is not a webhook envelope of spec 6.1: not valid UTF-8
 * or JSON, too large, or with members that break the envelope's rules (an `api_version` other
 * than `v1`, an unknown `type`, an appointment that does not have the shape of spec 2.1...).
 *
 * `paths` names the members that failed, such as `data.start_at`; `issues` gives the message
 * for each. The values are never included: an envelope carries health data.
 *
 * @example
 * ```ts
 * try {
 *   parseWebhookEvent(body);
 * } catch (err) {
 *   if (err instanceof WebhookPayloadError) console.warn(err.paths); // ['api_version']
 * }
 * ```
 */
export class WebhookPayloadError extends ClinicError {
  /** `'WebhookPayloadError'`: the class name, which survives minification. */
  override name = 'WebhookPayloadError';
  /** Dotted paths of the members that failed (`api_version`, `data.patient.id`); empty when the body is not JSON at all. */
  readonly paths: string[];
  /** Path → messages, for each failed member. No values, only what was wrong. */
  readonly issues: FieldErrors;

  constructor(message: string, issues: FieldErrors = {}, options?: ErrorOptions) {
    super(message, options);
    this.issues = issues;
    this.paths = Object.keys(issues);
  }
}

/**
 * Passed to `onError` when the integrator's `verify` hook returned `false` or threw; the
 * handler then answers 401. When the hook threw, `cause` holds what it threw.
 */
export class WebhookVerificationError extends ClinicError {
  /** `'WebhookVerificationError'`: the class name, which survives minification. */
  override name = 'WebhookVerificationError';
}

/**
 * Passed to `onError` when a delivery was answered 503 and ran no handler because its event
 * was not claimed before `ackAfterMs`: a slow `verify`, or a dedupe store that had not
 * confirmed the claim. The handler never answers 2xx before the claim is confirmed (an
 * unconfirmed claim could be lost with the event); the service retries the delivery on its
 * schedule. `event` is given when the body was parsed by then.
 */
export class WebhookNotProcessedError extends ClinicError {
  /** `'WebhookNotProcessedError'`: the class name, which survives minification. */
  override name = 'WebhookNotProcessedError';
}

brandErrors({ WebhookPayloadError, WebhookVerificationError, WebhookNotProcessedError });
