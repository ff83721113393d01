/**
 * Rules every way of writing a product shares (the edit dialog, the new-product form, bulk edits and
 * the CSV import): how its prices fit its category (§5, D5) and how its slug is made from its name.
 */
import { availableWeights, WEIGHT_OPTIONS, type WeightPrices } from '../catalog/catalog.ts';

export interface PriceInput extends WeightPrices {
  price: number;
  salePrice: number | null;
}

export type PriceCheck =
  | { ok: true; price: number; weights: WeightPrices }
  | { ok: false; message: string; fields: Record<string, string> };

const NO_WEIGHTS: WeightPrices = { price1g: null, price2g: null, price3_5g: null, price7g: null, priceHalfOz: null, priceOz: null };

/**
 * Weight prices belong to weighed categories only (§5) and are dropped elsewhere; a weighed
 * product needs at least one, and its `price` follows the smallest weight on offer, so lists,
 * filters and the API's base price agree. The sale price is the struck-through "was" price, so it
 * must be higher than the price.
 */
export function checkPrices(category: string, input: PriceInput): PriceCheck {
  const weighed = WEIGHT_OPTIONS[category] !== undefined;
  const weights: WeightPrices = weighed
    ? {
        price1g: input.price1g,
        price2g: input.price2g,
        price3_5g: input.price3_5g,
        price7g: input.price7g,
        priceHalfOz: input.priceHalfOz,
        priceOz: input.priceOz,
      }
    : NO_WEIGHTS;
  const offered = availableWeights(category, weights);
  if (weighed && offered.length === 0) {
    return {
      ok: false,
      message: `A ${category.toLowerCase()} product needs at least one weight with a price.`,
      fields: { price: 'Enter at least one weight price' },
    };
  }
  const first = offered[0];
  const price = weighed && first ? (weights[first.field] ?? input.price) : input.price;
  if (input.salePrice != null && input.salePrice <= price) {
    return {
      ok: false,
      message: 'The sale price is the struck-through "was" price and must be higher than the price.',
      fields: { salePrice: 'Must be higher than the price' },
    };
  }
  return { ok: true, price, weights };
}

/** Longest slug made from a name (an address stays readable). */
const SLUG_MAX = 80;

/** 'Blue Dream (3.5g) — Reserve' -> 'blue-dream-3-5g-reserve'; 'product' when nothing is left. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || 'product';
}

/** `base`, or `base-2`, `base-3` ... : the first that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
