/** The patient settings of a clinic: create, the field rules the spec words loosely, the filters
 * and an empty change (spec 4.5, 4.7). @module */
import * as z from 'zod';
import { PatientCreateParams } from '../../schemas/patients.ts';
import { define } from './setting-definition.ts';

/** A body field of patient create and change (spec 4.7). */
export type PatientField = keyof PatientCreateParams;

/** The fields, in the spec's order. */
export const PATIENT_FIELDS = Object.keys(PatientCreateParams.shape) as PatientField[];

export const PATIENT_SETTINGS = {
  patientCreateStatus: define({
    schema: z.union([z.literal(201), z.literal(200)]),
    default: 201,
    spec: '4.7',
    question: 'The success status of POST /patients ("returns the patient object")',
    byDefault: '201 with the patient object',
    otherwise: '`200` with the patient object (the client takes any 2xx)',
  }),
  requiredPatientFields: define({
    schema: z.array(z.enum(PATIENT_FIELDS)).readonly(),
    default: ['name'],
    spec: '4.7',
    question: 'Which fields POST /patients requires',
    byDefault: '`name` only (the client requires it too)',
    otherwise: `any list of ${PATIENT_FIELDS.map((f) => `\`${f}\``).join(', ')}: each one left out is 400 \`{field: ["is required"]}\`; a patient created without a name is named \`""\``,
  }),
  patientFilters: define({
    schema: z.enum(['exact', 'normalised']),
    default: 'exact',
    spec: '4.7',
    question: 'Whether `?cpf=` and `?phone=` ("exact match") find a value written another way',
    byDefault: 'each matches the value as it was written at create or change',
    otherwise:
      "`'normalised'`: a CPF by its digits, a phone by its number (spaces and `()-.` ignored; 10 or 11 digits without `+` read as `+55`)",
  }),
  nameFilter: define({
    schema: z.enum(['case-sensitive', 'fold-case', 'fold-case-and-accents']),
    default: 'case-sensitive',
    spec: '4.7',
    question: 'What `?name=` ("partial match") matches',
    byDefault: 'a case-sensitive substring of the name',
    otherwise:
      "`'fold-case'`: any case; `'fold-case-and-accents'`: any case, accents ignored (`jose` finds `José`)",
  }),
  phoneRule: define({
    schema: z.enum(['number', 'length']),
    default: 'number',
    spec: '4.7',
    question: 'What a "mobile number with area code" is',
    byDefault:
      'spaces and `()-.` aside, 10 or 11 digits without `+`, or `+` and 8 to 15 digits; else 400 `{phone}`',
    otherwise: "`'length'`: any text of at most 40 characters (the client checks only the length)",
  }),
  cpfRepeatedDigits: define({
    schema: z.enum(['accept', 'refuse']),
    default: 'accept',
    spec: '4.7',
    question: 'A CPF of one repeated digit, whose check digits are valid (`111.111.111-11`)',
    byDefault: 'accepted: the spec validates the check digits, which it passes',
    otherwise:
      "`'refuse'`: 400 `{cpf}`, the reference server's own rule (no such CPF is issued); the client does not check it",
  }),
  emptyPatch: define({
    schema: z.enum(['accept', 'refuse']),
    default: 'accept',
    spec: '4.5, 4.7',
    question: 'A PATCH that sends no field ("only the fields sent are changed")',
    byDefault: '200 with the record, nothing changed and no event',
    otherwise: "`'refuse'`: 400 `{non_field_errors}`, on both PATCH operations",
  }),
};
