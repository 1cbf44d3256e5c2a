/**
 * Patients (spec 2.2, 4.7). CPF, e-mail, birth date and gender are accepted on write and never
 * returned.
 *
 * @module
 */
import * as z from 'zod';
import {
  BirthDate,
  Cpf,
  Email,
  Gender,
  ListQuery,
  PatientName,
  Phone,
  ResponseDateTime,
} from './common.ts';

/** A patient as returned by the service: these six fields only (spec 2.2). */
export const Patient = z.object({
  /** The patient's id. */
  id: z.number().int(),
  /** Full name. */
  name: z.string(),
  /** Mobile number with area code, or `null`. */
  phone: z.string().nullable(),
  /** Whether the patient is active (only active patients can be booked). */
  active: z.boolean(),
  /** When the patient was created. */
  created_at: ResponseDateTime,
  /** When the patient last changed. */
  updated_at: ResponseDateTime,
});
/** A patient (spec 2.2). */
export type Patient = z.infer<typeof Patient>;

/**
 * Body of `POST /patients`. The spec does not show which fields are required; `name` is, since
 * no plausible service keeps a patient without one.
 */
export const PatientCreateParams = z.strictObject({
  /** Full name, at most 255 characters. */
  name: PatientName,
  /** Mobile number with area code, at most 40 characters. */
  phone: Phone.optional(),
  /** E-mail address, at most 100 characters (write-only). */
  email: Email.optional(),
  /** CPF with or without punctuation; check digits validated (write-only). */
  cpf: Cpf.optional(),
  /** YYYY-MM-DD (write-only). */
  birth_date: BirthDate.optional(),
  /** F, M or O (write-only). */
  gender: Gender.optional(),
});
/** What `patients.create` takes. */
export type PatientCreateParams = z.input<typeof PatientCreateParams>;

/**
 * Body of `PATCH /patients/{id}`: only the fields sent are changed; `null` erases phone, email,
 * cpf or birth_date.
 */
export const PatientUpdateParams = z
  .strictObject({
    /** Full name, at most 255 characters. */
    name: PatientName.optional(),
    /** Mobile number with area code, at most 40 characters; `null` erases it. */
    phone: Phone.nullable().optional(),
    /** E-mail address, at most 100 characters (write-only); `null` erases it. */
    email: Email.nullable().optional(),
    /** CPF with or without punctuation; check digits validated (write-only); `null` erases it. */
    cpf: Cpf.nullable().optional(),
    /** YYYY-MM-DD (write-only); `null` erases it. */
    birth_date: BirthDate.nullable().optional(),
    /** F, M or O (write-only). */
    gender: Gender.optional(),
  })
  .refine((body) => Object.values(body).some((v) => v !== undefined), {
    error: 'send at least one of name, phone, email, cpf, birth_date, gender; nothing to change',
  });
/** What `patients.update` takes. */
export type PatientUpdateParams = z.input<typeof PatientUpdateParams>;

/**
 * Filters of `GET /patients`: cpf (exact), phone (exact), name (partial). Other keys are passed
 * through when their values are ones a query can carry, as in {@link ListQuery}.
 */
export const PatientListParams = z
  .object({
    /** Exact match on the CPF. */
    cpf: z.string().optional(),
    /** Exact match on the phone. */
    phone: z.string().optional(),
    /** Partial match on the name. */
    name: z.string().optional(),
  })
  .catchall(ListQuery.valueType);
/** Filters of `patients.list`; other keys (such as a page size) are passed through. */
export type PatientListParams = {
  /** Exact match on the CPF. */
  cpf?: string;
  /** Exact match on the phone. */
  phone?: string;
  /** Partial match on the name. */
  name?: string;
  [key: string]: string | number | boolean | null | undefined;
};
