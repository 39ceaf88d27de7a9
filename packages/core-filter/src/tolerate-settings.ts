// Settings read the way a browser reads what a template wrote: a value is taken when it can be,
// and set aside (named, never thrown) when it cannot. `createSettings` stays strict; this is for
// settings a shop's template wrote (page globals), where one odd value must not stop the page.
import { sectionDefaults, VIEW_SETTING_DEFAULTS } from './default-settings';
import { isRec, type Rec } from './read';
import type { SettingsInput } from './settings';
import { checkSetting, ENUMS, SECTIONS, validateSettings } from './validate-settings';

export interface ToleratedSettings {
  /** What could be read, valid for `createSettings`. */
  readonly input: SettingsInput;
  /** Paths of keys that are not settings, or whose values could not be read, e.g. `settings.general.isInitFilter`. */
  readonly setAside: readonly string[];
}

const BOOL_STRINGS: Record<string, boolean> = { true: true, false: false, '1': true, '0': false, yes: true, no: false };

/** Settings whose empty string is a value ("off"), not an absence: `sortFirst` '' sends no `sort_first`. */
const OFF_WHEN_EMPTY = new Set(['sortFirst']);

/** Absent as a template means it: undefined, null, or an empty or blank string. */
export const isBlank = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * One value coerced towards the type of its default: boolean strings (`"true"`, `"0"`) and 0/1
 * for booleans, numeric strings for numbers, a number for a string, a comma-separated string for a list of strings or numbers (`"4,8,12,16"`, as
 * the original's `showLimitList`). Returns undefined for a blank value (absent).
 */
export function tolerateValue(key: string, def: unknown, v: unknown): unknown {
  if (v === '' && OFF_WHEN_EMPTY.has(key)) return v;
  if (isBlank(v)) return undefined;
  const allowed = ENUMS[key];
  if (allowed) {
    if (typeof v === 'string' && allowed.some((a) => typeof a === 'number')) return allowed.find((a) => typeof a === 'number' && String(a) === v.trim()) ?? v;
    return v;
  }
  if (typeof def === 'boolean') {
    if (typeof v === 'string') return BOOL_STRINGS[v.trim().toLowerCase()] ?? v;
    if (v === 0 || v === 1) return v === 1;
    return v;
  }
  if (typeof def === 'string' && typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (Array.isArray(def) && typeof v === 'string')
    return v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (Array.isArray(def) && Array.isArray(v)) return v.filter((x) => !isBlank(x));
  if (isRec(def) && isRec(v)) {
    const out: Rec = {};
    for (const [k, x] of Object.entries(v)) {
      const d = (def as Rec)[k];
      // A numeric string inside an object of numbers (`startViewMore: { list: "8" }`); top-level ones are taken by the checks.
      if (!isBlank(x)) out[k] = typeof d === 'number' && typeof x === 'string' && Number.isFinite(Number(x)) ? Number(x) : tolerateValue(k, d, x);
    }
    return out;
  }
  return v;
}

/**
 * Reads settings input tolerantly: blank values are absent; boolean, numeric and list strings
 * are taken (`tolerateValue`); unknown sections and keys, and values that still do not fit, are
 * set aside and named. Never throws; the result passes `validateSettings`.
 */
export function tolerateSettings(input: unknown, path = 'settings'): ToleratedSettings {
  const setAside: string[] = [];
  const out: Rec = {};
  const src = isRec(input) ? input : {};
  if (!isRec(input) && !isBlank(input)) setAside.push(path);
  for (const [section, given] of Object.entries(src)) {
    if (isBlank(given)) continue;
    if (SECTIONS.includes(section)) {
      const defaults = sectionDefaults(section, VIEW_SETTING_DEFAULTS);
      if (!isRec(given)) {
        setAside.push(`${path}.${section}`);
        continue;
      }
      const kept: Rec = {};
      for (const [key, raw] of Object.entries(given)) {
        if (!(key in defaults)) {
          setAside.push(`${path}.${section}.${key}`);
          continue;
        }
        const v = tolerateValue(key, defaults[key], raw);
        if (v === undefined) continue;
        if (checkSetting(key, defaults[key], v)) kept[key] = v;
        else setAside.push(`${path}.${section}.${key}`);
      }
      if (Object.keys(kept).length) out[section] = kept;
    } else if (section === 'labels' || section === 'labelTranslations' || section === 'swatches') {
      // Each label (or locale, or swatch) on its own: blanks inside dropped, kept when valid.
      if (!isRec(given)) {
        setAside.push(`${path}.${section}`);
        continue;
      }
      const kept: Rec = {};
      for (const [k, v] of Object.entries(given)) {
        const x = isRec(v) ? Object.fromEntries(Object.entries(v).filter(([, y]) => !isBlank(y))) : v;
        if (isBlank(x)) continue;
        if (validateSettings({ [section]: { [k]: x } }).length) setAside.push(`${path}.${section}.${k}`);
        else kept[k] = x;
      }
      if (Object.keys(kept).length) out[section] = kept;
    } else setAside.push(`${path}.${section}`);
  }
  return { input: out as SettingsInput, setAside };
}
