import { DEFAULT_SETTINGS, tolerateSettings, type SettingsInput } from '@pkg/core-filter';
import { mapOwnerSettings } from './owner-settings';

/** The element id of the JSON settings block a theme places in the page. */
export const SETTINGS_SCRIPT_ID = 'pkg-settings';

/**
 * The page globals of the original add-on's themes, read in this order (later ones win, and the
 * JSON block wins over all): v1 `boostPFSAppConfig` then `boostPFSThemeConfig`, v2
 * `bcSfFilterMainConfig` then `bcSfFilterConfig` (the page's own over the shop's main config).
 */
export const SETTINGS_GLOBALS = ['boostPFSAppConfig', 'boostPFSThemeConfig', 'bcSfFilterMainConfig', 'bcSfFilterConfig'] as const;

export interface PageSettings {
  /** The merged settings input, ready for core-filter's validation (plus the loader's `search` and `cart` sections). */
  readonly input: SettingsInput;
  /** Where settings were found, in merge order, e.g. `['window.bcSfFilterConfig', '#pkg-settings']`. */
  readonly sources: readonly string[];
  /** Problems found while reading (unparsable JSON, a global that is not an object). */
  readonly problems: readonly string[];
  /** Keys of the page globals with no counterpart here, or values that could not be read; set aside (not errors). */
  readonly ignored: readonly string[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge of plain objects; arrays and scalars from `b` replace those of `a`. Never mutates. */
export function mergeSettings(a: Rec, b: Rec): Rec {
  const out: Rec = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (v === undefined) continue;
    out[k] = isRec(v) && isRec(out[k]) ? mergeSettings(out[k], v) : v;
  }
  return out;
}

const FILTER_KEYS = new Set(Object.keys(DEFAULT_SETTINGS.filter));
const LABEL_KEYS = new Set(Object.keys(DEFAULT_SETTINGS.labels));

/** The label groups of a page global: the shop's labels, the suggestion and error texts. */
const LABEL_GROUPS = ['label', 'label_suggestion', 'label_error'];

/**
 * Maps an app config of either generation (`{ api, shop, general, settings, label, ... }`, where
 * `settings` holds the shop owner's options: `settings.general.*` (see OWNER_SETTINGS), `label`,
 * `labelTranslations`, `currencyRoundingRules`, `pfs-swatch-*` keys, or flat option keys) onto
 * SettingsInput plus the loader's `search` and `cart` sections. Keys with no counterpart are
 * returned in `ignored` rather than failing validation.
 */
export function fromLegacyAppConfig(config: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  for (const section of ['api', 'shop', 'general'] as const) if (isRec(config[section])) out[section] = config[section];
  const owner = isRec(config.settings) ? config.settings : {};
  let mapped: Rec = {};
  const add = (group: Rec, path: string) => {
    const m = mapOwnerSettings(group, path, FILTER_KEYS, ignored);
    mapped = mergeSettings(mapped, { filter: m.filter, search: m.search, cart: m.cart });
  };
  const swatches: Rec = {};
  const flat: Rec = {};
  for (const [k, v] of Object.entries(owner)) {
    if ((k === 'general' || k === 'search') && isRec(v)) add(v, `${name}.settings.${k}`);
    else if (LABEL_GROUPS.includes(k) && isRec(v)) out.labels = { ...(out.labels as Rec | undefined), ...pickKnown(v, LABEL_KEYS, `${name}.settings.${k}`, ignored) };
    else if (k === 'labelTranslations' && isRec(v)) out.labelTranslations = v;
    else if (k.startsWith('pfs-swatch-')) swatches[k] = v;
    else flat[k] = v;
  }
  if (Object.keys(flat).length) add(flat, `${name}.settings`);
  for (const [section, v] of Object.entries(mapped)) if (isRec(v) && Object.keys(v).length) out[section] = v;
  // v1 pages carry the swatch metafields as a top-level `swatch_settings` ({ 'pfs-swatch-<value>': {...} }).
  if (isRec(config.swatch_settings)) for (const [k, v] of Object.entries(config.swatch_settings)) if (k.startsWith('pfs-swatch-')) swatches[k] ??= v;
  if (Object.keys(swatches).length) out.swatches = swatches;
  const sort = defaultSortOrder(config);
  if (sort) out.general = { ...(out.general as Rec | undefined), default_sort_by: sort };
  for (const k of LABEL_GROUPS) if (isRec(config[k])) out.labels = { ...(out.labels as Rec | undefined), ...pickKnown(config[k], LABEL_KEYS, `${name}.${k}`, ignored) };
  if (isRec(config.custom)) out.filter = { ...pickKnown(config.custom, FILTER_KEYS, `${name}.custom`, ignored), ...(out.filter as Rec | undefined) };
  for (const k of Object.keys(config)) if (!['api', 'shop', 'general', 'settings', 'custom', 'swatch_settings', 'default_sort_order', ...LABEL_GROUPS].includes(k)) ignored.push(`${name}.${k}`);
  return out;
}

/**
 * The owner's default sort of a v1 page (`default_sort_order`: `{ all, search, <collection id> }`),
 * read as the original's script reads it: on a collection page the collection's own entry, else
 * `all`; on the search page `search`. It replaces the template's `general.default_sort_by`.
 */
function defaultSortOrder(config: Rec): string | undefined {
  const order = config.default_sort_order;
  if (!isRec(order)) return undefined;
  const general = isRec(config.general) ? config.general : {};
  const onSearch = String(general.template ?? '').split('.')[0] === 'search';
  const id = general.collection_id;
  const pick = onSearch ? order.search : ((typeof id === 'string' || typeof id === 'number') && order[String(id)]) || order.all;
  return typeof pick === 'string' && pick.trim() ? pick.trim() : undefined;
}

/** Maps a legacy theme config (`{ custom, label }`) onto SettingsInput: `custom` holds filter options. */
export function fromLegacyThemeConfig(config: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  if (isRec(config.custom)) out.filter = pickKnown(config.custom, FILTER_KEYS, `${name}.custom`, ignored);
  if (isRec(config.label)) out.labels = pickKnown(config.label, LABEL_KEYS, `${name}.label`, ignored);
  for (const k of Object.keys(config)) if (k !== 'custom' && k !== 'label') ignored.push(`${name}.${k}`);
  return out;
}

function pickKnown(obj: Rec, known: Set<string>, path: string, ignored: string[]): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(obj)) {
    if (known.has(k)) out[k] = v;
    else ignored.push(`${path}.${k}`);
  }
  return out;
}

