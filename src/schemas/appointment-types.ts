/** Appointment types (spec 2.5): read-only. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import type { NoListFilters } from './fields/index.ts';

/** An appointment type of the clinic (spec 2.5), such as a consultation or a return visit. */
export interface AppointmentType {
  /** The type's id: the one accepted as `appointment_type_id` on appointments. */
  id: number;
  /** The type's name, such as a consultation or a return visit. */
  name: string;
}

/** The zod schema of an {@link AppointmentType}, which checks what the service returns. */
export const AppointmentType = z.object({
  id: z.number().int(),
  name: z.string(),
});

/** Query of `appointmentTypes.list`: the spec shows no parameter (see {@link NoListFilters}). */
export interface AppointmentTypeListParams extends NoListFilters {}

type _AppointmentTypeCheck = Assert<Equals<AppointmentType, z.output<typeof AppointmentType>>>;
