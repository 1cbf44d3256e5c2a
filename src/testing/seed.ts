/**
 * Seeding: `api.seed.*` puts records of any state straight into a clinic (inactive ones,
 * telehealth and `requested` appointments included), checked with the same shared field
 * schemas as the API plus the references between records. `seed: 'demo'` builds a small
 * realistic clinic.
 *
 * @module
 */
import * as z from 'zod';
import {
  AppointmentModality,
  AppointmentOrigin,
  AppointmentStatus,
} from '../schemas/appointments.ts';
import {
  BirthDate,
  Cpf,
  Email,
  Gender,
  IntegerId,
  Note,
  normalizeCpf,
  PatientName,
  Phone,
  StartAt,
} from '../schemas/common.ts';
import { issuesToFields } from '../schemas/errors.ts';
import type { Clock } from './clock.ts';
import { createEnvelope, type EventLog } from './events.ts';
import { endAtFor, roomFor } from './rules.ts';
import {
  type AppointmentRecord,
  type AppointmentTypeRecord,
  addPatient,
  type BlockedSlotRecord,
  type ClinicState,
  type PatientRecord,
  type ProfessionalRecord,
  type RoomRecord,
  type Store,
} from './store.ts';
import { formatClinicInstant, parseClinicDateTime } from './time.ts';
import { appointmentView } from './views.ts';

/** What `seed.patient` takes. The write-only fields are kept and never returned by the API. */
export interface SeedPatientInput {
  /**
   * Full name: at most 255 characters (spec 4.7), trimmed, not empty. Returned as the patient's
   * `name` and as `patient.name` in appointments.
   */
  name: string;
  /**
   * Mobile number with area code: at most 40 characters (spec 4.7), trimmed and kept as given
   * (the reference server does not normalise it). Returned as the patient's `phone` and as
   * `patient.phone` in appointments; the `phone` filter of GET /patients matches it exactly.
   * Default `null`.
   */
  phone?: string | null;
  /** With or without punctuation; check digits are validated; unique in the clinic. */
  cpf?: string | null;
  /**
   * E-mail address, at most 100 characters (spec 4.7). Write-only (spec 1, fact 6): kept on
   * the record, never returned by the API. Default `null`.
   */
  email?: string | null;
  /** YYYY-MM-DD. */
  birth_date?: string | null;
  /**
   * `F` (female), `M` (male) or `O` (other) (spec 4.7). Write-only (spec 1, fact 6): kept on
   * the record, never returned by the API. Default `null`.
   */
  gender?: 'F' | 'M' | 'O' | null;
  /** Default `true`. */
  active?: boolean;
}

/** A seeded patient: the stored record, the write-only fields (CPF as digits) included. */
export interface SeededPatient {
  /**
   * The patient id (spec 2.2 `id`): a positive integer, 1, 2, 3... in seeding order and unique
   * across the server's clinics. The `{id}` of GET and PATCH /patients/{id} and the
   * `patient_id` of POST /appointments.
   */
  id: number;
  /**
   * The clinic (company) that owns the patient: 1 through `api.seed`, `id` through
   * `api.clinic(id).seed`. Only keys of that clinic see it (spec 5, rule 8). Not a field of the
   * patient object.
   */
  company_id: number;
  /** The name as stored (trimmed): the patient object's `name` (spec 2.2). */
  name: string;
  /** The phone as stored (trimmed), or `null`: the patient object's `phone` (spec 2.2). */
  phone: string | null;
  /**
   * The CPF as its 11 digits (punctuation removed), or `null`. Write-only (spec 1, fact 6):
   * never returned by the API; the `cpf` filter of GET /patients matches it.
   */
  cpf: string | null;
  /** The e-mail, or `null`. Write-only (spec 1, fact 6): never returned by the API. */
  email: string | null;
  /** The birth date (YYYY-MM-DD), or `null`. Write-only (spec 1, fact 6): never returned by the API. */
  birth_date: string | null;
  /** `F`, `M` or `O`, or `null`. Write-only (spec 1, fact 6): never returned by the API. */
  gender: 'F' | 'M' | 'O' | null;
  /**
   * The patient object's `active` (spec 2.2). An inactive patient is still returned by GET
   * /patients, but POST /appointments refuses it (400 on `patient_id`, spec 4.4).
   */
  active: boolean;
  /**
   * When it was seeded, on the server clock, as the API writes instants:
   * `YYYY-MM-DDThh:mm:ss±HH:MM` in the America/Sao_Paulo offset (spec 2.2 `created_at`).
   */
  created_at: string;
  /**
   * The same instant as `created_at` (spec 2.2 `updated_at`). This object is a snapshot: a
   * later PATCH /patients/{id} moves the stored record, not it.
   */
  updated_at: string;
}

