/**
 * Issue 15, "Options types": `idempotencyKey` only in the options of `appointments.create`;
 * every optional option accepts `undefined` explicitly (what a project with
 * `exactOptionalPropertyTypes` writes: exact-optional.test-d.ts).
 */
import { expectTypeOf } from 'expect-type';
import type {
  AppointmentCreateOptions,
  AppointmentCreateParams,
  ClientOptions,
  ClinicClient,
  Hooks,
  RequestOptions,
} from '../../src/index.ts';

declare const clinic: ClinicClient;
declare const body: AppointmentCreateParams;

// idempotencyKey: appointments.create only.
clinic.appointments.create(body, { idempotencyKey: 'k-1' });
expectTypeOf(clinic.appointments.create)
  .parameter(1)
  .toEqualTypeOf<AppointmentCreateOptions | undefined>();
expectTypeOf<AppointmentCreateOptions>().toExtend<RequestOptions>();
expectTypeOf<RequestOptions>().not.toHaveProperty('idempotencyKey');
// @ts-expect-error only appointments.create takes an Idempotency-Key
clinic.appointments.retrieve('id', { idempotencyKey: 'k-1' });
// Every other method's options too, each row's against its `replay` (operations.test-d.ts).

// Every optional option accepts undefined explicitly.
expectTypeOf<RequestOptions>().toEqualTypeOf<{
  timeout?: number | undefined;
  maxRetries?: number | undefined;
  signal?: AbortSignal | undefined;
  headers?: Record<string, string> | undefined;
  hooks?: Hooks | undefined;
}>();
expectTypeOf<AppointmentCreateOptions['idempotencyKey']>().toEqualTypeOf<string | undefined>();
type Members<T> = { [K in keyof T]-?: T[K] };
type AcceptsUndefined<T> = { [K in keyof T]-?: undefined extends T[K] ? true : false };
expectTypeOf<AcceptsUndefined<ClientOptions>>().toEqualTypeOf<{
  [K in keyof Members<ClientOptions>]: true;
}>();
