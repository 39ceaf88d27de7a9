// The settings object from its input: the defaults with the input merged over them, and the
// rules the specification gives for some values. `createSettings` checks the input first
// (validate-settings.ts); `createFilterControllerWith` merges typed input as it is.
import type { WireSwatchSetting } from './wire';
import { DEFAULT_LABELS, SECTIONS, sectionDefaults, VIEW_SETTING_DEFAULTS, type SectionDefaults } from './default-settings';
import { deepFreeze, isRec, num, type Rec } from './read';
import type { ControllerSettings, FilterSettings, Labels, PanelSettings, Settings, SettingsInput } from './settings';

/** Ids that may be numbers or strings; a missing one is 0. */
export const IDS = ['collection_id', 'product_id', 'theme_id'];

/** A value over its default: objects merged, numeric strings read as numbers where numbers are due. */
const over = (key: string, def: unknown, v: unknown): unknown =>
  isRec(v) && isRec(def)
    ? { ...def, ...v }
    : IDS.includes(key)
      ? (v ?? 0)
      : def === null
        ? v === null ? v : num(v)
        : typeof def === 'number'
          ? (num(v) ?? def)
          : Array.isArray(def) && typeof def[0] === 'number' && Array.isArray(v)
            ? v.map(num)
            : v;

const labelsOver = (base: Partial<Labels>, v: unknown): Partial<Labels> => (isRec(v) ? ({ ...base, ...v, sorting: { ...base.sorting, ...(isRec(v.sorting) ? v.sorting : {}) } } as Partial<Labels>) : base);

const copy = (v: unknown): unknown => (Array.isArray(v) ? v.map(copy) : isRec(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, copy(x)])) : v);

/**
 * Merges settings input over the defaults without checking it (a wrong type stays wrong: use
 * `createSettings` for input you did not type yourself), applies the rules of S9.1, S5.6,
 * S5.10 and F8.11, the labels of `general.current_locale` and the swatch keys, and deep-freezes a copy.
 * The texts are the English `DEFAULT_LABELS` with the input's over them.
 */
export function mergeSettings(input: SettingsInput = {}): Settings {
  return mergeSettingsOver(input, DEFAULT_LABELS, VIEW_SETTING_DEFAULTS) as Settings;
}

/**
 * `mergeSettings` over `labels` instead of the English texts, and over the controller's defaults
 * with `view` (VIEW_SETTING_DEFAULTS) or without: without them (a `createFilterControllerWith`
 * given no `labels` or `view` part) the settings hold only the texts, and only the view settings,
 * given.
 */
export function mergeSettingsOver(input: SettingsInput, labels: Partial<Labels> = {}, view: SectionDefaults = {}): ControllerSettings {
  const src: Rec = isRec(input) ? input : {};
  const out: Rec = {};
  for (const section of SECTIONS) {
    const defaults: Rec = sectionDefaults(section, view);
    const merged: Rec = { ...defaults };
    const given = src[section];
    if (isRec(given)) for (const [key, v] of Object.entries(given)) if (v !== undefined) merged[key] = over(key, defaults[key], v);
    out[section] = merged;
  }
  const filter = out.filter as unknown as FilterSettings & Rec;
  // S9.1 / F5.1: a configured limit outside 1..70 becomes 24.
  if (!(filter.limit >= 1 && filter.limit <= 70)) filter.limit = 24;
  // S5.6: the search page's panels (a view setting), each page size read as an integer, default 25.
  const d = (view as Partial<typeof VIEW_SETTING_DEFAULTS>).filter?.panels;
  if (d) {
    const panels: Record<string, PanelSettings> = {};
    for (const name of ['products', 'collections', 'pages'] as const) {
      const pr = isRec((filter.panels as unknown as Rec)[name]) ? ((filter.panels as unknown as Rec)[name] as Rec) : {};
      const size = parseInt(String(pr.pageSize ?? ''), 10);
      panels[name] = { label: typeof pr.label === 'string' ? pr.label : d[name].label, active: typeof pr.active === 'boolean' ? pr.active : d[name].active, pageSize: size > 0 ? size : d[name].pageSize };
    }
    filter.panels = panels as unknown as FilterSettings['panels'];
  }
  // F8.11: a wrong or missing filter tree type is the default (vertical); createSettings warns.
  if (filter.filterLayout !== 'horizontal') filter.filterLayout = 'vertical';
  // S5.10: placeholder ratio used if positive, else 1.4.
  if (!(filter.placeholderRatio > 0)) filter.placeholderRatio = 1.4;
  const translations = src.labelTranslations;
  const locale = (out.general as Rec).current_locale as string;
  // The sort texts are always an object (the key is the text of a sort without one).
  out.labels = labelsOver(labelsOver({ ...labels, sorting: { ...labels.sorting } }, src.labels), isRec(translations) ? translations[locale] : undefined);
  const swatches: Record<string, WireSwatchSetting> = {};
  if (isRec(src.swatches)) for (const [k, v] of Object.entries(src.swatches)) swatches[k.replace(/^pfs-swatch-/, '')] = v as WireSwatchSetting;
  out.swatches = swatches;
  return deepFreeze(copy(out)) as ControllerSettings;
}
