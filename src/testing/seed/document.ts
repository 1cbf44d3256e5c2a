/** A seed document: `api.seed.*` as JSON, so a suite in any language can seed (docs/testing-cli.md). @module */
import type { SeedHelpers } from './types.ts';

/** A kind of record of a seed document. */
export type SeedKind =
  | 'rooms'
  | 'professionals'
  | 'appointment_types'
  | 'patients'
  | 'appointments'
  | 'blocked_slots';

/** In order of application, so that later records can refer to earlier ones. */
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

/** Applies a seed document (or one per clinic); a `TypeError` names a bad entry, earlier records stay. */
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
          // The document's own names (kind and index), not the helper's (`seed.patient: ...`).
          const message = (error as Error).message.replace(/^seed\.\w+: /, '');
          throw new TypeError(`${where}: ${kind}[${i}]: ${message}`);
        }
      });
    }
    return result;
  });
}
