/** The types of seeding: what each `api.seed.*` helper takes and returns. @module */
import type {
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
} from '../../schemas/appointments.ts';
import type { Clock } from '../server/clock.ts';
import type { AppointmentEventType, EventLog, WebhookEnvelope } from '../server/events.ts';
import type { Store } from '../server/store.ts';

/** What `seed.patient` takes. The write-only fields are kept and never returned by the API. */
export interface SeedPatientInput {
  /** Full name, at most 255 characters (spec 4.7), not empty. */
  name: string;
  /** Mobile number, at most 40 characters, kept as given; the `phone` filter matches it exactly. Default `null`. */
  phone?: string | null;
  /** With or without punctuation; check digits are validated; unique in the clinic. */
  cpf?: string | null;
  /** At most 100 characters. Default `null`. */
  email?: string | null;
  /** YYYY-MM-DD. */
  birth_date?: string | null;
  /** `F`, `M` or `O`. Default `null`. */
  gender?: 'F' | 'M' | 'O' | null;
  /** Default `true`; an inactive patient is listed but cannot be booked (400 on `patient_id`). */
  active?: boolean;
}

/** A snapshot of a seeded patient, write-only fields (spec 1, fact 6) included. */
export interface SeededPatient {
  /** Unique across the server's clinics: the `patient_id` of POST /appointments. */
  id: number;
  /** The owning clinic, whose keys alone see it: 1, or `id` through `api.clinic(id).seed`. */
  company_id: number;
  /** The patient object's `name`. */
  name: string;
  /** The patient object's `phone`. */
  phone: string | null;
  /**
   * The CPF's 11 digits, never returned. The `cpf` filter matches the CPF as it was written
   * (`SeedPatientInput.cpf`), not these digits, unless `patientFilters` is `'normalised'`.
   */
  cpf: string | null;
  /** Never returned. */
  email: string | null;
  /** Never returned. */
  birth_date: string | null;
  /** Never returned. */
  gender: 'F' | 'M' | 'O' | null;
  /** The patient object's `active`. */
  active: boolean;
  /** On the server clock, `YYYY-MM-DDThh:mm:ss±HH:MM` in the America/Sao_Paulo offset. */
  created_at: string;
  /** Equal to `created_at`; a later PATCH moves the stored record, not this snapshot. */
  updated_at: string;
}

/** What `seed.professional` takes. */
export interface SeedProfessionalInput {
  /** Not empty. */
  name: string;
  /** Default `null`. */
  specialty?: string | null;
  /** Whether the professional can be booked. Default `true`. */
  sees_patients?: boolean;
  /** Default `true`; an inactive professional is listed but cannot be booked. */
  active?: boolean;
  /** The default room of the professional's grid: a room of the same clinic. */
  default_room_id?: number | null;
}

/** A seeded professional; `sees_patients`, `active` and `default_room_id` are never returned. */
export interface SeededProfessional {
  /** The `{id}` of /professionals/{id} and the `professional_id` of appointments and slots. */
  id: number;
  /** The owning clinic. */
  company_id: number;
  /** The professional object's `name`. */
  name: string;
  /** The professional object's `specialty`. */
  specialty: string | null;
  /** `false`: booking answers 400 on `professional_id` (spec 4.4). */
  sees_patients: boolean;
  /** `false`: listed, but booking answers 400 on `professional_id`. */
  active: boolean;
  /** The room of an appointment created without `room_id`, when that room is active. */
  default_room_id: number | null;
}

/** What `seed.room` takes. */
export interface SeedRoomInput {
  /** Not empty. */
  name: string;
  /** Default `true`. Inactive rooms are not returned by the API. */
  active?: boolean;
}

/** A seeded room. */
export interface SeededRoom {
  /** The `{id}` of /rooms/{id} and the `room_id` of appointments. */
  id: number;
  /** The owning clinic. */
  company_id: number;
  /** The room object's `name`. */
  name: string;
  /** `false`: missing from GET /rooms, 404 on GET /rooms/{id}, refused as `room_id` (spec 2.4). */
  active: boolean;
}

/** What `seed.appointmentType` takes. */
export interface SeedAppointmentTypeInput {
  /** Not empty. */
  name: string;
  /** Duration, which gives `end_at`. Default 30 minutes. */
  duration_minutes?: number;
  /** Default `true`. */
  active?: boolean;
}

/** A seeded appointment type; `duration_minutes` and `active` are never returned. */
export interface SeededAppointmentType {
  /** The `{id}` of /appointment-types/{id} and the `appointment_type_id` of appointments. */
  id: number;
  /** The owning clinic. */
  company_id: number;
  /** The type object's `name`. */
  name: string;
  /** An appointment of this type ends this long after its start. */
  duration_minutes: number;
  /** `false`: listed, but booking answers 400 on `appointment_type_id`. */
  active: boolean;
}

/** What `seed.appointment` takes: any state, telehealth and `requested` included. */
export interface SeedAppointmentInput {
  /** A patient of the clinic (active or not), or `null`. */
  patient_id: number | null;
  /** A professional of the clinic (any), or `null`. */
  professional_id: number | null;
  /** An appointment type of the clinic (any). */
  appointment_type_id: number;
  /** ISO 8601 (without a zone: America/Sao_Paulo) or a `Date`; seconds 00. */
  start_at: string | Date;
  /** Default `in_person`. */
  modality?: AppointmentModality;
  /** Default `scheduled`. */
  status?: AppointmentStatus;
  /** Default `staff`. */
  origin?: AppointmentOrigin;
  /** A room of the clinic; omitted: the professional's default room; `null`: none. */
  room_id?: number | null;
  /** Internal note (not returned by the API). */
  note?: string | null;
}

