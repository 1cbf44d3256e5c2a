/** `api.settings` and `api.listEnvelope`: each assignment checked against its schema. @module */
import type * as z from 'zod';
import {
  type ClinicSettings,
  LIST_ENVELOPE_SCHEMAS,
  parseInput,
  SETTING_SCHEMAS,
} from './control-inputs.ts';
import type { ListEnvelopeSettings } from './lists.ts';

/** Members refuse (TypeError) what their schema or the object does not accept; lists freeze. */
function guardMembers<T extends object>(
  schemas: Record<string, z.ZodType>,
  initial: T,
  where: string,
  unknownHint = '',
): T {
  const names = Object.keys(schemas).join(', ');
  const unknown = (name: PropertyKey) =>
    new TypeError(
      `${where}.${String(name)} is not a member${unknownHint}; the members are ${names}`,
    );
  const guarded = new Proxy({} as Record<string, unknown>, {
    set(target, name, value) {
      if (typeof name !== 'string' || !Object.hasOwn(schemas, name)) throw unknown(name);
      const parsed = parseInput(schemas[name]!, value, `${where}.${name}`);
      target[name] = Array.isArray(parsed)
        ? Object.freeze([...parsed])
        : parsed && typeof parsed === 'object'
          ? Object.freeze({ ...parsed })
          : parsed;
      return true;
    },
    defineProperty(_target, name) {
      throw unknown(name);
    },
    deleteProperty(_target, name) {
      throw new TypeError(`${where}.${String(name)} cannot be deleted; assign a value instead`);
    },
  }) as unknown as T;
  Object.assign(guarded, initial);
  return guarded;
}

export function guardSettings(initial: ClinicSettings): ClinicSettings {
  return guardMembers(SETTING_SCHEMAS, initial, 'settings');
}

export function guardListEnvelope(initial: ListEnvelopeSettings): ListEnvelopeSettings {
  return guardMembers(
    LIST_ENVELOPE_SCHEMAS,
    initial,
    'listEnvelope',
    ' (the rooms list always uses the envelope, spec 4.1)',
  );
}
