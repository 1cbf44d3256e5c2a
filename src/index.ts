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
 * This module exports the public surface and nothing else; `api/sdk.api.md` lists it, and
 * `npm run api:check` fails when it changes without that report being updated.
 *
 * @module @clinic-scheduling/sdk
 */
// The client and its options.
export { type BookingIntentKeyOptions, bookingIntentKey } from './booking-intent.ts';
export { type ClientOptions, ClinicClient } from './client.ts';
export { APIPromise, type WithResponse } from './core/api-promise.ts';
// The error hierarchy (docs/errors.md).
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
export type {
  ErrorEvent,
  Hooks,
  OpenTelemetryApi,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  SpanAttributes,
  TelemetrySpan,
  TelemetryTracer,
} from './core/hooks.ts';
export type { LogFields, Logger, LogLevel } from './core/logger.ts';
export { Page, Paginator, TO_ARRAY_MAX_LIMIT } from './core/pagination.ts';
export type {
  AppointmentCreateOptions,
  ListRequestOptions,
  RequestOptions,
} from './core/request-options.ts';
export type { ResponseDrift, ResponseValidation } from './core/response-check.ts';
export { MAX_RETRY_AFTER_MS } from './internal/retry.ts';
// The resources: the classes of `clinic.appointments`, `clinic.patients`, ... (the client
// makes them; their constructors are internal).
export { AppointmentTypes } from './resources/appointment-types.ts';
export { Appointments } from './resources/appointments.ts';
export { Patients } from './resources/patients.ts';
export { Professionals } from './resources/professionals.ts';
export { Rooms } from './resources/rooms.ts';
// The objects and inputs of the spec: each an interface and, under the same name, its zod schema
// (the list queries and `AppointmentPatient` are types only).
export { AppointmentType, type AppointmentTypeListParams } from './schemas/appointment-types.ts';
export {
  Appointment,
  AppointmentCreateParams,
  type AppointmentListParams,
  AppointmentModality,
  AppointmentOrigin,
  type AppointmentPatient,
  AppointmentStatus,
  AppointmentUpdateParams,
  AppointmentUpdateStatus,
} from './schemas/appointments.ts';
export type { FieldErrors } from './schemas/errors.ts';
export {
  Gender,
  LIMITS,
  ListQuery,
  type ListQueryValue,
  NoListFilters,
} from './schemas/fields/index.ts';
export {
  Patient,
  PatientCreateParams,
  PatientListParams,
  PatientUpdateParams,
} from './schemas/patients.ts';
export { Professional, type ProfessionalListParams } from './schemas/professionals.ts';
export { Room, type RoomListParams } from './schemas/rooms.ts';
export { SCOPES, type Scope } from './schemas/scopes.ts';
export { VERSION } from './version.ts';
