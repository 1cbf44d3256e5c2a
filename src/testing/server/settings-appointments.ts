/** The appointment settings of a clinic: rooms, states, overlaps and the answers of PATCH and
 * cancel (spec 2.1, 3, 4.2–4.6). @module */
import * as z from 'zod';
import { AppointmentStatus } from '../../schemas/appointments.ts';
import { APPOINTMENT_FILTER_NAMES } from './appointment-filters.ts';
import { define, ErrorCode } from './setting-definition.ts';

/** What PATCH and cancel may answer: the spec shows neither body. */
const WriteAnswer = z.enum(['appointment', 'no-content', 'empty-object']);

const ANSWER_OTHERWISE =
  "`'no-content'`: 204 without a body; `'empty-object'`: 200 with `{}` (the client reads the appointment back after either)";

export const APPOINTMENT_SETTINGS = {
  requireRoom: define({
    schema: z.boolean(),
    default: false,
    spec: '4.4',
    question: 'Whether the clinic requires a room (a setting of the clinic in the web application)',
    byDefault: 'no room is required',
    otherwise:
      '`true`: an appointment with no room, given or defaulted, is 409 `room_required`, on create and PATCH',
  }),
  changeableStatuses: define({
    schema: z.array(AppointmentStatus).readonly(),
    default: ['scheduled', 'confirmed'],
    spec: '3 rule 3',
    question: 'Source states allowed for PATCH and for cancel',
    byDefault:
      'PATCH and cancel of a `checked_in`, `completed`, `no_show` or `cancelled` appointment are 409 (code `notChangeableCode`)',
    otherwise:
      'any list of statuses, such as every status; telehealth appointments, patient requests (`requested`) and cancelling a cancelled appointment stay 409 (spec 3 rule 2)',
  }),
  notChangeableCode: define({
    schema: ErrorCode,
    default: 'appointment_not_changeable',
    spec: '3, 7',
    question: 'The code of the 409 for an appointment that cannot be changed or cancelled',
    byDefault: '`appointment_not_changeable`, the reference server’s code',
    otherwise: 'any code, such as the one the probe saw (the client reads it as a `ConflictError`)',
  }),
  nullRoom: define({
    schema: z.enum(['no-room', 'default-room']),
    default: 'no-room',
    spec: '4.4',
    question: '`room_id: null` (only omitting it is said to take the default room)',
    byDefault:
      '`room_id: null` means no room (409 `room_required` where a room is required), on create and PATCH',
    otherwise: "`'default-room'`: null reads as omitted, the professional's default room",
  }),
  overlappingAppointments: define({
    schema: z.enum(['allow', 'refuse']),
    default: 'allow',
    spec: '4.4',
    question: 'Two appointments of one professional at one time',
    byDefault:
      'both are created, as nothing in the spec refuses them (`checkInvariants` reports a booking intent that made two)',
    otherwise:
      "`'refuse'`: a create or PATCH that overlaps another appointment of the professional that is not cancelled is 409 `appointment_overlap`, the reference server's own code",
  }),
  cancelBody: define({
    schema: z.enum(['refuse', 'ignore']),
    default: 'refuse',
    spec: '4.6',
    question: 'The request body of cancel',
    byDefault: 'any body is 400 `{non_field_errors}` and nothing is cancelled',
    otherwise: "`'ignore'`: read (within `maxBodyBytes`) and dropped",
  }),
  patchAnswer: define({
    schema: WriteAnswer,
    default: 'appointment',
    spec: '4.5',
    question: 'The response body of PATCH /appointments/{id}',
    byDefault: '200 with the appointment object',
    otherwise: ANSWER_OTHERWISE,
  }),
  cancelAnswer: define({
    schema: WriteAnswer,
    default: 'appointment',
    spec: '4.6',
    question: 'The response body of POST /appointments/{id}/cancel',
    byDefault: '200 with the appointment object',
    otherwise: ANSWER_OTHERWISE,
  }),
  appointmentFilters: define({
    schema: z.array(z.enum(APPOINTMENT_FILTER_NAMES)).readonly(),
    default: [],
    spec: '4.2',
    question: 'Query filters of GET /appointments',
    byDefault: 'none: a query parameter other than the cursor and the page size is ignored',
    otherwise: `any of ${APPOINTMENT_FILTER_NAMES.map((f) => `\`${f}\``).join(', ')}: each one given keeps the appointments whose value equals it (an empty value filters nothing)`,
  }),
  appointmentNote: define({
    schema: z.enum(['omit', 'include']),
    default: 'omit',
    spec: '2.1',
    question: 'Whether `note` is returned in the appointment object',
    byDefault: 'stored, never returned',
    otherwise:
      "`'include'`: the appointment object (and the webhook envelope's `data`) carries `note`, a string or null",
  }),
};
