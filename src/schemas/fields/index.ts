/** The field rules shared by the resources' schemas, the client and the reference server: one file per rule. @module */

export * from './appointment.ts';
export * from './cpf.ts';
export * from './ids.ts';
export * from './limits.ts';
export * from './list.ts';
export * from './patient.ts';
export * from './start-at.ts';
