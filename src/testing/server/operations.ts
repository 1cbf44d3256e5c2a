/**
 * The 15 operations of spec section 4. Each one reads what the core has already checked
 * (key, scope, path id pattern, body parsed), runs the shared zod schema on the body, applies
 * the rules of `rules.ts` and answers `{status, body}`. A refusal is thrown as an
 * `ApiProblem`.
 *
 * Writes are synchronous from the moment the body is parsed, so two concurrent requests with
 * the same Idempotency-Key cannot both miss the replay.
 *
 * @module
 */
import type * as z from 'zod';
import { OPERATIONS, type OperationRow } from '../../operations.ts';
import { AppointmentCreateParams, AppointmentUpdateParams } from '../../schemas/appointments.ts';
import type { FieldErrors } from '../../schemas/errors.ts';
import { issuesToFields } from '../../schemas/errors.ts';
import { normalizeCpf } from '../../schemas/fields/index.ts';
import { PatientCreateParams, PatientUpdateParams } from '../../schemas/patients.ts';
import { API_PREFIX, type ServerContext } from './context.ts';
import { type AppointmentEventType, createEnvelope } from './events.ts';
import { type ListResource, paginate } from './pagination.ts';
import { badRequest, notFound } from './responses.ts';
import {
  assertChangeable,
  assertCpfFree,
  assertNoFieldErrors,
  assertRoomWhenRequired,
  assertSlotFree,
  assertWritableTimes,
  checkActiveAppointmentType,
  checkActivePatient,
  checkActiveRoom,
  checkProfessionalSeesPatients,
  endAtFor,
  filterPatients,
  roomFor,
  START_AT_MESSAGE,
} from './rules.ts';
import {
  type AppointmentRecord,
  addPatient,
  type ClinicState,
  type PatientRecord,
} from './store.ts';
import { parseClinicDateTime } from './time.ts';
import {
  appointmentTypeView,
  appointmentView,
  patientView,
  professionalView,
  roomView,
} from './views.ts';

/** What an operation gets from the core. */
export interface OperationInput {
  readonly ctx: ServerContext;
  /** The clinic of the API key. */
  readonly clinic: ClinicState;
  readonly url: URL;
  /** What page links start with: the base URL, or the host the client reached (`links.ts`). */
  readonly linkBase: string;
  /** The path id, already matched to its pattern. */
  readonly id: string;
  /** The parsed body (writes); `{}` otherwise. */
  readonly body: Record<string, unknown>;
}

/** What an operation answers. */
export interface OperationResult {
  status: number;
  body: unknown;
}

/** One operation of the API. */
export type Operation = (input: OperationInput) => OperationResult | Promise<OperationResult>;

/** Runs a shared schema on the body; 400 with every invalid field otherwise. */
function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(issuesToFields(result.error.issues));
  return result.data;
}

/** The row of each list, whose path the page links carry. */
const LISTS: Record<ListResource, OperationRow> = {
  appointments: OPERATIONS.listAppointments,
  patients: OPERATIONS.listPatients,
  professionals: OPERATIONS.listProfessionals,
  rooms: OPERATIONS.listRooms,
  appointmentTypes: OPERATIONS.listAppointmentTypes,
};

/** A list answer: the envelope of spec 4.1, or a bare array where configured. */
async function list<T extends { seq: number }, V>(
  input: OperationInput,
  resource: ListResource,
  items: readonly T[],
  view: (item: T) => V,
): Promise<OperationResult> {
  const { ctx, clinic, url } = input;
  if (resource !== 'rooms' && ctx.listEnvelope[resource] === 'array') {
    return { status: 200, body: items.map(view) };
  }
  const endpoint = `${input.linkBase}${API_PREFIX}${LISTS[resource].path}`;
  const page = await paginate(
    items,
    { resource, companyId: clinic.id, url, endpoint },
    ctx.signer,
    view,
  );
  return { status: 200, body: page };
}

function findAppointment(clinic: ClinicState, id: string): AppointmentRecord {
  const appointment = clinic.appointments.get(id.toLowerCase());
  if (!appointment) throw notFound(`No appointment with id ${id} in this clinic.`);
  return appointment;
}

function findPatient(clinic: ClinicState, id: string): PatientRecord {
  const patient = clinic.patients.get(Number(id));
  if (!patient) throw notFound(`No patient with id ${id} in this clinic.`);
  return patient;
}

function emit(input: OperationInput, type: AppointmentEventType, a: AppointmentRecord): void {
  const { ctx, clinic } = input;
  ctx.events.emit(createEnvelope(type, clinic.id, appointmentView(clinic, a), ctx.clock.now()));
}

function addField(fields: FieldErrors, field: string, message: string | undefined): void {
  if (message !== undefined) fields[field] = [...(fields[field] ?? []), message];
}

/**
 * The field checks that create and change share (4.4, 4.5): a `room_id` given as a number must
 * be an active room of the clinic, a `start_at` given must read as an instant (its offset in
 * range; without a zone, America/Sao_Paulo). Adds a message to `fields` for each failure;
 * returns the start (epoch ms), or `undefined` when `start_at` was not given or failed.
 */
