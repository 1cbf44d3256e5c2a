/** What one setting is made of: the shape the settings' topic files fill in. @module */
import * as z from 'zod';

/** One setting: its schema, its conservative default and what the docs say of each value. */
export interface SettingDefinition<T = unknown> {
  readonly schema: z.ZodType;
  /** The conservative reading: it refuses what the spec does not grant. */
  readonly default: T;
  /** The spec's section. */
  readonly spec: string;
  /** What the spec leaves open, in a few words. */
  readonly question: string;
  /** What the default does. */
  readonly byDefault: string;
  /** The other values and what each does. */
  readonly otherwise: string;
}

/** A definition whose value type is its schema's. */
export function define<S extends z.ZodType>(
  definition: Omit<SettingDefinition<z.output<S>>, 'schema'> & { schema: S },
): SettingDefinition<z.output<S>> & { schema: S } {
  return definition;
}

/** A 409 or 422 `code` a setting may name, and one the probe records: a short identifier. */
export const ERROR_CODE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** The schema of a setting that names a code. */
export const ErrorCode = z
  .string()
  .regex(ERROR_CODE, 'must be a code: a letter, then letters, digits, _ . -');
