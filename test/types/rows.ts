/**
 * The resource method of each row of src/operations.ts, in types: the client's property of the
 * row's first path segment (`appointment-types` → `appointmentTypes`), and the row's name
 * without its resource's noun (`listRooms` → `list`), as scripts/docs-tables.ts finds them at
 * run time. A row the client has no method for is `MissingMethod<name>`, which names it in the
 * compile error of the check that meets it.
 */
import type * as z from 'zod';
import type { OPERATIONS } from '../../src/operations.ts';

export type Rows = typeof OPERATIONS;
export type RowName = keyof Rows;

type Camel<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Camel<Capitalize<T>>}`
  : S;
type ResourceOf<R> = R extends { path: `/${infer S}` }
  ? Camel<S extends `${infer F}/${string}` ? F : S>
  : never;
type MethodOf<N extends string, Res extends string> =
  Capitalize<Res> extends `${infer Noun}s`
    ? N extends `${infer M}${Noun}s`
      ? M
      : N extends `${infer M}${Noun}`
        ? M
        : never
    : never;

/** A row whose resource method the client lacks: its name, as the compile error shows it. */
export interface MissingMethod<N extends string> {
  readonly missing: N;
}

/** The method of row `N` on a client of type `Client` (the sources' or the emitted one). */
export type RowMethod<Client, N extends RowName> =
  ResourceOf<Rows[N]> extends infer Res extends keyof Client & string
    ? MethodOf<N, Res> extends infer M extends keyof Client[Res]
      ? Client[Res][M]
      : MissingMethod<N>
    : MissingMethod<N>;

/** The body a row's method takes (its parameter after the path id), or `never` without one. */
export type RowBody<Client, N extends RowName> = Rows[N] extends { input: z.ZodType }
  ? RowMethod<Client, N> extends (...args: infer A) => unknown
    ? A[Rows[N] extends { id: object } ? 1 : 0]
    : never
  : never;
