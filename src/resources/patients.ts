/** `clinic.patients` (spec 4.7). @module */
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
  /** Lists patients (`GET /patients`), filtered by `cpf` or `phone` (exact), `name` (partial). */
  list(query?: PatientListParams, options?: ListRequestOptions): Paginator<Patient> {
    return this._client._call(OPERATIONS.listPatients, { query, options });
  }

  /** Reads one patient (`GET /patients/{id}`): {@link NotFoundError} if none. */
  retrieve(id: number, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.retrievePatient, { id, options });
  }

  /**
   * Creates a patient (`POST /patients`), retried only on 429: after a lost answer, look the
   * patient up (by CPF) before trying again. A taken CPF: {@link PatientCpfExistsError}.
   */
  create(body: PatientCreateParams, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.createPatient, { body, options });
  }

  /** Changes the fields given (`PATCH /patients/{id}`); a taken CPF: {@link PatientCpfExistsError}. */
  update(id: number, body: PatientUpdateParams, options?: RequestOptions): APIPromise<Patient> {
    return this._client._call(OPERATIONS.updatePatient, { id, body, options });
  }
}
