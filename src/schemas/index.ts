/**
 * zod schemas for every object of spec section 2 and every input of section 4. The client checks
 * inputs and responses with them; the reference server enforces the same rules with them.
 *
 * @module
 */
export * from './appointment-types.ts';
export * from './appointments.ts';
export * from './errors.ts';
export * from './fields/index.ts';
export * from './patients.ts';
export * from './professionals.ts';
export * from './rooms.ts';
export * from './scopes.ts';
