/** How a call ended, as its span, metrics, hook events and log line tell it. @module */
import { APIError, APIUserAbortError, type ClinicError } from './errors/index.ts';

/**
 * How a call ended: `success`; `refusal`, an answer the caller can act on (400, 404, 409, 422:
 * a field, a record, the clinic's state, a reused key); `failure`, which no change of the
 * request mends (5xx, no answer, a timeout, a 429 after the retries, 401 and 403, which are
 * configuration, a body that fails its check); `cancelled`, the caller's own abort. Error rates
 * and alerts count `failure` only.
 */
export type CallOutcome = 'success' | 'refusal' | 'failure' | 'cancelled';

/** The statuses a caller can act on (spec 7): the request, not the service, is at fault. */
const REFUSALS: ReadonlySet<number> = new Set([400, 404, 409, 422]);

/** @internal The outcome of a call that rejected with `error`. */
export function outcomeOf(error: ClinicError): Exclude<CallOutcome, 'success'> {
  if (error instanceof APIUserAbortError) return 'cancelled';
  return error instanceof APIError && REFUSALS.has(error.status) ? 'refusal' : 'failure';
}
