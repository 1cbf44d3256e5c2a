/**
 * `api.settings`: each assignment checked against the setting's schema (`TypeError`).
 * @module
 */
import { parseInput, SETTING_SCHEMAS } from './control-inputs.ts';
import type { ClinicSettings } from './store.ts';

const NAMES = Object.keys(SETTING_SCHEMAS);

function unknownSetting(name: PropertyKey): TypeError {
  return new TypeError(
    `settings.${String(name)} is not a setting; the settings are ${NAMES.join(', ')}`,
  );
}

/** Settings that refuse what their schema does not accept; lists are stored frozen. */
export function guardSettings(initial: ClinicSettings): ClinicSettings {
  const values = {} as Record<string, unknown>;
  const guarded = new Proxy(values, {
    set(target, name, value) {
      if (typeof name !== 'string' || !Object.hasOwn(SETTING_SCHEMAS, name)) {
        throw unknownSetting(name);
      }
      const schema = SETTING_SCHEMAS[name as keyof ClinicSettings];
      const parsed = parseInput(schema, value, `settings.${name}`);
      target[name] = Array.isArray(parsed) ? Object.freeze([...parsed]) : parsed;
      return true;
    },
    defineProperty(_target, name) {
      throw unknownSetting(name);
    },
    deleteProperty(_target, name) {
      throw new TypeError(`settings.${String(name)} cannot be deleted; assign a value instead`);
    },
  }) as unknown as ClinicSettings;
  Object.assign(guarded, initial);
  return guarded;
}
