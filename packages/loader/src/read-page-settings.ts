import { DEFAULT_SETTINGS, type SettingsInput } from '@pkg/core-filter';
import { tolerateSettings } from '@pkg/core-filter/tolerant';
import { fromThemeSelectors } from './container-settings';
import { mapLegacyLabels } from './legacy-labels';
import { mapOwnerSettings } from './owner-settings';
import { describeValue, isRec, type Rec } from '@pkg/kit';

/** The element id of the JSON settings block a theme places in the page. */
export const SETTINGS_SCRIPT_ID = 'pkg-settings';

/**
 * The page globals of the original add-on's themes, read in this order (later ones win, and the
 * JSON block wins over all), as the original's libraries merge them: v1 `boostPFSAppConfig`, then
 * `boostPFSThemeConfig`, then the theme's own settings `boostPFSFilterConfig` and
 * `boostPFSInstantSearchConfig` (declared in its `boost-pfs-filter.js` and
 * `boost-pfs-instant-search.js`); v2 `bcSfFilterMainConfig`, then `bcSfFilterConfig` (the page's
 * own over the shop's main config), then the theme's own settings `bcSfFilterSettings` and
 * `bcSfSearchSettings` (declared in its `bc-sf-filter.js`), which override the owner's.
 */
export const SETTINGS_GLOBALS = ['boostPFSAppConfig', 'boostPFSThemeConfig', 'boostPFSFilterConfig', 'boostPFSInstantSearchConfig', 'bcSfFilterMainConfig', 'bcSfFilterConfig', 'bcSfFilterSettings', 'bcSfSearchSettings'] as const;

/**
 * The libraries' defaults that differ from the model's, taken by a page of their globals. Both
 * show/hide a multi-level value's sub-values (v2 `collapseSubCategory: true`, open at first; v1
 * always, closed at first but on the way to a selected value, `openMultiLevelByDefault: []`). A page
 * whose settings globals are all v1's (`boostPFS*`) also starts with `general.removePriceDecimal`
 * true and one collection tag at a time (`multiLevelCollectionSelectType: 'single'`), as
 * boost-pfs-core.js 1.8.x.
 */
const V2_DEFAULTS: Rec = { filter: { multiLevelToggle: true } };
const V1_DEFAULTS: Rec = { filter: { removePriceDecimal: true, multiLevelToggle: true, multiLevelOpen: [], multiLevelCollectionSelect: 'single' } };

/** The globals holding a theme's own settings (the owner-settings shape: `general`, `search`, `selector`, ...). */
const THEME_SETTINGS_GLOBALS: ReadonlySet<string> = new Set(['boostPFSFilterConfig', 'boostPFSInstantSearchConfig', 'bcSfFilterSettings', 'bcSfSearchSettings']);

export interface PageSettings {
  /** The merged settings input, ready for core-filter's validation (plus the loader's `search`, `cart` and `containers` sections). */
  readonly input: SettingsInput;
  /** Where settings were found, in merge order, e.g. `['window.bcSfFilterConfig', '#pkg-settings']`. */
  readonly sources: readonly string[];
  /** Problems found while reading (unparsable JSON, a global that is not an object). */
  readonly problems: readonly string[];
  /** Keys of the page globals with no counterpart here, or values that could not be read; set aside (not errors). */
  readonly ignored: readonly string[];
}

/**
 * Lays one raw settings input over another, as the page's sources are read in order: plain
 * objects are merged key by key, arrays and scalars of `over` replace those of `base`, undefined
 * keeps `base`'s value. Never mutates. Not core-filter's `mergeSettings`, which merges one input
 * over the defaults and applies the value rules: call that (through `createSettings`) on the result.
 */
export function overlaySettings(base: Rec, over: Rec): Rec {
  const out: Rec = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    out[k] = isRec(v) && isRec(out[k]) ? overlaySettings(out[k], v) : v;
  }
  return out;
}

const FILTER_KEYS = new Set(Object.keys(DEFAULT_SETTINGS.filter));

/** The label groups of a page global: the shop's labels, the suggestion and error texts. */
const LABEL_GROUPS = ['label', 'label_suggestion', 'label_error'];