/** What `seed.professional` takes. */
export interface SeedProfessionalInput {
  /**
   * Returned as the professional's `name` (spec 2.3) and as `professional.name` in
   * appointments. Trimmed, not empty.
   */
  name: string;
  /** Returned as the professional's `specialty` (spec 2.3); `null` for none. Default `null`. */
  specialty?: string | null;
  /** Whether the professional sees patients (can be booked). Default `true`. */
  sees_patients?: boolean;
  /** Default `true`. */
  active?: boolean;
  /** The default room of the professional's grid: an id of a room of the same clinic. */
  default_room_id?: number | null;
}

/** A seeded professional. */
export interface SeededProfessional {
  /**
   * The professional id (spec 2.3 `id`): a positive integer, unique across the server's
   * clinics. The `{id}` of GET /professionals/{id} and the `professional_id` of appointments
   * and blocked slots.
   */
  id: number;
  /** The clinic (company) that owns the professional (1 through `api.seed`). */
  company_id: number;
  /** The name as stored (trimmed): the professional object's `name` (spec 2.3). */
  name: string;
  /** The professional object's `specialty` (spec 2.3), or `null`. */
  specialty: string | null;
  /**
   * Whether the professional can be booked: POST /appointments with one who does not see
   * patients answers 400 on `professional_id` (spec 4.4). Never returned by the API.
   */
  sees_patients: boolean;
  /**
   * An inactive professional is still returned by GET /professionals, but cannot be booked
   * (400 on `professional_id`, spec 4.4). Never returned by the API.
   */
  active: boolean;
  /**
   * The default room of the professional's grid, or `null`: the room of an appointment created
   * without `room_id`, when that room is active (spec 4.4). Never returned by the API.
   */
  default_room_id: number | null;
}

/** What `seed.room` takes. */
export interface SeedRoomInput {
  /** Returned as the room's `name` (spec 2.4) and as `room.name` in appointments. Trimmed, not empty. */
  name: string;
  /** Default `true`. Inactive rooms are not returned by the API. */
  active?: boolean;
}

/** A seeded room. */
export interface SeededRoom {
  /**
   * The room id (spec 2.4 `id`): a positive integer, unique across the server's clinics. The
   * `{id}` of GET /rooms/{id} and the `room_id` of appointments.
   */
  id: number;
  /** The clinic (company) that owns the room (1 through `api.seed`). */
  company_id: number;
  /** The name as stored (trimmed): the room object's `name` (spec 2.4). */
  name: string;
  /**
   * Only active rooms are returned by the API (spec 2.4): an inactive one is missing from GET
   * /rooms, answers 404 on GET /rooms/{id} and is refused as `room_id` (400). Never returned.
   */
  active: boolean;
}

/** What `seed.appointmentType` takes. */
export interface SeedAppointmentTypeInput {
  /**
   * Returned as the type's `name` (spec 2.5) and as `appointment_type.name` in appointments.
   * Trimmed, not empty.
   */
  name: string;
  /** Duration, which gives `end_at`. Default 30 minutes. */
  duration_minutes?: number;
  /** Default `true`. */
  active?: boolean;
}

/** A seeded appointment type. */
export interface SeededAppointmentType {
  /**
   * The appointment type id (spec 2.5 `id`): a positive integer, unique across the server's
   * clinics. The `{id}` of GET /appointment-types/{id} and the `appointment_type_id` of
   * appointments.
   */
  id: number;
  /** The clinic (company) that owns the type (1 through `api.seed`). */
  company_id: number;
  /** The name as stored (trimmed): the type object's `name` (spec 2.5). */
  name: string;
  /**
   * The duration in minutes (a positive integer; default 30): an appointment of this type ends
   * this long after its start (`end_at`, spec 2.1). Never returned by the API.
   */
  duration_minutes: number;
  /**
   * An inactive type is still returned by GET /appointment-types, but cannot be booked (400 on
   * `appointment_type_id`, spec 4.4). Never returned by the API.
   */
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
  /**
   * Emit `appointment.created` for it, as when staff or a patient books in the web
   * application. Default `false`: seeding is set-up, not a change.
   */
  emitEvent?: boolean;
}

