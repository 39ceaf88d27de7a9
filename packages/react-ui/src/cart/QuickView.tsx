import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { isSafeUrl, type Product, type Variant } from '@pkg/core-filter';
import { cardView } from '@pkg/core-filter/view';
import type { FormatMoneyOptions } from '@pkg/money';
import { Price } from '../Price';
import { cx } from '../class-names';
import { wrapTab } from '../focus-trap';
import { useEscape } from '../use-escape';
import { BackInStockForm, type BackInStockFormProps } from './BackInStockForm';
import type { CartStore } from './cart-store';
import { useCart } from './use-cart';

export type QuickViewAction = 'quick_view' | 'add_to_cart' | 'buy_now';

export interface QuickViewTranslations {
  close: string;
  quantity: string;
  addToCart: string;
  buyNow: string;
  inStock: string;
  soldOut: string;
  /** Names the image list. */
  images: string;
  /** A thumbnail button; `{{n}}` is the image number. */
  showImage: string;
}

export const defaultQuickViewTranslations: QuickViewTranslations = {
  close: 'Close',
  quantity: 'Quantity',
  addToCart: 'Add to cart',
  buyNow: 'Buy now',
  inStock: 'In stock',
  soldOut: 'Sold out',
  images: 'Images',
  showImage: 'Show image {{n}}',
};

export interface QuickViewProps {
  product: Product;
  store: CartStore;
  /** Called on Escape, Close and the backdrop; the opener gets focus back either way. */
  onClose(): void;
  moneyFormat: string;
  moneyOptions?: FormatMoneyOptions;
  /**
   * Analytics hook: 'quick_view' once when the dialog opens, 'add_to_cart' / 'buy_now' after
   * the cart accepted the add. The loader wires @pkg/analytics here, which remembers the
   * quick-view record so the later action refers to the same product (F4.26).
   */
  onTrack?(action: QuickViewAction, productId: string | number): void;
  /** Where Buy now goes after adding (default '/checkout'). */
  checkoutUrl?: string;
  /** Default: `location.assign`. */
  navigate?(url: string): void;
  /** Shows the back-in-stock form on sold-out variants when set (its endpoint and fetch). */
  backInStock?: Pick<BackInStockFormProps, 'endpoint' | 'fetch' | 'translations'>;
  className?: string;
  translations?: Partial<QuickViewTranslations>;
}

/** The value a variant has for the option at `index` named `name` (merged options first). */
export function variantOption(v: Variant, name: string, index: number): string | undefined {
  return v.options[`option_${name}`] ?? v.options[`option${index + 1}`];
}

function pickVariant(product: Product, chosen: Readonly<Record<string, string>>): Variant | undefined {
  return product.variants.find((v) => product.optionsWithValues.every((o, i) => chosen[o.name] === undefined || variantOption(v, o.name, i) === chosen[o.name]));
}

/**
 * Quick view, an ARIA modal dialog: labelled by the product title, focus moved in on open and
 * kept inside (Tab wraps), Escape closes wherever the focus is, and focus returns to the element
 * that opened it.
 * Variant pickers come from the product's options and the variants' (merged) option values;
 * the variant the answer matched to the selected options (`variant_id`) is chosen first, else the
 * first available one. Sold-out choices stay selectable so the
 * shopper can ask to be told when they are back.
 */
