/**
 * The error hierarchy of the SDK. Every error the client throws is a {@link ClinicError}; an
 * answer of the service with a non-2xx status is an {@link APIError} subclass chosen by status
 * and, for 409, by `code`.
 *
 * No message, property or `util.inspect` output of these errors holds the API key: request
 * headers are never kept on an error, and response bodies are the service's.
 *
 * `errors/base.ts` holds the errors of a call without an answer; `errors/api.ts` those of a
 * non-2xx answer. This module is their one entry point.
 *
 * @module
 */
export * from './errors/api.ts';
export * from './errors/base.ts';
