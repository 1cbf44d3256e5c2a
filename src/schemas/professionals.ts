/** Professionals (spec 2.3): read-only. @module */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import type { NoListFilters } from './fields/index.ts';

/** A professional of the clinic (spec 2.3); no contact data or council registration. */
export interface Professional {
  /** The professional's id: the one accepted as `professional_id` on appointments. */
  id: number;
  /** The professional's name. */
  name: string;
  /** The professional's specialty, or `null`. */
  specialty: string | null;
}

/** The zod schema of a {@link Professional}, which checks what the service returns. */
export const Professional = z.object({
  id: z.number().int(),
  name: z.string(),
  specialty: z.string().nullable(),
});

/** Query of `professionals.list`: the spec shows no parameter (see {@link NoListFilters}). */
export interface ProfessionalListParams extends NoListFilters {}

type _ProfessionalCheck = Assert<Equals<Professional, z.output<typeof Professional>>>;
