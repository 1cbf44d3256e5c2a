/** Every "not shown" of the spec the probe reports on: the spec's words, whether the API lets a
 * probe see it (read-only, with writes, or not at all) and the reference server's reading, read
 * off the setting's definition where one switches it. @module */
import { CLINIC_SETTINGS } from '../server/clinic-settings.ts';
import { SERVER_SETTING_WORDS } from '../server/settings-server.ts';

/** The reference server's reading of a clinic setting, as its definition states it. */
function setting(name: keyof typeof CLINIC_SETTINGS): string {
  const d = CLINIC_SETTINGS[name];
  return `setting clinic.${name} (default ${JSON.stringify(d.default)}: ${d.byDefault})`;
}

/** How a probe can observe an item: with reads only, only by writing, or not through the API. */
export type Observability = 'read' | 'write' | 'none';

/** One "not shown" of the spec (or a choice the reference server makes where the spec is silent). */
export interface ProbeCatalogueItem {
  /** Spec section. */
  readonly spec: string;
  /** The spec's words. */
  readonly words: string;
  /** Whether reads, writes or nothing the API offers can show it. */
  readonly observable: Observability;
  /** The reference server's reading, and its setting when it has one. */
  readonly reference: string;
}

/** The id of a catalogue item, the `item` of a finding. */
export type ProbeItemId =
  | 'list-envelope'
  | 'page-size-param'
  | 'page-size-bad'
  | 'page-walk'
  | 'appointment-filters'
  | 'unknown-id'
  | 'patient-filters'
  | 'scopes'
  | 'forbidden'
  | 'key-lifecycle'
  | 'rate-limits'
  | 'messages'
  | 'webhook-signature'
  | 'note-returned'
  | 'room-required'
  | 'null-room'
  | 'overlap'
  | 'replay'
  | 'replay-scope'
  | 'idempotency-422'
  | 'patch-answer'
  | 'cancel-answer'
  | 'cancel-body'
  | 'json-content-types'
  | 'changeable-states'
  | 'cancel-twice'
  | 'patient-required'
  | 'patient-create-status'
  | 'invalid-cursor'
  | 'request-id'
  | 'replay-body'
  | 'key-binding'
  | 'key-on-reads'
  | 'unknown-members'
  | 'empty-patch'
  | 'phone-rule'
  | 'cpf-repeated'
  | 'name-filter';

