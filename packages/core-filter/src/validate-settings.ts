// Checks settings input against the defaults' types: every problem is one sentence naming the
// path and the expected type (shorter in production builds); merge-settings.ts builds the settings.
import { describeValue as describe } from '@pkg/kit';
import { isRec as isRecord, num } from './read';
import { CONTROLLER_SETTING_DEFAULTS, SECTIONS, sectionDefaults, VIEW_SETTING_DEFAULTS } from './default-settings';
import { IDS } from './merge-settings';

export { SECTIONS };

// The expected type of each field follows its default, with a few exceptions.

export const ENUMS: Record<string, readonly unknown[]> = {
  paginationType: ['default', 'load_more', 'infinite'],
  defaultDisplay: ['grid', 'list', 'collage'],
  filterLayout: ['vertical', 'horizontal'],
  refineByHorizontalPosition: ['top', 'bottom'],
  stickyFilterPc: ['normal', 'fixed', 'absolute'],
  stickyFilterMobile: ['normal', 'fixed', 'absolute'],
  mobileStyle: ['default', 'style2', 'style2-fullwidth', 'style3', 'style3-fullwidth', 'style4'],
  defaultTab: ['products', 'collections', 'pages'],
  multiLevelCollectionSelect: ['', 'single', 'multiple'],
  transport: ['jsonp', 'fetch'],
  urlScheme: [0, 1, 2],
  urlSchemeNonCollection: [null, 0, 1, 2],
};
/**
 * Settings whose wrong value is a console warning only (F8.11: a wrong or missing filter-tree
 * type): the default is kept and the filter still starts.
 */
export const WARN_ONLY: ReadonlySet<string> = new Set(['filterLayout']);

// Problem texts: development builds say what was expected and what was given; production builds
// (NODE_ENV=production, where the long texts are dropped) keep the path and a short reason. The
// wrong value is named by the kit's `describeValue`, as in every package's messages.

const isNumeric = (v: unknown): boolean => num(v) !== null;

/** Whether a value has its default's type (mergeSettings reads numeric strings as numbers). */
export function checkSetting(key: string, def: unknown, v: unknown): boolean {
  const allowed = ENUMS[key];
  if (allowed) return allowed.includes(v);
  // The display variants: attribute names (`refine`, `range`, ...) and keywords or colours (`#e5a100`); the icons' markup.
  if (key === 'looks' || key === 'icons') return isRecord(v) && Object.entries(v).every((e) => (key === 'icons' ? typeof e[1] === 'string' : /^[a-z]+ #?[\w-]+$/.test(e.join(' '))));
  if (IDS.includes(key)) return typeof v === 'string' || isNumeric(v) || v === null;
  if (def === null) return v === null || isNumeric(v);
  if (typeof def === 'number') return isNumeric(v);
  if (Array.isArray(def)) return Array.isArray(v) && v.every(typeof def[0] === 'number' ? isNumeric : (x) => typeof x === 'string');
  return typeof def === 'object' ? isRecord(v) : typeof v === typeof def;
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


/** Pushes a problem for each label text of `over` that is not a string. */
function checkLabels(over: unknown, path: string, problems: string[]): void {
  if (over === undefined) return;
  if (!isRecord(over)) {
    problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `${path} must be an object of label texts, got ${describe(over)}.` : `${path}: not an object`);
    return;
  }
  for (const [k, v] of Object.entries(over)) {
    if (k === 'sorting') {
      if (!isRecord(v) || !Object.values(v).every((x) => typeof x === 'string')) problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `${path}.sorting must map sort keys to strings.` : `${path}.sorting: not strings`);
    } else if (typeof v !== 'string') problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `${path}.${k} must be a string, got ${describe(v)}.` : `${path}.${k}: not a string`);
  }
}

/**
 * Checks settings input and returns the problems found, one actionable sentence each, naming the
 * path and the expected type. An empty list means `createSettings` will succeed.
 */
export function validateSettings(input: unknown): string[] {
  const problems: string[] = [];
  checkSettings(input, problems);
  return problems;
}

/**
 * Pushes each problem of the input to `problems`. A wrong value of a WARN_ONLY setting is no
 * problem (`mergeSettings` keeps its default): `warnings`, when given, gets a sentence for it.
 */
export function checkSettings(input: unknown, problems: string[], warnings?: string[]): void {
  const src = isRecord(input) ? input : {};
  if (input !== undefined && !isRecord(input)) problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings must be an object, got ${describe(input)}.` : 'settings: not an object');
  for (const section of SECTIONS) {
    const defaults = sectionDefaults(section, VIEW_SETTING_DEFAULTS);
    const given = src[section];
    if (given !== undefined && !isRecord(given)) problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.${section} must be an object, got ${describe(given)}.` : `settings.${section}: not an object`);
    else
      for (const [key, v] of Object.entries(given ?? {})) {
        if (!(key in defaults)) problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.${section}.${key} is not a known setting; check its spelling.` : `settings.${section}.${key}: not a known setting`);
        else if (v === undefined || checkSetting(key, defaults[key], v)) continue;
        else if (WARN_ONLY.has(key))
          warnings?.push(
            typeof process === 'object' && process.env.NODE_ENV !== 'production'
              ? `settings.${section}.${key} must be ${expected(key, defaults[key])}, got ${describe(v)}; using ${JSON.stringify(defaults[key])}.`
              : `settings.${section}.${key}: using ${JSON.stringify(defaults[key])}.`,
          );
        else problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.${section}.${key} must be ${expected(key, defaults[key])}, got ${describe(v)}.` : `settings.${section}.${key}: wrong type`);
      }
  }
  checkLabels(src.labels, 'settings.labels', problems);
  const translations = src.labelTranslations;
  const general = isRecord(src.general) ? src.general : {};
  const locale = typeof general.current_locale === 'string' ? general.current_locale : CONTROLLER_SETTING_DEFAULTS.general.current_locale;
  if (translations !== undefined && !isRecord(translations))
    problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.labelTranslations must map locale codes to label objects, got ${describe(translations)}.` : 'settings.labelTranslations: not an object');
  else if (translations) checkLabels(translations[locale], `settings.labelTranslations.${locale}`, problems);
  if (src.swatches !== undefined && !isRecord(src.swatches))
    problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.swatches must be an object keyed 'pfs-swatch-<value>', got ${describe(src.swatches)}.` : 'settings.swatches: not an object');
  else
    for (const [k, v] of Object.entries(src.swatches ?? {}))
      if (!isRecord(v) || !['one_color', 'two_colors', 'image'].includes(v.type as string))
        problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.swatches.${k} must be { type: 'one_color' | 'two_colors' | 'image', colorCodes?, imageUrl? }.` : `settings.swatches.${k}: wrong type`);
  for (const k of Object.keys(src))
    if (!SECTIONS.includes(k) && !['labels', 'labelTranslations', 'swatches'].includes(k))
      problems.push(typeof process === 'object' && process.env.NODE_ENV !== 'production' ? `settings.${k} is not a known section (api, shop, general, filter, labels, labelTranslations, swatches).` : `settings.${k} is not a known section`);
}
