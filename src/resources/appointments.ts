/**
 * `clinic.appointments`: spec 4.2–4.6.
 *
 * @module
 */
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

/** Appointments of the key's clinic. */
export class Appointments extends APIResource {
  /**
   * Lists appointments (`GET /appointments`). The spec shows no filter (by professional, date
   * or status), so `query` takes none: filter the items as they come (docs/pagination.md,
   * "Finding a free time"), or pass a filter your service documents in `options.extraQuery`.
   *
   * @example
   * ```ts
   * for await (const appointment of clinic.appointments.list()) {
   *   if (appointment.professional?.id === 3) console.log(appointment.start_at);
   * }
   * ```
   */
  list(query?: AppointmentListParams, options?: ListRequestOptions): Paginator<Appointment> {
    return this._client._call(OPERATIONS.listAppointments, { query, options });
  }

  /**
   * Reads one appointment (`GET /appointments/{id}`).
   *
   * @param id - the appointment's uuid.
   * @throws {@link ValidationError} when `id` is not a uuid (nothing is sent).
   * @throws {@link NotFoundError} when the clinic has no such appointment.
   */
  retrieve(id: string, options?: RequestOptions): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.retrieveAppointment, { id, options });
  }

  /**
   * Books an in-person appointment (`POST /appointments`, scope `appointments:write`). It is
   * created with status `scheduled` and origin `api`.
   *
   * Every call carries an `Idempotency-Key` (a uuid v4 unless `options.idempotencyKey` is
   * given), reused on every retry: a retry after a lost response returns the appointment
   * already created (`replayed: true` in `withResponse()`) and never books twice.
   *
   * `start_at` is an ISO 8601 string (without a zone it is read as America/Sao_Paulo) or a
   * `Date`; seconds must be 00. Without `room_id`, the professional's default room is used.
   *
   * @example
   * ```ts
   * const { data, idempotencyKey, replayed } = await clinic.appointments
   *   .create({ patient_id: 7, professional_id: 3, appointment_type_id: 1, start_at: '2026-03-02T14:30:00-03:00' })
   *   .withResponse();
   * ```
   * @throws {@link ValidationError} before sending, when the body breaks a rule of the spec.
   * @throws {@link SlotBlockedError} 409 `slot_blocked`: the time is blocked in the agenda.
   * @throws {@link RoomRequiredError} 409 `room_required`: pass `room_id`.
   * @throws {@link IdempotencyKeyReuseError} 422: the key was used with another body.
   * @throws {@link PermissionDeniedError} 403 with `requiredScope: 'appointments:write'`.
   * @throws {@link ClinicError} of any kind once the request was sent (a connection error, a
   *   timeout, an abort, an answer): its `idempotencyKey` is the key sent; retry with
   *   `{ idempotencyKey: err.idempotencyKey }` to replay instead of booking twice.
   */
  create(
    body: AppointmentCreateParams,
    options?: AppointmentCreateOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.createAppointment, { body, options });
  }

  /**
   * Changes an appointment (`PATCH /appointments/{id}`): only `start_at`, `professional_id`,
   * `room_id`, `note` and `status` (`scheduled` or `confirmed`) are accepted. Telehealth
   * appointments and patient requests cannot be changed through the API.
   *
   * The spec does not show the answer's body: when it is not the appointment, the client reads
   * `GET /appointments/{id}` and returns that.
   *
   * @example
   * ```ts
   * await clinic.appointments.update(id, { status: 'confirmed' });
   * ```
   * @throws {@link ValidationError} before sending, for a field or status it does not accept.
   * @throws {@link ReadBackError} when the change succeeded but reading the appointment back
   *   failed: do not repeat the change.
   */
  update(
    id: string,
    body: AppointmentUpdateParams,
    options?: RequestOptions,
  ): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.updateAppointment, { id, body, options });
  }

  /**
   * Cancels an appointment (`POST /appointments/{id}/cancel`). Telehealth appointments and
   * patient requests cannot be cancelled through the API. Retried only on 429, since a cancel
   * whose response was lost cannot be told apart from one never received.
   *
   * The spec does not show the answer's body: when it is not the appointment, the client reads
   * `GET /appointments/{id}` and returns that.
   *
   * @throws {@link ReadBackError} when the cancel succeeded but reading the appointment back
   *   failed: do not cancel again.
   */
  cancel(id: string, options?: RequestOptions): APIPromise<Appointment> {
    return this._client._call(OPERATIONS.cancelAppointment, { id, options });
  }
}
