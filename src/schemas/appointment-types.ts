/**
 * Appointment types (spec 2.5): read-only.
 *
 * @module
 */
import * as z from 'zod';

/** An appointment type (spec 2.5). */
export const AppointmentType = z.object({
  /** The type's id (`appointment_type_id` on appointments). */
  id: z.number().int(),
  /** The type's name, such as a consultation or a return visit. */
  name: z.string(),
});
/** An appointment type (spec 2.5). */
export type AppointmentType = z.infer<typeof AppointmentType>;
