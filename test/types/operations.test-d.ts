/**
 * Every resource method takes and returns what its row of src/operations.ts says, derived from
 * the row (no list to keep): its path id's input, its body's or query's `z.input`, and an
 * `APIPromise` (a `Paginator` for a list) that the response's `z.output` fits. A row whose method is
 * missing fails to compile naming the row (`MissingMethod<'updatePatient'>`); a method whose
 * parameter or return differs fails on `Agree`, naming the row in the error's type.
 */
import type * as z from 'zod';
import type { ClinicClient } from '../../src/client.ts';
import type { Paginator } from '../../src/core/pagination.ts';
import type { CallReturn } from '../../src/core/resource.ts';
import type { Equals } from '../../src/internal/type-equality.ts';
import type { OPERATIONS } from '../../src/operations.ts';

type Rows = typeof OPERATIONS;

/** `appointment-types` → `appointmentTypes` (scripts/docs-tables.ts's `resourceOf`, in types). */
type Camel<S extends string> = S extends `${infer H}-${infer T}`
  ? `${H}${Camel<Capitalize<T>>}`
  : S;
/** The client's property of a row: the first segment of its path, camel-cased. */
type ResourceOf<R> = R extends { path: `/${infer S}/${string}` | `/${infer S}` }
  ? Camel<S extends `${infer F}/${string}` ? F : S>
  : never;
/** The row's name without its resource's noun (`listRooms` → `list`; docs-tables' `methodOf`). */
type MethodOf<N extends string, Res extends string> =
  Capitalize<Res> extends `${infer Noun}s`
    ? N extends `${infer M}${Noun}s`
      ? M
      : N extends `${infer M}${Noun}`
        ? M
        : never
    : never;

/** A row whose resource method the client lacks: its name, as the compile error shows it. */
interface MissingMethod<N extends string> {
  readonly missing: N;
}

type MethodOfRow<N extends keyof Rows> =
  ResourceOf<Rows[N]> extends infer Res extends keyof ClinicClient
    ? MethodOf<N, Res> extends infer M extends keyof ClinicClient[Res]
      ? ClinicClient[Res][M]
      : MissingMethod<N>
    : MissingMethod<N>;

/** The parameters a row's method should take before its options, from the row. */
type ExpectedParams<R> = [
  ...(R extends { id: { schema: infer S extends z.ZodType } } ? [id: z.input<S>] : []),
  ...(R extends { input: infer I extends z.ZodType }
    ? [body: z.input<I>]
    : R extends { query: infer Q extends z.ZodType }
      ? [query?: z.input<Q> | undefined]
      : []),
];

/** Each assignable to the other (an interface extending another is not `Equals` to it). */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** What a row's method takes and returns, beside what the row says, or `MissingMethod`. */
type Checked<N extends keyof Rows> =
  MethodOfRow<N> extends (...args: infer A) => infer Ret
    ? {
        name: N;
        params: Mutual<
          A extends [...infer P, options?: infer _O] ? P : never,
          ExpectedParams<Rows[N]>
        >;
        // What the row yields fits the declared return (the object types may be wider on purpose:
        // open enums), and a list returns a Paginator.
        returns: [CallReturn<Rows[N]>] extends [Ret]
          ? Equals<Ret extends Paginator<unknown> ? 'list' : 'object', Rows[N]['kind']>
          : false;
      }
    : MethodOfRow<N>;

/** Compiles only when every row's method agrees with it; the error names the row. */
type Agree<T extends { [N in keyof Rows]: { name: N; params: true; returns: true } }> = T;

export type EveryRowsMethod = Agree<{ [N in keyof Rows]: Checked<N> }>;