/** A seeded appointment: the stored record, instants in the America/Sao_Paulo offset. */
export interface SeededAppointment {
  /**
   * The appointment id (spec 2.1 `id`): a random UUID (version 4). The `{id}` of
   * GET and PATCH /appointments/{id} and of POST /appointments/{id}/cancel.
   */
  id: string;
  /**
   * The clinic (company) that owns it (1 through `api.seed`): the `company_id` of the
   * envelopes of its events (spec 6.1).
   */
  company_id: number;
  /**
   * The patient, or `null`. The appointment object carries it as `patient`
   * (`{id, name, phone}` of the patient as it is when read, spec 2.1), or `null`.
   */
  patient_id: number | null;
  /**
   * The professional, or `null`. The appointment object carries it as `professional`
   * (`{id, name, specialty}`, spec 2.1), or `null`.
   */
  professional_id: number | null;
  /**
   * The type. The appointment object carries it as `appointment_type` (`{id, name}`,
   * spec 2.1); its `duration_minutes` gave `end_at`.
   */
  appointment_type_id: number;
  /**
   * The room, or `null`: the one given, or, when the input left `room_id` out, the
   * professional's default room if it is active. The appointment object carries it as `room`
   * (`{id, name}`, spec 2.1), or `null`.
   */
  room_id: number | null;
  /**
   * The start as the API returns it (spec 2.1 `start_at`): `YYYY-MM-DDThh:mm:ss±HH:MM` in the
   * America/Sao_Paulo offset of that instant, seconds 00, for example
   * `2026-03-02T14:30:00-03:00`.
   */
  start_at: string;
  /** `start_at` plus the type's `duration_minutes`, in the same form (spec 2.1 `end_at`). */
  end_at: string;
  /**
   * `in_person` or `telehealth` (spec 2.1; the seed default `in_person`). The API cannot
   * change or cancel a telehealth appointment (spec 3, rule 2).
   */
  modality: AppointmentModality;
  /**
   * `staff`, `patient_booking` or `api` (spec 2.1; the seed default `staff`). POST
   * /appointments creates only `api` ones.
   */
  origin: AppointmentOrigin;
  /**
   * One of the seven statuses of spec 3 (the seed default `scheduled`). The API cannot change
   * or cancel a `requested` one, a patient request (spec 3, rule 2).
   */
  status: AppointmentStatus;
  /**
   * The internal note (at most 2000 characters, spec 4.4), or `null`. Kept on the record; the
   * reference server does not return it in the appointment object (the spec leaves that open).
   */
  note: string | null;
  /**
   * When it was seeded, on the server clock, in the same form as `start_at` (spec 2.1
   * `created_at`).
   */
  created_at: string;
  /**
   * The same instant as `created_at` (spec 2.1 `updated_at`). This object is a snapshot: a
   * later PATCH or cancel moves the stored record, not it.
   */
  updated_at: string;
}

/** What `seed.blockedSlot` takes: a time blocked in a professional's agenda. */
export interface SeedBlockedSlotInput {
  /**
   * The professional whose agenda is blocked: a professional of the same clinic (any). Creating
   * or moving one of their appointments into the slot answers 409 `slot_blocked` (spec 4.4).
   */
  professional_id: number;
  /** ISO 8601 (without a zone: America/Sao_Paulo) or a `Date`; seconds 00. */
  start_at: string | Date;
  /** After `start_at`; the slot is `[start_at, end_at)`. */
  end_at: string | Date;
}

/** A seeded blocked slot. The API has no endpoint for blocked slots: they exist for its rules. */
export interface SeededBlockedSlot {
  /** The slot id: a positive integer, unique across the server's clinics. */
  id: number;
  /** The clinic (company) that owns the slot (1 through `api.seed`). */
  company_id: number;
  /** The professional whose agenda is blocked. */
  professional_id: number;
  /**
   * The start of the blocked time (included), as `YYYY-MM-DDThh:mm:ss±HH:MM` in the
   * America/Sao_Paulo offset.
   */
  start_at: string;
  /**
   * The end of the blocked time (excluded), in the same form: an appointment that ends at
   * `start_at` or starts at `end_at` does not overlap the slot.
   */
  end_at: string;
}

