/** A seed document: `api.seed.*` as JSON, so a suite in any language can seed (docs/testing-cli.md). @module */
import { seedCheckpoint } from './helpers.ts';
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

/** A document's parts, checked before anything is stored. */
function readDocuments(
  document: unknown,
): Array<{ where: string; clinic: number; record: Record<string, unknown> }> {
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
    for (const [kind] of KINDS) {
      if (record[kind] !== undefined && !Array.isArray(record[kind])) {
        throw new TypeError(`${where}: ${kind} must be an array`);
      }
    }
    return { where, clinic: clinic as number, record };
  });
}

/**
 * Applies a seed document (or one per clinic), all or nothing: a `TypeError` names the bad
 * entry, and with a reference server's helpers nothing of the document is stored then and no id
 * moves, so the same document, corrected, gets the same ids.
 */
export function applySeedDocument(
  document: unknown,
  helpersOf: (clinic: number) => SeedHelpers,
): SeedResult[] {
  const docs = readDocuments(document);
  const rollBack = docs.length > 0 ? seedCheckpoint(helpersOf(docs[0]!.clinic)) : undefined;
  try {
    return docs.map(({ where, clinic, record }) => {
      const helpers = helpersOf(clinic);
      const result: SeedResult = { clinic };
      for (const [kind, helper] of KINDS) {
        const entries = record[kind] as unknown[] | undefined;
        if (entries === undefined) continue;
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
  } catch (error) {
    rollBack?.();
    throw error;
  }
}