export function QuickView({ product, store, onClose, moneyFormat, moneyOptions, onTrack, checkoutUrl = '/checkout', navigate, backInStock, className, translations }: QuickViewProps) {
  const t = { ...defaultQuickViewTranslations, ...translations };
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const { status, error } = useCart(store);
  // The variant the card shows (the one that matched the selected options), else the first available.
  const first = cardView(product).variant ?? product.variants.find((v) => v.available) ?? product.variants[0];
  const [chosen, setChosen] = useState<Record<string, string>>(() => {
    const out: Record<string, string> = {};
    product.optionsWithValues.forEach((o, i) => {
      const v = first && variantOption(first, o.name, i);
      if (v !== undefined) out[o.name] = v;
    });
    return out;
  });
  // Kept as typed; read as a whole number from 1 to 999 (else 1) when adding.
  const [qtyText, setQtyText] = useState('1');
  const [image, setImage] = useState(0);
  const variant = useMemo(() => pickVariant(product, chosen), [product, chosen]);
  const available = variant ? variant.available : product.available;
  const images = Object.values(product.images).filter(isSafeUrl);
  const shown = variant?.image && isSafeUrl(variant.image) && image === 0 ? variant.image : (images[image] ?? (isSafeUrl(product.featuredImage) ? product.featuredImage : ''));

  const track = useRef(onTrack);
  track.current = onTrack;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    track.current?.('quick_view', product.id);
    return () => opener?.focus?.();
  }, [product.id]);

  // Escape closes wherever the focus is (the opener gets it back when the dialog unmounts).
  useEscape(true, onClose);
  const add = async (action: 'add_to_cart' | 'buy_now') => {
    if (!variant) return;
    const n = Math.floor(Number(qtyText));
    const cart = await store.add(variant.id, n >= 1 ? Math.min(n, 999) : 1);
    if (!cart) return;
    onTrack?.(action, product.id);
    if (action === 'buy_now') (navigate ?? ((u: string) => window.location.assign(u)))(isSafeUrl(checkoutUrl) ? checkoutUrl : '/checkout');
  };
  const price = variant?.price ?? product.priceMin ?? 0;
  const compareAt = variant ? variant.compareAtPrice : product.compareAtPriceMin;

  return (
    <div className="pkg-quickview__backdrop" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div ref={dialog} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} tabIndex={-1} className={cx('pkg-quickview', className)} onKeyDown={wrapTab}>
        <button type="button" className="pkg-button pkg-quickview__close" onClick={onClose}>
          {t.close}
        </button>
        <div className="pkg-quickview__media">
          {shown && <img className="pkg-quickview__image" src={shown} alt={product.title} />}
          {images.length > 1 && (
            <ul className="pkg-quickview__thumbs" aria-label={t.images}>
              {images.map((src, i) => (
                <li key={src}>
                  <button type="button" className="pkg-quickview__thumb" aria-pressed={i === image} aria-label={t.showImage.replace('{{n}}', String(i + 1))} onClick={() => setImage(i)}>
                    <img src={src} alt="" loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="pkg-quickview__info">
          <h2 id={`${id}-title`} className="pkg-quickview__title">
            {product.title}
          </h2>
          <Price amount={price} compareAtAmount={compareAt} moneyFormat={moneyFormat} {...(moneyOptions ? { moneyOptions } : {})} />
          <p className={cx('pkg-quickview__availability', !available && 'pkg-quickview__availability--sold-out')}>{available ? t.inStock : t.soldOut}</p>
          {product.optionsWithValues.map((o) => (
            <fieldset key={o.name} className="pkg-quickview__option">
              <legend>{o.label}</legend>
              {o.values.map((value) => (
                <label key={value} className="pkg-quickview__value">
                  <input type="radio" name={`${id}-${o.name}`} value={value} checked={chosen[o.name] === value} onChange={() => setChosen((c) => ({ ...c, [o.name]: value }))} />
                  {value}
                </label>
              ))}
            </fieldset>
          ))}
          <label className="pkg-quickview__qty">
            {t.quantity}
            <input type="number" min={1} max={999} value={qtyText} onChange={(e) => setQtyText(e.target.value)} />
          </label>
          {available && variant ? (
            <div className="pkg-quickview__actions">
              <button type="button" className="pkg-button pkg-quickview__add" disabled={status === 'loading'} onClick={() => void add('add_to_cart')}>
                {t.addToCart}
              </button>
              <button type="button" className="pkg-button pkg-quickview__buy" disabled={status === 'loading'} onClick={() => void add('buy_now')}>
                {t.buyNow}
              </button>
            </div>
          ) : (
            backInStock && <BackInStockForm key={String(variant?.id)} productId={product.id} variantId={variant?.id ?? null} {...backInStock} />
          )}
          {status === 'error' && error && (
            <p className="pkg-quickview__error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
