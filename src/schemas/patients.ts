/** Patients (spec 2.2, 4.7). @module */
import * as z from 'zod';
import type { Assert, Equals } from '../internal/type-equality.ts';
import {
  BirthDate,
  Cpf,
  Email,
  Gender,
  listQuerySchema,
  PatientName,
  Phone,
  ResponseDateTime,
} from './fields/index.ts';

/** A patient (spec 2.2). CPF, e-mail, birth date and gender are write-only: never returned. */
export interface Patient {
  /** The patient's id: the one accepted as `patient_id` on appointments. */
  id: number;
  /** Full name. */
  name: string;
  /** Mobile number with area code, or `null`. */
  phone: string | null;
  /** Whether the patient is active (only active patients can be booked). */
  active: boolean;
  /** When the patient was created: an ISO 8601 date-time. */
  created_at: string;
  /** When the patient last changed: an ISO 8601 date-time. */
  updated_at: string;
}

/** The zod schema of a {@link Patient}, which checks what the service returns. */
export const Patient = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  active: z.boolean(),
  created_at: ResponseDateTime,
  updated_at: ResponseDateTime,
});

/** What `patients.create` takes (spec 4.7); `name` is required (the spec does not say). */
export interface PatientCreateParams {
  /** Full name: not empty, at most 255 characters. */
  name: string;
  /** Mobile number, at most 40 characters; 10 or 11 digits without `+` are read as Brazilian. */
  phone?: string | undefined;
  /** E-mail address, at most 100 characters. Write-only: never returned. */
  email?: string | undefined;
  /** CPF, punctuated or not, check digits validated; taken: 409 `patient_cpf_exists`. Write-only. */
  cpf?: string | undefined;
  /** Birth date, `YYYY-MM-DD`. Write-only: never returned. */
  birth_date?: string | undefined;
  /** `F` (female), `M` (male) or `O` (other). Write-only: never returned. */
  gender?: Gender | undefined;
}

/** The zod schema of {@link PatientCreateParams}: the client checks every create with it. */
export const PatientCreateParams = z.strictObject({
  name: PatientName,
  phone: Phone.optional(),
  email: Email.optional(),
  cpf: Cpf.optional(),
  birth_date: BirthDate.optional(),
  gender: Gender.optional(),
});

/** What `patients.update` takes (spec 4.7): only the fields given change (none: nothing does). */
export interface PatientUpdateParams {
  /** Full name: not empty, at most 255 characters. */
  name?: string | undefined;
  /** Mobile number with area code, at most 40 characters; `null` erases it. */
  phone?: string | null | undefined;
  /** E-mail address, at most 100 characters; `null` erases it. Write-only. */
  email?: string | null | undefined;
  /** CPF, check digits validated; `null` erases it; taken: 409 `patient_cpf_exists`. Write-only. */
  cpf?: string | null | undefined;
  /** Birth date, `YYYY-MM-DD`; `null` erases it. Write-only. */
  birth_date?: string | null | undefined;
  /** `F` (female), `M` (male) or `O` (other). Write-only. */
  gender?: Gender | undefined;
}

/** The zod schema of {@link PatientUpdateParams}: the client checks every change with it. */
export const PatientUpdateParams = z.strictObject({
  name: PatientName.optional(),
  phone: Phone.nullable().optional(),
  email: Email.nullable().optional(),
  cpf: Cpf.nullable().optional(),
  birth_date: BirthDate.nullable().optional(),
  gender: Gender.optional(),
});

/** Query of `patients.list` (spec 4.7): three filters; anything else goes in `options.extraQuery`. */
export interface PatientListParams {
  /** Exact match on the CPF. */
  cpf?: string | undefined;
  /** Exact match on the phone. */
  phone?: string | undefined;
  /** Partial match on the name. */
  name?: string | undefined;
}

/** The zod schema of {@link PatientListParams}. */
export const PatientListParams = listQuerySchema({
  cpf: z.string().optional().describe('Exact match.'),
  phone: z.string().optional().describe('Exact match.'),
  name: z.string().optional().describe('Partial match.'),
});

type _PatientChecks = [
  Assert<Equals<Patient, z.output<typeof Patient>>>,
  Assert<Equals<PatientCreateParams, z.input<typeof PatientCreateParams>>>,
  Assert<Equals<PatientUpdateParams, z.input<typeof PatientUpdateParams>>>,
  Assert<
    Equals<
      Pick<PatientListParams, 'cpf' | 'phone' | 'name'>,
      Pick<z.input<typeof PatientListParams>, 'cpf' | 'phone' | 'name'>
    >
  >,
];
