import { useEffect, useRef, type FormEvent } from 'react';
import type { Settings } from '@pkg/core-filter';
import { safeUrl } from '@pkg/core-filter/view';
import type { SuggestController } from '@pkg/suggest';
import { wrapTab } from '../focus-trap';
import { uiLabels } from '../ui-labels';
import { SuggestDropdown, type SuggestDropdownTranslations, type SuggestHeaderLook, type SuggestProductParts } from './SuggestDropdown';
import { suggestLayout, type SuggestDisplay } from './suggest-layout';
import { useSuggest, type SuggestAnnouncements } from './use-suggest';

export interface MobileSearchOverlayTranslations {
  /** The dialog's name and the input's label. */
  label: string;
  back: string;
  clear: string;
  submit: string;
}

export interface MobileSearchOverlayProps {
  controller: SuggestController;
  settings: Settings;
  /** Closes the overlay (back button, a touch outside, the input cleared, Escape when closed). */
  onClose(): void;
  action?: string;
  display?: SuggestDisplay;
  /** The optional submit button (S2.26). */
  showSubmit?: boolean;
  productParts?: SuggestProductParts;
  /** See SuggestDropdown's `highlight` and `productsInNewTab`. */
  highlight?: boolean | undefined;
  productsInNewTab?: boolean | undefined;
  /** See SuggestDropdown's `showLoading` and `header`. */
  showLoading?: boolean | undefined;
  header?: SuggestHeaderLook | undefined;
  translations?: Partial<MobileSearchOverlayTranslations & SuggestDropdownTranslations & SuggestAnnouncements>;
}

/**
 * The mobile search overlay (S2.26): back button, input, clear button and an optional submit,
 * with the suggestions full width right under the input (no gap, S9.20). The form submits by
 * GET to the search page with the configured term key.
 */
export function MobileSearchOverlay({ controller, settings, onClose, action = '/search', display = 'grid', showSubmit = false, productParts, highlight, productsInNewTab, showLoading, header, translations = {} }: MobileSearchOverlayProps) {
  const t = { label: 'Search', back: 'Back', clear: 'Clear', submit: 'Search', ...translations };
  const suggest = useSuggest(controller, { announcements: translations });
  const { state, ids, getRootProps, getInputProps, getLiveRegionProps, announcement } = suggest;
  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => input.current?.focus(), []);
  const viewport = typeof window === 'undefined' ? { width: 0, height: 0 } : { width: window.innerWidth, height: window.innerHeight };
  const layout = suggestLayout({ style: 'style1', display, mobile: true, input: { top: 0, left: 0, right: 0, bottom: 0 }, viewport });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    controller.submit();
  };
  return (
    <div className="pkg-suggest-overlay" role="dialog" aria-modal="true" aria-label={t.label} onKeyDown={wrapTab}>
      {/* A touch on the dimmed page behind the panel closes the overlay. */}
      <div className="pkg-suggest-overlay__backdrop" onPointerDown={onClose} />
      <form {...getRootProps({ className: 'pkg-suggest pkg-suggest-overlay__panel' })} role="search" action={safeUrl(action)} method="get" onSubmit={submit}>
        <div className="pkg-suggest-overlay__bar">
          <button type="button" className="pkg-suggest-overlay__back" aria-label={t.back} onClick={onClose}>
            <span aria-hidden="true">←</span>
          </button>
          <label htmlFor={ids.input} className="pkg-visually-hidden">
            {t.label}
          </label>
          <input
            {...getInputProps({
              type: 'search',
              name: settings.filter.searchTermKey,
              placeholder: uiLabels(settings.labels).searchBoxPlaceholder,
              className: 'pkg-suggest__input',
              onChange: (e) => {
                if (e.target.value === '') onClose();
              },
              onKeyDown: (e) => {
                if (e.key === 'Escape' && !state.open) onClose();
              },
            })}
            ref={input}
          />
          {state.input !== '' && (
            <button
              type="button"
              className="pkg-suggest-overlay__clear"
              aria-label={t.clear}
              onClick={() => {
                controller.setInput('');
                onClose();
              }}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
          {showSubmit && (
            <button type="submit" className="pkg-button pkg-suggest__submit">
              {t.submit}
            </button>
          )}
        </div>
        <div {...getLiveRegionProps({ className: 'pkg-visually-hidden' })}>{announcement}</div>
        <SuggestDropdown suggest={suggest} settings={settings} style="style1" display={display} layout={layout} translations={translations} {...(productParts ? { productParts } : {})} highlight={highlight} productsInNewTab={productsInNewTab} showLoading={showLoading} header={header} />
      </form>
    </div>
  );
}
