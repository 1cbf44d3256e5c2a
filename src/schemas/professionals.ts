/**
 * Professionals (spec 2.3): read-only. No contact data or council registration is returned.
 *
 * @module
 */
import { z } from 'zod';

/** A professional (spec 2.3). */
export const Professional = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable(),
});
/** A professional (spec 2.3). */
export type Professional = z.infer<typeof Professional>;
