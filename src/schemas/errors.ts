/**
 * Error bodies of spec section 7 and the mapping of zod issues to the 400 shape.
 *
 * @module
 */
import * as z from 'zod';

/** 400: field name → array of messages. */
export const FieldErrorsBody = z.record(z.string(), z.array(z.string()));
/** 400 body: field name → messages. Object-level messages sit under `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

/** 401, 403, 404: `{ detail }`. */
export const DetailBody = z.object({
  /** What went wrong, in the service's words. */
  detail: z.string(),
});

/** 409, 422: `{ code, detail }`. */
export const CodeDetailBody = z.object({
  /** A stable code, such as `slot_blocked`: test for this, not for the wording. */
  code: z.string(),
  /** What went wrong, in the service's words. */
  detail: z.string(),
});

/** The key under which messages that concern the whole body are reported. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/**
 * Turns zod issues into the 400 shape `{ field: [messages] }`: a nested path is joined with
 * dots, an unknown key is reported under its own name, and an issue about the whole input under
 * `non_field_errors`.
 */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldErrors {
  const fields: FieldErrors = {};
  const add = (key: string, message: string) => {
    const full = prefix ? (key === NON_FIELD_ERRORS ? prefix : `${prefix}.${key}`) : key;
    // Own properties only: an unknown key may be named `constructor`, `toString` or
    // `__proto__`, which `fields[full]` would read from (or assign to) Object.prototype.
    const list = Object.hasOwn(fields, full) ? fields[full]! : [];
    if (!list.includes(message)) list.push(message);
    Object.defineProperty(fields, full, {
      value: list,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  };
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      // zod's own text names no remedy; a schema's own (a list query's) does.
      const text = issue.message.startsWith('Unrecognized key')
        ? 'is not a field this operation accepts'
        : issue.message;
      for (const key of issue.keys) add(path ? `${path}.${key}` : key, text);
      continue;
    }
    if (
      issue.code === 'invalid_union' &&
      issue.errors.length > 0 &&
      issue.message === 'Invalid input'
    ) {
      // Report the first branch's own issues, which say more than "Invalid input".
      const inner = issuesToFields(issue.errors[0] ?? [], path || undefined);
      for (const [k, v] of Object.entries(inner)) for (const m of v) add(k, m);
      continue;
    }
    add(path || NON_FIELD_ERRORS, issue.message);
  }
  return fields;
}
