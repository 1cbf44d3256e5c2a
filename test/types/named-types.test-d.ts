/**
 * Issue 15, "Named types": every object of spec section 2 and every input of section 4 is a
 * named, exported type; error codes are literal types; `Scope` is the union of the four scopes.
 */
import { expectTypeOf } from 'expect-type';
import type {
  APIPromise,
  Appointment,
  AppointmentCreateParams,
  AppointmentListParams,
  AppointmentModality,
  AppointmentOrigin,
  AppointmentPatient,
  AppointmentStatus,
  AppointmentType,
  AppointmentTypeListParams,
  AppointmentUpdateParams,
  AppointmentUpdateStatus,
  ClinicClient,
  ConflictError,
  Gender,
  ListQuery,
  ListRequestOptions,
  NoListFilters,
  Paginator,
  Patient,
  PatientCpfExistsError,
  PatientCreateParams,
  PatientListParams,
  PatientUpdateParams,
  PermissionDeniedError,
  Professional,
  ProfessionalListParams,
  Room,
  RoomListParams,
  RoomRequiredError,
  Scope,
  SlotBlockedError,
} from '../../src/index.ts';

declare const clinic: ClinicClient;

// Spec 2.1 to 2.5: the objects, field by field.
expectTypeOf<Room>().toEqualTypeOf<{ id: number; name: string }>();
expectTypeOf<AppointmentType>().toEqualTypeOf<{ id: number; name: string }>();
expectTypeOf<Professional>().toEqualTypeOf<{
  id: number;
  name: string;
  specialty: string | null;
}>();
expectTypeOf<Patient>().toEqualTypeOf<{
  id: number;
  name: string;
  phone: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}>();
expectTypeOf<AppointmentPatient>().toEqualTypeOf<{
  id: number;
  name: string;
  phone: string | null;
}>();
expectTypeOf<Appointment>().toEqualTypeOf<{
  id: string | null;
  appointment_type: AppointmentType;
  patient: AppointmentPatient | null;
  professional: Professional | null;
  room: Room | null;
  start_at: string;
  end_at: string;
  modality: AppointmentModality | (string & {});
  origin: AppointmentOrigin | (string & {});
  status: AppointmentStatus | (string & {});
  created_at: string;
  updated_at: string;
  note?: string | null;
}>();
// Open enums (validateResponses 'compatible'): a value the service adds later is a string the
// type admits, and the spec's values still autocomplete.
expectTypeOf<'waitlisted'>().toExtend<Appointment['status']>();
expectTypeOf<'scheduled'>().toExtend<Appointment['status']>();
expectTypeOf<Appointment['status']>().not.toEqualTypeOf<AppointmentStatus>();
expectTypeOf<AppointmentStatus>().toExtend<Appointment['status']>();
expectTypeOf<AppointmentModality>().toEqualTypeOf<'in_person' | 'telehealth'>();
expectTypeOf<AppointmentOrigin>().toEqualTypeOf<'staff' | 'patient_booking' | 'api'>();
expectTypeOf<AppointmentStatus>().toEqualTypeOf<
  'requested' | 'scheduled' | 'confirmed' | 'checked_in' | 'completed' | 'no_show' | 'cancelled'
>();
expectTypeOf<AppointmentUpdateStatus>().toEqualTypeOf<'scheduled' | 'confirmed'>();
expectTypeOf<Gender>().toEqualTypeOf<'F' | 'M' | 'O'>();

// Spec 4: the inputs.
expectTypeOf<AppointmentCreateParams>().toEqualTypeOf<{
  patient_id: number;
  professional_id: number;
  appointment_type_id: number;
  start_at: string | Date;
  room_id?: number | null | undefined;
  note?: string | undefined;
}>();
expectTypeOf<AppointmentUpdateParams>().toEqualTypeOf<{
  start_at?: string | Date | undefined;
  professional_id?: number | undefined;
  room_id?: number | null | undefined;
  note?: string | undefined;
  status?: 'scheduled' | 'confirmed' | undefined;
}>();
expectTypeOf<PatientCreateParams>().toEqualTypeOf<{
  name: string;
  phone?: string | undefined;
  email?: string | undefined;
  cpf?: string | undefined;
  birth_date?: string | undefined;
  gender?: 'F' | 'M' | 'O' | undefined;
}>();
expectTypeOf<PatientUpdateParams>().toEqualTypeOf<{
  name?: string | undefined;
  phone?: string | null | undefined;
  email?: string | null | undefined;
  cpf?: string | null | undefined;
  birth_date?: string | null | undefined;
  gender?: 'F' | 'M' | 'O' | undefined;
}>();
expectTypeOf<PatientListParams['name']>().toEqualTypeOf<string | undefined>();
// The typed queries hold the spec's filters only; anything else goes in `extraQuery`.
expectTypeOf<PatientListParams>().toEqualTypeOf<{
  cpf?: string | undefined;
  phone?: string | undefined;
  name?: string | undefined;
}>();
for (const q of [
  {} as AppointmentListParams,
  {} as RoomListParams,
  {} as ProfessionalListParams,
  {} as AppointmentTypeListParams,
]) {
  expectTypeOf(q).toExtend<NoListFilters>();
}
expectTypeOf<ListRequestOptions['extraQuery']>().toEqualTypeOf<ListQuery | undefined>();

