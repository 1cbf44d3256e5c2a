/**
 * Issue 15, "Options types": a project with `exactOptionalPropertyTypes` passes options that may
 * be absent (`timeout: cfg.timeout`). `test/types/tsconfig.json` checks this file with that
 * setting on, against the emitted declarations (`dist/`, as a user's project sees them), and
 * `npm run typecheck` runs it.
 */
import {
  Appointment,
  type AppointmentCreateParams,
  type AppointmentUpdateParams,
  bookingIntentKey,
  ClinicClient,
  type ListQuery,
  type Page,
  type RequestOptions,
} from '@clinic-scheduling/sdk';
import {
  type AppointmentEvent,
  createWebhookHandler,
  MemoryDedupeStore,
  StaleEventGuard,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookVerifier,
} from '@clinic-scheduling/sdk/webhooks';
import { expectTypeOf } from 'expect-type';
import type * as z from 'zod';
import type { RowBody, RowName } from './rows.ts';

/** Compiles only when every row maps to `true`; the error names the row that does not. */
type Assert<T extends Record<RowName, true>> = T;

declare const clinic: ClinicClient;
declare const body: AppointmentCreateParams;
/** A configuration whose members may be absent, as read from a file or the environment. */
declare const cfg: {
  timeout?: number;
  maxRetries?: number;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  idempotencyKey?: string;
  apiKey?: string;
  baseUrl?: string;
  logLevel?: 'off' | 'error' | 'warn' | 'info' | 'debug';
};

const options: RequestOptions = {
  timeout: cfg.timeout,
  maxRetries: cfg.maxRetries,
  signal: cfg.signal,
  headers: cfg.headers,
};
clinic.rooms.retrieve(1, options);
clinic.appointments.create(body, { ...options, idempotencyKey: cfg.idempotencyKey });
new ClinicClient({
  apiKey: cfg.apiKey,
  baseUrl: cfg.baseUrl,
  timeout: cfg.timeout,
  maxRetries: cfg.maxRetries,
  headers: cfg.headers,
  logLevel: cfg.logLevel,
  fetch: undefined,
  logger: undefined,
  validateResponses: undefined,
  onDrift: undefined,
  maxEmptyPages: undefined,
  dangerouslyAllowBrowser: undefined,
  dangerouslyAllowHttp: undefined,
});
clinic.withOptions({ timeout: cfg.timeout });
clinic.appointments.update('id', { note: undefined, room_id: cfg.timeout ?? null });
// Every optional member of every body takes undefined explicitly, each row's (test/types/rows.ts).
type OptionalKeys<B> = { [K in keyof B]-?: B extends Record<K, B[K]> ? never : K }[keyof B];
type TakesUndefined<B> =
  { [K in OptionalKeys<B>]: undefined } extends Pick<B, OptionalKeys<B>> ? true : false;
export type EveryBodyTakesUndefined = Assert<{
  [N in RowName]: RowBody<ClinicClient, N> extends infer B
    ? [B] extends [never]
      ? true
      : TakesUndefined<B>
    : never;
}>;
clinic.patients.list({ name: undefined, cpf: cfg.apiKey });

// Issue 22, part 1: the types compose under exactOptionalPropertyTypes. What a user holds (an
// event's data, a response, a page's items, a schema's output) is assignable where they would
// put it, and inputs can be built from responses and from configuration that may be absent.
declare const event: AppointmentEvent;
declare const created: WebhookEventOf<'appointment.created'>;
declare const any: WebhookEvent;
declare const hook: {
  verify?: WebhookVerifier;
  ackAfterMs?: number | false;
  maxBodyBytes?: number;
  dedupe?: MemoryDedupeStore | false;
  onError?: (error: unknown) => void;
  ttlMs?: number;
  maxEntries?: number;
  extraQuery?: ListQuery;
};

expectTypeOf(event.data).toExtend<Appointment>();
expectTypeOf(created.data).toExtend<Appointment>();
expectTypeOf<z.output<typeof Appointment>>().toExtend<Appointment>();
// An event's data is the open Appointment type too (forward-compatible reads).
expectTypeOf<Appointment>().toEqualTypeOf<AppointmentEvent['data']>();
expectTypeOf<Appointment['note']>().toEqualTypeOf<string | null | undefined>();

async function compose(id: string): Promise<Appointment[]> {
  const fromEvent: Appointment = event.data;
  const narrowed: Appointment | undefined = any.type === 'ping' ? undefined : any.data;
  const retrieved: Appointment = await clinic.appointments.retrieve(id);
  const changed: Appointment = await clinic.appointments.update(id, { status: 'confirmed' });
  const cancelled: Appointment = await clinic.appointments.cancel(id);
  const page: Page<Appointment> = await clinic.appointments.list();
  const all: Appointment[] = await clinic.appointments.list().toArray({ limit: 10 });
  const { data: first } = await clinic.appointments.list().withResponse();
  const parsed: Appointment = Appointment.parse(fromEvent);

  // Inputs built from what came back.
  const move: AppointmentUpdateParams = {
    start_at: fromEvent.start_at,
    professional_id: fromEvent.professional?.id,
    room_id: fromEvent.room?.id ?? null,
    note: fromEvent.note ?? undefined,
  };
  await clinic.appointments.update(id, move);
  const rebook: AppointmentCreateParams = {
    patient_id: fromEvent.patient?.id ?? 0,
    professional_id: fromEvent.professional?.id ?? 0,
    appointment_type_id: fromEvent.appointment_type.id,
    start_at: fromEvent.start_at,
    room_id: fromEvent.room?.id,
    note: fromEvent.note ?? undefined,
  };
  await clinic.appointments.create(rebook, {
    idempotencyKey: await bookingIntentKey(rebook, { scope: 'booking-1' }),
  });

  // List options and webhook options from configuration that may be absent.
  clinic.rooms.list({}, { extraQuery: hook.extraQuery, timeout: cfg.timeout });
  clinic.patients.list({ name: cfg.apiKey }, { extraQuery: hook.extraQuery });
  createWebhookHandler({
    verify: hook.verify ?? 'unsigned',
    ackAfterMs: hook.ackAfterMs,
    maxBodyBytes: hook.maxBodyBytes,
    dedupe: hook.dedupe,
    onError: hook.onError,
  });
  new MemoryDedupeStore({ ttlMs: hook.ttlMs, maxEntries: hook.maxEntries });
  new StaleEventGuard({ maxEntries: hook.maxEntries }).record(fromEvent);

  return [
    fromEvent,
    retrieved,
    changed,
    cancelled,
    parsed,
    ...page.results,
    ...all,
    ...first.results,
  ].concat(narrowed ? [narrowed] : []);
}
void compose;

// A filter the spec does not show is not offered as if it worked.
// @ts-expect-error professional_id is not a filter of GET /appointments (spec 4.2)
clinic.appointments.list({ professional_id: 3 });
// @ts-expect-error page_size is not named by the spec: it goes in extraQuery
clinic.rooms.list({ page_size: 100 });
// @ts-expect-error only cpf, phone and name filter patients (spec 4.7)
clinic.patients.list({ active: true });

// withOptions keeps the subclass.
class AppClient extends ClinicClient {}
declare const app: AppClient;
expectTypeOf(app.withOptions({ timeout: cfg.timeout })).toEqualTypeOf<AppClient>();