/**
 * `api.seed` (and `api.clinic(id).seed`): each helper checks its input, stores the record in
 * the clinic and returns it with its id.
 *
 * @throws TypeError from every helper when the input breaks a field rule or names a record
 *   that the clinic does not have, or when a CPF is already taken in the clinic.
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
  /**
   * @example
   * ```ts
   * api.seed.appointment({ patient_id: 1, professional_id: 1, appointment_type_id: 1,
   *   start_at: '2026-03-02T14:30:00', modality: 'telehealth' });
   * ```
   */
  appointment(input: SeedAppointmentInput, options?: SeedAppointmentOptions): SeededAppointment;
  /** @example `api.seed.blockedSlot({ professional_id: 1, start_at: '2026-03-02T12:00:00', end_at: '2026-03-02T14:00:00' })` */
  blockedSlot(input: SeedBlockedSlotInput): SeededBlockedSlot;
}

/** What the seed helpers need of the server. */
export interface SeedContext {
  store: Store;
  clock: Clock;
  events: EventLog;
}

const Active = z.boolean({ error: 'must be true or false' });
const Name = z.string({ error: 'must be a string' }).trim().min(1, { error: 'must not be empty' });

const SeedPatient = z.strictObject({
  name: PatientName,
  phone: Phone.nullable().optional(),
  cpf: Cpf.nullable().optional(),
  email: Email.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  gender: Gender.nullable().optional(),
  active: Active.optional(),
});

const SeedProfessional = z.strictObject({
  name: Name,
  specialty: z.string({ error: 'must be a string' }).nullable().optional(),
  sees_patients: Active.optional(),
  active: Active.optional(),
  default_room_id: IntegerId.nullable().optional(),
});

const SeedRoom = z.strictObject({ name: Name, active: Active.optional() });

const SeedAppointmentType = z.strictObject({
  name: Name,
  duration_minutes: z
    .number({ error: 'must be a number of minutes' })
    .int({ error: 'must be a whole number of minutes' })
    .positive({ error: 'must be positive' })
    .optional(),
  active: Active.optional(),
});

const SeedAppointment = z.strictObject({
  patient_id: IntegerId.nullable(),
  professional_id: IntegerId.nullable(),
  appointment_type_id: IntegerId,
  start_at: StartAt,
  modality: AppointmentModality.optional(),
  status: AppointmentStatus.optional(),
  origin: AppointmentOrigin.optional(),
  room_id: IntegerId.nullable().optional(),
  note: Note.nullable().optional(),
});

const SeedBlockedSlot = z.strictObject({
  professional_id: IntegerId,
  start_at: StartAt,
  end_at: StartAt,
});

function parse<S extends z.ZodType>(what: string, schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = issuesToFields(result.error.issues);
  const text = Object.entries(fields)
    .map(([field, messages]) => `${field} ${messages.join('; ')}`)
    .join(', ');
  throw new TypeError(`${what}: invalid input: ${text}`);
}

function instant(what: string, field: string, value: string): number {
  const at = parseClinicDateTime(value);
  if (at === undefined) throw new TypeError(`${what}: ${field} is not an ISO 8601 date-time`);
  return at;
}

function snapshotPatient(p: PatientRecord): SeededPatient {
  const { seq: _seq, created_at, updated_at, ...rest } = p;
  return {
    ...rest,
    created_at: formatClinicInstant(created_at),
    updated_at: formatClinicInstant(updated_at),
  };
}

function snapshotAppointment(a: AppointmentRecord): SeededAppointment {
  const { seq: _seq, start_at, end_at, created_at, updated_at, ...rest } = a;
  return {
    ...rest,
    start_at: formatClinicInstant(start_at),
    end_at: formatClinicInstant(end_at),
    created_at: formatClinicInstant(created_at),
    updated_at: formatClinicInstant(updated_at),
  };
}

function without<T extends { seq: number }>(record: T): Omit<T, 'seq'> {
  const { seq: _seq, ...rest } = record;
  return rest;
}

