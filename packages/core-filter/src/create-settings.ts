import { mergeSettings } from './merge-settings';
import type { Settings, SettingsInput } from './settings';
import { checkSettings } from './validate-settings';
import { PREFIX, warn } from './warn';

/**
 * Creates the settings object: defaults merged with the input, validated, deep-frozen.
 * Throws one TypeError listing every problem when the input is invalid (settings come from the
 * shop owner or the integrator, so failing fast is right; use `validateSettings` to inspect).
 * A wrong filter layout is the exception (F8.11): a console warning, and the default is used.
 */
export function createSettings(input: SettingsInput = {}): Settings {
  const problems: string[] = [];
  const warnings: string[] = [];
  checkSettings(input, problems, warnings);
  for (const w of warnings) warn(w);
  if (problems.length) throw new TypeError(`${PREFIX} Invalid settings:\n- ${problems.join('\n- ')}`);
  return mergeSettings(input);
}