/** The items, keyed by the id a finding carries. */
export const PROBE_CATALOGUE: Readonly<Record<ProbeItemId, ProbeCatalogueItem>> = {
  'list-envelope': {
    spec: '4.1',
    words: 'The envelope of the other list endpoints: not shown.',
    observable: 'read',
    reference: '{results, next, previous} on every list (setting listEnvelope, per list)',
  },
  'page-size-param': {
    spec: '4.1',
    words: 'Name of the page-size query parameter: not shown.',
    observable: 'read',
    reference: setting('pageSizeParam'),
  },
  'page-size-bad': {
    spec: '4.1',
    words: 'page size: integer, default 50, maximum 100 (what a bad value answers is not shown)',
    observable: 'read',
    reference: `${setting('pageSizeAboveMax')}; ${setting('pageSizeInvalid')}`,
  },
  'page-walk': {
    spec: '4.1',
    words: 'next (URL of the next page, or null), previous (URL of the previous page, or null)',
    observable: 'read',
    reference: 'absolute links on the base URL carrying cursor (option links)',
  },
  'appointment-filters': {
    spec: '4.2',
    words: 'Query filters: not shown.',
    observable: 'read',
    reference: setting('appointmentFilters'),
  },
  'unknown-id': {
    spec: '4.3',
    words: 'Unknown id: 404. (The answer to an id that is not a uuid is not shown.)',
    observable: 'read',
    reference: '404 {detail} for an unknown id and for one that is not a uuid',
  },
  'patient-filters': {
    spec: '4.7',
    words:
      'GET /patients: filters cpf (exact match), phone (exact match), name (partial match). (Whether a number written another way matches: not shown.)',
    observable: 'read',
    reference: setting('patientFilters'),
  },
  scopes: {
    spec: '5.5',
    words: 'Scope required by each other endpoint: not shown.',
    observable: 'read',
    reference: setting('operationScopes'),
  },
  forbidden: {
    spec: '5.6',
    words: 'Condition under which 403 is returned: not shown.',
    observable: 'read',
    reference: '403 {detail} when the key lacks the scope of the operation',
  },
  'key-lifecycle': {
    spec: '5.7',
    words: 'Key creation steps, revocation and rotation: not shown.',
    observable: 'none',
    reference: 'issueApiKey and revokeApiKey (test helpers)',
  },
  'rate-limits': {
    spec: '8',
    words: 'Rate limits: not shown.',
    observable: 'read',
    reference: setting('rateLimit'),
  },
  messages: {
    spec: '7',
    words: 'The exact message texts: not shown.',
    observable: 'none',
    reference: "the reference server's own texts; the probe never records the service's",
  },
  'webhook-signature': {
    spec: '6.3.5',
    words: 'Signature scheme, signature header names and use of the signing secret: not shown.',
    observable: 'none',
    reference: 'no scheme; deliveries to registered endpoints are outside the API',
  },
  'note-returned': {
    spec: '2.1',
    words: 'Whether note is returned in the appointment object is not part of the object above.',
    observable: 'write',
    reference: setting('appointmentNote'),
  },
  'room-required': {
    spec: '4.4',
    words: 'room_required when the clinic requires a room and none is given or defaulted',
    observable: 'write',
    reference: setting('requireRoom'),
  },
  'null-room': {
    spec: '4.4',
    words:
      "room_id: when omitted, the default room of the professional's grid is used (null: not shown)",
    observable: 'write',
    reference: setting('nullRoom'),
  },
  overlap: {
    spec: '4.4',
    words: 'Two appointments of one professional at one time: not shown.',
    observable: 'write',
    reference: setting('overlappingAppointments'),
  },
  replay: {
    spec: '4.4',
    words:
      'The same request repeated with the same key within 24 hours returns the record already created, with Idempotent-Replayed: true.',
    observable: 'write',
    reference: 'replayed on POST /appointments',
  },
  'replay-scope': {
    spec: '4.4',
    words: 'Idempotency-Key replay on writes other than POST /appointments: not shown.',
    observable: 'write',
    reference: setting('idempotencyReplay'),
  },
  'idempotency-422': {
    spec: '7',
    words: '422 (code not shown): Idempotency-Key reused with another body or on another endpoint',
    observable: 'write',
    reference: setting('idempotencyErrorCode'),
  },
  'patch-answer': {
    spec: '4.5',
    words: 'Response body and errors of this operation: not shown.',
    observable: 'write',
    reference: setting('patchAnswer'),
  },
  'cancel-answer': {
    spec: '4.6',
    words: 'Request body and response body: not shown. (The response.)',
    observable: 'write',
    reference: setting('cancelAnswer'),
  },
  'cancel-body': {
    spec: '4.6',
    words: 'Request body and response body: not shown. (A request body.)',
    observable: 'write',
    reference: setting('cancelBody'),
  },
  'json-content-types': {
    spec: 'conventions',
    words: 'Payloads are JSON unless stated. (Which JSON media types: not shown.)',
    observable: 'write',
    reference: setting('jsonContentTypes'),
  },
  'changeable-states': {
    spec: '3.3',
    words:
      'Source states allowed for PATCH and for cancel, and transitions into checked_in, completed and no_show: not shown.',
    observable: 'write',
    reference: `${setting('changeableStatuses')}; the probe sees only its own appointments' states`,
  },
  'cancel-twice': {
    spec: '3.3',
    words: 'Source states allowed for cancel: not shown. (Cancelling a cancelled appointment.)',
    observable: 'write',
    reference: `409; its code: ${setting('notChangeableCode')}`,
  },
  'patient-required': {
    spec: '4.7',
    words: 'Which fields are required: not shown.',
    observable: 'write',
    reference: setting('requiredPatientFields'),
  },
  'patient-create-status': {
    spec: '4.7',
    words:
      'POST /patients: creates a patient and returns the patient object. (Its status: not shown.)',
    observable: 'write',
    reference: setting('patientCreateStatus'),
  },
  'invalid-cursor': {
    spec: '4.1',
    words:
      'cursor: pagination cursor taken from next or previous. (The answer to another one: not shown.)',
    observable: 'read',
    reference: setting('invalidCursor'),
  },
  'request-id': {
    spec: '7',
    words: 'The exact message texts: not shown. (A request id in the answers: not shown either.)',
    observable: 'read',
    reference: `setting requestIdHeader (default null: ${SERVER_SETTING_WORDS.requestIdHeader.byDefault})`,
  },
  'replay-body': {
    spec: '4.4',
    words:
      'The same request repeated with the same key within 24 hours returns the record already created. (As created, or as it is now: not shown.)',
    observable: 'write',
    reference: setting('replayBody'),
  },
  'key-binding': {
    spec: '4.4',
    words:
      'The same key with a different body, or on another endpoint, yields 422. (A key first used on a write other than POST /appointments: not shown.)',
    observable: 'write',
    reference: setting('idempotencyBinding'),
  },
  'key-on-reads': {
    spec: '4.4',
    words: 'Header Idempotency-Key (optional, string). (On a read: not shown.)',
    observable: 'write',
    reference: setting('idempotencyKeyOnReads'),
  },
  'unknown-members': {
    spec: '4.5',
    words:
      'Accepted body fields only: start_at, professional_id, room_id, note, status. (What another member gets: not shown.)',
    observable: 'write',
    reference: setting('unknownBodyMembers'),
  },
  'empty-patch': {
    spec: '4.7',
    words: 'Only the fields sent are changed. (A change that sends none: not shown.)',
    observable: 'write',
    reference: setting('emptyPatch'),
  },
  'phone-rule': {
    spec: '4.7',
    words:
      'phone: mobile number with area code, at most 40 characters. (What is refused: not shown.)',
    observable: 'write',
    reference: setting('phoneRule'),
  },
  'cpf-repeated': {
    spec: '4.7',
    words:
      'cpf: check digits are validated. (One digit repeated, whose check digits are valid: not shown.)',
    observable: 'write',
    reference: setting('cpfRepeatedDigits'),
  },
  'name-filter': {
    spec: '4.7',
    words: 'name (partial match). (Case and accents: not shown.)',
    observable: 'write',
    reference: setting('nameFilter'),
  },
};
