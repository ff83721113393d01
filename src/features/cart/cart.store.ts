/**
 * The cart as a nanostore, persisted in local storage under 'cart' (§4) and kept in step across
 * open tabs (the storage event). Islands import this; the server never does.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { addItem, type CartItem, cartTotals, parseCart, removeItem, updateQuantity } from './cart.ts';

export const CART_STORAGE_KEY = 'cart';

export const $cart = persistentAtom<CartItem[]>(CART_STORAGE_KEY, [], {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return parseCart(JSON.parse(raw));
    } catch {
      return [];
    }
  },
});

export const $cartTotals = computed($cart, cartTotals);

/** Whether the cart drawer is open; any island can open it (header button, "added" actions). */
export const $cartOpen = atom(false);

export const cart = {
  add(item: CartItem, quantity = item.quantity) {
    $cart.set(addItem($cart.get(), item, quantity));
  },
  remove(id: CartItem['id']) {
    $cart.set(removeItem($cart.get(), id));
  },
  update(id: CartItem['id'], quantity: number) {
    $cart.set(updateQuantity($cart.get(), id, quantity));
  },
  clear() {
    $cart.set([]);
  },
};
