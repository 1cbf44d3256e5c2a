/**
 * Seeding: `api.seed.*` puts records of any state straight into a clinic (inactive ones,
 * telehealth and `requested` appointments included), checked with the same shared field
 * schemas as the API plus the references between records. `seed: 'demo'` builds a small
 * realistic clinic.
 *
 * @module
 */
import { z } from 'zod';
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
import type {
  AppointmentRecord,
  AppointmentTypeRecord,
  BlockedSlotRecord,
  ClinicState,
  PatientRecord,
  ProfessionalRecord,
  RoomRecord,
  Store,
} from './store.ts';
import { formatClinicInstant, parseClinicDateTime } from './time.ts';
import { appointmentView } from './views.ts';

/** What `seed.patient` takes. The write-only fields are kept and never returned by the API. */
export interface SeedPatientInput {
  name: string;
  phone?: string | null;
  /** With or without punctuation; check digits are validated; unique in the clinic. */
  cpf?: string | null;
  email?: string | null;
  /** YYYY-MM-DD. */
  birth_date?: string | null;
  gender?: 'F' | 'M' | 'O' | null;
  /** Default `true`. */
  active?: boolean;
}

/** A seeded patient: the stored record, the write-only fields (CPF as digits) included. */
export interface SeededPatient {
  id: number;
  company_id: number;
  name: string;
  phone: string | null;
  cpf: string | null;
  email: string | null;
  birth_date: string | null;
  gender: 'F' | 'M' | 'O' | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** What `seed.professional` takes. */
export interface SeedProfessionalInput {
  name: string;
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
  id: number;
  company_id: number;
  name: string;
  specialty: string | null;
  sees_patients: boolean;
  active: boolean;
  default_room_id: number | null;
}

/** What `seed.room` takes. */
export interface SeedRoomInput {
  name: string;
  /** Default `true`. Inactive rooms are not returned by the API. */
  active?: boolean;
}

/** A seeded room. */
export interface SeededRoom {
  id: number;
  company_id: number;
  name: string;
  active: boolean;
}

/** What `seed.appointmentType` takes. */
export interface SeedAppointmentTypeInput {
  name: string;
  /** Duration, which gives `end_at`. Default 30 minutes. */
  duration_minutes?: number;
  /** Default `true`. */
  active?: boolean;
}

/** A seeded appointment type. */
export interface SeededAppointmentType {
  id: number;
  company_id: number;
  name: string;
  duration_minutes: number;
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
  status?:
    | 'requested'
    | 'scheduled'
    | 'confirmed'
    | 'checked_in'
    | 'completed'
    | 'no_show'
    | 'cancelled';
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
  id: string;
  company_id: number;
  patient_id: number | null;
  professional_id: number | null;
  appointment_type_id: number;
  room_id: number | null;
  start_at: string;
  end_at: string;
  modality: AppointmentModality;
  origin: AppointmentOrigin;
  status:
    | 'requested'
    | 'scheduled'
    | 'confirmed'
    | 'checked_in'
    | 'completed'
    | 'no_show'
    | 'cancelled';
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** What `seed.blockedSlot` takes: a time blocked in a professional's agenda. */
export interface SeedBlockedSlotInput {
  professional_id: number;
  /** ISO 8601 (without a zone: America/Sao_Paulo) or a `Date`; seconds 00. */
  start_at: string | Date;
  /** After `start_at`; the slot is `[start_at, end_at)`. */
  end_at: string | Date;
}

/** A seeded blocked slot. */
export interface SeededBlockedSlot {
  id: number;
  company_id: number;
  professional_id: number;
  start_at: string;
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
      const now = clock.now();
      const record: PatientRecord = {
        seq: store.nextSeq(),
        company_id: companyId,
        id: store.nextId('patient'),
        name: data.name,
        phone: data.phone ?? null,
        email: data.email ?? null,
        cpf,
        birth_date: data.birth_date ?? null,
        gender: data.gender ?? null,
        active: data.active ?? true,
        created_at: now,
        updated_at: now,
      };
      c.patients.add(record);
      if (cpf !== null) c.cpfIndex.set(cpf, record.id);
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
