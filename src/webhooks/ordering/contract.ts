/**
 * The newest applied state of each appointment, shared by every worker: an event older than what
 * any machine applied is skipped (spec 6.2 rule 1: retries reorder, your own writes echo). @module
 */
import type { Appointment } from '../../schemas/appointments.ts';
import {
  appointmentOf,
  digestOf,
  type Freshness,
  isTooFarAhead,
  orderKey,
  type StaleGuardInput,
} from '../stale.ts';

/** What an {@link OrderingStore} holds per appointment. */
export interface NewestState {
  /** `updated_at` as text that sorts as the instants do. */
  order: string;
  /** A digest of the appointment's data: same `order`, other digest is `unordered`. */
  digest: string;
}

/**
 * Where the newest applied state per appointment is kept. `put` must be atomic: it records
 * `state` unless the held one has a greater `order` (equal orders: the new digest wins).
 */
export interface OrderingStore {
  /** The newest state recorded for an appointment id. */
  get(appointmentId: string): Promise<NewestState | undefined> | NewestState | undefined;
  /** Records `state` unless a newer one is held (compare-and-set). */
  put(appointmentId: string, state: NewestState): Promise<void> | void;
}

function stateOf(input: StaleGuardInput): [id: string, state: NewestState] | undefined {
  const appointment = appointmentOf(input);
  if (!appointment?.id) return undefined;
  const order = orderKey(appointment.updated_at);
  return order === undefined
    ? undefined
    : [appointment.id, { order, digest: digestOf(appointment) }];
}

/** Where `input` stands against the newest state in `store` (unknown or unreadable: `newer`). */
export async function freshnessIn(
  store: OrderingStore,
  input: StaleGuardInput,
): Promise<Freshness> {
  const found = stateOf(input);
  if (!found) return 'newer';
  const newest = await store.get(found[0]);
  if (!newest) return 'newer';
  const [, state] = found;
  if (state.order < newest.order) return 'older';
  if (state.order > newest.order) return 'newer';
  return state.digest === newest.digest ? 'same' : 'unordered';
}

/**
 * Records the state in `input` once applied (no-op when a newer one is held, and for an
 * `updated_at` over `MAX_UPDATED_AT_AHEAD_MS` ahead of now, which would pin the appointment:
 * every later real state would read as older). The worker calls it
 * after your handlers; call it with what your own write returned (`clinic.appointments.update`),
 * so that the event echoing that write (spec 6.2 rule 1) is skipped as `same` on every machine.
 */
export async function recordApplied(store: OrderingStore, input: StaleGuardInput): Promise<void> {
  const found = stateOf(input);
  const appointment = appointmentOf(input);
  if (found && appointment && !isTooFarAhead(appointment.updated_at)) {
    await store.put(found[0], found[1]);
  }
}

/**
 * The state to apply, or `undefined` to skip: `older` and `same` are skipped, `unordered` reads
 * the appointment with `read` (without it, the event's own state is applied).
 */
export async function resolveIn(
  store: OrderingStore,
  input: StaleGuardInput,
  read: ((appointmentId: string) => Promise<Appointment>) | undefined,
): Promise<Appointment | undefined> {
  const freshness = await freshnessIn(store, input);
  const appointment = appointmentOf(input);
  if (freshness === 'newer') return appointment;
  if (freshness !== 'unordered' || !appointment) return undefined;
  if (!read || !appointment.id) return appointment;
  const current = await read(appointment.id);
  const now = await freshnessIn(store, current);
  return now === 'newer' || now === 'unordered' ? current : undefined;
}
