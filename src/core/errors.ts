/** The error hierarchy: `errors/base.ts` (no answer), `errors/api.ts` (non-2xx). @module */
export * from './errors/api.ts';
export * from './errors/base.ts';