/**
 * Maps the shop owner's settings as the original's libraries merge them (`settings` of an app
 * config, or a theme's settings global such as `bcSfFilterSettings`): `general` and `search`
 * (see OWNER_SETTINGS), `label`, `label_suggestion`, `label_error` (to `labels`),
 * `labelTranslations`, `pfs-swatch-*` keys (to `swatches`), `selector` (the theme's container
 * selectors, to the loader's `containers`), or flat option keys. `template` and `class` (the
 * libraries' own markup) are set aside whole. Keys with no counterpart are returned in `ignored`.
 */
export function fromOwnerSettings(owner: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  let mapped: Rec = {};
  const add = (group: Rec, path: string, groupName?: 'general' | 'search') => {
    const m = mapOwnerSettings(group, path, FILTER_KEYS, ignored, groupName);
    mapped = overlaySettings(mapped, { filter: m.filter, search: m.search, cart: m.cart, containers: m.containers });
  };
  const swatches: Rec = {};
  const flat: Rec = {};
  for (const [k, v] of Object.entries(owner)) {
    if ((k === 'general' || k === 'search') && isRec(v)) add(v, `${name}.${k}`, k);
    else if (LABEL_GROUPS.includes(k) && isRec(v)) out.labels = overlaySettings((out.labels as Rec | undefined) ?? {}, mapLegacyLabels(v, `${name}.${k}`, ignored));
    else if (k === 'labelTranslations' && isRec(v)) out.labelTranslations = v;
    else if (k === 'selector' && isRec(v)) out.containers = fromThemeSelectors(v, `${name}.selector`, ignored);
    else if (k === 'template' || k === 'class') ignored.push(`${name}.${k}`);
    else if (k.startsWith('pfs-swatch-')) swatches[k] = v;
    else flat[k] = v;
  }
  if (Object.keys(flat).length) add(flat, name);
  // The theme's own selectors (`selector`) win over a container the owner's settings turn on.
  for (const [section, v] of Object.entries(mapped)) if (isRec(v) && Object.keys(v).length) out[section] = section === 'containers' ? { ...v, ...(out.containers as Rec | undefined) } : v;
  if (Object.keys(swatches).length) out.swatches = swatches;
  return out;
}

/**
 * Maps an app config of either generation (`{ api, shop, general, settings, label, ... }`, where
 * `settings` holds the shop owner's options, read by `fromOwnerSettings`) onto SettingsInput plus
 * the loader's `search`, `cart` and `containers` sections. Keys with no counterpart are returned
 * in `ignored` rather than failing validation.
 */
