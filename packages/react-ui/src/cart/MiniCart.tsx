import { useEffect, useId, useRef, useState } from 'react';
import type { FormatMoneyOptions } from '@pkg/money';
import { Price } from '../Price';
import { cx } from '../class-names';
import type { CartStore } from './cart-store';
import { useCart } from './use-cart';

export interface MiniCartTranslations {
  /** The toggle button; `{{count}}` is the item count. */
  cart: string;
  title: string;
  empty: string;
  /** Announced when something is added; `{{count}}` is the new item count. */
  added: string;
  quantity: string;
  remove: string;
  total: string;
  close: string;
  checkout: string;
}

export const defaultMiniCartTranslations: MiniCartTranslations = {
  cart: 'Cart ({{count}})',
  title: 'Your cart',
  empty: 'Your cart is empty.',
  added: 'Added to cart. {{count}} items in your cart.',
  quantity: 'Quantity',
  remove: 'Remove',
  total: 'Total',
  close: 'Close',
  checkout: 'Check out',
};

export interface MiniCartProps {
  store: CartStore;
  moneyFormat: string;
  /** Cart prices are in cents; only `currency` and `rounding` are read from here. */
  moneyOptions?: Omit<FormatMoneyOptions, 'unit'>;
  /** S9.12: the mini cart closes itself this long after an add opened it (2000 ms). */
  autoCloseMs?: number;
  /** Where "Check out" goes (default '/cart'). */
  checkoutUrl?: string;
  className?: string;
  translations?: Partial<MiniCartTranslations>;
}

const fill = (s: string, count: number) => s.replace('{{count}}', String(count));

/**
 * The mini cart: a toggle with the item count and a non-modal dialog with the lines. It reads
 * the cart on mount, opens when an add succeeds, announces it politely, and closes itself
 * `autoCloseMs` later (S9.12). The countdown pauses while the pointer is over the panel or focus
 * is inside it, and starts again in full when they leave; a panel opened by the toggle stays
 * open until closed (toggle, Close or Escape).
 */
export function MiniCart({ store, moneyFormat, moneyOptions, autoCloseMs = 2000, checkoutUrl = '/cart', className, translations }: MiniCartProps) {
  const t = { ...defaultMiniCartTranslations, ...translations };
  const { cart, added, error } = useCart(store);
  const [open, setOpen] = useState(false);
  const [auto, setAuto] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const [announce, setAnnounce] = useState('');
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const count = cart?.item_count ?? 0;
  const seen = useRef(added);

  useEffect(() => {
    void store.refresh();
  }, [store]);
  useEffect(() => {
    if (added === seen.current) return;
    seen.current = added;
    setOpen(true);
    setAuto(true);
    setAnnounce(fill(t.added, store.getSnapshot().cart?.item_count ?? 0));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [added]);
  const paused = held.hover || held.focus;
  useEffect(() => {
    if (!open || !auto || paused) return;
    const timer = setTimeout(() => {
      setOpen(false);
      setAuto(false);
    }, autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, auto, paused, autoCloseMs, added]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setAuto(false);
    setHeld({ hover: false, focus: false });
    if (refocus) toggle.current?.focus();
  };
  const money = { ...moneyOptions, unit: 'minor' as const };
  return (
    <div className={cx('pkg-minicart', className)}>
      <button ref={toggle} type="button" className="pkg-button pkg-minicart__toggle" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => (open ? close(false) : (setOpen(true), setAuto(false)))}>
        {fill(t.cart, count)}
      </button>
      <p className="pkg-visually-hidden" role="status">
        {announce}
      </p>
      <div
        ref={panel}
        id={`${id}-panel`}
        tabIndex={-1}
        role="dialog"
        aria-modal="false"
        aria-labelledby={`${id}-title`}
        className="pkg-minicart__panel"
        hidden={!open}
        onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
        onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
        onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
        onBlur={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape') close(true);
        }}
      >
        <h2 id={`${id}-title`} className="pkg-minicart__title">
          {t.title}
        </h2>
        {error && <p className="pkg-minicart__error" role="alert">{error}</p>}
        {count === 0 ? (
          <p className="pkg-minicart__empty">{t.empty}</p>
        ) : (
          <ul className="pkg-minicart__lines">
            {(cart?.items ?? []).map((line) => (
              <li key={line.id} className="pkg-minicart__line">
                <span className="pkg-minicart__line-title">{line.title}</span>
                <span className="pkg-minicart__qty">
                  {t.quantity}: {line.quantity}
                </span>
                <Price amount={line.price * line.quantity} moneyFormat={moneyFormat} moneyOptions={money} />
                <button type="button" className="pkg-button pkg-minicart__remove" aria-label={`${t.remove} ${line.title}`} onClick={() => {
                    // The button goes away with its line; keep focus in the panel.
                    panel.current?.focus();
                    void store.change(line.variant_id, 0);
                  }}>
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        {count > 0 && (
          <p className="pkg-minicart__total">
            {t.total}: <Price amount={cart?.total_price ?? 0} moneyFormat={moneyFormat} moneyOptions={money} />
          </p>
        )}
        <div className="pkg-minicart__actions">
          {count > 0 && (
            <a className="pkg-button pkg-minicart__checkout" href={checkoutUrl}>
              {t.checkout}
            </a>
          )}
          <button type="button" className="pkg-button pkg-minicart__close" onClick={() => close(true)}>
            {t.close}
          </button>
        </div>
      </div>
    </div>
  );
}
