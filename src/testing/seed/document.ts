/**
 * A seed document: the JSON form of `api.seed.*`, for the command-line server's
 * `--seed <file>` and its control API (`POST /__control/seed`), so a test suite in any
 * language can seed every kind of record.
 *
 * ```json
 * { "clinic": 1,
 *   "rooms": [{ "name": "Consultório 1" }],
 *   "professionals": [{ "name": "Dra. Helena Prado", "default_room_id": 1 }],
 *   "appointment_types": [{ "name": "Consulta", "duration_minutes": 30 }],
 *   "patients": [{ "name": "Ana Souza", "cpf": "529.982.247-25" }],
 *   "appointments": [{ "patient_id": 1, "professional_id": 1, "appointment_type_id": 1,
 *                      "start_at": "2026-03-02T14:30:00", "status": "confirmed" }],
 *   "blocked_slots": [{ "professional_id": 1, "start_at": "2026-03-02T12:00:00",
 *                       "end_at": "2026-03-02T13:00:00" }] }
 * ```
 *
 * The kinds are applied in that order (ids are those of a new server: 1, 2, 3...), so later
 * records can refer to earlier ones. A document may also be an array of such objects (one per
 * clinic).
 *
 * @module
 */
import type { SeedHelpers } from './types.ts';

/** A kind of record of a seed document. */
export type SeedKind =
  | 'rooms'
  | 'professionals'
  | 'appointment_types'
  | 'patients'
  | 'appointments'
  | 'blocked_slots';

/** The kinds of a seed document, in the order they are applied, and their helper. */
const KINDS: ReadonlyArray<readonly [SeedKind, keyof SeedHelpers]> = [
  ['rooms', 'room'],
  ['professionals', 'professional'],
  ['appointment_types', 'appointmentType'],
  ['patients', 'patient'],
  ['appointments', 'appointment'],
  ['blocked_slots', 'blockedSlot'],
];

/** What a seed document created, by kind, with the ids given. */
export type SeedResult = {
  /** The clinic the records were put in. */
  clinic: number;
} & Partial<Record<SeedKind, unknown[]>>;

/**
 * Applies a seed document with the seed helpers of the clinic it names (default 1).
 *
 * @throws TypeError naming the entry and what is wrong, for a document that is not an object
 *   of known kinds, or a record its helper refuses. Records before the bad one stay.
 */
export function applySeedDocument(
  document: unknown,
  helpersOf: (clinic: number) => SeedHelpers,
): SeedResult[] {
  const docs = Array.isArray(document) ? document : [document];
  return docs.map((doc, d) => {
    const where = Array.isArray(document) ? `seed document [${d}]` : 'seed document';
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
      throw new TypeError(`${where} must be a JSON object of record lists`);
    }
    const record = doc as Record<string, unknown>;
    const known = new Set<string>(['clinic', ...KINDS.map(([kind]) => kind)]);
    for (const key of Object.keys(record)) {
      if (!known.has(key)) {
        throw new TypeError(
          `${where}: unknown key ${JSON.stringify(key)}; use clinic, ${KINDS.map(([k]) => k).join(', ')}`,
        );
      }
    }
    const clinic = record.clinic ?? 1;
    if (!Number.isInteger(clinic) || (clinic as number) <= 0) {
      throw new TypeError(`${where}: clinic must be a positive integer`);
    }
    const helpers = helpersOf(clinic as number);
    const result: SeedResult = { clinic: clinic as number };
    for (const [kind, helper] of KINDS) {
      const entries = record[kind];
      if (entries === undefined) continue;
      if (!Array.isArray(entries)) throw new TypeError(`${where}: ${kind} must be an array`);
      result[kind] = entries.map((entry, i) => {
        try {
          return (helpers[helper] as (input: unknown) => unknown)(entry);
        } catch (error) {
          throw new TypeError(`${where}: ${kind}[${i}]: ${(error as Error).message}`);
        }
      });
    }
    return result;
  });
}
