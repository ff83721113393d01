/**
 * Cart rules (storefront.md §3, §4; D5): pure functions over a list of lines. The store
 * (cart.store.ts) persists the list; checkout and the limit meter read the same lines.
 */
import type { TaxLine } from '../../db/state-values.ts';
import {
  computeTotals,
  type DeliveryRule,
  findWeight,
  type PricedProduct,
  sellsByWeight,
  type Totals,
  unitPrice,
} from '../pricing/pricing.ts';
import type { CartItem } from './cart.schema.ts';

export type { CartItem };

/** §4, §9: how long an 'Added to Cart!' confirmation holds its button. */
export const ADDED_FEEDBACK_MS = { card: 1500, quickView: 1000, productPage: 1500 } as const;

/** A line cannot be raised past this; purchase limits (D15) are checked separately. */
export const MAX_LINE_QUANTITY = 99;

export function lineId(productId: number, weightKey: string | null): CartItem['id'] {
  return weightKey ? `${productId}-${weightKey}` : productId;
}

export interface CartableProduct extends PricedProduct {
  id: number;
  name: string;
  image: string;
  thcMg: number | null;
  netGrams: number | null;
}

/**
 * The line for a product in a weight (or none). Null when it cannot be added: a weighed product
 * without a weight, or a weight with no price (§5: adding then does nothing).
 */
export function toCartItem(product: CartableProduct, weightKey: string | null, quantity = 1): CartItem | null {
  const needsWeight = sellsByWeight(product.category);
  if (needsWeight && !weightKey) return null;
  const price = unitPrice(product, needsWeight ? weightKey : null);
  if (price == null) return null;
  const weight = needsWeight ? findWeight(product.category, weightKey) : undefined;
  return {
    id: lineId(product.id, weight?.key ?? null),
    productId: product.id,
    name: weight ? `${product.name} - ${weight.label}` : product.name,
    price,
    image: product.image,
    quantity: clampQuantity(quantity),
    weight: weight?.key ?? null,
    category: product.category,
    unitGrams: weight?.grams ?? product.netGrams,
    thcMg: product.thcMg,
  };
}

function clampQuantity(q: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(q)));
}

/** §4: an id already present is raised (by 1 unless told); a new one enters with its quantity. */
export function addItem(cart: readonly CartItem[], item: CartItem, quantity = item.quantity): CartItem[] {
  const existing = cart.find((l) => l.id === item.id);
  if (!existing) return [...cart, { ...item, quantity: clampQuantity(quantity) }];
  return cart.map((l) => (l.id === item.id ? { ...l, quantity: clampQuantity(l.quantity + quantity) } : l));
}

export function removeItem(cart: readonly CartItem[], id: CartItem['id']): CartItem[] {
  return cart.filter((l) => l.id !== id);
}

/** §4: a quantity below 1 (or not a whole number) is ignored. */
export function updateQuantity(cart: readonly CartItem[], id: CartItem['id'], quantity: number): CartItem[] {
  if (!Number.isInteger(quantity) || quantity < 1) return [...cart];
  return cart.map((l) => (l.id === id ? { ...l, quantity: clampQuantity(quantity) } : l));
}

/**
 * The cart's totals under the delivery rule of the shopper's zone (D31) and the tax lines of its
 * state (D38), once a ZIP is known; before that, D3's defaults and no tax.
 */
export function cartTotals(cart: readonly CartItem[], rule?: DeliveryRule, taxes: readonly TaxLine[] = []): Totals {
  return computeTotals(cart, rule, taxes);
}

/** A charged tax line as the totals list shows it: its name, its rate in percent and its amount in cents. */
export interface TaxRow {
  name: string;
  percent: number;
  amount: number;
}

/** The totals' tax lines as rows: "Maryland cannabis sales and use tax (12%)" and its amount. */
export function taxRows(totals: Pick<Totals, 'taxLines'>): TaxRow[] {
  return totals.taxLines.map((t) => ({ name: t.name, percent: t.basisPoints / 100, amount: t.amount }));
}

/** A line whose unit price moved (a deal began or ended, the shop re-priced), in cents. */
export interface LinePriceChange {
  id: CartItem['id'];
  name: string;
  was: number;
  now: number;
}

/**
 * D32: each line priced again from the products as the shop sells them now (the same rule as when
 * it was added), and the lines whose unit price moved. A line whose product is not in `products`
 * (no longer sold) keeps its price: checkout names it on its own.
 */
export function repriceLines(
  cart: readonly CartItem[],
  products: readonly CartableProduct[],
): { lines: CartItem[]; changes: LinePriceChange[] } {
  const byId = new Map(products.map((p) => [p.id, p]));
  const changes: LinePriceChange[] = [];
  const lines = cart.map((line) => {
    const product = byId.get(line.productId);
    const now = product ? toCartItem(product, line.weight, line.quantity)?.price : undefined;
    if (now == null || now === line.price) return line;
    changes.push({ id: line.id, name: line.name, was: line.price, now });
    return { ...line, price: now };
  });
  return { lines, changes };
}

/** The lines with the unit prices given by line id; other lines as they are. */
export function setPrices(cart: readonly CartItem[], prices: ReadonlyMap<CartItem['id'], number>): CartItem[] {
  return cart.map((l) => {
    const price = prices.get(l.id);
    return price == null || price === l.price ? l : { ...l, price };
  });
}
