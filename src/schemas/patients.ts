/**
 * Patients (spec 2.2, 4.7). CPF, e-mail, birth date and gender are accepted on write and never
 * returned.
 *
 * @module
 */
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

/**
 * A patient as the service returns it (spec 2.2): these six fields only. CPF, e-mail, birth date
 * and gender are write-only: accepted by `patients.create` and `patients.update`, never returned.
 */
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

/**
 * What `patients.create` takes (`POST /patients`, spec 4.7); no other field is accepted. The spec
 * does not show which fields are required; `name` is, since no plausible service keeps a patient
 * without one.
 */
export interface PatientCreateParams {
  /** Full name: not empty, at most 255 characters. */
  name: string;
  /**
   * Mobile number with area code, at most 40 characters. Without a leading `+`, numbers of 10 or
   * 11 digits are read as Brazilian.
   */
  phone?: string | undefined;
  /** E-mail address, at most 100 characters. Write-only: never returned. */
  email?: string | undefined;
  /**
   * CPF, with or without punctuation, at most 20 characters; its check digits are validated
   * before sending. Another patient of the clinic with the same CPF: 409
   * `patient_cpf_exists`. Write-only: never returned.
   */
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

/**
 * What `patients.update` takes (`PATCH /patients/{id}`, spec 4.7): at least one field; only the
 * fields given are sent and changed. `null` erases `phone`, `email`, `cpf` or `birth_date`.
 */
export interface PatientUpdateParams {
  /** Full name: not empty, at most 255 characters. */
  name?: string | undefined;
  /** Mobile number with area code, at most 40 characters; `null` erases it. */
  phone?: string | null | undefined;
  /** E-mail address, at most 100 characters; `null` erases it. Write-only. */
  email?: string | null | undefined;
  /**
   * CPF, with or without punctuation, at most 20 characters, check digits validated; `null`
   * erases it. Another patient's CPF: 409 `patient_cpf_exists`. Write-only.
   */
  cpf?: string | null | undefined;
  /** Birth date, `YYYY-MM-DD`; `null` erases it. Write-only. */
  birth_date?: string | null | undefined;
  /** `F` (female), `M` (male) or `O` (other). Write-only. */
  gender?: Gender | undefined;
}

/** The zod schema of {@link PatientUpdateParams}: the client checks every change with it. */
export const PatientUpdateParams = z
  .strictObject({
    name: PatientName.optional(),
    phone: Phone.nullable().optional(),
    email: Email.nullable().optional(),
    cpf: Cpf.nullable().optional(),
    birth_date: BirthDate.nullable().optional(),
    gender: Gender.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'send at least one of name, phone, email, cpf, birth_date, gender; nothing to change',
  });

/**
 * Query of `patients.list` (`GET /patients`, spec 4.7): the spec's three filters and no other
 * key. A parameter your service documents beyond them (the page size) goes in the request
 * options: `list({ name }, { extraQuery: { page_size: 100 } })`.
 */
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
  cpf: z.string().optional(),
  phone: z.string().optional(),
  name: z.string().optional(),
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
