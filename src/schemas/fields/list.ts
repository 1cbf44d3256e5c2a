/** List queries and the page envelope (spec 4.1). @module */
import * as z from 'zod';
import type { Assert, Equals } from '../../internal/type-equality.ts';

/** A value a list query can carry: `undefined` leaves the key out, `null` sends it empty. */
export type ListQueryValue = string | number | boolean | null | undefined;

/** Query parameters sent unchecked: `extraQuery`, for what your service documents beyond the spec. */
export interface ListQuery {
  /** Any query parameter your service accepts, such as a page size. */
  [key: string]: ListQueryValue;
}

/** The zod schema of a {@link ListQuery}. */
export const ListQuery = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.undefined()]),
);

/** The schema of a list query whose only keys are `filters`, the spec's. */
export function listQuerySchema<S extends z.ZodRawShape>(filters: S) {
  return z.strictObject(filters);
}

/**
 * A list query with no filter shown by the spec: pass one your service documents (or the page
 * size) as `list({}, { extraQuery: { page_size: 100 } })`.
 */
export interface NoListFilters {
  /** No filter is shown by the spec: pass one your service documents as `extraQuery`. */
  [filter: string]: never;
}

/** The zod schema of {@link NoListFilters}. */
export const NoListFilters = listQuerySchema({});

type _NoListFiltersCheck = Assert<Equals<NoListFilters, z.input<typeof NoListFilters>>>;

type _ListQueryCheck = Assert<Equals<ListQuery, z.input<typeof ListQuery>>>;

/** The list envelope (spec 4.1): `results` and the `next`/`previous` page URLs, or `null`. */
export function pageEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    /** The items of this page. */
    results: z.array(item),
    /** URL of the next page, or `null` on the last page. */
    next: z.string().nullable().optional(),
    /** URL of the previous page, or `null` on the first page. */
    previous: z.string().nullable().optional(),
  });
}
