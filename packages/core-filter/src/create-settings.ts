import { deepFreeze } from './read';
import type { Settings, SettingsInput } from './settings';
import { buildSettings } from './validate-settings';
import { PREFIX } from './warn';

/**
 * Creates the settings object: defaults merged with the input, validated, deep-frozen.
 * Throws one TypeError listing every problem when the input is invalid (settings come from the
 * shop owner or the integrator, so failing fast is right; use `validateSettings` to inspect).
 */
export function createSettings(input: SettingsInput = {}): Settings {
  const problems: string[] = [];
  const settings = buildSettings(input, problems);
  if (problems.length) throw new TypeError(`${PREFIX} Invalid settings:\n- ${problems.join('\n- ')}`);
  return deepFreeze(settings);
}
