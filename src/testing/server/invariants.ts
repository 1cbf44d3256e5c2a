/** What a flow must keep however the network behaves, checked on the server's state; an intent
 * is a write's Idempotency-Key, keyless bookings match on what they book. @module */
import type { WriteJournal } from './context.ts';
import type { Store } from './store.ts';
import { formatClinicInstant } from './time.ts';

/** The invariants `checkInvariants` checks. */
export type InvariantName =
  | 'one-appointment-per-intent'
  | 'one-patient-per-cpf'
  | 'one-change-per-intent';

/** One broken invariant. */
export interface InvariantViolation {
  /** Which invariant. */
  readonly invariant: InvariantName;
  /** The clinic where it broke. */
  readonly clinic: number;
  /** What happened. */
  readonly detail: string;
  /** Appointment uuids or patient ids. */
  readonly ids: readonly (string | number)[];
}

/** What `checkInvariants` found. */
export interface InvariantReport {
  /** `true` when no invariant is broken. */
  readonly ok: boolean;
  /** Every broken invariant, or `[]`. */
  readonly violations: readonly InvariantViolation[];
  /** How much was checked, across every clinic. */
  readonly checked: {
    /** Appointments. */
    appointments: number;
    /** Patients. */
    patients: number;
    /** Distinct Idempotency-Keys of the writes that changed something. */
    intents: number;
  };
}

function groups<T>(items: Iterable<T>, key: (item: T) => string | undefined): T[][] {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === undefined) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return [...map.values()].filter((list) => list.length > 1);
}

/**
 * Checks, on writes since start or `reset()`: one appointment per key and per live (patient,
 * professional, start); one patient per CPF and per key; one change per key and appointment.
 * The same as `api.checkInvariants()`.
 */
export function checkInvariants(api: { checkInvariants(): InvariantReport }): InvariantReport {
  if (typeof api?.checkInvariants !== 'function') {
    throw new TypeError('checkInvariants(api) takes a server made by createReferenceServer');
  }
  return api.checkInvariants();
}

/** The report of `checkInvariants` on one server's records and journal. */
export function reportInvariants(ctx: {
  readonly store: Store;
  readonly journal: WriteJournal;
}): InvariantReport {
  const violations: InvariantViolation[] = [];
  const journal = ctx.journal.entries;
  const keyed = journal.filter((e) => e.intent !== undefined);
  const intentKey = (e: (typeof journal)[number]) => `${e.companyId}\u0000${e.intent}`;

  for (const list of groups(
    keyed.filter((e) => e.kind === 'appointment.created'),
    intentKey,
  )) {
    violations.push({
      invariant: 'one-appointment-per-intent',
      clinic: list[0]!.companyId,
      detail: `Idempotency-Key ${JSON.stringify(list[0]!.intent)} created ${list.length} appointments`,
      ids: list.map((e) => e.id),
    });
  }
  let appointments = 0;
  let patients = 0;
  for (const clinic of ctx.store.clinics.values()) {
    appointments += clinic.appointments.ordered.length;
    patients += clinic.patients.ordered.length;
    const booked = clinic.appointments.ordered.filter(
      (a) => a.origin === 'api' && a.status !== 'cancelled',
    );
    for (const list of groups(
      booked,
      (a) => `${a.patient_id}/${a.professional_id}/${a.start_at}`,
    )) {
      violations.push({
        invariant: 'one-appointment-per-intent',
        clinic: clinic.id,
        detail:
          `${list.length} appointments book patient ${list[0]!.patient_id} with professional ` +
          `${list[0]!.professional_id} at ${formatClinicInstant(list[0]!.start_at)}`,
        ids: list.map((a) => a.id),
      });
    }
    for (const list of groups(clinic.patients.ordered, (p) => p.cpf ?? undefined)) {
      violations.push({
        invariant: 'one-patient-per-cpf',
        clinic: clinic.id,
        detail: `${list.length} patients share one CPF`,
        ids: list.map((p) => p.id),
      });
    }
  }
  for (const list of groups(
    keyed.filter((e) => e.kind === 'patient.created'),
    intentKey,
  )) {
    violations.push({
      invariant: 'one-patient-per-cpf',
      clinic: list[0]!.companyId,
      detail: `Idempotency-Key ${JSON.stringify(list[0]!.intent)} created ${list.length} patients`,
      ids: list.map((e) => e.id),
    });
  }
  for (const list of groups(
    keyed.filter((e) => e.kind === 'appointment.updated' || e.kind === 'appointment.cancelled'),
    (e) => `${intentKey(e)}\u0000${e.id}`,
  )) {
    violations.push({
      invariant: 'one-change-per-intent',
      clinic: list[0]!.companyId,
      detail:
        `Idempotency-Key ${JSON.stringify(list[0]!.intent)} changed appointment ${list[0]!.id} ` +
        `${list.length} times (${list.map((e) => e.kind).join(', ')})`,
      ids: [list[0]!.id],
    });
  }
  const intents = new Set(keyed.map(intentKey)).size;
  return {
    ok: violations.length === 0,
    violations,
    checked: { appointments, patients, intents },
  };
}
