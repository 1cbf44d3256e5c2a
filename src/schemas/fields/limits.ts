/** The spec's limits (section 8) and the message of a field's type check. @module */

/** Limits stated in section 8 of the spec. */
export const LIMITS = {
  /** `Idempotency-Key` header: at most 255 characters. */
  idempotencyKeyLength: 255,
  /** Idempotency replay window: 24 hours. */
  idempotencyWindowMs: 24 * 60 * 60 * 1000,
  /** Appointment `note`: at most 2000 characters. */
  noteLength: 2000,
  /** Patient `name`: at most 255 characters. */
  patientNameLength: 255,
  /** Patient `phone`: at most 40 characters. */
  patientPhoneLength: 40,
  /** Patient `cpf`: at most 20 characters. */
  patientCpfLength: 20,
  /** Patient `email`: at most 100 characters. */
  patientEmailLength: 100,
  /** List page size: default 50. */
  defaultPageSize: 50,
  /** List page size: maximum 100. */
  maxPageSize: 100,
} as const;

/** A zod error option: "is required" for a missing value, else `message`, so the two differ. */
export function typeError(message: string) {
  return {
    error: (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : message),
  };
}
