/** `clinic.appointmentTypes` (spec 4.8). @module */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type { ListRequestOptions, RequestOptions } from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type { AppointmentType, AppointmentTypeListParams } from '../schemas/appointment-types.ts';

/** Appointment types (read-only, scope `appointments:read`); an id is an `appointment_type_id`. */
export class AppointmentTypes extends APIResource {
  /** Lists the appointment types (`GET /appointment-types`). */
  list(
    query?: AppointmentTypeListParams,
    options?: ListRequestOptions,
  ): Paginator<AppointmentType> {
    return this._client._call(OPERATIONS.listAppointmentTypes, { query, options });
  }

  /** Reads one appointment type (`GET /appointment-types/{id}`): {@link NotFoundError} if none. */
  retrieve(id: number, options?: RequestOptions): APIPromise<AppointmentType> {
    return this._client._call(OPERATIONS.retrieveAppointmentType, { id, options });
  }
}
