// The swatch kind (F3.11, wire-format.md swatch images): term values with a colour or image.
import type { SwatchStyle } from './filter-option';
import { readTerms } from './kind-list';
import type { OptionKind } from './option-kind';
import { httpsUrl } from './option-values';
import type { ControllerSettings } from './settings';
import { slugify } from './text';
import type { WireSwatchSetting } from './wire';

/** The swatch file URL from file_url, option label and value (wire-format.md, swatch images). */
export function swatchImageUrl(settings: ControllerSettings, optionLabel: string, value: string, prefix = ''): string {
  const file = settings.general.file_url;
  if (!file) return '';
  const [base = '', query = ''] = file.split('?');
  const clean = prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value;
  const name = `${slugify(optionLabel)}-${slugify(clean)}.${settings.general.swatch_extension || 'png'}`;
  const version = query ? `?${/=/.test(query) ? query : `v=${query}`}` : '';
  return httpsUrl(`${base.endsWith('/') ? base : `${base}/`}${name}${version}`);
}

/** The swatch of a value: the `pfs-swatch-<value>` setting, else the image the file URL names. */
export function swatchFor(settings: ControllerSettings, optionLabel: string, value: string, prefix: string): SwatchStyle {
  const s: WireSwatchSetting | undefined = settings.swatches[value] ?? settings.swatches[slugify(value)];
  if (s) {
    const colors = Array.isArray(s.colorCodes) ? s.colorCodes : typeof s.colorCodes === 'string' ? s.colorCodes.split(',') : [];
    return { type: s.type, colors: colors.map((c) => c.trim()).filter(Boolean), imageUrl: s.type === 'image' && s.imageUrl ? httpsUrl(s.imageUrl) : '' };
  }
  return { type: 'image', colors: [], imageUrl: swatchImageUrl(settings, optionLabel, value, prefix) };
}

export const swatchKind: OptionKind = {
  name: 'swatch',
  claims: (ref) => (ref.displayType === 'swatch' ? 2 : 0),
  read: (input) => readTerms(input, (key) => ({ swatch: swatchFor(input.settings, input.label, key, String(input.raw.prefix ?? '')) })),
};
