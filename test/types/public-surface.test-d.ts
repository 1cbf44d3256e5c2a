/**
 * Issue 15, "Public surface": checked against the emitted declarations (`dist/`, what a user's
 * editor reads), internals are unreachable and the root exports only the public surface. The
 * whole surface is listed in api/*.api.md (`npm run api:check`).
 */

import type * as sdk from '@clinic-scheduling/sdk';
import type { ClinicClient, Page, Paginator, Rooms } from '@clinic-scheduling/sdk';
import { expectTypeOf } from 'expect-type';

// Autocomplete offers no internal helper.
expectTypeOf<ClinicClient>().not.toHaveProperty('_request');
expectTypeOf<ClinicClient>().not.toHaveProperty('_list');
expectTypeOf<ClinicClient>().not.toHaveProperty('_call');
expectTypeOf<ClinicClient>().not.toHaveProperty('_transport');
expectTypeOf<Rooms>().not.toHaveProperty('_client');
expectTypeOf<ClinicClient['appointments']>().not.toHaveProperty('_client');
// What it does offer.
expectTypeOf<keyof ClinicClient>().toEqualTypeOf<
  | 'appointments'
  | 'patients'
  | 'professionals'
  | 'rooms'
  | 'appointmentTypes'
  | 'baseUrl'
  | 'timeout'
  | 'maxRetries'
  | 'maxResponseBytes'
  | 'validateResponses'
  | 'maxEmptyPages'
  | 'withOptions'
  | 'toJSON'
>();
// A resource offers its rows' methods (api/*.api.md lists them), nothing internal.
expectTypeOf<Extract<keyof Rooms, `_${string}`>>().toEqualTypeOf<never>();
expectTypeOf<keyof Page<unknown>>().toEqualTypeOf<
  | 'results'
  | 'next'
  | 'previous'
  | 'response'
  | 'hasNextPage'
  | 'hasPreviousPage'
  | 'getNextPage'
  | 'getPreviousPage'
  | typeof Symbol.asyncIterator
>();
expectTypeOf<keyof Paginator<unknown>>().toEqualTypeOf<
  'then' | 'catch' | 'pages' | 'toArray' | 'withResponse' | typeof Symbol.asyncIterator
>();

// Internals are no longer exported from the root (CHANGELOG, "Removed").
type Root = typeof sdk;
const REMOVED = [
  'API_PREFIX',
  'APIResource',
  'AppointmentId',
  'BirthDate',
  'Cpf',
  'Email',
  'IdempotencyKey',
  'IntegerId',
  'Note',
  'PatientName',
  'Phone',
  'ResponseDateTime',
  'StartAt',
  'formatInstant',
  'isValidCpf',
  'normalizeCpf',
  'pageEnvelope',
  'parseStartAt',
  'typeError',
  'issuesToFields',
  'NON_FIELD_ERRORS',
  'FieldErrorsBody',
  'DetailBody',
  'CodeDetailBody',
] as const;
expectTypeOf<Extract<keyof Root, (typeof REMOVED)[number]>>().toEqualTypeOf<never>();
// @ts-expect-error internal: the retry policy of each operation is stated in its resource
type _RetryPolicy = sdk.RetryPolicy;
// @ts-expect-error internal: the start_at parser of the reference server
type _StartAtParts = sdk.StartAtParts;
// @ts-expect-error removed: AppointmentCreateParams is the input, its wire form is internal
type _CreateBody = sdk.AppointmentCreateBody;
// @ts-expect-error removed: AppointmentUpdateParams is the input, its wire form is internal
type _UpdateBody = sdk.AppointmentUpdateBody;
// The resource classes are exported (as the types of clinic.rooms, ...); the client makes them.
expectTypeOf<InstanceType<Root['Rooms']>>().toEqualTypeOf<Rooms>();
