import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIsoLayoutEffect } from '../use-iso-layout-effect';
import type { Settings, SettingsInput } from '@pkg/core-filter';
import { safeUrl } from '@pkg/core-filter/view';
import type { SuggestController } from '@pkg/suggest';
import { cx } from '../class-names';
import { uiLabels } from '../ui-labels';
import { MobileSearchOverlay, type MobileSearchOverlayTranslations } from './MobileSearchOverlay';
import { SuggestDropdown, type SuggestDropdownTranslations, type SuggestHeaderLook, type SuggestProductParts } from './SuggestDropdown';
import { suggestLayout, type SuggestDisplay, type SuggestLayout, type SuggestStyle } from './suggest-layout';
import { useMediaQuery } from '../use-media-query';
import { useSettings } from './use-settings';
import { useSuggest, type SuggestAnnouncements } from './use-suggest';

export type SearchBoxTranslations = SuggestDropdownTranslations & SuggestAnnouncements & MobileSearchOverlayTranslations & { label: string; submit: string };

export interface SearchBoxProps {
  controller: SuggestController;
  /** The shop settings (labels, money format, the search term key). */
  settings: Settings | SettingsInput;
  /** Dropdown style on desktop (S2.25): style1, style2 (default) or style3 (full-width top panel). */
  style?: SuggestStyle;
  /** How suggested products show: grid (default) or list. */
  display?: SuggestDisplay;
  /** Products per row of a list in style 2 (default 2) or style 3 (default 1). */
  listPerRow?: number | undefined;
  /** Which parts a suggested product shows (image, SKU, vendor, price, the price's decimals; each on by default). */
  productParts?: SuggestProductParts;
  /** The matched part of suggested terms and product titles is marked (S5.8; default true). */
  highlight?: boolean | undefined;
  /** Suggested products open in a new tab (default false). */
  productsInNewTab?: boolean | undefined;
  /** 'auto' (default) matches the input's width, or a width in px (S4.10). */
  width?: number | 'auto';
  /** The dropdown aligned to the input's `left` or `right` edge; by default by the input's place in the window. */
  position?: 'left' | 'right' | undefined;
  /** The dropdown's greatest height and width in px (the height still capped by the window); by default the style's (S9.20). */
  maxHeight?: number | undefined;
  maxWidth?: number | undefined;
  /** The products column left or right of the other blocks in styles 2 and 3 (default right). */
  productPosition?: 'left' | 'right' | undefined;
  /** The loading block while an answer is on its way (default true). */
  showLoading?: boolean | undefined;
  /** The block titles' colours and font size (CSS values; see SuggestHeaderLook). */
  header?: SuggestHeaderLook | undefined;
  /** On a narrow screen: `style1` (default) the full-screen overlay, `style2` the dropdown under the box (style 1, as wide as the box with its button). */
  mobileStyle?: 'style1' | 'style2' | undefined;
  /** Where the form submits by GET (S2.26); `/search` by default. */
  action?: string;
  /** Forces the narrow-screen mode; by default it follows `mobileQuery`. */
  mobile?: boolean;
  mobileQuery?: string;
  /** The mobile overlay's optional submit button (S2.26); the desktop box always has one. */
  showMobileSubmit?: boolean;
  /** The delay between focusing the box on a narrow screen and opening the overlay (S2.26). */
  mobileFocusDelay?: number;
  id?: string;
  translations?: Partial<SearchBoxTranslations>;
  className?: string;
}

/**
 * The search box with its suggestion dropdown (S2.25, S4.10): a WAI-ARIA 1.2 combobox whose form
 * submits by GET to the search page. On a narrow screen the box opens the mobile overlay (S2.26).
 */
