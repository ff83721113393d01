/**
 * Cart stores as React state for islands. Pages are pre-rendered with an empty, closed cart, so while
 * hydrating React reads these server snapshots and then re-renders with the stored cart; reading
 * local storage straight away would make the first render differ from the HTML (a hydration error).
 */
import { useStore } from '../../lib/use-store.ts';
import { $cart, $cartOpen, $cartReady, $cartTotals } from './cart.store.ts';
import type { CartItem } from './cart.ts';
import { cartTotals } from './cart.ts';

const EMPTY_CART: CartItem[] = [];
const EMPTY_TOTALS = cartTotals(EMPTY_CART);

export function useCartLines(): CartItem[] {
  return useStore($cart, { ssr: () => EMPTY_CART });
}

export function useCartTotals() {
  return useStore($cartTotals, { ssr: () => EMPTY_TOTALS });
}

/** Whether the stored cart has been read (cart.store.ts); until then the lines read as none. */
export function useCartReady(): boolean {
  return useStore($cartReady, { ssr: () => false });
}

export function useCartOpen(): boolean {
  return useStore($cartOpen, { ssr: () => false });
}
