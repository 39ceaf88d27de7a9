// Checks settings input against the defaults' types and builds the settings object (unfrozen);
// every problem is one sentence naming the path and the expected type.
import type { WireSwatchSetting } from './wire';
import { isRec as isRecord, num } from './read';
import { DEFAULT_LABELS, DEFAULTS } from './default-settings';
import type { FilterSettings, GeneralSettings, Labels, PanelSettings, Settings } from './settings';

// The expected type of each field follows its default, with a few exceptions.

export const ENUMS: Record<string, readonly unknown[]> = {
  paginationType: ['default', 'load_more', 'infinite'],
  defaultDisplay: ['grid', 'list', 'collage'],
  filterLayout: ['vertical', 'horizontal'],
  stickyFilterPc: ['normal', 'fixed', 'absolute'],
  stickyFilterMobile: ['normal', 'fixed', 'absolute'],
  mobileStyle: ['default', 'style2', 'style2-fullwidth', 'style3', 'style3-fullwidth', 'style4'],
  defaultTab: ['products', 'collections', 'pages'],
  transport: ['jsonp', 'fetch'],
  urlScheme: [0, 1, 2],
  urlSchemeNonCollection: [null, 0, 1, 2],
};
const IDS = ['collection_id', 'product_id', 'theme_id'];
/**
 * Settings whose wrong value is a console warning only (F8.11: a wrong or missing filter-tree
 * type): the default is kept and the filter still starts.
 */
export const WARN_ONLY: ReadonlySet<string> = new Set(['filterLayout']);

// Problem texts: development builds say what was expected and what was given; production builds
// (NODE_ENV=production, where the long texts are dropped) keep the path and a short reason.
const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `string ${JSON.stringify(v.slice(0, 40))}` : `${typeof v} ${String(v).slice(0, 40)}`;

const isNumeric = (v: unknown): boolean => num(v) !== null;

/** Checks a value against the default's type: [ok, value to keep]. */
export function checkSetting(key: string, def: unknown, v: unknown): [boolean, unknown] {
  const allowed = ENUMS[key];
  if (allowed) return [allowed.includes(v), v];
  if (IDS.includes(key)) return [typeof v === 'string' || isNumeric(v) || v === null, v ?? 0];
  if (def === null) return [v === null || isNumeric(v), v === null ? v : num(v)];
  if (typeof def === 'number') return [isNumeric(v), num(v)];
  if (Array.isArray(def)) {
    const nums = typeof def[0] === 'number';
    return [Array.isArray(v) && v.every(nums ? isNumeric : (x) => typeof x === 'string'), nums && Array.isArray(v) ? v.map(num) : v];
  }
  return [typeof def === 'object' ? isRecord(v) : typeof v === typeof def, v];
}

/** The expected type of a setting, in words (development messages only). */
function expected(key: string, def: unknown): string {
  const allowed = ENUMS[key];
  if (allowed) return `one of ${allowed.filter((a) => a !== null).map((a) => (typeof a === 'string' ? `'${a}'` : a)).join(', ')}`;
  if (IDS.includes(key)) return 'a number or string id';
  if (def === null) return 'a number or null';
  if (typeof def === 'number') return 'a finite number (or numeric string)';
  if (Array.isArray(def)) return `an array of ${typeof def[0] === 'number' ? 'numbers' : 'strings'}`;
  return typeof def === 'object' ? 'an object' : `a ${typeof def}`;
}

/** The sections whose keys follow DEFAULTS (labels, labelTranslations and swatches are read apart). */
export const SECTIONS = ['api', 'shop', 'general', 'filter'];


function mergeLabels(base: Labels, over: unknown, path: string, problems: string[]): Labels {
  if (over === undefined) return base;
  if (!isRecord(over)) {
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `${path} must be an object of label texts, got ${describe(over)}.` : `${path}: not an object`);
    return base;
  }
  const out: Record<string, unknown> = { ...base, sorting: { ...base.sorting } };
  for (const [k, v] of Object.entries(over)) {
    if (k === 'sorting') {
      if (!isRecord(v) || !Object.values(v).every((x) => typeof x === 'string')) problems.push(`${path}.sorting must map sort keys to strings.`);
      else Object.assign(out.sorting as object, v);
    } else if (typeof v !== 'string') problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `${path}.${k} must be a string, got ${describe(v)}.` : `${path}.${k}: not a string`);
    else out[k] = v;
  }
  return out as unknown as Labels;
}

/**
 * Checks settings input and returns the problems found, one actionable sentence each, naming the
 * path and the expected type. An empty list means `createSettings` will succeed.
 */
export function validateSettings(input: unknown): string[] {
  const problems: string[] = [];
  buildSettings(input, problems);
  return problems;
}

