/** The query filters GET /appointments may honour (spec 4.2 shows none): the reference server's
 * setting `appointmentFilters` and the probe read an appointment object the same way. @module */

type Item = Readonly<Record<string, unknown>>;

const idOf = (member: unknown) => (member as Item | null | undefined)?.id;

/** A filter GET /appointments may honour (setting `appointmentFilters`; spec 4.2 shows none). */
export type AppointmentFilter =
  | 'professional_id'
  | 'patient_id'
  | 'room_id'
  | 'appointment_type_id'
  | 'status'
  | 'modality'
  | 'origin';

/** Each filter and where an appointment object (spec 2.1) holds its value. */
export const APPOINTMENT_FILTERS: Readonly<Record<AppointmentFilter, (a: Item) => unknown>> = {
  professional_id: (a) => idOf(a.professional),
  patient_id: (a) => idOf(a.patient),
  room_id: (a) => idOf(a.room),
  appointment_type_id: (a) => idOf(a.appointment_type),
  status: (a) => a.status,
  modality: (a) => a.modality,
  origin: (a) => a.origin,
};

/** The filter names, in order. */
export const APPOINTMENT_FILTER_NAMES = Object.keys(APPOINTMENT_FILTERS) as AppointmentFilter[];

/** Whether `appointment` matches every filter of `query` named in `honoured` (an empty value filters nothing). */
export function matchesFilters(
  appointment: object,
  query: URLSearchParams,
  honoured: readonly AppointmentFilter[],
): boolean {
  return honoured.every((name) => {
    const value = query.get(name);
    return !value || String(APPOINTMENT_FILTERS[name](appointment as Item)) === value;
  });
}
