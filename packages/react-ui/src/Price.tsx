import { formatMoney, type FormatMoneyOptions } from '@pkg/money';
import { cx } from './class-names';
import { useMoneyOptions } from './money-context';

export interface PriceTranslations {
  /** Read by screen readers before a sale price. */
  salePrice: string;
  /** Read by screen readers before the struck-through compare-at price. */
  regularPrice: string;
  /** Joins the two ends of a price range. */
  rangeSeparator: string;
}

export interface PriceClassNames {
  root?: string;
  current?: string;
  compareAt?: string;
}

export interface PriceProps {
  /** The price in the unit `moneyOptions.unit` says (major units by default). */
  amount: number;
  /** The upper end when variants differ in price; shown as a range when above `amount`. */
  maxAmount?: number | null | undefined;
  /** The compare-at price; the item is on sale when it is above `amount`. */
  compareAtAmount?: number | null | undefined;
  /** The shop's money format, e.g. `${{amount}}` or `<span class=money>&#36;{{amount}} USD</span>`. */
  moneyFormat: string;
  /** Laid over the nearest `MoneyOptionsProvider`'s options (e.g. `unit: 'minor'` for cart amounts). */
  moneyOptions?: FormatMoneyOptions;
  className?: string;
  classNames?: PriceClassNames;
  translations?: Partial<PriceTranslations>;
}

export const defaultPriceTranslations: PriceTranslations = {
  salePrice: 'Sale price',
  regularPrice: 'Regular price',
  rangeSeparator: ' – ',
};

/**
 * A product price: the current price (or range), and the compare-at price struck through when
 * the product is on sale. Shop money formats may contain markup; it is rendered as text only.
 */
export function Price({ amount, maxAmount, compareAtAmount, moneyFormat, moneyOptions, className, classNames, translations }: PriceProps) {
  const t = { ...defaultPriceTranslations, ...translations };
  const shared = useMoneyOptions();
  const options = shared && moneyOptions ? { ...shared, ...moneyOptions } : (moneyOptions ?? shared);
  const fmt = (n: number) => formatMoney(n, moneyFormat, options);
  const onSale = typeof compareAtAmount === 'number' && Number.isFinite(compareAtAmount) && compareAtAmount > amount;
  const current = typeof maxAmount === 'number' && maxAmount > amount ? `${fmt(amount)}${t.rangeSeparator}${fmt(maxAmount)}` : fmt(amount);
  return (
    <span className={cx('pkg-price', onSale && 'pkg-price--on-sale', className, classNames?.root)}>
      <span className={cx('pkg-price__current', classNames?.current)}>
        {onSale && <span className="pkg-visually-hidden">{t.salePrice} </span>}
        {current}
      </span>
      {onSale && (
        <>
          {' '}
          <s className={cx('pkg-price__compare-at', classNames?.compareAt)}>
            <span className="pkg-visually-hidden">{t.regularPrice} </span>
            {fmt(compareAtAmount)}
          </s>
        </>
      )}
    </span>
  );
}