// The methods take and return these names.
expectTypeOf(clinic.appointments.create).parameter(0).toEqualTypeOf<AppointmentCreateParams>();
expectTypeOf(clinic.appointments.create).returns.toEqualTypeOf<APIPromise<Appointment>>();
expectTypeOf(clinic.appointments.update).parameter(1).toEqualTypeOf<AppointmentUpdateParams>();
expectTypeOf(clinic.appointments.update).returns.toEqualTypeOf<APIPromise<Appointment>>();
expectTypeOf(clinic.appointments.cancel).returns.toEqualTypeOf<APIPromise<Appointment>>();
expectTypeOf(clinic.appointments.list)
  .parameter(0)
  .toEqualTypeOf<AppointmentListParams | undefined>();
expectTypeOf(clinic.appointments.list).returns.toEqualTypeOf<Paginator<Appointment>>();
expectTypeOf(clinic.patients.create).parameter(0).toEqualTypeOf<PatientCreateParams>();
expectTypeOf(clinic.patients.update).parameter(1).toEqualTypeOf<PatientUpdateParams>();
expectTypeOf(clinic.patients.retrieve).returns.toEqualTypeOf<APIPromise<Patient>>();
expectTypeOf(clinic.patients.list).parameter(0).toEqualTypeOf<PatientListParams | undefined>();
expectTypeOf(clinic.patients.list).returns.toEqualTypeOf<Paginator<Patient>>();
expectTypeOf(clinic.professionals.retrieve).returns.toEqualTypeOf<APIPromise<Professional>>();
expectTypeOf(clinic.professionals.list)
  .parameter(0)
  .toEqualTypeOf<ProfessionalListParams | undefined>();
expectTypeOf(clinic.rooms.retrieve).returns.toEqualTypeOf<APIPromise<Room>>();
expectTypeOf(clinic.rooms.list).parameter(0).toEqualTypeOf<RoomListParams | undefined>();
expectTypeOf(clinic.appointmentTypes.retrieve).returns.toEqualTypeOf<APIPromise<AppointmentType>>();
expectTypeOf(clinic.appointmentTypes.list)
  .parameter(0)
  .toEqualTypeOf<AppointmentTypeListParams | undefined>();

// Bad inputs are type errors.
// @ts-expect-error start_at is required on create
clinic.appointments.create({ patient_id: 1, professional_id: 2, appointment_type_id: 3 });
clinic.appointments.create({
  patient_id: 1,
  professional_id: 2,
  appointment_type_id: 3,
  start_at: new Date(),
  // @ts-expect-error only the fields of spec 4.4 are accepted
  status: 'confirmed',
});
// @ts-expect-error PATCH may set only scheduled or confirmed
clinic.appointments.update('id', { status: 'cancelled' });
// @ts-expect-error gender is F, M or O
clinic.patients.create({ name: 'Ana', gender: 'X' });
clinic.patients.update(1, { phone: null, email: null, cpf: null, birth_date: null });
// @ts-expect-error null does not erase the name
clinic.patients.update(1, { name: null });

// Error codes are literal types.
expectTypeOf<SlotBlockedError['code']>().toEqualTypeOf<'slot_blocked'>();
expectTypeOf<RoomRequiredError['code']>().toEqualTypeOf<'room_required'>();
expectTypeOf<PatientCpfExistsError['code']>().toEqualTypeOf<'patient_cpf_exists'>();
expectTypeOf<ConflictError['code']>().toEqualTypeOf<string | undefined>();

// Scope: the four scopes of spec 5.
expectTypeOf<Scope>().toEqualTypeOf<
  'appointments:read' | 'appointments:write' | 'patients:read' | 'patients:write'
>();
expectTypeOf<PermissionDeniedError['requiredScope']>().toEqualTypeOf<Scope | undefined>();