export function SearchBox(props: SearchBoxProps) {
  const { controller, display = 'grid', listPerRow, position, maxHeight, maxWidth, action = '/search', mobileQuery = '(max-width: 767px)', mobileFocusDelay = 100, translations: t = {}, className } = props;
  const settings = useSettings(props.settings);
  const media = useMediaQuery(mobileQuery);
  const narrow = props.mobile ?? media;
  const mobile = narrow && props.mobileStyle !== 'style2';
  // A narrow screen without the overlay (mobileStyle style2): style 1 under the box, at the box's width.
  const style = narrow ? 'style1' : (props.style ?? 'style2');
  const width = narrow ? 'auto' : (props.width ?? 'auto');
  const suggest = useSuggest(controller, { ...(props.id ? { id: props.id } : {}), announcements: t });
  const { state, isOpen, ids, getRootProps, getInputProps, getLiveRegionProps, announcement } = suggest;
  const form = useRef<HTMLFormElement | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const [layout, setLayout] = useState<SuggestLayout | null>(null);
  const [overlay, setOverlay] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const returning = useRef(false);
  const label = t.label ?? 'Search';
  const termKey = settings.filter.searchTermKey;
  const placeholder = uiLabels(settings.labels).searchBoxPlaceholder;

  useIsoLayoutEffect(() => {
    if (!isOpen || mobile) return undefined;
    const measure = () => {
      const f = form.current;
      const i = input.current;
      const win = f?.ownerDocument.defaultView;
      if (!f || !i || !win) return;
      const box = (r: DOMRect) => ({ top: r.top, left: r.left, right: r.right, bottom: r.bottom });
      // `listPerRow`, `position`, `maxHeight` and `maxWidth` as given.
      // On a narrow screen (no overlay) the whole box, its button included, is the width to match.
      setLayout(suggestLayout({ ...props, mobile, style, display, width, input: box((narrow ? f : i).getBoundingClientRect()), container: box(f.getBoundingClientRect()), viewport: { width: win.innerWidth, height: win.innerHeight } }));
    };
    measure();
    const win = form.current?.ownerDocument.defaultView;
    win?.addEventListener('resize', measure);
    win?.addEventListener('scroll', measure, { passive: true, capture: true });
    return () => {
      win?.removeEventListener('resize', measure);
      win?.removeEventListener('scroll', measure, { capture: true });
    };
  }, [isOpen, mobile, narrow, style, display, width, listPerRow, position, maxHeight, maxWidth]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    controller.submit();
  };

  if (mobile) {
    const openOverlay = () => {
      clearTimeout(timer.current);
      setOverlay(true);
    };
    return (
      <>
      <form className={cx('pkg-suggest', 'pkg-suggest--mobile', className)} role="search" action={safeUrl(action)} method="get" onSubmit={submit}>
        <label htmlFor={`${ids.input}-trigger`} className="pkg-visually-hidden">
          {label}
        </label>
        <input
          ref={input}
          id={`${ids.input}-trigger`}
          className="pkg-suggest__input"
          type="search"
          name={termKey}
          value={state.input}
          placeholder={placeholder}
          readOnly
          aria-haspopup="dialog"
          onFocus={() => {
            if (returning.current) return void (returning.current = false);
            clearTimeout(timer.current);
            timer.current = setTimeout(openOverlay, mobileFocusDelay);
          }}
          onClick={openOverlay}
        />
      </form>
        {overlay && (
          <MobileSearchOverlay
            controller={controller}
            settings={settings}
            action={safeUrl(action)}
            display={display}
            {...(props.productParts ? { productParts: props.productParts } : {})}
            highlight={props.highlight}
            productsInNewTab={props.productsInNewTab}
            showLoading={props.showLoading}
            header={props.header}
            showSubmit={props.showMobileSubmit ?? false}
            translations={{ ...t, label }}
            onClose={() => {
              setOverlay(false);
              controller.close();
              returning.current = true;
              input.current?.focus();
            }}
          />
        )}
      </>
    );
  }

  return (
    <form {...getRootProps({ className: cx('pkg-suggest', `pkg-suggest--${style}`, className) })} ref={(el) => void ((form.current = el), getRootProps().ref(el))} role="search" action={safeUrl(action)} method="get" onSubmit={submit}>
      <label htmlFor={ids.input} className="pkg-visually-hidden">
        {label}
      </label>
      <input {...getInputProps({ type: 'search', name: termKey, placeholder, className: 'pkg-suggest__input' })} ref={input} />
      <button type="submit" className="pkg-button pkg-suggest__submit">
        {t.submit ?? 'Search'}
      </button>
      <div {...getLiveRegionProps({ className: 'pkg-visually-hidden' })}>{announcement}</div>
      <SuggestDropdown suggest={suggest} settings={settings} style={style} display={display} layout={layout} translations={t} {...(props.productParts ? { productParts: props.productParts } : {})} highlight={props.highlight} productsInNewTab={props.productsInNewTab} productPosition={props.productPosition} showLoading={props.showLoading} header={props.header} />
    </form>
  );
}
