/**
 * Appointment types (spec 2.5): read-only.
 *
 * @module
 */
import { z } from 'zod';

/** An appointment type (spec 2.5). */
export const AppointmentType = z.object({ id: z.number().int(), name: z.string() });
/** An appointment type (spec 2.5). */
export type AppointmentType = z.infer<typeof AppointmentType>;