/** The seed helpers of clinic `companyId`. */
export function createSeedHelpers(ctx: SeedContext, companyId: number): SeedHelpers {
  const { store, clock, events } = ctx;
  const clinic = (): ClinicState => store.clinic(companyId);
  const missing = (what: string, field: string, kind: string, id: number) =>
    new TypeError(`${what}: ${field} ${id} is not a ${kind} of clinic ${companyId}; seed it first`);

  return {
    patient(input) {
      const what = 'seed.patient';
      const data = parse(what, SeedPatient, input);
      const c = clinic();
      const cpf = data.cpf ? normalizeCpf(data.cpf) : null;
      if (cpf !== null && c.cpfIndex.has(cpf)) {
        throw new TypeError(`${what}: another patient of clinic ${companyId} has this CPF`);
      }
      const record = addPatient(
        store,
        c,
        { ...data, cpf, active: data.active ?? true },
        clock.now(),
      );
      return snapshotPatient(record);
    },

    professional(input) {
      const what = 'seed.professional';
      const data = parse(what, SeedProfessional, input);
      const c = clinic();
      const roomId = data.default_room_id ?? null;
      if (roomId !== null && !c.rooms.get(roomId)) {
        throw missing(what, 'default_room_id', 'room', roomId);
      }
      const record: ProfessionalRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: store.nextId('professional'),
        name: data.name,
        specialty: data.specialty ?? null,
        sees_patients: data.sees_patients ?? true,
        active: data.active ?? true,
        default_room_id: roomId,
      };
      return without(c.professionals.add(record));
    },

    room(input) {
      const data = parse('seed.room', SeedRoom, input);
      const record: RoomRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: store.nextId('room'),
        name: data.name,
        active: data.active ?? true,
      };
      return without(clinic().rooms.add(record));
    },

    appointmentType(input) {
      const data = parse('seed.appointmentType', SeedAppointmentType, input);
      const record: AppointmentTypeRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: store.nextId('appointmentType'),
        name: data.name,
        duration_minutes: data.duration_minutes ?? 30,
        active: data.active ?? true,
      };
      return without(clinic().appointmentTypes.add(record));
    },

    appointment(input, options = {}) {
      const what = 'seed.appointment';
      const data = parse(what, SeedAppointment, input);
      const c = clinic();
      if (data.patient_id !== null && !c.patients.get(data.patient_id)) {
        throw missing(what, 'patient_id', 'patient', data.patient_id);
      }
      const professional =
        data.professional_id === null ? undefined : c.professionals.get(data.professional_id);
      if (data.professional_id !== null && !professional) {
        throw missing(what, 'professional_id', 'professional', data.professional_id);
      }
      const type = c.appointmentTypes.get(data.appointment_type_id);
      if (!type)
        throw missing(what, 'appointment_type_id', 'appointment type', data.appointment_type_id);
      if (data.room_id !== undefined && data.room_id !== null && !c.rooms.get(data.room_id)) {
        throw missing(what, 'room_id', 'room', data.room_id);
      }
      const start = instant(what, 'start_at', data.start_at);
      const now = clock.now();
      const record: AppointmentRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: crypto.randomUUID(),
        patient_id: data.patient_id,
        professional_id: data.professional_id,
        appointment_type_id: type.id,
        room_id:
          data.room_id === undefined && professional
            ? roomFor(c, professional, undefined)
            : (data.room_id ?? null),
        start_at: start,
        end_at: endAtFor(type, start),
        modality: data.modality ?? 'in_person',
        origin: data.origin ?? 'staff',
        status: data.status ?? 'scheduled',
        note: data.note ?? null,
        created_at: now,
        updated_at: now,
      };
      c.appointments.add(record);
      if (options.emitEvent) {
        events.emit(
          createEnvelope('appointment.created', companyId, appointmentView(c, record), now),
        );
      }
      return snapshotAppointment(record);
    },

    blockedSlot(input) {
      const what = 'seed.blockedSlot';
      const data = parse(what, SeedBlockedSlot, input);
      const c = clinic();
      if (!c.professionals.get(data.professional_id)) {
        throw missing(what, 'professional_id', 'professional', data.professional_id);
      }
      const start = instant(what, 'start_at', data.start_at);
      const end = instant(what, 'end_at', data.end_at);
      if (end <= start) throw new TypeError(`${what}: end_at must be after start_at`);
      const record: BlockedSlotRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: store.nextId('blockedSlot'),
        professional_id: data.professional_id,
        start_at: start,
        end_at: end,
      };
      const slots = c.blockedSlots.get(record.professional_id) ?? [];
      slots.push(record);
      c.blockedSlots.set(record.professional_id, slots);
      const { seq: _seq, ...rest } = record;
      return { ...rest, start_at: formatClinicInstant(start), end_at: formatClinicInstant(end) };
    },
  };
}

/**
 * A valid CPF (11 digits, check digits computed), deterministic for a given `n` and random
 * without it. Handy for seeds and test bodies.
 *
 * @example
 * ```ts
 * api.seed.patient({ name: 'Ana Souza', cpf: generateCpf(1) });
 * ```
 */
