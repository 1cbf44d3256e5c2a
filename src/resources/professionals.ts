/**
 * `clinic.professionals`: spec 4.8.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { Professional, ProfessionalListParams } from '../schemas/professionals.ts';

/** Professionals of the clinic (read-only, scope `appointments:read`). No contact data is returned. */
export class Professionals extends APIResource {
  /**
   * Lists every professional (`GET /professionals`). The spec shows no query parameter, so
   * `query` takes none; one your service documents goes in `options.extraQuery`.
   */
  list(query?: ProfessionalListParams, options?: ListRequestOptions): Paginator<Professional> {
    return this._client._call(OPERATIONS.listProfessionals, { query, options });
  }

  /**
   * Reads one professional (`GET /professionals/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such professional.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Professional> {
    return this._client._call(OPERATIONS.retrieveProfessional, { id, options });
  }
}
