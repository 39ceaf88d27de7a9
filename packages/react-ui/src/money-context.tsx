// The shop's money options (the shown currency and its rounding rule) for every Price.
import { createContext, useContext, type ReactNode } from 'react';
import type { FormatMoneyOptions } from '@pkg/money';
import { useOptionalFilterController } from './filter-context';

const MoneyOptionsContext = createContext<FormatMoneyOptions | undefined>(undefined);

export interface MoneyOptionsProviderProps {
  /** The shown currency and its rounding rule, e.g. core-filter's `moneyOptionsFor(settings)`. */
  value: FormatMoneyOptions;
  children?: ReactNode;
}

/**
 * Gives every `Price` below it these money options, for parts that sit under no
 * `FilterProvider` (the loader's cart parts: mini cart, recently-viewed slider, quick view).
 */
export function MoneyOptionsProvider({ value, children }: MoneyOptionsProviderProps) {
  return <MoneyOptionsContext.Provider value={value}>{children}</MoneyOptionsContext.Provider>;
}

/**
 * The money options every `Price` starts from: the nearest `MoneyOptionsProvider`'s, else those of
 * the nearest `FilterProvider`'s controller (its `moneyOptions`: the shown currency, or the shop's
 * for a controller whose reader does not convert), else none. So each price the shopper sees
 * (listing, sliders, cart parts) is formatted in the currency it is in, with its rule.
 */
export function useMoneyOptions(): FormatMoneyOptions | undefined {
  const given = useContext(MoneyOptionsContext);
  const controller = useOptionalFilterController();
  return given ?? controller?.moneyOptions;
}
