/**
 * The state of one reference server: its clinics (companies), their records with the indexes
 * that keep lookups from scanning (CPF per clinic, idempotency keys per clinic, API keys by key
 * id), and the id counters. Records keep attributes the API never returns (a patient's CPF, a
 * type's duration, a professional's default room) beside the returned ones.
 *
 * Instants are epoch milliseconds here; they are formatted only when a record leaves the
 * server.
 *
 * @module
 */
import type {
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
} from '../../schemas/appointments.ts';

import type { Scope } from '../../schemas/scopes.ts';
import { guardSettings } from './settings.ts';

export { SCOPES, type Scope } from '../../schemas/scopes.ts';

/** Fields every stored record has. */
interface Stored {
  /** Insertion order across the whole server: the order of every list. */
  seq: number;
  /** The clinic (company) that owns the record. */
  company_id: number;
}

/** A stored patient. `cpf` holds digits only. */
export interface PatientRecord extends Stored {
  id: number;
  name: string;
  phone: string | null;
  email: string | null;
  cpf: string | null;
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
  /** Canonical form of the parsed body. */
  fingerprint: string;
  /** The answer to replay, when the first request succeeded; a refusal binds the key only. */
  status: number | undefined;
  body: string | undefined;
  /** When the key was first used (server clock). */
  created_at: number;
}

/** An issued API key. The secret is kept to be compared in constant time. */
export interface ApiKeyRecord {
  key_id: string;
  prefix: string;
  secret: string;
  company_id: number;
  scopes: ReadonlySet<Scope>;
}

/**
 * Settings of one clinic, changed by tests (`api.settings.requireRoom = true`). Where the spec
 * does not show a behaviour, the default is the conservative reading (the server refuses what
 * the spec does not grant) and the setting switches to the permissive one. `api.reset()`
 * restores the defaults. An unknown name or a value the setting does not accept throws a
 * `TypeError` naming the accepted values; a list is stored frozen, so assign a new one.
 */
export interface ClinicSettings {
  /**
   * The clinic requires a room on every appointment: a create without `room_id` whose
   * professional has no default room answers 409 `room_required` (spec 4.4). Default `false`.
   */
  requireRoom: boolean;
  /**
   * The statuses an appointment may be changed (PATCH) or cancelled from. Spec 3.3 rule 3 does
   * not show them; default `['scheduled', 'confirmed']`, so cancelled, completed, no_show and
   * checked_in answer 409 `appointment_not_changeable`. The permissive reading is every status
   * (`[...AppointmentStatus.options]`); telehealth appointments, requests (spec 3 rule 2) and
   * cancelling a cancelled one stay refused whatever this holds.
   */
  changeableStatuses: AppointmentStatus[];
  /**
   * What `room_id: null` means on create and PATCH (spec 4.4 says only what omitting it
   * means). `'no-room'` (default): no room, so a clinic that requires one answers 409
   * `room_required`. `'default-room'`: the same as omitting it.
   */
  nullRoom: 'no-room' | 'default-room';
  /**
   * Where an `Idempotency-Key` replays (spec 4.4 describes it on POST /appointments only).
   * `'create-appointment'` (default): only there; on another write the key is not remembered,
   * and a key bound to POST /appointments answers 422 there. `'every-write'`: every POST and
   * PATCH binds and replays its key.
   */
  idempotencyReplay: 'create-appointment' | 'every-write';
  /**
   * Two appointments of one professional at overlapping times (the spec does not show whether
   * the service books them). `'refuse'` (default): a create or a PATCH that would overlap
   * another appointment of the professional that is not cancelled answers 409
   * `appointment_overlap` (the reference server's code). `'allow'`: both are booked.
   */
  overlappingAppointments: 'refuse' | 'allow';
  /**
   * A body on POST /appointments/{id}/cancel (spec 4.6 does not show one). `'refuse'`
   * (default): any body is 400 `{non_field_errors}` and nothing is cancelled. `'ignore'`: the
   * body is read to its end and ignored.
   */
  cancelBody: 'refuse' | 'ignore';
  /**
   * Which JSON media types a write accepts. `'application/json'` (default, the one the spec
   * names): any other, such as `application/merge-patch+json`, is 400 `{non_field_errors}`.
   * `'json-suffix'`: every `application/*+json` type too.
   */
  jsonContentTypes: 'application/json' | 'json-suffix';
}

