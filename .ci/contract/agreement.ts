/**
 * The SDK's exported types and the ones openapi-typescript generates from docs/openapi.json
 * (into generated/openapi.ts, by .ci/contract/run.ts) agree, for every object and input:
 * each is assignable to the other, nested members included. The inputs' pairs are written from
 * the operation table into generated/inputs.ts (inputs.ts), one per body and filtered query.
 * Type-checked only (tsc -p .ci/contract); a disagreement is a compile error on the line of
 * the pair.
 */
import type * as sdk from '@clinic-scheduling/sdk';
import type * as webhooks from '@clinic-scheduling/sdk/webhooks';
import type * as z from 'zod';
import type { components } from './generated/openapi.ts';

type Schemas = components['schemas'];
/**
 * `true` when A and B are each assignable to the other and, at every depth, name the same
 * members (mutual assignability alone would miss an optional member only one side has).
 * Wrapped in tuples: no distribution over unions.
 */
export type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? SameMembers<NonNullable<A>, NonNullable<B>>
    : false
  : false;
type SameMembers<A, B> = [A] extends [readonly unknown[]]
  ? [B] extends [readonly unknown[]]
    ? Same<A[number], B[number]>
    : false
  : [A] extends [object]
    ? [keyof A & string] extends [keyof B & string]
      ? [keyof B & string] extends [keyof A & string]
        ? false extends { [K in keyof A & keyof B]-?: Same<A[K], B[K]> }[keyof A & keyof B]
          ? false
          : true
        : false
      : false
    : true;
/** Fails to compile unless `T` is `true`. */
export type Agree<T extends true> = T;

// Objects returned by the service (spec 2). The document and the SDK's schemas list the spec's
// enum values; the SDK's `Appointment` type is wider on purpose (forward-compatible reads: a
// value the spec adds later passes on), so the document's type must fit in it.
export type Objects = [
  Agree<Same<Schemas['Appointment'], z.output<typeof sdk.Appointment>>>,
  Agree<Schemas['Appointment'] extends sdk.Appointment ? true : false>,
  Agree<Same<Schemas['Patient'], sdk.Patient>>,
  Agree<Same<Schemas['Professional'], sdk.Professional>>,
  Agree<Same<Schemas['Room'], sdk.Room>>,
  Agree<Same<Schemas['AppointmentType'], sdk.AppointmentType>>,
];

// Error bodies (spec 7), as the SDK's errors carry them parsed (`fields`, `detail`, `code`).
type DetailOf = NonNullable<sdk.APIError['detail']>;
type CodeOf = NonNullable<sdk.APIError['code']>;
export type Errors = [
  Agree<Same<Schemas['FieldErrors'], sdk.FieldErrors>>,
  Agree<Same<Schemas['Detail'], { detail: DetailOf }>>,
  Agree<Same<Schemas['CodeDetail'], { code: CodeOf; detail: DetailOf }>>,
];

/** An input as sent on the wire: a `Date` (of `start_at`) is sent as its ISO 8601 string. */
export type Wire<T> = { [K in keyof T]: Date extends T[K] ? Exclude<T[K], Date> | string : T[K] };

// The webhook envelope (spec 6.1), each event type and the union.
type Event<T> = Extract<Schemas['WebhookEvent'], { type: T }>;
export type Webhooks = [
  Agree<Same<Schemas['WebhookEvent'], z.output<typeof webhooks.WebhookEventSchema>>>,
  Agree<Schemas['WebhookEvent'] extends webhooks.WebhookEvent ? true : false>,
  Agree<
    Same<Event<'appointment.created'>, z.output<typeof webhooks.AppointmentCreatedEventSchema>>
  >,
  Agree<
    Same<Event<'appointment.updated'>, z.output<typeof webhooks.AppointmentUpdatedEventSchema>>
  >,
  Agree<
    Same<Event<'appointment.cancelled'>, z.output<typeof webhooks.AppointmentCancelledEventSchema>>
  >,
  Agree<Same<Event<'ping'>, webhooks.PingEvent>>,
  Agree<Same<Event<'ping'>['data'], webhooks.PingData>>,
];