/** Options of `seed.appointment`. */
export interface SeedAppointmentOptions {
  /** Emit `appointment.created`, as a booking in the web application does. Default `false`. */
  emitEvent?: boolean;
}

/** A snapshot of a seeded appointment, instants as the API writes them (Sao Paulo offset). */
export interface SeededAppointment {
  /** A random UUID v4: the `{id}` of /appointments/{id} and its cancel. */
  id: string;
  /** The owning clinic: the `company_id` of its events' envelopes (spec 6.1). */
  company_id: number;
  /** The patient, or `null`. */
  patient_id: number | null;
  /** The professional, or `null`. */
  professional_id: number | null;
  /** The type; its duration gave `end_at`. */
  appointment_type_id: number;
  /** The room given, else the professional's default room if active, else `null`. */
  room_id: number | null;
  /** Seconds 00. */
  start_at: string;
  /** `start_at` plus the type's duration. */
  end_at: string;
  /** The API cannot change or cancel a `telehealth` appointment (spec 3, rule 2). */
  modality: AppointmentModality;
  /** POST /appointments creates only `api` ones. */
  origin: AppointmentOrigin;
  /** The API cannot change or cancel a `requested` one (spec 3, rule 2). */
  status: AppointmentStatus;
  /** Kept, not returned in the appointment object (the spec leaves that open). */
  note: string | null;
  /** On the server clock. */
  created_at: string;
  /** Equal to `created_at`; a later PATCH or cancel moves the stored record, not this snapshot. */
  updated_at: string;
}

/**
 * What `seed.change` takes: an edit as staff would make it in the web application, with none of
 * the API's limits (any status, telehealth included). Only the members given change.
 */
export interface StaffChangeInput {
  /** Any status, such as `checked_in`, `completed` or `no_show`; `cancelled` emits `appointment.cancelled`. */
  status?: AppointmentStatus;
  /** A moved time (ISO 8601; without a zone, America/Sao_Paulo); `end_at` keeps the type's duration. */
  start_at?: string | Date;
  /** Another professional of the clinic, or `null`. */
  professional_id?: number | null;
  /** Another room of the clinic, or `null`. */
  room_id?: number | null;
  /** `in_person` or `telehealth`. */
  modality?: AppointmentModality;
  /** Internal note. */
  note?: string | null;
}

/** What `seed.blockedSlot` takes: a time blocked in a professional's agenda. */
export interface SeedBlockedSlotInput {
  /** A professional of the same clinic; booking into the slot answers 409 `slot_blocked`. */
  professional_id: number;
  /** ISO 8601 (without a zone: America/Sao_Paulo) or a `Date`; seconds 00. */
  start_at: string | Date;
  /** After `start_at`; the slot is `[start_at, end_at)`. */
  end_at: string | Date;
}

/** A seeded blocked slot. The API has no endpoint for blocked slots: they exist for its rules. */
export interface SeededBlockedSlot {
  /** Unique across the server's clinics. */
  id: number;
  /** The owning clinic. */
  company_id: number;
  /** The professional whose agenda is blocked. */
  professional_id: number;
  /** Included. */
  start_at: string;
  /** Excluded: an appointment starting at `end_at` does not overlap. */
  end_at: string;
}

/**
 * `api.seed` (and `api.clinic(id).seed`): each helper stores a checked record and returns it.
 * Each throws a `TypeError` for a broken field rule, a record the clinic lacks, a taken CPF.
 */
export interface SeedHelpers {
  /** @example `api.seed.patient({ name: 'Ana Souza', cpf: generateCpf(1) })` */
  patient(input: SeedPatientInput): SeededPatient;
  /** @example `api.seed.professional({ name: 'Dra. Helena Prado', specialty: 'Cardiologia' })` */
  professional(input: SeedProfessionalInput): SeededProfessional;
  /** @example `api.seed.room({ name: 'Consultório 1' })` */
  room(input: SeedRoomInput): SeededRoom;
  /** @example `api.seed.appointmentType({ name: 'Consulta', duration_minutes: 30 })` */
  appointmentType(input: SeedAppointmentTypeInput): SeededAppointmentType;
  /** @example `api.seed.appointment({ patient_id: 1, professional_id: 1, appointment_type_id: 1, start_at: '2026-03-02T14:30:00' })` */
  appointment(input: SeedAppointmentInput, options?: SeedAppointmentOptions): SeededAppointment;
  /** @example `api.seed.blockedSlot({ professional_id: 1, start_at: '2026-03-02T12:00:00', end_at: '2026-03-02T14:00:00' })` */
  blockedSlot(input: SeedBlockedSlotInput): SeededBlockedSlot;
  /**
   * Changes an appointment as staff would, emitting the event the service would
   * (`appointment.updated`, or `appointment.cancelled`; none when nothing changed). Events do not
   * say who changed what (spec 6.2 rule 1); `origin` keeps its creation value.
   * @example `api.seed.change(id, { status: 'checked_in' })`
   */
  change(appointmentId: string, changes: StaffChangeInput): SeededAppointment;
  /**
   * Emits an event of `type` for the appointment as it stands now (say, for a seeded one).
   * @example `api.seed.emitEvent('appointment.created', seeded.id)`
   */
  emitEvent(type: AppointmentEventType, appointmentId: string): WebhookEnvelope;
}

/** What the seed helpers need of the server. */
export interface SeedContext {
  store: Store;
  clock: Clock;
  events: EventLog;
}
