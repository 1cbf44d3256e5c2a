/**
 * Professionals (spec 2.3): read-only. No contact data or council registration is returned.
 *
 * @module
 */
import * as z from 'zod';

/** A professional (spec 2.3). */
export const Professional = z.object({
  /** The professional's id (`professional_id` on appointments). */
  id: z.number().int(),
  /** The professional's name. */
  name: z.string(),
  /** The specialty, or `null`. */
  specialty: z.string().nullable(),
});
/** A professional (spec 2.3). */
export type Professional = z.infer<typeof Professional>;
