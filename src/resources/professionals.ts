/**
 * `clinic.professionals`: spec 4.8.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { IntegerId } from '../schemas/common.ts';
import { Professional, type ProfessionalListParams } from '../schemas/professionals.ts';

/** Professionals of the clinic (read-only, scope `appointments:read`). No contact data is returned. */
export class Professionals extends APIResource {
  /**
   * Lists every professional (`GET /professionals`). The spec shows no query parameter, so
   * `query` takes none; one your service documents goes in `options.extraQuery`.
   */
  list(query?: ProfessionalListParams, options?: ListRequestOptions): Paginator<Professional> {
    return this._client._list('/professionals', Professional, query, options);
  }

  /**
   * Reads one professional (`GET /professionals/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such professional.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<Professional> {
    return this._client._request({
      method: 'GET',
      path: '/professionals',
      id: [IntegerId, id],
      response: Professional,
      retry: 'safe',
      options,
    });
  }
}
