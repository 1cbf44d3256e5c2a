/** What a flow must keep however the network behaves, checked on the server's state; an intent
 * is a write's Idempotency-Key, keyless bookings match on what they book. @module */
import type { WriteJournal } from './context.ts';
import { type ClinicState, type Store, Table } from './store.ts';
import { formatClinicInstant } from './time.ts';

/** The invariants `checkInvariants` checks. */
export type InvariantName =
  | 'one-appointment-per-intent'
  | 'one-patient-per-cpf'
  | 'one-change-per-intent'
  | 'indexes-match-records';

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
 * professional, start); one patient per CPF and per key; one change per key and appointment;
 * and that the server's own indexes (records by id, patients by CPF) match its records.
 * The same as `api.checkInvariants()`.
 */
export function checkInvariants(api: { checkInvariants(): InvariantReport }): InvariantReport {
  if (typeof api?.checkInvariants !== 'function') {
    throw new TypeError('checkInvariants(api) takes a server made by createReferenceServer');
  }
  return api.checkInvariants();
}

/** Where an index of `clinic` disagrees with its records: a record its table's `byId` lacks
 * or holds another copy of, and a CPF the index maps to a patient that does not hold it. The
 * CPF itself is never named (it is personal data). */
function staleIndexes(clinic: ClinicState): { detail: string; ids: (string | number)[] }[] {
  const found: { detail: string; ids: (string | number)[] }[] = [];
  for (const [name, table] of Object.entries(clinic)) {
    if (!(table instanceof Table)) continue;
    const astray = table.ordered.filter((r) => table.byId.get(r.id) !== r).map((r) => r.id);
    if (astray.length > 0 || table.byId.size !== table.ordered.length) {
      found.push({
        detail: `${name}: ${table.ordered.length} records listed, ${table.byId.size} by id`,
        ids: astray,
      });
    }
  }
  for (const patient of clinic.patients.ordered) {
    if (patient.cpf !== null && clinic.cpfIndex.get(patient.cpf) !== patient.id) {
      found.push({
        detail: `the CPF index does not lead to patient ${patient.id}`,
        ids: [patient.id],
      });
    }
  }
  for (const [cpf, id] of clinic.cpfIndex) {
    if (clinic.patients.get(id)?.cpf !== cpf) {
      found.push({
        detail: `the CPF index names patient ${id} for a CPF it does not hold`,
        ids: [id],
      });
    }
  }
  return found;
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
    for (const { detail, ids } of staleIndexes(clinic)) {
      violations.push({ invariant: 'indexes-match-records', clinic: clinic.id, detail, ids });
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
