/** `api.seed.*`: records of any state, put straight into a clinic, checked as strictly as requests. @module */
import { normalizeCpf } from '../../schemas/fields/index.ts';
import { APPOINTMENT_EVENT_TYPES } from '../../webhooks/events.ts';
import { publishChanges } from '../server/changes.ts';
import { endAtFor, roomFor } from '../server/rules.ts';
import {
  type AppointmentRecord,
  type AppointmentTypeRecord,
  addPatient,
  type BlockedSlotRecord,
  type ClinicState,
  type PatientRecord,
  type ProfessionalRecord,
  type RoomRecord,
} from '../server/store.ts';
import { formatClinicInstant } from '../server/time.ts';
import {
  instant,
  parse,
  SeedAppointment,
  SeedAppointmentType,
  SeedBlockedSlot,
  SeedPatient,
  SeedProfessional,
  SeedRoom,
  StaffChange,
} from './schemas.ts';
import type { SeedContext, SeededAppointment, SeededPatient, SeedHelpers } from './types.ts';

function snapshotPatient(p: PatientRecord): SeededPatient {
  const { seq: _seq, cpf_written: _written, created_at, updated_at, ...rest } = p;
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

/**
 * A helper's refusal of an id that names no record of the clinic (`seed.change`,
 * `seed.emitEvent`): a `TypeError` in process, 404 over the control API.
 */
export class UnknownRecordError extends TypeError {}

const CHECKPOINTS = new WeakMap<SeedHelpers, () => () => void>();

/**
 * Marks the state of the server whose helpers these are; calling what it returns drops every
 * record added since and restores the ids. `undefined` for helpers not made here.
 */
export function seedCheckpoint(helpers: SeedHelpers): (() => void) | undefined {
  return CHECKPOINTS.get(helpers)?.();
}

/** The seed helpers of clinic `companyId`. */
export function createSeedHelpers(ctx: SeedContext, companyId: number): SeedHelpers {
  const helpers = seedHelpers(ctx, companyId);
  CHECKPOINTS.set(helpers, () => ctx.store.checkpoint());
  return helpers;
}

function seedHelpers(ctx: SeedContext, companyId: number): SeedHelpers {
  const { store, clock, events } = ctx;
  const clinic = (): ClinicState => store.clinic(companyId);
  const unknownAppointment = (what: string, id: unknown) =>
    new UnknownRecordError(`${what}: no appointment ${String(id)} in clinic ${companyId}`);
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
        { ...data, cpf, cpf_written: data.cpf ?? null, active: data.active ?? true },
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
        publishChanges({ clock, events }, c, [
          { kind: 'appointment.created', appointment: record },
        ]);
      }
      return snapshotAppointment(record);
    },

    change(appointmentId, changes) {
      const what = 'seed.change';
      const c = clinic();
      const appointment = c.appointments.get(String(appointmentId).toLowerCase());
      if (!appointment) throw unknownAppointment(what, appointmentId);
      const data = parse(what, StaffChange, changes);
      if (data.professional_id != null && !c.professionals.get(data.professional_id)) {
        throw missing(what, 'professional_id', 'professional', data.professional_id);
      }
      if (data.room_id != null && !c.rooms.get(data.room_id)) {
        throw missing(what, 'room_id', 'room', data.room_id);
      }
      const next: Partial<AppointmentRecord> = {};
      if (data.status !== undefined) next.status = data.status;
      if (data.professional_id !== undefined) next.professional_id = data.professional_id;
      if (data.room_id !== undefined) next.room_id = data.room_id;
      if (data.modality !== undefined) next.modality = data.modality;
      if (data.note !== undefined) next.note = data.note;
      if (data.start_at !== undefined) {
        const start = instant(what, 'start_at', data.start_at);
        next.start_at = start;
        next.end_at = start + (appointment.end_at - appointment.start_at);
      }
      const changed = (Object.keys(next) as (keyof AppointmentRecord)[]).some(
        (k) => next[k] !== appointment[k],
      );
      if (changed) {
        const cancelled = next.status === 'cancelled' && appointment.status !== 'cancelled';
        Object.assign(appointment, next, { updated_at: clock.now() });
        const kind = cancelled ? 'appointment.cancelled' : 'appointment.updated';
        publishChanges({ clock, events }, c, [{ kind, appointment }]);
      }
      return snapshotAppointment(appointment);
    },

    emitEvent(type, appointmentId) {
      const what = 'seed.emitEvent';
      if (!(APPOINTMENT_EVENT_TYPES as readonly string[]).includes(type)) {
        throw new TypeError(`${what}: type must be one of ${APPOINTMENT_EVENT_TYPES.join(', ')}`);
      }
      const c = clinic();
      const appointment = c.appointments.get(String(appointmentId).toLowerCase());
      if (!appointment) throw unknownAppointment(what, appointmentId);
      return publishChanges({ clock, events }, c, [{ kind: type, appointment }])[0]!;
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
