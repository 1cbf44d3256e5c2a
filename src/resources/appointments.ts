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
   * Books an in-person, `scheduled` appointment (`POST /appointments`, scope
   * `appointments:write`). Its `Idempotency-Key` is made once and sent on every retry, so a lost
   * answer never books twice; after a failure, pass `err.idempotencyKey` back to replay.
   *
   * @example
   * ```ts
   * const start_at = '2026-03-02T14:30:00-03:00';
   * const { data, idempotencyKey, replayed } = await clinic.appointments
   *   .create({ patient_id: 7, professional_id: 3, appointment_type_id: 1, start_at })
   *   .withResponse();
   * ```
   * @throws {@link SlotBlockedError} when the time is blocked in the professional's agenda.
   * @throws {@link RoomRequiredError} when a room is required and none defaults: pass `room_id`.
   * @throws {@link IdempotencyKeyReuseError} when the key was sent before with another body.
   */
  create(
    body: AppointmentCreateParams,
    options?: AppointmentCreateOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.createAppointment, { body, options });
  }

  /**
   * Changes an appointment (`PATCH /appointments/{id}`) and returns it, read back with `GET` when
   * the answer is not it: a {@link ReadBackError} means the change was made.
   */
  update(
    id: string,
    body: AppointmentUpdateParams,
    options?: RequestOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.updateAppointment, { id, body, options });
  }

  /**
   * Cancels an appointment (`POST /appointments/{id}/cancel`), returned as `update` returns it.
   * Retried only on 429: a cancel whose answer was lost cannot be told from one never received.
   */
  cancel(id: string, options?: RequestOptions): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.cancelAppointment, { id, options });
  }
}
