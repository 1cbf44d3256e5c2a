/**
 * `clinic.appointmentTypes`: spec 4.8.
 *
 * @module
 */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { AppointmentType, AppointmentTypeListParams } from '../schemas/appointment-types.ts';

/** Appointment types of the clinic (read-only, scope `appointments:read`). */
export class AppointmentTypes extends APIResource {
  /**
   * Lists every appointment type (`GET /appointment-types`). The spec shows no query parameter,
   * so `query` takes none; one your service documents goes in `options.extraQuery`.
   */
  list(
    query?: AppointmentTypeListParams,
    options?: ListRequestOptions,
  ): Paginator<AppointmentType> {
    return this._client._call(OPERATIONS.listAppointmentTypes, { query, options });
  }

  /**
   * Reads one appointment type (`GET /appointment-types/{id}`). Its id is the one accepted on appointments.
   *
   * @throws {@link NotFoundError} when the clinic has no such appointment type.
   */
  retrieve(id: number, options?: RequestOptions): APIPromise<AppointmentType> {
    return this._client._call(OPERATIONS.retrieveAppointmentType, { id, options });
  }
}
