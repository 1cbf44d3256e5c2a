/** One server's state: clinics, records (with fields the API never returns), indexes, id counters.
 * Instants are epoch ms, formatted only when a record leaves the server. @module */
import type {
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
} from '../../schemas/appointments.ts';

import type { Scope } from '../../schemas/scopes.ts';
import { type ClinicSettings, defaultSettings } from './clinic-settings.ts';
import { guardSettings } from './settings.ts';

export { SCOPES, type Scope } from '../../schemas/scopes.ts';
export { type ClinicSettings, defaultSettings, type RateLimit } from './clinic-settings.ts';

interface Stored {
  /** Insertion order across the whole server: the order of every list. */
  seq: number;
  company_id: number;
}

/** A stored patient. `cpf` holds digits only (the uniqueness rule's); `cpf_written` as sent. */
export interface PatientRecord extends Stored {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  cpf: string | null;
  cpf_written: string | null;
  birth_date: string | null;
  gender: 'F' | 'M' | 'O' | null;
  active: boolean;
  created_at: number;
  updated_at: number;
}

/** A stored professional. */
export interface ProfessionalRecord extends Stored {
  id: number;
  name: string;
  specialty: string | null;
  sees_patients: boolean;
  active: boolean;
  default_room_id: number | null;
}

/** A stored room. */
export interface RoomRecord extends Stored {
  id: number;
  name: string;
  active: boolean;
}

/** A stored appointment type. */
export interface AppointmentTypeRecord extends Stored {
  id: number;
  name: string;
  duration_minutes: number;
  active: boolean;
}

/** A stored appointment. */
export interface AppointmentRecord extends Stored {
  id: string;
  patient_id: number | null;
  professional_id: number | null;
  appointment_type_id: number;
  room_id: number | null;
  start_at: number;
  end_at: number;
  modality: AppointmentModality;
  origin: AppointmentOrigin;
  status: AppointmentStatus;
  note: string | null;
  created_at: number;
  updated_at: number;
}

/** A time blocked in a professional's agenda: `[start_at, end_at)`. */
export interface BlockedSlotRecord extends Stored {
  id: number;
  professional_id: number;
  start_at: number;
  end_at: number;
}

/** A remembered answer to a write that carried an `Idempotency-Key`. */
export interface IdempotencyEntry {
  /** `METHOD /path` of the request that used the key. */
  endpoint: string;
  fingerprint: string;
  /** The answer to replay, when the first request succeeded; a refusal binds the key only. */
  status: number | undefined;
  body: string | undefined;
  /** The record as it is now, for a replay under `replayBody: 'current'`. */
  current: (() => unknown) | undefined;
  created_at: number;
}

/** One API key's requests in the current window of the `rateLimit` setting. */
export interface RateWindow {
  start: number;
  count: number;
}

/** An issued API key. The secret is kept to be compared in constant time. */
export interface ApiKeyRecord {
  key_id: string;
  prefix: string;
  secret: string;
  company_id: number;
  scopes: ReadonlySet<Scope>;
}

/** Records of one kind, by id and in insertion order (for lists and cursors). */
export class Table<K extends string | number, T extends Stored & { id: K }> {
  readonly byId = new Map<K, T>();
  readonly ordered: T[] = [];

  /** Stores a record; its `seq` must be the newest, as `ordered` stays sorted by it. */
  add(record: T): T {
    this.byId.set(record.id, record);
    this.ordered.push(record);
    return record;
  }

  get(id: K): T | undefined {
    return this.byId.get(id);
  }

  /** Drops the records added after the first `length`, newest first; returns them. */
  truncate(length: number): T[] {
    const dropped = this.ordered.splice(length);
    for (const record of dropped) this.byId.delete(record.id);
    return dropped;
  }

  clear(): void {
    this.byId.clear();
    this.ordered.length = 0;
  }
}

/** A clinic's record counts, taken by {@link ClinicState.mark}. */
export interface ClinicMark {
  readonly patients: number;
  readonly professionals: number;
  readonly rooms: number;
  readonly appointmentTypes: number;
  readonly appointments: number;
  readonly blockedSlots: ReadonlyMap<number, number>;
}

/** Everything one clinic (company) owns. */
export class ClinicState {
  readonly id: number;
  readonly settings: ClinicSettings;
  readonly patients = new Table<number, PatientRecord>();
  readonly professionals = new Table<number, ProfessionalRecord>();
  readonly rooms = new Table<number, RoomRecord>();
  readonly appointmentTypes = new Table<number, AppointmentTypeRecord>();
  readonly appointments = new Table<string, AppointmentRecord>();
  /** By professional id. */
  readonly blockedSlots = new Map<number, BlockedSlotRecord[]>();
  /** CPF digits → patient id. */
  readonly cpfIndex = new Map<string, number>();
  readonly idempotency = new Map<string, IdempotencyEntry>();
  /** By key id. */
  readonly rateWindows = new Map<string, RateWindow>();

  readonly #defaults: () => ClinicSettings;

  /** `defaults`: the settings it starts with and returns to on `clear()`. */
  constructor(id: number, defaults: () => ClinicSettings = defaultSettings) {
    this.id = id;
    this.#defaults = defaults;
    this.settings = guardSettings(defaults());
  }

  /** How many records of each kind it holds: what {@link ClinicState.rollBack} returns to. */
  mark(): ClinicMark {
    return {
      patients: this.patients.ordered.length,
      professionals: this.professionals.ordered.length,
      rooms: this.rooms.ordered.length,
      appointmentTypes: this.appointmentTypes.ordered.length,
      appointments: this.appointments.ordered.length,
      blockedSlots: new Map([...this.blockedSlots].map(([id, slots]) => [id, slots.length])),
    };
  }

