/** zod schemas of spec 2's objects and 4's inputs, shared by the client and the reference server. @module */
export * from './appointment-types.ts';
export * from './appointments.ts';
export * from './errors.ts';
export * from './fields/index.ts';
export * from './patients.ts';
export * from './professionals.ts';
export * from './rooms.ts';
export * from './scopes.ts';
