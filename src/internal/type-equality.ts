/**
 * Ties each hand-written interface of `src/schemas/` (what editors show by name) to its zod
 * schema (what checks values): the type check fails when they drift apart.
 *
 * @internal
 * @module
 */

/** `true` when `A` and `B` are the same type; mutual assignability is not enough (`any`, `readonly`). */
export type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `type _check = Assert<Equals<Room, z.output<typeof Room>>>`. */
export type Assert<T extends true> = T;