/** The conservative defaults of {@link ClinicSettings}. */
export function defaultSettings(): ClinicSettings {
  return {
    requireRoom: false,
    changeableStatuses: ['scheduled', 'confirmed'],
    nullRoom: 'no-room',
    idempotencyReplay: 'create-appointment',
    overlappingAppointments: 'refuse',
    cancelBody: 'refuse',
    jsonContentTypes: 'application/json',
  };
}

/** Records of one kind, by id and in insertion order (for lists and cursors). */
export class Table<K extends string | number, T extends Stored & { id: K }> {
  readonly byId = new Map<K, T>();
  /** Every record, ascending by `seq`. */
  readonly ordered: T[] = [];

  /** Stores a record (its `seq` must be the newest) and returns it. */
  add(record: T): T {
    this.byId.set(record.id, record);
    this.ordered.push(record);
    return record;
  }

  /** The record with this id, or `undefined`. */
  get(id: K): T | undefined {
    return this.byId.get(id);
  }

  /** Drops every record. */
  clear(): void {
    this.byId.clear();
    this.ordered.length = 0;
  }
}

/** Everything one clinic (company) owns. */
export class ClinicState {
  readonly id: number;
  readonly settings: ClinicSettings = guardSettings(defaultSettings());
  readonly patients = new Table<number, PatientRecord>();
  readonly professionals = new Table<number, ProfessionalRecord>();
  readonly rooms = new Table<number, RoomRecord>();
  readonly appointmentTypes = new Table<number, AppointmentTypeRecord>();
  readonly appointments = new Table<string, AppointmentRecord>();
  /** Blocked slots by professional id. */
  readonly blockedSlots = new Map<number, BlockedSlotRecord[]>();
  /** CPF digits → patient id. */
  readonly cpfIndex = new Map<string, number>();
  /** Idempotency-Key → remembered answer. */
  readonly idempotency = new Map<string, IdempotencyEntry>();

  constructor(id: number) {
    this.id = id;
  }

  /** Drops every record and restores the default settings. */
  clear(): void {
    Object.assign(this.settings, defaultSettings());
    this.patients.clear();
    this.professionals.clear();
    this.rooms.clear();
    this.appointmentTypes.clear();
    this.appointments.clear();
    this.blockedSlots.clear();
    this.cpfIndex.clear();
    this.idempotency.clear();
  }
}

/**
 * What a new patient is made of, from a create body (POST /patients) or a seed input: the
 * optional fields default to `null`.
 */
export interface NewPatient {
  name: string;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  /** Digits only, already checked to be free in the clinic. */
  cpf: string | null;
  birth_date?: string | null | undefined;
  gender?: 'F' | 'M' | 'O' | null | undefined;
  active: boolean;
}

/**
 * Stores a new patient of `clinic` (the next patient id and sequence number, created and
 * updated at `now`), indexes its CPF and returns the record.
 */
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
    birth_date: patient.birth_date ?? null,
    gender: patient.gender ?? null,
    active: patient.active,
    created_at: now,
    updated_at: now,
  });
  if (record.cpf !== null) clinic.cpfIndex.set(record.cpf, record.id);
  return record;
}

/** Id counters of the server: ids are unique across clinics, as in one database. */
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
  /** API keys by key id. */
  readonly keys = new Map<string, ApiKeyRecord>();
  #counters = freshCounters();

  /** The clinic with this id, created empty on first use. */
  clinic(id: number): ClinicState {
    let clinic = this.clinics.get(id);
    if (!clinic) {
      clinic = new ClinicState(id);
      this.clinics.set(id, clinic);
    }
    return clinic;
  }

  /** The next id of a kind of record (1, 2, 3... across all clinics). */
  nextId(kind: Exclude<keyof Counters, 'seq'>): number {
    this.#counters[kind] += 1;
    return this.#counters[kind];
  }

  /** The next insertion sequence number. */
  nextSeq(): number {
    this.#counters.seq += 1;
    return this.#counters.seq;
  }

  /** Drops every record of every clinic and restarts the ids; clinics and API keys stay. */
  clearRecords(): void {
    for (const clinic of this.clinics.values()) clinic.clear();
    this.#counters = freshCounters();
  }
}