export function generateCpf(n?: number): string {
  let base =
    n === undefined
      ? String(crypto.getRandomValues(new Uint32Array(1))[0]! % 1_000_000_000)
      : String((123_456_789 + Math.trunc(Math.abs(n)) * 7_654_321) % 1_000_000_000);
  base = base.padStart(9, '0');
  if (/^(\d)\1{8}$/.test(base)) base = `${base.slice(0, 8)}${(Number(base[8]) + 1) % 10}`;
  const digits = [...base].map(Number);
  for (const length of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += digits[i]! * (length + 1 - i);
    digits.push(((sum * 10) % 11) % 10);
  }
  return digits.join('');
}

/** The calendar date (YYYY-MM-DD) in America/Sao_Paulo `days` after the instant `now`. */
function clinicDate(now: number, days: number): string {
  return formatClinicInstant(now + days * 86_400_000).slice(0, 10);
}

/**
 * Seeds a small realistic clinic: rooms (one inactive), professionals (one with no default
 * room, one who does not see patients, one inactive), appointment types (one inactive),
 * patients with valid CPFs (one inactive), a few appointments in the next days (a telehealth
 * one and a patient request among them) and a blocked lunch slot.
 */
export function seedDemo(seed: SeedHelpers, now: number): void {
  const room1 = seed.room({ name: 'Consultório 1' });
  const room2 = seed.room({ name: 'Consultório 2' });
  seed.room({ name: 'Sala de Procedimentos' });
  seed.room({ name: 'Consultório 3', active: false });

  const helena = seed.professional({
    name: 'Dra. Helena Prado',
    specialty: 'Cardiologia',
    default_room_id: room1.id,
  });
  const marcos = seed.professional({
    name: 'Dr. Marcos Teixeira',
    specialty: 'Dermatologia',
    default_room_id: room2.id,
  });
  const beatriz = seed.professional({ name: 'Dra. Beatriz Ramos', specialty: 'Pediatria' });
  seed.professional({ name: 'Juliana Alves', specialty: null, sees_patients: false });
  seed.professional({ name: 'Dr. Paulo Menezes', specialty: 'Ortopedia', active: false });

  const consulta = seed.appointmentType({ name: 'Consulta', duration_minutes: 30 });
  const retorno = seed.appointmentType({ name: 'Retorno', duration_minutes: 20 });
  seed.appointmentType({ name: 'Procedimento', duration_minutes: 60 });
  seed.appointmentType({ name: 'Avaliação inicial', duration_minutes: 45, active: false });

  const ana = seed.patient({
    name: 'Ana Souza',
    phone: '11987654321',
    cpf: generateCpf(1),
    email: 'ana.souza@example.com',
    birth_date: '1988-04-12',
    gender: 'F',
  });
  const bruno = seed.patient({
    name: 'Bruno Lima',
    phone: '21998765432',
    cpf: generateCpf(2),
    birth_date: '1975-09-30',
    gender: 'M',
  });
  const carla = seed.patient({ name: 'Carla Mendes', phone: '31991234567', cpf: generateCpf(3) });
  seed.patient({ name: 'Diego Santos', cpf: generateCpf(4), active: false });
  seed.patient({ name: 'Elisa Rocha', phone: '+5511912345678' });

  const tomorrow = clinicDate(now, 1);
  const later = clinicDate(now, 2);
  seed.appointment({
    patient_id: ana.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${tomorrow}T09:00:00`,
  });
  seed.appointment({
    patient_id: bruno.id,
    professional_id: marcos.id,
    appointment_type_id: retorno.id,
    start_at: `${tomorrow}T10:00:00`,
    status: 'confirmed',
    origin: 'patient_booking',
  });
  seed.appointment({
    patient_id: carla.id,
    professional_id: beatriz.id,
    appointment_type_id: consulta.id,
    start_at: `${later}T15:00:00`,
    modality: 'telehealth',
  });
  seed.appointment({
    patient_id: carla.id,
    professional_id: helena.id,
    appointment_type_id: consulta.id,
    start_at: `${later}T16:00:00`,
    status: 'requested',
    origin: 'patient_booking',
  });
  seed.blockedSlot({
    professional_id: helena.id,
    start_at: `${tomorrow}T12:00:00`,
    end_at: `${tomorrow}T14:00:00`,
  });
}
