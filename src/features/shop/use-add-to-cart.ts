import { cart } from '../cart/cart.store.ts';
import type { CartItem } from '../cart/cart.ts';
import { useAddedConfirmation } from '../catalog/AddToCartButton.tsx';

/**
 * Adding one line to the cart from a product view, with the 'Added to Cart!' confirmation for `ms`
 * (then `onDone`). `item` is null when the chosen option cannot be bought; adding then does nothing.
 */
export function useAddToCart(item: CartItem | null, ms: number, onDone?: () => void): [added: boolean, add: () => void] {
  const [added, confirm] = useAddedConfirmation(ms, onDone);
  const add = () => {
    if (!item) return;
    cart.add(item);
    confirm();
  };
  return [added, add];
}
