import { useState } from 'react';
import { useStore } from '../use-store';
import { createCartStore, type CartSnapshot, type CartStore, type CartStoreOptions } from './cart-store';

/**
 * Reads a cart store in React. Pass a store to share one cart between the mini cart, quick view
 * and listing buttons; pass options (or nothing) to get a store owned by this component.
 */
export function useCart(storeOrOptions?: CartStore | CartStoreOptions): CartSnapshot & { store: CartStore } {
  const [own] = useState(() => (storeOrOptions && 'getSnapshot' in storeOrOptions ? null : createCartStore(storeOrOptions)));
  const store = own ?? (storeOrOptions as CartStore);
  return { ...useStore(store), store };
}
