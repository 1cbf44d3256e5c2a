/** `clinic.professionals` (spec 4.8). @module */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { Professional, ProfessionalListParams } from '../schemas/professionals.ts';

/** Professionals (read-only, scope `appointments:read`); an id is a `professional_id`. */
export class Professionals extends APIResource {
  /** Lists the professionals (`GET /professionals`), without contact data. */
  list(query?: ProfessionalListParams, options?: ListRequestOptions): Paginator<Professional> {
    return this._client._call(OPERATIONS.listProfessionals, { query, options });
  }

  /** Reads one professional (`GET /professionals/{id}`): {@link NotFoundError} if none. */
  retrieve(id: number, options?: RequestOptions): APIPromise<Professional> {
    return this._client._call(OPERATIONS.retrieveProfessional, { id, options });
  }
}