  /** Drops every record added since `mark` (records are only added in between, never changed). */
  rollBack(mark: ClinicMark): void {
    for (const patient of this.patients.truncate(mark.patients)) {
      if (patient.cpf !== null) this.cpfIndex.delete(patient.cpf);
    }
    this.professionals.truncate(mark.professionals);
    this.rooms.truncate(mark.rooms);
    this.appointmentTypes.truncate(mark.appointmentTypes);
    this.appointments.truncate(mark.appointments);
    for (const [id, slots] of this.blockedSlots) {
      const kept = mark.blockedSlots.get(id) ?? 0;
      if (kept === 0) this.blockedSlots.delete(id);
      else slots.length = kept;
    }
  }

  /** Drops every record and restores the clinics' settings of the server's settings document. */
  clear(): void {
    Object.assign(this.settings, this.#defaults());
    this.patients.clear();
    this.professionals.clear();
    this.rooms.clear();
    this.appointmentTypes.clear();
    this.appointments.clear();
    this.blockedSlots.clear();
    this.cpfIndex.clear();
    this.idempotency.clear();
    this.rateWindows.clear();
  }
}

/** A new patient from a create body or a seed input; optional fields default to `null`. */
export interface NewPatient {
  name: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  /** Digits only, already checked to be free in the clinic. */
  cpf: string | null;
  /** As the request or seed wrote it: what the exact `cpf` filter matches. */
  cpf_written: string | null;
  birth_date?: string | null | undefined;
  gender?: 'F' | 'M' | 'O' | null | undefined;
  active: boolean;
}

/** Stores a new patient of `clinic`, created at `now`, and indexes its CPF. */
export function addPatient(
  store: Store,
  clinic: ClinicState,
  patient: NewPatient,
  now: number,
): PatientRecord {
  const record = clinic.patients.add({
    seq: store.nextSeq(),
    company_id: clinic.id,
    id: store.nextId('patient'),
    name: patient.name,
    phone: patient.phone ?? null,
    email: patient.email ?? null,
    cpf: patient.cpf,
    cpf_written: patient.cpf_written,
    birth_date: patient.birth_date ?? null,
    gender: patient.gender ?? null,
    active: patient.active,
    created_at: now,
    updated_at: now,
  });
  if (record.cpf !== null) clinic.cpfIndex.set(record.cpf, record.id);
  return record;
}

/**
 * Applies `next` to a patient of `clinic` at `now` and keeps its CPF index: the one place a
 * stored patient changes. Returns whether any field changed (then `updated_at` moves too).
 */
export function changePatient(
  clinic: ClinicState,
  patient: PatientRecord,
  next: Partial<Omit<PatientRecord, 'id' | 'seq' | 'company_id'>>,
  now: number,
): boolean {
  const fields = Object.keys(next) as (keyof typeof next)[];
  if (!fields.some((k) => next[k] !== undefined && next[k] !== patient[k])) return false;
  const cpf = next.cpf === undefined ? patient.cpf : next.cpf;
  if (cpf !== patient.cpf) {
    if (patient.cpf !== null) clinic.cpfIndex.delete(patient.cpf);
    if (cpf !== null) clinic.cpfIndex.set(cpf, patient.id);
  }
  for (const k of fields) if (next[k] !== undefined) Object.assign(patient, { [k]: next[k] });
  patient.updated_at = now;
  return true;
}

const EMPTY_MARK: ClinicMark = {
  patients: 0,
  professionals: 0,
  rooms: 0,
  appointmentTypes: 0,
  appointments: 0,
  blockedSlots: new Map(),
};

/** Ids are unique across clinics, as in one database. */
interface Counters {
  patient: number;
  professional: number;
  room: number;
  appointmentType: number;
  blockedSlot: number;
  seq: number;
}

const freshCounters = (): Counters => ({
  patient: 0,
  professional: 0,
  room: 0,
  appointmentType: 0,
  blockedSlot: 0,
  seq: 0,
});

/** The whole state of one reference server. */
export class Store {
  readonly clinics = new Map<number, ClinicState>();
  /** By key id. */
  readonly keys = new Map<string, ApiKeyRecord>();
  /** What every clinic starts with: the settings document's `clinic` member. */
  clinicDefaults: ClinicSettings = defaultSettings();
  #counters = freshCounters();

  /** The clinic with this id, created empty on first use. */
  clinic(id: number): ClinicState {
    let clinic = this.clinics.get(id);
    if (!clinic) {
      clinic = new ClinicState(id, () => ({ ...this.clinicDefaults }));
      this.clinics.set(id, clinic);
    }
    return clinic;
  }

  nextId(kind: Exclude<keyof Counters, 'seq'>): number {
    this.#counters[kind] += 1;
    return this.#counters[kind];
  }

  nextSeq(): number {
    this.#counters.seq += 1;
    return this.#counters.seq;
  }

  /**
   * What {@link Store.rollBack} returns to: every clinic's records and the id counters, so that a
   * batch of additions (a seed document) that fails part way stores nothing and shifts no id.
   */
  checkpoint(): () => void {
    const counters = { ...this.#counters };
    const marks = new Map([...this.clinics].map(([id, clinic]) => [id, clinic.mark()]));
    return () => {
      // A clinic made since stays (its handle holds its settings) but holds no record.
      for (const [id, clinic] of this.clinics) clinic.rollBack(marks.get(id) ?? EMPTY_MARK);
      this.#counters = counters;
    };
  }

  /** Drops every record and restarts the ids; clinics and API keys stay. */

  clearRecords(): void {
    for (const clinic of this.clinics.values()) clinic.clear();
    this.#counters = freshCounters();
  }
}
