/**
 * Issue 15, "Named types": every object of spec section 2 is a named, exported type, field by
 * field; error codes are literal types; `Scope` is the union of the four scopes. The inputs of
 * section 4 are checked over the table in operations.test-d.ts (and named in api/sdk.api.md).
 */
import { expectTypeOf } from 'expect-type';
import type {
  Appointment,
  AppointmentListParams,
  AppointmentModality,
  AppointmentOrigin,
  AppointmentPatient,
  AppointmentStatus,
  AppointmentType,
  AppointmentTypeListParams,
  AppointmentUpdateStatus,
  ClinicClient,
  ConflictError,
  Gender,
  ListQuery,
  ListRequestOptions,
  NoListFilters,
  Patient,
  PatientCpfExistsError,
  PatientListParams,
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

// Spec 4: the inputs. Each body's interface equals its zod schema's input (an `Assert` beside
// it in src/schemas/), and each method takes and returns what its row says
// (operations.test-d.ts, over every row): neither is restated here.
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
