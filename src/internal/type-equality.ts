/**
 * Compile-time checks that tie each hand-written interface of `src/schemas/` to its zod schema.
 * The interface is what editors and the API reference show by name; the schema is what checks
 * values at run time; `Assert<Equals<...>>` fails the type check when the two drift apart.
 * Types only: nothing here exists at run time.
 *
 * @internal
 * @module
 */

/**
 * `true` when `A` and `B` are the same type (mutual assignability is not enough: `any`, an
 * optional member or a `readonly` modifier makes them differ), else `false`.
 */
export type Equals<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `T` is `true`: `type _check = Assert<Equals<Room, z.output<typeof Room>>>`. */
export type Assert<T extends true> = T;
