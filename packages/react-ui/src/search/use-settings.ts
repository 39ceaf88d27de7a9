import { useMemo } from 'react';
import { createSettings, type Settings, type SettingsInput } from '@pkg/core-filter';

/** Settings as given when already created, else created from their input once per input. */
export function useSettings(settings: Settings | SettingsInput): Settings {
  return useMemo(() => (Object.isFrozen(settings) && 'labels' in settings ? (settings as Settings) : createSettings(settings as SettingsInput)), [settings]);
}
