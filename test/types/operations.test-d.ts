/**
 * Every resource method takes and returns what its row of src/operations.ts says, derived from
 * the row (no list to keep): its path id's input, its body's or query's `z.input`, and an
 * `APIPromise` (a `Paginator` for a list) that the response's `z.output` fits; an
 * `idempotencyKey` option exactly where the row replays the key. A row whose method is
 * missing fails to compile naming the row (`MissingMethod<'<its name>'>`); a method whose
 * parameter or return differs fails on `Agree`, naming the row in the error's type.
 */
import type * as z from 'zod';
import type { ClinicClient } from '../../src/client.ts';
import type { Paginator } from '../../src/core/pagination.ts';
import type { CallReturn } from '../../src/core/resource.ts';
import type { Equals } from '../../src/internal/type-equality.ts';
import type { RowMethod, RowName, Rows } from './rows.ts';

type Method<N extends RowName> = RowMethod<ClinicClient, N>;

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
type Checked<N extends RowName> =
  Method<N> extends (...args: infer A) => infer Ret
    ? {
        name: N;
        params: Mutual<
          A extends [...infer P, options?: infer _O] ? P : never,
          ExpectedParams<Rows[N]>
        >;
        // An Idempotency-Key option exactly where the row replays the key (spec 4.4).
        key: Equals<
          A extends [...infer _P, options?: infer O]
            ? 'idempotencyKey' extends keyof NonNullable<O>
              ? true
              : false
            : false,
          Rows[N]['replay']
        >;
        // What the row yields fits the declared return (the object types may be wider on purpose:
        // open enums), and a list returns a Paginator.
        returns: [CallReturn<Rows[N]>] extends [Ret]
          ? Equals<Ret extends Paginator<unknown> ? 'list' : 'object', Rows[N]['kind']>
          : false;
      }
    : Method<N>;

/** Compiles only when every row's method agrees with it; the error names the row. */
type Agree<T extends { [N in RowName]: { name: N; params: true; key: true; returns: true } }> = T;

export type EveryRowsMethod = Agree<{ [N in RowName]: Checked<N> }>;
