/** `clinic.appointments` (spec 4.2–4.6). @module */
import type { APIPromise } from '../core/api-promise.ts';
import type { Paginator } from '../core/pagination.ts';
import type {
  AppointmentCreateOptions,
  ListRequestOptions,
  RequestOptions,
} from '../core/request-options.ts';
import { APIResource } from '../core/resource.ts';
import { OPERATIONS } from '../operations.ts';
import type {
  Appointment,
  AppointmentCreateParams,
  AppointmentListParams,
  AppointmentUpdateParams,
} from '../schemas/appointments.ts';

/** Appointments of the key's clinic. Telehealth ones and patient requests are read-only here. */
export class Appointments extends APIResource {
  /** Lists the appointments (`GET /appointments`). */
  list(query?: AppointmentListParams, options?: ListRequestOptions): Paginator<Appointment> {
    return this._client._call(OPERATIONS.listAppointments, { query, options });
  }

  /** Reads one appointment (`GET /appointments/{id}`, a uuid): {@link NotFoundError} if none. */
  retrieve(id: string, options?: RequestOptions): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.retrieveAppointment, { id, options });
  }

  /**
   * Books an in-person, `scheduled` appointment (`POST /appointments`, scope `appointments:write`).
   * Its `Idempotency-Key` is sent on every retry, so a lost answer never books twice; pass
   * `err.idempotencyKey` to replay.
   * Throws {@link SlotBlockedError}, {@link RoomRequiredError} (pass `room_id`) or
   * {@link IdempotencyKeyReuseError} (the key was sent before with another body).
   */
  create(
    body: AppointmentCreateParams,
    options?: AppointmentCreateOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.createAppointment, { body, options });
  }

  /** Changes an appointment (`PATCH /appointments/{id}`); a {@link ReadBackError} means it was made. */
  update(
    id: string,
    body: AppointmentUpdateParams,
    options?: RequestOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.updateAppointment, { id, body, options });
  }

  /** Cancels an appointment (`POST /appointments/{id}/cancel`); retried only on 429. */
  cancel(id: string, options?: RequestOptions): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.cancelAppointment, { id, options });
  }
}
