import type { ItemTemplates } from '@pkg/core-filter/view';

/** The attribute naming the display of a theme's product item template (`grid`, `list`, `collage`). */
export const ITEM_TEMPLATE_ATTR = 'data-pkg-item-template';

const DISPLAYS = ['grid', 'list', 'collage'] as const;

/**
 * The theme's product item templates (S3.3, S4.17): `<script type="text/template"
 * data-pkg-item-template="grid">…</script>`, one per display, with `{{product.title}}`,
 * `{{product.price}}`, `{{product.metafields.ns.key}}` and other `{{product.*}}` placeholders.
 * Undefined when the page has none (the default cards). A script naming another display is
 * ignored; a display without a template warns when it is shown (S8.7).
 */
export function readItemTemplates(doc: Pick<Document, 'querySelectorAll'>): ItemTemplates | undefined {
  const found = Array.from(doc.querySelectorAll(`script[${ITEM_TEMPLATE_ATTR}]`));
  if (found.length === 0) return undefined;
  const out: ItemTemplates = {};
  for (const el of found) {
    const display = DISPLAYS.find((d) => d === el.getAttribute(ITEM_TEMPLATE_ATTR));
    if (display) out[display] = el.textContent ?? '';
  }
  return out;
}
