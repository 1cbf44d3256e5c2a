/** The handler of each of the 15 operations of spec 4, after the core's checks; a write returns
 * what it changed, and the core publishes it. Writes are synchronous once the body is
 * parsed, so two concurrent requests with one Idempotency-Key cannot both miss the replay. @module */
import type { OperationName } from '../../operations.ts';
import { AppointmentCreateParams, AppointmentUpdateParams } from '../../schemas/appointments.ts';
import type { FieldErrors } from '../../schemas/errors.ts';
import { normalizeCpf } from '../../schemas/fields/index.ts';
import { PatientCreateParams, PatientUpdateParams } from '../../schemas/patients.ts';
import { matchesFilters } from './appointment-filters.ts';
import { readWriteBody } from './body-rules.ts';
import type { Change } from './changes.ts';
import type { ClinicSettings } from './clinic-settings.ts';
import { API_PREFIX, type ServerContext } from './context.ts';
import { envelopeStated, LIST_ROWS, type ListResource, paginate } from './lists.ts';
import { notFound } from './responses.ts';
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
  changePatient,
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

export interface OperationInput {
  readonly ctx: ServerContext;
  /** The API key's clinic. */
  readonly clinic: ClinicState;
  readonly url: URL;
  /** The base URL, or the host the client reached (`links.ts`). */
  readonly linkBase: string;
  /** Already matched to its pattern. */
  readonly id: string;
  /** `{}` for reads. */
  readonly body: Record<string, unknown>;
}

/** A handler's success (a refusal is thrown instead). */
export interface OperationResult {
  /** The answer's body; `undefined` for none. */
  body: unknown;
  /** The answer's status when a setting moves it from its row's `status`. */
  status?: number;
  /** What a write created or changed, for the server to publish and journal (`changes.ts`). */
  changed?: readonly Change[];
  /** The written record as it is now, for a replay under `replayBody: 'current'`. */
  current?: () => unknown;
}

export type Operation = (input: OperationInput) => OperationResult | Promise<OperationResult>;

/** POST /patients' body: every field optional, `requiredPatientFields` says which are not. */
const PatientCreateBody = PatientCreateParams.partial();

/** The appointment a write touched, answered as `patchAnswer` or `cancelAnswer` says. */
function appointmentAnswer(
  clinic: ClinicState,
  appointment: AppointmentRecord,
  answer: ClinicSettings['patchAnswer'],
  changed?: readonly Change[],
): OperationResult {
  const current = () => appointmentView(clinic, appointment);
  if (answer === 'no-content') return { body: undefined, status: 204, changed };
  if (answer === 'empty-object') return { body: {}, status: 200, changed };
  return { body: current(), changed, current };
}

async function list<T extends { seq: number }, V>(
  input: OperationInput,
  resource: ListResource,
  items: readonly T[],
  view: (item: T) => V,
): Promise<OperationResult> {
  const { ctx, clinic, url } = input;
  if (!envelopeStated(resource) && ctx.listEnvelope[resource] === 'array') {
    return { body: items.map(view) };
  }
  const endpoint = `${input.linkBase}${API_PREFIX}${LIST_ROWS[resource].path}`;
  const page = await paginate(
    items,
    { resource, companyId: clinic.id, url, endpoint, settings: clinic.settings },
    ctx.signer,
    view,
  );
  return { body: page };
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

function addField(fields: FieldErrors, field: string, message: string | undefined): void {
  if (message !== undefined) fields[field] = [...(fields[field] ?? []), message];
}

/** Checks shared by create and PATCH (4.4, 4.5); the start in epoch ms, if given and valid. */
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

/** GET /appointments (4.2): the filters `appointmentFilters` honours (none by default). */
export const listAppointments: Operation = (input) => {
  const { clinic, url } = input;
  const honoured = clinic.settings.appointmentFilters;
  const view = (a: AppointmentRecord) => appointmentView(clinic, a);
  const all = clinic.appointments.ordered;
  const items = honoured.some((name) => url.searchParams.get(name))
    ? all.filter((a) => matchesFilters(view(a), url.searchParams, honoured))
    : all;
  return list(input, 'appointments', items, view);
};

export const retrieveAppointment: Operation = ({ clinic, id }) => ({
  body: appointmentView(clinic, findAppointment(clinic, id)),
});

/** POST /appointments (4.4): in person, scheduled, origin api, `end_at` from the type. */
export const createAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const data = readWriteBody(AppointmentCreateParams, input.body, { settings: clinic.settings });
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
  return appointmentAnswer(clinic, record, 'appointment', [
    { kind: 'appointment.created', appointment: record },
  ]);
};

