/** A write's body checked as the clinic's settings read what the spec leaves open: members no
 * operation accepts, an empty change, the required patient fields and the server's field rules
 * beyond the shared schemas (the phone's number, a CPF of one repeated digit). @module */
import type * as z from 'zod';
import type { FieldErrors } from '../../schemas/errors.ts';
import { issuesToFields, NON_FIELD_ERRORS } from '../../schemas/errors.ts';
import { isPhoneNumber, isRepeatedDigitCpf } from '../../schemas/fields/index.ts';
import type { ClinicSettings } from './clinic-settings.ts';
import { badRequest } from './responses.ts';

/** How a body is read: a change (PATCH), or a patient create with its required fields. */
export interface BodyRules {
  readonly settings: ClinicSettings;
  /** A PATCH: `emptyPatch` applies. */
  readonly change?: boolean;
  /** The fields that must be present (patient create: `requiredPatientFields`). */
  readonly required?: readonly string[];
}

const PHONE_MESSAGE =
  'must be a mobile number with area code: 10 or 11 digits, or + and 8 to 15 digits (spaces and ()-. aside)';
const REPEATED_CPF_MESSAGE =
  'is not a valid CPF: one digit repeated (settings.cpfRepeatedDigits refuses it)';
const EMPTY_MESSAGE = 'send at least one field: nothing to change (settings.emptyPatch refuses it)';

function add(fields: FieldErrors, field: string, message: string): void {
  fields[field] = [...(fields[field] ?? []), message];
}

/**
 * `body` parsed with `schema` (a strict object of optional members, the shared field rules), or
 * 400 naming every field that breaks a rule.
 */
export function readWriteBody<S extends z.ZodObject>(
  schema: S,
  body: Record<string, unknown>,
  { settings, change = false, required = [] }: BodyRules,
): z.output<S> {
  const known = Object.keys(schema.shape);
  const read =
    settings.unknownBodyMembers === 'ignore'
      ? Object.fromEntries(Object.entries(body).filter(([k]) => known.includes(k)))
      : body;
  const result = schema.safeParse(read);
  const fields: FieldErrors = result.success ? {} : issuesToFields(result.error.issues);
  for (const field of required) {
    if (read[field] === undefined && !fields[field]) add(fields, field, 'is required');
  }
  // Beyond the shared schemas, on a field that passed them, so one 400 names every field.
  const passed = (field: string) => typeof read[field] === 'string' && !fields[field];
  if (settings.phoneRule === 'number' && passed('phone') && !isPhoneNumber(read.phone as string)) {
    add(fields, 'phone', PHONE_MESSAGE);
  }
  if (settings.cpfRepeatedDigits === 'refuse' && passed('cpf')) {
    if (isRepeatedDigitCpf(read.cpf as string)) add(fields, 'cpf', REPEATED_CPF_MESSAGE);
  }
  if (
    change &&
    settings.emptyPatch === 'refuse' &&
    Object.values(read).every((v) => v === undefined)
  ) {
    add(fields, NON_FIELD_ERRORS, EMPTY_MESSAGE);
  }
  if (!result.success || Object.keys(fields).length > 0) throw badRequest(fields);
  return result.data;
}
