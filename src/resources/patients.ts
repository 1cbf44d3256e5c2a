/**
 * `clinic.patients`: spec 4.7.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type {
  Patient,
  PatientCreateParams,
  PatientListParams,
  PatientUpdateParams,
} from '../schemas/patients.ts';

/** Patients of the key's clinic. CPF, e-mail, birth date and gender are write-only. */
export class Patients extends APIResource {
  /**
   * Lists patients (`GET /patients`), filtered by `cpf` (exact), `phone` (exact) or `name`
   * (partial), the spec's only filters; a parameter your service documents beyond them goes in
   * `options.extraQuery`.
   *
   * @example
   * ```ts
   * const silvas = await clinic.patients.list({ name: 'Silva' }).toArray({ limit: 500 });
   * ```
   */
  list(query?: PatientListParams, options?: ListRequestOptions): Paginator<Patient> {
    return this._client._call(OPERATIONS.listPatients, { query, options });
  }

  /**
   * Reads one patient (`GET /patients/{id}`).
   *
   * @throws {@link NotFoundError} when the clinic has no such patient.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.retrievePatient, { id, options });
  }

  /**
   * Creates a patient (`POST /patients`). `cpf` is checked (check digits, with or without
   * punctuation) before sending. Retried only on 429: the service cannot deduplicate this call,
   * so after a lost response, look the patient up (for instance by CPF) before trying again.
   *
   * @throws {@link PatientCpfExistsError} 409: the CPF belongs to another patient.
   */
  create(body: PatientCreateParams, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.createPatient, { body, options });
  }

  /**
   * Changes a patient (`PATCH /patients/{id}`, scope `patients:write`): only the fields given
   * are sent; `null` erases `phone`, `email`, `cpf` or `birth_date`.
   *
   * @example
   * ```ts
   * await clinic.patients.update(42, { phone: null }); // erase the phone
   * ```
   * @throws {@link PermissionDeniedError} 403 with `requiredScope: 'patients:write'`.
   */
  update(id: number, body: PatientUpdateParams, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.updatePatient, { id, body, options });
  }
}
