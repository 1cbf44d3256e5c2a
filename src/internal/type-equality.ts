/** @internal Ties each interface of `src/schemas/` to its zod schema, so they cannot drift. @module */

/** `true` when `A` and `B` are the same type; mutual assignability is not enough (`any`, `readonly`). */
export type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `type _check = Assert<Equals<Room, z.output<typeof Room>>>`. */
export type Assert<T extends true> = T;