/**
 * Builds the settings (unfrozen), pushing each problem to `problems`. A wrong value of a WARN_ONLY
 * setting is no problem: its default is kept, and `warnings` (when given) gets a sentence for it.
 */
export function buildSettings(input: unknown, problems: string[], warnings?: string[]): Settings {
  const src = isRecord(input) ? input : {};
  if (input !== undefined && !isRecord(input)) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings must be an object, got ${describe(input)}.` : 'settings: not an object');
  const out: Record<string, unknown> = {};
  for (const section of SECTIONS) {
    const defaults = (DEFAULTS as unknown as Record<string, Record<string, unknown>>)[section] ?? {};
    const given = src[section];
    const merged: Record<string, unknown> = { ...defaults };
    if (given !== undefined && !isRecord(given)) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${section} must be an object, got ${describe(given)}.` : `settings.${section}: not an object`);
    else if (given) {
      for (const [key, v] of Object.entries(given)) {
        if (!(key in defaults)) {
          problems.push(`settings.${section}.${key} is not a known setting; check its spelling.`);
          continue;
        }
        if (v === undefined) continue;
        const [ok, value] = checkSetting(key, defaults[key], v);
        if (!ok && WARN_ONLY.has(key)) {
          warnings?.push(
            typeof process !== 'undefined' && process.env.NODE_ENV !== 'production'
              ? `settings.${section}.${key} must be ${expected(key, defaults[key])}, got ${describe(v)}; using ${JSON.stringify(defaults[key])}.`
              : `settings.${section}.${key}: using ${JSON.stringify(defaults[key])}.`,
          );
        } else if (!ok) problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${section}.${key} must be ${expected(key, defaults[key])}, got ${describe(v)}.` : `settings.${section}.${key}: wrong type`);
        else merged[key] = isRecord(value) && isRecord(defaults[key]) ? { ...defaults[key], ...value } : value;
      }
    }
    out[section] = merged;
  }
  const filter = out.filter as unknown as FilterSettings & Record<string, unknown>;
  // S9.1 / F5.1: a configured limit outside 1..70 becomes 24.
  if (!(filter.limit >= 1 && filter.limit <= 70)) filter.limit = 24;
  for (const name of ['products', 'collections', 'pages'] as const) {
    const p = (filter.panels as unknown as Record<string, unknown>)[name];
    const d = DEFAULTS.filter.panels[name];
    const pr = isRecord(p) ? p : {};
    // S5.6: panel page size read as an integer, default 25.
    const size = parseInt(String(pr.pageSize ?? ''), 10);
    (filter.panels as unknown as Record<string, PanelSettings>)[name] = {
      label: typeof pr.label === 'string' ? pr.label : d.label,
      active: typeof pr.active === 'boolean' ? pr.active : d.active,
      pageSize: size > 0 ? size : d.pageSize,
    };
  }
  // S5.10: placeholder ratio used if positive, else 1.4.
  if (!(filter.placeholderRatio > 0)) filter.placeholderRatio = 1.4;
  const locale = (out.general as GeneralSettings).current_locale;
  let labels = mergeLabels(DEFAULT_LABELS, src.labels, 'settings.labels', problems);
  const translations = src.labelTranslations;
  if (translations !== undefined && !isRecord(translations))
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.labelTranslations must map locale codes to label objects, got ${describe(translations)}.` : 'settings.labelTranslations: not an object');
  else if (translations && translations[locale] !== undefined) labels = mergeLabels(labels, translations[locale], `settings.labelTranslations.${locale}`, problems);
  out.labels = labels;
  const swatches: Record<string, WireSwatchSetting> = {};
  if (src.swatches !== undefined && !isRecord(src.swatches))
    problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.swatches must be an object keyed 'pfs-swatch-<value>', got ${describe(src.swatches)}.` : 'settings.swatches: not an object');
  else
    for (const [k, v] of Object.entries(src.swatches ?? {})) {
      if (!isRecord(v) || !['one_color', 'two_colors', 'image'].includes(v.type as string))
        problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.swatches.${k} must be { type: 'one_color' | 'two_colors' | 'image', colorCodes?, imageUrl? }.` : `settings.swatches.${k}: wrong type`);
      else swatches[k.replace(/^pfs-swatch-/, '')] = v as unknown as WireSwatchSetting;
    }
  out.swatches = swatches;
  for (const k of Object.keys(src))
    if (!SECTIONS.includes(k) && !['labels', 'labelTranslations', 'swatches'].includes(k))
      problems.push(typeof process !== 'undefined' && process.env.NODE_ENV !== 'production' ? `settings.${k} is not a known section (api, shop, general, filter, labels, labelTranslations, swatches).` : `settings.${k} is not a known section`);
  return structuredCloneSafe(out) as unknown as Settings;
}

function structuredCloneSafe(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(structuredCloneSafe);
  if (isRecord(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, structuredCloneSafe(x)]));
  return v;
}