export function fromLegacyAppConfig(config: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  for (const section of ['api', 'shop', 'general'] as const) if (isRec(config[section])) out[section] = config[section];
  if (isRec(config.settings)) Object.assign(out, fromOwnerSettings(config.settings, `${name}.settings`, ignored));
  // v1 pages carry the swatch metafields as a top-level `swatch_settings` ({ 'pfs-swatch-<value>': {...} }).
  const swatches: Rec = { ...(out.swatches as Rec | undefined) };
  if (isRec(config.swatch_settings)) for (const [k, v] of Object.entries(config.swatch_settings)) if (k.startsWith('pfs-swatch-')) swatches[k] ??= v;
  if (Object.keys(swatches).length) out.swatches = swatches;
  // The v1 library also reads container selectors from the merged page config's `selector`.
  if (isRec(config.selector)) out.containers = { ...(out.containers as Rec | undefined), ...fromThemeSelectors(config.selector, `${name}.selector`, ignored) };
  const sort = defaultSortOrder(config);
  if (sort) out.general = { ...(out.general as Rec | undefined), default_sort_by: sort };
  // The template's texts (`label`, ...), under the owner's saved ones (`settings.label`), as the libraries merge them.
  let texts: Rec = {};
  for (const k of LABEL_GROUPS) if (isRec(config[k])) texts = overlaySettings(texts, mapLegacyLabels(config[k], `${name}.${k}`, ignored));
  if (Object.keys(texts).length) out.labels = overlaySettings(texts, (out.labels as Rec | undefined) ?? {});
  if (isRec(config.custom)) out.filter = { ...pickKnown(config.custom, FILTER_KEYS, `${name}.custom`, ignored), ...(out.filter as Rec | undefined) };
  for (const k of Object.keys(config)) if (!['api', 'shop', 'general', 'settings', 'custom', 'swatch_settings', 'default_sort_order', 'selector', ...LABEL_GROUPS].includes(k)) ignored.push(`${name}.${k}`);
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

/** Maps a legacy theme config (`{ custom, label, selector }`) onto SettingsInput: `custom` holds filter options, `selector` container selectors. */
export function fromLegacyThemeConfig(config: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  if (isRec(config.custom)) out.filter = pickKnown(config.custom, FILTER_KEYS, `${name}.custom`, ignored);
  if (isRec(config.label)) out.labels = mapLegacyLabels(config.label, `${name}.label`, ignored);
  if (isRec(config.selector)) out.containers = fromThemeSelectors(config.selector, `${name}.selector`, ignored);
  for (const k of Object.keys(config)) if (k !== 'custom' && k !== 'label' && k !== 'selector') ignored.push(`${name}.${k}`);
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
 * strictly (it is the integrator's). A page of the globals starts from their library's defaults
 * (V1_DEFAULTS, V2_DEFAULTS). Never throws: unreadable input is reported in `problems`.
 */
export function readPageSettings(doc: Pick<Document, 'getElementById'>, globals: Rec = {}): PageSettings {
  const found = SETTINGS_GLOBALS.filter((name) => isRec(globals[name]));
  let merged: Rec = !found.length ? {} : found.every((name) => name.startsWith('boost')) ? V1_DEFAULTS : V2_DEFAULTS;
  const sources: string[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  for (const name of SETTINGS_GLOBALS) {
    const value = globals[name];
    if (value === undefined || value === null) continue;
    if (!isRec(value) && THEME_SETTINGS_GLOBALS.has(name)) {
      // A theme's own overrides that are not an object change nothing (as in the original's libraries).
      ignored.push(`window.${name}`);
      continue;
    }
    if (!isRec(value)) {
      problems.push(`window.${name} must be an object, got ${describeValue(value)}.`);
      continue;
    }
    const path = `window.${name}`;
    const mapped = name === 'boostPFSThemeConfig' ? fromLegacyThemeConfig(value, path, ignored) : THEME_SETTINGS_GLOBALS.has(name) ? fromOwnerSettings(value, path, ignored) : fromLegacyAppConfig(value, path, ignored);
    // Read as a browser reads what a template wrote: blanks absent, boolean and number strings taken.
    const { search, cart, containers, ...core } = mapped;
    const tolerated = tolerateSettings(core, path);
    ignored.push(...tolerated.setAside);
    merged = overlaySettings(merged, { ...(tolerated.input as Rec), ...(search !== undefined ? { search } : {}), ...(cart !== undefined ? { cart } : {}), ...(containers !== undefined ? { containers } : {}) });
    sources.push(`window.${name}`);
  }
  // v1's dropdown layout per style (mapOwnerSettings' `search.styles`): the style in effect takes its own, under the JSON block.
  const { styles, ...search } = (merged.search ?? {}) as Rec;
  if (isRec(styles)) merged = { ...merged, search: overlaySettings(search, (styles[String(search.style ?? 'style2')] ?? {}) as Rec) };
  const script = doc.getElementById(SETTINGS_SCRIPT_ID);
  if (script) {
    const text = script.textContent ?? '';
    try {
      const parsed: unknown = JSON.parse(text);
      if (isRec(parsed)) {
        merged = overlaySettings(merged, parsed);
        sources.push(`#${SETTINGS_SCRIPT_ID}`);
      } else problems.push(`#${SETTINGS_SCRIPT_ID} must hold a JSON object, got ${describeValue(parsed)}.`);
    } catch (e) {
      problems.push(`#${SETTINGS_SCRIPT_ID} is not valid JSON (${(e as Error).message}).`);
    }
  }
  return { input: merged as SettingsInput, sources, problems, ignored };
}