/** PATCH /appointments/{id} (4.5): emits `appointment.updated` only when something changed. */
export const updateAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const appointment = findAppointment(clinic, input.id);
  const data = readWriteBody(AppointmentUpdateParams, input.body, {
    settings: clinic.settings,
    change: true,
  });
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
  const answer = clinic.settings.patchAnswer;
  if (!changed) return appointmentAnswer(clinic, appointment, answer);
  Object.assign(appointment, next, { updated_at: ctx.clock.now() });
  return appointmentAnswer(clinic, appointment, answer, [
    { kind: 'appointment.updated', appointment },
  ]);
};

export const cancelAppointment: Operation = (input) => {
  const { ctx, clinic } = input;
  const appointment = findAppointment(clinic, input.id);
  assertChangeable(clinic, appointment, 'cancel');
  appointment.status = 'cancelled';
  appointment.updated_at = ctx.clock.now();
  return appointmentAnswer(clinic, appointment, clinic.settings.cancelAnswer, [
    { kind: 'appointment.cancelled', appointment },
  ]);
};

export const listPatients: Operation = (input) =>
  list(input, 'patients', filterPatients(input.clinic, input.url.searchParams), patientView);

export const retrievePatient: Operation = ({ clinic, id }) => ({
  body: patientView(findPatient(clinic, id)),
});

export const createPatient: Operation = (input) => {
  const { ctx, clinic } = input;
  const { settings } = clinic;
  const data = readWriteBody(PatientCreateBody, input.body, {
    settings,
    required: settings.requiredPatientFields,
  });
  const cpf = data.cpf === undefined ? null : normalizeCpf(data.cpf);
  if (cpf !== null) assertCpfFree(clinic, cpf);
  const record = addPatient(
    ctx.store,
    clinic,
    // A service that does not require a name still returns one (spec 2.2: a string).
    { ...data, name: data.name ?? '', cpf, cpf_written: data.cpf ?? null, active: true },
    ctx.clock.now(),
  );
  return {
    body: patientView(record),
    status: settings.patientCreateStatus,
    changed: [{ kind: 'patient.created', patient: record }],
    current: () => patientView(record),
  };
};

/** PATCH /patients/{id} (4.7): only the fields sent change; null erases a nullable one. */
export const updatePatient: Operation = (input) => {
  const { ctx, clinic } = input;
  const patient = findPatient(clinic, input.id);
  const data = readWriteBody(PatientUpdateParams, input.body, {
    settings: clinic.settings,
    change: true,
  });
  const cpf = data.cpf === undefined || data.cpf === null ? data.cpf : normalizeCpf(data.cpf);
  if (typeof cpf === 'string') assertCpfFree(clinic, cpf, patient.id);

  changePatient(
    clinic,
    patient,
    { ...data, cpf, cpf_written: cpf === undefined ? undefined : (data.cpf ?? null) },
    ctx.clock.now(),
  );
  return { body: patientView(patient), current: () => patientView(patient) };
};

export const listProfessionals: Operation = (input) =>
  list(input, 'professionals', input.clinic.professionals.ordered, professionalView);

export const retrieveProfessional: Operation = ({ clinic, id }) => {
  const professional = clinic.professionals.get(Number(id));
  if (!professional) throw notFound(`No professional with id ${id} in this clinic.`);
  return { body: professionalView(professional) };
};

/** GET /rooms (4.8, 2.4): active rooms only, always in the envelope (its row's `envelope`). */
export const listRooms: Operation = (input) =>
  list(
    input,
    'rooms',
    input.clinic.rooms.ordered.filter((r) => r.active),
    roomView,
  );

/** GET /rooms/{id} (4.8): inactive rooms are 404. */
export const retrieveRoom: Operation = ({ clinic, id }) => {
  const room = clinic.rooms.get(Number(id));
  if (!room?.active) throw notFound(`No active room with id ${id} in this clinic.`);
  return { body: roomView(room) };
};

export const listAppointmentTypes: Operation = (input) =>
  list(input, 'appointmentTypes', input.clinic.appointmentTypes.ordered, appointmentTypeView);

export const retrieveAppointmentType: Operation = ({ clinic, id }) => {
  const type = clinic.appointmentTypes.get(Number(id));
  if (!type) throw notFound(`No appointment type with id ${id} in this clinic.`);
  return { body: appointmentTypeView(type) };
};

/** Only the function: everything else about an operation lives in its row of `OPERATIONS`. */
export const HANDLERS: Record<OperationName, Operation> = {
  listAppointments,
  retrieveAppointment,
  createAppointment,
  updateAppointment,
  cancelAppointment,
  listPatients,
  retrievePatient,
  createPatient,
  updatePatient,
  listProfessionals,
  retrieveProfessional,
  listRooms,
  retrieveRoom,
  listAppointmentTypes,
  retrieveAppointmentType,
};
