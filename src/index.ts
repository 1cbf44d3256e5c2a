/** The Clinic Scheduling Public API v1 client, its types, zod schemas and errors: the whole
 * public surface, listed in `api/sdk.api.md`. @module @clinic-scheduling/sdk */
export { type BookingIntentKeyOptions, bookingIntentKey } from './booking-intent.ts';
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
} from './core/errors/index.ts';
export type {
  ErrorEvent,
  Hooks,
  OpenTelemetryApi,
  RequestEvent,
  ResponseEvent,
  RetryEvent,
  SpanAttributes,
  SuccessEvent,
  TelemetryCounter,
  TelemetryHistogram,
  TelemetryInstrumentOptions,
  TelemetryMeter,
  TelemetrySpan,
  TelemetrySpanContext,
  TelemetryTracer,
} from './core/hooks.ts';
export type { LogFields, Logger, LogLevel } from './core/logger.ts';
export type { CallOutcome } from './core/outcome.ts';
export { Page, Paginator, TO_ARRAY_MAX_LIMIT } from './core/pagination.ts';
export type {
  AppointmentCreateOptions,
  ListRequestOptions,
  RequestOptions,
} from './core/request-options.ts';
export type { ResponseDrift, ResponseValidation } from './core/response-check.ts';
export { isClinicSdkRequest } from './core/sdk-request.ts';
export { MAX_RETRY_AFTER_MS } from './internal/retry.ts';
export { AppointmentTypes } from './resources/appointment-types.ts';
export { Appointments } from './resources/appointments.ts';
export { Patients } from './resources/patients.ts';
export { Professionals } from './resources/professionals.ts';
export { Rooms } from './resources/rooms.ts';
// Each spec object is an interface and, under the same name, its zod schema; a resource's
// schema file exports its objects, inputs and list params, nothing else.
export * from './schemas/appointment-types.ts';
export * from './schemas/appointments.ts';
export type { FieldErrors } from './schemas/errors.ts';
export {
  Gender,
  LIMITS,
  ListQuery,
  type ListQueryValue,
  NoListFilters,
} from './schemas/fields/index.ts';
export * from './schemas/patients.ts';
export * from './schemas/professionals.ts';
export * from './schemas/rooms.ts';
export { SCOPES, type Scope } from './schemas/scopes.ts';
export { VERSION } from './version.ts';
