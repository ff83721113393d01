/**
 * The cart as a nanostore, persisted in local storage under 'cart' (§4) and kept in step across
 * open tabs (the storage event). Islands import this; the server never does.
 *
 * What storage holds is checked against the line schema (cart.schema.ts) before anyone sees it. That
 * schema is fetched just after the page starts: it keeps valibot out of every storefront page's
 * first load (`npm run weigh`, first-load JS; valibot shows as on demand). Until it has arrived the
 * cart reads as empty and not ready ($cartReady: the checkout and the drawer wait for it), and every
 * change waits for it, so no change can write over lines that have not been read yet.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { showToast } from '../../components/ui/toast.ts';
import { $ageGateUp } from '../compliance/age-gate.ts';
import { $deliveryRule, $deliveryTaxes } from '../delivery/delivery.store.ts';
import type { CartItem } from './cart.schema.ts';
import { addItem, cartTotals, removeItem, setPrices, updateQuantity } from './cart.ts';

export const CART_STORAGE_KEY = 'cart';

const NO_LINES: CartItem[] = [];

/** Storage's 'cart' parsed as JSON, not yet checked; anything unparsable reads as no lines. */
const $stored = persistentAtom<unknown>(CART_STORAGE_KEY, NO_LINES, {
  encode: JSON.stringify,
  decode: (raw) => {
    try {
      return JSON.parse(raw);
    } catch {
      // JSON.parse throws only on text that is not JSON: a damaged entry is an empty cart.
      return NO_LINES;
    }
  },
});

/** The schema's reader once it has arrived. */
const $parseCart = atom<((stored: unknown) => CartItem[]) | null>(null);

/** Whether the stored cart has been read; before that $cart is empty whatever storage holds. */
export const $cartReady = computed($parseCart, (parse) => parse != null);

export const $cart = computed([$stored, $parseCart], (stored, parse) => (parse ? parse(stored) : NO_LINES));

/** D31, D38: the totals under the delivery rule of the shopper's zone and its state's tax, once a ZIP is known. */
export const $cartTotals = computed([$cart, $deliveryRule, $deliveryTaxes], (lines, rule, taxes) => cartTotals(lines, rule, taxes));

/** Whether the cart drawer is open; any island can open it (header button, "added" actions). */
export const $cartOpen = atom(false);
$ageGateUp.listen((up) => {
  if (up) $cartOpen.set(false);
});

/** Resolves once the stored cart can be read (fetching the schema again if an earlier fetch failed). */
async function whenReady(): Promise<void> {
  if ($parseCart.get()) return;
  const schema = await import('./cart.schema.ts');
  $parseCart.set(schema.parseCart);
}

// In a task of its own, not in the one that evaluates the page's modules.
if (typeof window !== 'undefined') setTimeout(() => whenReady().catch(() => {}), 0);

/**
 * Applies `change` to the lines once they can be read. Changes made before then run in the order
 * they were made. If the schema cannot be fetched (offline, or a new deployment removed the file),
 * the change is not made and the shopper is told; the next change fetches again.
 */
function change(next: (lines: CartItem[]) => CartItem[]): Promise<void> {
  return whenReady().then(
    () => $stored.set(next($cart.get())),
    () =>
      showToast({
        title: 'Your cart could not be updated',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      }),
  );
}

export const cart = {
  add(item: CartItem, quantity = item.quantity): Promise<void> {
    return change((lines) => addItem(lines, item, quantity));
  },
  remove(id: CartItem['id']): Promise<void> {
    return change((lines) => removeItem(lines, id));
  },
  update(id: CartItem['id'], quantity: number): Promise<void> {
    return change((lines) => updateQuantity(lines, id, quantity));
  },
  clear(): Promise<void> {
    return change(() => []);
  },
  /** New unit prices by line id (the shop's current ones, D32); quantities and lines stay. */
  reprice(prices: ReadonlyMap<CartItem['id'], number>): Promise<void> {
    return change((lines) => setPrices(lines, prices));
  },
};
