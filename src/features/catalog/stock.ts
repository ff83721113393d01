/**
 * D6, D16: the stock rule, for the server and the islands alike. What is in stock, what an order
 * takes from stock, and whether stock covers it. The database's trigger (migrations/0002) is only
 * a guard against overselling when two orders race; the rule is here.
 */
import type { PackageUnit } from '../../db/inventory-values.ts';
import { availableWeights, WEIGHT_OPTIONS, type WeightOption, type WeightPrices } from './catalog.ts';

/** Stock is stored in thousandths of the base unit so half grams stay integers (D6). */
const STOCK_SCALE = 1000;

/** The largest stock quantity a product takes, in the base unit (the admin form and the CSV import). */
export const MAX_STOCK_QUANTITY = 1_000_000;

/** The base unit stock is counted in: grams for products sold by weight, units for the rest (D6). */
export function stockUnit(category: string): 'g' | 'units' {
  return WEIGHT_OPTIONS[category] ? 'g' : 'units';
}

/** D40: what a product's packages are counted in: grams where its stock is, else pieces. */
export function packageUnit(category: string): PackageUnit {
  return stockUnit(category) === 'g' ? 'g' : 'each';
}

export function stockToBaseUnits(stockMilli: number | null): number | null {
  return stockMilli == null ? null : stockMilli / STOCK_SCALE;
}

export function baseUnitsToStock(quantity: number | null | undefined): number | null {
  return quantity == null ? null : Math.round(quantity * STOCK_SCALE);
}

/** What one unit takes from stock: the weight's grams for weighed products, else one unit. */
export function unitStockMilli(weight: Pick<WeightOption, 'grams'> | undefined): number {
  return Math.round((weight ? weight.grams : 1) * STOCK_SCALE);
}

/** What one unit of the smallest sellable option takes from stock, in stock units. */
function smallestUnitMilli(category: string, prices: WeightPrices): number {
  const weights = WEIGHT_OPTIONS[category];
  if (!weights) return STOCK_SCALE;
  const offered = availableWeights(category, prices);
  return unitStockMilli(offered[0] ?? weights[0]);
}

/** D6: in stock = switched on by the admin and either untracked or enough for the smallest option. */
export function isInStock(p: { available: boolean; stockMilli: number | null; category: string } & WeightPrices): boolean {
  if (!p.available) return false;
  if (p.stockMilli == null) return true;
  return p.stockMilli >= smallestUnitMilli(p.category, p);
}

/** Stock each product must give, summed over its lines (two weights of one flower share a jar). */
export function stockNeeds(lines: readonly { productId: number; stockMilli: number }[]): Map<number, number> {
  const needs = new Map<number, number>();
  for (const line of lines) needs.set(line.productId, (needs.get(line.productId) ?? 0) + line.stockMilli);
  return needs;
}

/** The first product that cannot cover what the order needs, if any (D16). */
export function firstShortProduct(
  needs: ReadonlyMap<number, number>,
  products: ReadonlyMap<number, { id: number; name: string; available: boolean; stockMilli: number | null }>,
): { id: number; name: string } | null {
  for (const [id, need] of needs) {
    const p = products.get(id);
    if (!p) continue;
    if (!p.available || (p.stockMilli != null && p.stockMilli < need)) return { id: p.id, name: p.name };
  }
  return null;
}
