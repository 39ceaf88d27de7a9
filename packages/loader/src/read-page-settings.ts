import { DEFAULT_SETTINGS, type SettingsInput } from '@pkg/core-filter';

/** The element id of the JSON settings block a theme places in the page. */
export const SETTINGS_SCRIPT_ID = 'pkg-settings';

/** Legacy globals read for compatibility, in load order (later ones win). */
export const LEGACY_SETTINGS_GLOBALS = ['boostPFSAppConfig', 'boostPFSThemeConfig'] as const;

export interface PageSettings {
  /** The merged settings input, ready for core-filter's validation. */
  readonly input: SettingsInput;
  /** Where settings were found, in merge order, e.g. `['window.boostPFSAppConfig', '#pkg-settings']`. */
  readonly sources: readonly string[];
  /** Problems found while reading (unparsable JSON, a global that is not an object). */
  readonly problems: readonly string[];
  /** Legacy keys that have no counterpart here and were left out (not errors). */
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

/**
 * Maps a legacy app config (`{ api, shop, general, settings }`, where `settings` holds the shop
 * owner's options, `label`, `labelTranslations` and `pfs-swatch-*` keys) onto SettingsInput.
 * Keys with no counterpart are returned in `ignored` rather than failing validation.
 */
export function fromLegacyAppConfig(config: Rec, name: string, ignored: string[]): Rec {
  const out: Rec = {};
  for (const section of ['api', 'shop', 'general'] as const) if (isRec(config[section])) out[section] = config[section];
  const owner = isRec(config.settings) ? config.settings : {};
  const filter: Rec = {};
  const swatches: Rec = {};
  for (const [k, v] of Object.entries(owner)) {
    if (k === 'label' && isRec(v)) out.labels = pickKnown(v, LABEL_KEYS, `${name}.settings.label`, ignored);
    else if (k === 'labelTranslations' && isRec(v)) out.labelTranslations = v;
    else if (k.startsWith('pfs-swatch-')) swatches[k] = v;
    else if (FILTER_KEYS.has(k)) filter[k] = v;
    else ignored.push(`${name}.settings.${k}`);
  }
  if (Object.keys(filter).length) out.filter = filter;
  if (Object.keys(swatches).length) out.swatches = swatches;
  for (const k of Object.keys(config)) if (!['api', 'shop', 'general', 'settings'].includes(k)) ignored.push(`${name}.${k}`);
  return out;
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
 * Reads the settings a theme placed in the page: first the legacy globals (for themes that
 * already have them), then the JSON block `<script type="application/json" id="pkg-settings">`,
 * which wins. Never throws: unreadable input is reported in `problems`.
 */
export function readPageSettings(doc: Pick<Document, 'getElementById'>, globals: Rec = {}): PageSettings {
  let merged: Rec = {};
  const sources: string[] = [];
  const problems: string[] = [];
  const ignored: string[] = [];
  for (const name of LEGACY_SETTINGS_GLOBALS) {
    const value = globals[name];
    if (value === undefined) continue;
    if (!isRec(value)) {
      problems.push(`window.${name} must be an object, got ${value === null ? 'null' : typeof value}.`);
      continue;
    }
    const mapped = name === 'boostPFSAppConfig' ? fromLegacyAppConfig(value, `window.${name}`, ignored) : fromLegacyThemeConfig(value, `window.${name}`, ignored);
    merged = mergeSettings(merged, mapped);
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
