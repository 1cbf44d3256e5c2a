/** The error bodies of spec 7, and zod issues mapped to the 400 shape. @module */
import * as z from 'zod';

/** 400: field name → array of messages. */
export const FieldErrorsBody = z.record(z.string(), z.array(z.string()));
/** 400 body: field name → messages. Object-level messages sit under `non_field_errors`. */
export type FieldErrors = Record<string, string[]>;

/** 401, 403, 404: `{ detail }`. */
export const DetailBody = z.object({
  detail: z.string(),
});

/** 409, 422: `{ code, detail }`. */
export const CodeDetailBody = z.object({
  code: z.string(),
  detail: z.string(),
});

/** The key of the messages about the whole body. */
export const NON_FIELD_ERRORS = 'non_field_errors';

/** Zod issues in the 400 shape: dotted paths, whole-input issues under `non_field_errors`. */
export function issuesToFields(issues: readonly z.core.$ZodIssue[], prefix?: string): FieldErrors {
  const fields: FieldErrors = {};
  const add = (key: string, message: string) => {
    const full = prefix ? (key === NON_FIELD_ERRORS ? prefix : `${prefix}.${key}`) : key;
    // Own properties only: an unknown key named `__proto__` or `toString` is not Object's.
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
