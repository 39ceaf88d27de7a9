import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FilterSnapshot, MobileStyle } from '@pkg/core-filter';
import { cx } from './class-names';
import { useFilter, useFilterController, useFilterOptionActions } from './filter-context';
import { FilterOptionBlock } from './FilterOptionBlock';
import { FilterTree } from './FilterTree';
import { wrapTab } from './focus-trap';
import { selectedText } from './RefineBy';
import { useBodyClass } from './use-body-class';
import { useEscape } from './use-escape';
import { shallowEqual } from './use-store';
import { useIsoLayoutEffect } from './use-iso-layout-effect';

export type { MobileStyle };

export interface MobileFilterTreeProps {
  /** The mobile style (F2.9); the shop's `filter.mobileStyle` setting by default. */
  mobileStyle?: MobileStyle;
  /** The class the body gets while the tree is open (F2.6). */
  bodyClass?: string;
  /** The document whose body gets the class; the browser document by default. */
  document?: Document;
  /** Show the product count on the Show Results button (F2.4). */
  showTotal?: boolean;
  /** Leave refine-by out of the default style's tree (it has its own container, F2.5). */
  hideRefineBy?: boolean;
  className?: string;
  translations?: Partial<{ open: string; close: string; back: string }>;
  /** The device the default style's tree inside is drawn for: `pc` for a desktop tree in a drawer (v1's off-canvas style). */
  device?: 'mobile' | 'pc';
  /** An icon before the toggle's text and before the close button's text (decorative: the texts name the buttons). */
  icon?: ReactNode;
  closeIcon?: ReactNode;
}

const slice = (s: FilterSnapshot) => ({ options: s.options, labels: s.settings.labels, style: s.settings.filter.mobileStyle, total: s.totalProduct, clearAllVisible: s.clearAllVisible, pending: s.pending });

/**
 * The mobile filter tree: a toggle button, an off-canvas panel over an overlay that closes it,
 * and a no-scroll class on the body while open (F2.6); Tab stays inside the open panel. With `device="pc"` the
 * default style draws the desktop tree inside (a desktop tree in a drawer). Styles 2 and 4 open one option at a time
 * with a back button (style 4 labels it Apply), style 3 lists the selected values under each
 * option title as refine-by shows them (F2.10, F2.11). The open option is reset whenever the tree opens or closes (F4.25).
 * Choices and clears that wait for Apply (a horizontal layout without `requestInstantly`, F4.9,
 * F4.21) get Apply in the panel's footer (the default style's tree has its own);
 * style 4's Apply, Show Results and closing the panel apply them (F4.11).
 */
