/** The error hierarchy: `base.ts` (no answer), `api.ts` (non-2xx). @module */
export * from './api.ts';
export * from './base.ts';