/**
 * Reads the settings a theme placed in the page: first the globals of the original add-on's
 * themes (SETTINGS_GLOBALS, read tolerantly: what cannot be read is listed in `ignored`), then
 * the JSON block `<script type="application/json" id="pkg-settings">`, which wins and is checked
 * strictly (it is the integrator's). Never throws: unreadable input is reported in `problems`.
 */
export function readPageSettings(doc: Pick<Document, 'getElementById'>, globals: Rec = {}): PageSettings {
  let merged: Rec = {};
  const sources: string[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  for (const name of SETTINGS_GLOBALS) {
    const value = globals[name];
    if (value === undefined || value === null) continue;
    if (!isRec(value)) {
      problems.push(`window.${name} must be an object, got ${value === null ? 'null' : typeof value}.`);
      continue;
    }
    const mapped = name === 'boostPFSThemeConfig' ? fromLegacyThemeConfig(value, `window.${name}`, ignored) : fromLegacyAppConfig(value, `window.${name}`, ignored);
    // Read as a browser reads what a template wrote: blanks absent, boolean and number strings taken.
    const { search, cart, ...core } = mapped;
    const tolerated = tolerateSettings(core, `window.${name}`);
    ignored.push(...tolerated.setAside);
    merged = mergeSettings(merged, { ...(tolerated.input as Rec), ...(search !== undefined ? { search } : {}), ...(cart !== undefined ? { cart } : {}) });
    sources.push(`window.${name}`);
  }
  const script = doc.getElementById(SETTINGS_SCRIPT_ID);
  if (script) {
    const text = script.textContent ?? '';
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRec(parsed)) {
        merged = mergeSettings(merged, parsed);
        sources.push(`#${SETTINGS_SCRIPT_ID}`);
      } else problems.push(`#${SETTINGS_SCRIPT_ID} must hold a JSON object, got ${Array.isArray(parsed) ? 'an array' : typeof parsed}.`);
    } catch (e) {
      problems.push(`#${SETTINGS_SCRIPT_ID} is not valid JSON (${(e as Error).message}).`);
    }
  }
  return { input: merged as SettingsInput, sources, problems, ignored };
}