function checkRoomAndStart(
  clinic: ClinicState,
  data: { room_id?: number | null | undefined; start_at?: string | undefined },
  fields: FieldErrors,
): number | undefined {
  if (typeof data.room_id === 'number') {
    addField(fields, 'room_id', checkActiveRoom(clinic, data.room_id));
  }
  if (data.start_at === undefined) return undefined;
  const start = parseClinicDateTime(data.start_at);
  if (start === undefined) addField(fields, 'start_at', START_AT_MESSAGE);
  return start;
}

// --- 4.2–4.6 Appointments -------------------------------------------------------------------

/** GET /appointments (4.2): every appointment of the clinic, in creation order; no filters. */
export const listAppointments: Operation = (input) =>
  list(input, 'appointments', input.clinic.appointments.ordered, (a) =>
    appointmentView(input.clinic, a),
  );

/** GET /appointments/{id} (4.3). */
export const retrieveAppointment: Operation = ({ clinic, id }) => ({
  status: 200,
  body: appointmentView(clinic, findAppointment(clinic, id)),
});

/**
 * POST /appointments (4.4): in person, status scheduled, origin api; `end_at` from the type's
 * duration; the professional's default room when `room_id` is omitted;
 * `room_required`, `slot_blocked`; emits `appointment.created`. 201.
 */
export const createAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const data = validate(AppointmentCreateParams, input.body);
  const fields: FieldErrors = {};
  addField(fields, 'patient_id', checkActivePatient(clinic, data.patient_id));
  addField(fields, 'professional_id', checkProfessionalSeesPatients(clinic, data.professional_id));
  addField(
    fields,
    'appointment_type_id',
    checkActiveAppointmentType(clinic, data.appointment_type_id),
  );
  const start = checkRoomAndStart(clinic, data, fields);
  assertNoFieldErrors(fields);

  const professional = clinic.professionals.get(data.professional_id)!;
  const type = clinic.appointmentTypes.get(data.appointment_type_id)!;
  const startAt = start!;
  const endAt = endAtFor(type, startAt);
  assertWritableTimes(startAt, endAt);
  const roomId = roomFor(clinic, professional, data.room_id);
  assertRoomWhenRequired(clinic, roomId);
  assertSlotFree(clinic, professional.id, startAt, endAt);

  const now = ctx.clock.now();
  const record = clinic.appointments.add({
    seq: ctx.store.nextSeq(),
    company_id: clinic.id,
    id: crypto.randomUUID(),
    patient_id: data.patient_id,
    professional_id: professional.id,
    appointment_type_id: type.id,
    room_id: roomId,
    start_at: startAt,
    end_at: endAt,
    modality: 'in_person',
    origin: 'api',
    status: 'scheduled',
    note: data.note ?? null,
    created_at: now,
    updated_at: now,
  });
  emit(input, 'appointment.created', record);
  return { status: 201, body: appointmentView(clinic, record) };
};

/**
 * PATCH /appointments/{id} (4.5): only start_at, professional_id, room_id, note and status
 * (scheduled or confirmed); not for telehealth appointments or requests; the same reference
 * rules as create; emits `appointment.updated` when something changed. 200 with the
 * appointment.
 */
export const updateAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const appointment = findAppointment(clinic, input.id);
  const data = validate(AppointmentUpdateParams, input.body);
  assertChangeable(clinic, appointment, 'change');

  const fields: FieldErrors = {};
  if (data.professional_id !== undefined) {
    addField(
      fields,
      'professional_id',
      checkProfessionalSeesPatients(clinic, data.professional_id),
    );
  }
  const start = checkRoomAndStart(clinic, data, fields);
  assertNoFieldErrors(fields);

  const professionalId = data.professional_id ?? appointment.professional_id;
  const professional =
    professionalId === null ? undefined : clinic.professionals.get(professionalId);
  let roomId = appointment.room_id;
  if (data.room_id !== undefined) {
    roomId = professional ? roomFor(clinic, professional, data.room_id) : data.room_id;
    assertRoomWhenRequired(clinic, roomId);
  }
  const type = clinic.appointmentTypes.get(appointment.appointment_type_id)!;
  const startAt = start ?? appointment.start_at;
  const endAt = start === undefined ? appointment.end_at : endAtFor(type, startAt);
  if (start !== undefined) assertWritableTimes(startAt, endAt);
  const moved = startAt !== appointment.start_at || professionalId !== appointment.professional_id;
  if (moved && professionalId !== null) {
    assertSlotFree(clinic, professionalId, startAt, endAt, appointment);
  }

  const next: Partial<AppointmentRecord> = {
    professional_id: professionalId,
    room_id: roomId,
    start_at: startAt,
    end_at: endAt,
    note: data.note ?? appointment.note,
    status: data.status ?? appointment.status,
  };
  const changed = (Object.keys(next) as (keyof AppointmentRecord)[]).some(
    (k) => next[k] !== appointment[k],
  );
  if (changed) {
    Object.assign(appointment, next, { updated_at: ctx.clock.now() });
    emit(input, 'appointment.updated', appointment);
  }
  return { status: 200, body: appointmentView(clinic, appointment) };
};