export function MobileFilterTree({ mobileStyle: styleProp, bodyClass = 'pkg-no-scroll', document: doc, showTotal = true, hideRefineBy, className, translations, device = 'mobile', icon, closeIcon }: MobileFilterTreeProps) {
  const controller = useFilterController();
  const { options, labels, style, total, clearAllVisible, pending } = useFilter(slice, shallowEqual);
  const mobileStyle = styleProp ?? style ?? 'default';
  const t = { open: labels.filter, close: 'Close', back: 'Back', ...translations };
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState<string | null>(null);
  const id = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const oneAtATime = mobileStyle.startsWith('style2') || mobileStyle === 'style4';
  const listWithValues = mobileStyle.startsWith('style3');

  const setTreeOpen = useCallback((next: boolean) => {
    setOpen(next);
    setActive(null);
  }, []);

  useBodyClass(bodyClass, open, doc);
  useEffect(() => {
    if (open) panelRef.current?.focus();
  }, [open]);

  const apply = () => void (controller.getSnapshot().pending && controller.apply());
  const close = () => {
    apply();
    setTreeOpen(false);
    toggleRef.current?.focus();
  };
  // Escape closes the open tree wherever focus is, not only inside the panel.
  useEscape(open, close, doc);

  // Styles 2 and 4: opening an option moves focus to its back button, going back returns it to
  // the option's button (the element that had focus is gone from the page either way).
  // A layout effect: focus moves in the same commit that swaps the list and the option.
  const lastActive = useRef<string | null>(null);
  useIsoLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    if (active) panel.querySelector<HTMLElement>('.pkg-mobile-tree__option-header .pkg-button')?.focus();
    else if (lastActive.current) {
      const id = lastActive.current;
      [...panel.querySelectorAll<HTMLElement>('.pkg-mobile-tree__option-button')].find((b) => b.dataset.optionId === id)?.focus();
    }
    lastActive.current = active;
  }, [active]);

  const actions = useFilterOptionActions();
  const visible = options.filter((o) => o.visible);
  const activeOption = active ? visible.find((o) => o.id === active) : undefined;

  let content;
  if (!oneAtATime && !listWithValues) {
    // The panel's header names it already: the tree inside does not repeat the title.
    content = <FilterTree device={device} hideTitle {...(hideRefineBy ? { hideRefineBy } : {})} />;
  } else if (activeOption) {
    content = (
      <div className="pkg-mobile-tree__option">
        <div className="pkg-mobile-tree__option-header">
          <button
            type="button"
            className="pkg-button"
            onClick={() => {
              if (mobileStyle === 'style4') apply();
              setActive(null);
            }}
          >
            {mobileStyle === 'style4' ? labels.apply : t.back}
          </button>
          <h3 className="pkg-mobile-tree__option-title">{activeOption.label}</h3>
          {activeOption.selectedValues.length > 0 && (
            <button type="button" className="pkg-link-button" onClick={() => actions.clearOption(activeOption.id)}>
              {labels.clear}
              <span className="pkg-visually-hidden"> {activeOption.label}</span>
            </button>
          )}
        </div>
        <FilterOptionBlock option={activeOption} labels={labels} actions={actions} device="mobile" bare />
      </div>
    );
  } else {
    content = (
      <ul className="pkg-mobile-tree__options">
        {visible.map((o) => (
          <li key={o.id}>
            <button type="button" className="pkg-mobile-tree__option-button" data-option-id={o.id} onClick={() => (oneAtATime ? setActive(o.id) : undefined)} aria-haspopup={oneAtATime ? 'true' : undefined}>
              {o.label}
              {o.selectedValues.length > 0 && <span className="pkg-filter-option__applied"> ({o.selectedValues.length})</span>}
            </button>
            {listWithValues && o.selectedValues.length > 0 && <p className="pkg-mobile-tree__selected">{o.selectedValues.map((v) => selectedText(o, v)).join(', ')}</p>}
            {listWithValues && <FilterOptionBlock option={o} labels={labels} actions={actions} device="mobile" />}
          </li>
        ))}
      </ul>
    );
  }
  // Style 2 shows clear-all only when no option is open and a filter is applied (F2.10).
  const showClearAll = clearAllVisible && (mobileStyle.startsWith('style2') ? !activeOption : true);

  return (
    <div className={cx('pkg-mobile-tree', `pkg-mobile-tree--${mobileStyle}`, open && 'pkg-mobile-tree--open', className)}>
      <button ref={toggleRef} type="button" className="pkg-button pkg-mobile-tree__toggle" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => setTreeOpen(!open)}>
        {icon && <span className="pkg-icon" aria-hidden="true">{icon}</span>}
        {t.open}
      </button>
      {open && <div className="pkg-mobile-tree__overlay" data-testid="pkg-mobile-overlay" onClick={close} aria-hidden="true" />}
      <div
        id={`${id}-panel`}
        ref={panelRef}
        className="pkg-mobile-tree__panel"
        role="dialog"
        aria-modal="true"
        aria-label={t.open}
        hidden={!open}
        tabIndex={-1}
        onKeyDown={wrapTab}
      >
        <div className="pkg-mobile-tree__header">
          <h2 className="pkg-mobile-tree__title">{t.open}</h2>
          {showClearAll && (
            <button type="button" className="pkg-link-button" onClick={() => void controller.clear('all')}>
              {labels.clearAll}
            </button>
          )}
          <button type="button" className="pkg-link-button pkg-mobile-tree__close" onClick={close}>
            {closeIcon && <span className="pkg-icon" aria-hidden="true">{closeIcon}</span>}
            {t.close}
          </button>
        </div>
        {open && content}
        <div className="pkg-mobile-tree__footer">
          {pending && (oneAtATime || listWithValues) && (
            <button type="button" className="pkg-button pkg-button--primary" onClick={apply}>
              {labels.apply}
            </button>
          )}
          <button type="button" className="pkg-button pkg-button--primary" onClick={close}>
            {showTotal ? `${labels.showResults} (${total})` : labels.showResults}
          </button>
        </div>
      </div>
    </div>
  );
}
