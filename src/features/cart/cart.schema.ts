/**
 * The shape of a cart line, for reading what local storage holds (cart.store.ts). Apart from the
 * cart's rules (cart.ts) because it needs valibot, which nothing else a storefront page runs when it
 * opens needs: the store fetches this module just after the page starts.
 */
import * as v from 'valibot';
import { MAX_LINE_QUANTITY } from './cart.ts';

export const CartItemSchema = v.object({
  /** productId for plain products, '{productId}-{weight}' for weight variants (D5). */
  id: v.union([v.pipe(v.number(), v.integer(), v.minValue(1)), v.pipe(v.string(), v.minLength(3), v.maxLength(40))]),
  productId: v.pipe(v.number(), v.integer(), v.minValue(1)),
  name: v.pipe(v.string(), v.maxLength(300)),
  /** Unit price in cents at the time it was added; the server reprices at checkout (D2). */
  price: v.pipe(v.number(), v.integer(), v.minValue(0)),
  image: v.pipe(v.string(), v.maxLength(2000)),
  quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_LINE_QUANTITY)),
  weight: v.nullable(v.string()),
  category: v.string(),
  /** Grams in one unit of a weighed line, for the purchase-limit meter (D15). */
  unitGrams: v.nullable(v.number()),
  /** THC milligrams in one unit of an edible, for the purchase-limit meter (D15). */
  thcMg: v.nullable(v.number()),
});
export type CartItem = v.InferOutput<typeof CartItemSchema>;

export const CartSchema = v.array(CartItemSchema);

/** Reads a stored cart; anything unreadable becomes an empty cart rather than an error. */
export function parseCart(stored: unknown): CartItem[] {
  const result = v.safeParse(CartSchema, stored);
  return result.success ? result.output : [];
}
