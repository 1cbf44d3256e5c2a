/**
 * The error hierarchy's one entry: `errors/base.ts` holds a call's errors without an answer,
 * `errors/api.ts` those of a non-2xx answer (by status, and by `code` for 409). See docs/errors.md.
 * @module
 */
export * from './errors/api.ts';
export * from './errors/base.ts';