/**
 * POST /appointments/{id}/cancel (4.6): no body is read; not for telehealth appointments,
 * requests or appointments already cancelled; emits `appointment.cancelled`. 200 with the
 * appointment.
 */
export const cancelAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const appointment = findAppointment(clinic, input.id);
  assertChangeable(clinic, appointment, 'cancel');
  appointment.status = 'cancelled';
  appointment.updated_at = ctx.clock.now();
  emit(input, 'appointment.cancelled', appointment);
  return { status: 200, body: appointmentView(clinic, appointment) };
};

// --- 4.7 Patients ---------------------------------------------------------------------------

/** GET /patients (4.7): filters cpf (exact), phone (exact), name (partial). */
export const listPatients: Operation = (input) =>
  list(input, 'patients', filterPatients(input.clinic, input.url.searchParams), patientView);

/** GET /patients/{id} (4.7). */
export const retrievePatient: Operation = ({ clinic, id }) => ({
  status: 200,
  body: patientView(findPatient(clinic, id)),
});

/** POST /patients (4.7): CPF unique in the clinic; the six fields returned. 201. */
export const createPatient: Operation = (input) => {
  const { ctx, clinic } = input;
  const data = validate(PatientCreateParams, input.body);
  const cpf = data.cpf === undefined ? null : normalizeCpf(data.cpf);
  if (cpf !== null) assertCpfFree(clinic, cpf);
  const record = addPatient(ctx.store, clinic, { ...data, cpf, active: true }, ctx.clock.now());
  return { status: 201, body: patientView(record) };
};

/**
 * PATCH /patients/{id} (4.7): only the fields sent change; null erases phone, email, cpf or
 * birth_date; CPF unique in the clinic. 200 with the patient.
 */
export const updatePatient: Operation = (input) => {
  const { ctx, clinic } = input;
  const patient = findPatient(clinic, input.id);
  const data = validate(PatientUpdateParams, input.body);
  const cpf = data.cpf === undefined || data.cpf === null ? data.cpf : normalizeCpf(data.cpf);
  if (typeof cpf === 'string') assertCpfFree(clinic, cpf, patient.id);

  const next: Partial<PatientRecord> = {};
  if (data.name !== undefined) next.name = data.name;
  if (data.phone !== undefined) next.phone = data.phone;
  if (data.email !== undefined) next.email = data.email;
  if (cpf !== undefined) next.cpf = cpf;
  if (data.birth_date !== undefined) next.birth_date = data.birth_date;
  if (data.gender !== undefined) next.gender = data.gender;
  const changed = (Object.keys(next) as (keyof PatientRecord)[]).some(
    (k) => next[k] !== patient[k],
  );
  if (changed) {
    if (cpf !== undefined && cpf !== patient.cpf) {
      if (patient.cpf !== null) clinic.cpfIndex.delete(patient.cpf);
      if (cpf !== null) clinic.cpfIndex.set(cpf, patient.id);
    }
    Object.assign(patient, next, { updated_at: ctx.clock.now() });
  }
  return { status: 200, body: patientView(patient) };
};

// --- 4.8 Professionals, rooms and appointment types -----------------------------------------

/** GET /professionals (4.8): every professional of the clinic. */
export const listProfessionals: Operation = (input) =>
  list(input, 'professionals', input.clinic.professionals.ordered, professionalView);

/** GET /professionals/{id} (4.8). */
export const retrieveProfessional: Operation = ({ clinic, id }) => {
  const professional = clinic.professionals.get(Number(id));
  if (!professional) throw notFound(`No professional with id ${id} in this clinic.`);
  return { status: 200, body: professionalView(professional) };
};

/** GET /rooms (4.8, 2.4): active rooms only, always in the envelope of 4.1. */
export const listRooms: Operation = (input) =>
  list(
    input,
    'rooms',
    input.clinic.rooms.ordered.filter((r) => r.active),
    roomView,
  );

/** GET /rooms/{id} (4.8): one active room. */
export const retrieveRoom: Operation = ({ clinic, id }) => {
  const room = clinic.rooms.get(Number(id));
  if (!room?.active) throw notFound(`No active room with id ${id} in this clinic.`);
  return { status: 200, body: roomView(room) };
};

/** GET /appointment-types (4.8): every appointment type of the clinic. */
export const listAppointmentTypes: Operation = (input) =>
  list(input, 'appointmentTypes', input.clinic.appointmentTypes.ordered, appointmentTypeView);

/** GET /appointment-types/{id} (4.8). */
export const retrieveAppointmentType: Operation = ({ clinic, id }) => {
  const type = clinic.appointmentTypes.get(Number(id));
  if (!type) throw notFound(`No appointment type with id ${id} in this clinic.`);
  return { status: 200, body: appointmentTypeView(type) };
};
