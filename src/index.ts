/**
 * `@clinic-scheduling/sdk`: the client of the Clinic Scheduling Public API v1, its types, zod
 * schemas and errors.
 *
 * @example
 * ```ts
 * import { ClinicClient } from '@clinic-scheduling/sdk';
 *
 * const clinic = new ClinicClient(); // CLINIC_API_KEY and CLINIC_BASE_URL from the environment
 * const appointment = await clinic.appointments.create({
 *   patient_id: 7,
 *   professional_id: 3,
 *   appointment_type_id: 1,
 *   start_at: '2026-03-02T14:30:00-03:00',
 * });
 * ```
 *
 * @module @clinic-scheduling/sdk
 */
export { type ClientOptions, ClinicClient } from './client.ts';
export { APIPromise, type WithResponse } from './core/api-promise.ts';
export {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  type APIErrorInit,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  ClinicError,
  ConfigurationError,
  ConflictError,
  IdempotencyKeyReuseError,
  InternalServerError,
  NotFoundError,
  PatientCpfExistsError,
  PermissionDeniedError,
  RateLimitError,
  ReadBackError,
  ResponseValidationError,
  RoomRequiredError,
  SlotBlockedError,
  UnprocessableEntityError,
  ValidationError,
} from './core/errors.ts';
export type { Logger, LogLevel } from './core/logger.ts';
export { Page, Paginator, TO_ARRAY_MAX_LIMIT } from './core/pagination.ts';
export type { AppointmentCreateOptions, RequestOptions } from './core/request-options.ts';
export { APIResource } from './core/resource.ts';
export {
  API_PREFIX,
  MAX_RETRY_AFTER_MS,
  type RetryPolicy,
} from './core/transport.ts';
export { AppointmentTypes } from './resources/appointment-types.ts';
export { Appointments } from './resources/appointments.ts';
export { Patients } from './resources/patients.ts';
export { Professionals } from './resources/professionals.ts';
export { Rooms } from './resources/rooms.ts';
export * from './schemas/index.ts';
export { VERSION } from './version.ts';
