/**
 * Compare rules (storefront.md §2, §5, §9): up to 4 distinct products, which rows the table shows
 * and what each cell says. Pure, so the store and the island stay thin.
 */
import * as v from 'valibot';
import { defaultWeight } from '../catalog/card.ts';
import { type ApiProduct, availableWeights, splitList } from '../catalog/catalog.ts';
import { POTENCY_SOURCE_LABELS, percentText, shownPotency } from '../inventory/lab-results.ts';
import { displayPrice } from '../pricing/pricing.ts';

/** §9: at most this many products side by side. */
export const COMPARE_MAX = 4;
/** §9: each category list offers this many products. */
export const COMPARE_LIST_SIZE = 8;
/** §2: the categories offered to compare, in this order. */
export const COMPARE_CATEGORIES = ['Flower', 'Edible', 'Concentrate'] as const;
export const COMPARE_STORAGE_KEY = 'compare';

/** Shown for a value a product does not have. */
export const NOT_AVAILABLE = 'N/A';

const StoredIds = v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)));

/** Reads a stored selection: unreadable becomes empty; repeats and any past the maximum are dropped. */
export function parseCompareIds(stored: unknown): number[] {
  const result = v.safeParse(StoredIds, stored);
  return result.success ? [...new Set(result.output)].slice(0, COMPARE_MAX) : [];
}

export type AddBlock = 'added' | 'full' | null;

/** Why a product cannot be added now: already selected, or the selection is full; null when it can. */
export function addBlock(ids: readonly number[], id: number): AddBlock {
  if (ids.includes(id)) return 'added';
  if (ids.length >= COMPARE_MAX) return 'full';
  return null;
}

/** §5: adds at the end; a duplicate or a fifth product leaves the selection as it is. */
export function addToCompare(ids: readonly number[], id: number): number[] {
  return addBlock(ids, id) ? [...ids] : [...ids, id];
}

export function removeFromCompare(ids: readonly number[], id: number): number[] {
  return ids.filter((x) => x !== id);
}

/** The selected products in the order they were chosen; ids the catalogue no longer has are skipped. */
export function selectedProducts(ids: readonly number[], known: ReadonlyMap<number, ApiProduct>): ApiProduct[] {
  return ids.flatMap((id) => known.get(id) ?? []);
}

/** Ids the live catalogue answered without: products deleted since they were chosen. */
export function missingIds(ids: readonly number[], found: readonly ApiProduct[]): number[] {
  const present = new Set(found.map((p) => p.id));
  return ids.filter((id) => !present.has(id));
}

export type CompareRow = 'category' | 'price' | 'rating' | 'thc' | 'cbd' | 'potency' | 'strain' | 'effects' | 'flavor' | 'actions';

export const ROW_LABELS: Record<CompareRow, string> = {
  category: 'Category',
  price: 'Price',
  rating: 'Rating',
  thc: 'THC content',
  cbd: 'CBD content',
  potency: 'THC and CBD from',
  strain: 'Strain type',
  effects: 'Effects',
  flavor: 'Flavor',
  actions: 'Actions',
};

/** The THC and CBD a product shows (D40): its next package's lab results, else its listed figures. */
const potencyOf = (p: ApiProduct) => shownPotency(p, p.labResults);

/**
 * §2: THC, CBD and strain rows appear only when some selected product has the value. D40: the row
 * saying where THC and CBD come from appears once some product's are lab tested.
 */
export function compareRows(products: readonly ApiProduct[]): CompareRow[] {
  const some = (has: (p: ApiProduct) => boolean) => products.some(has);
  const thc = some((p) => potencyOf(p).thcPercent != null);
  const cbd = some((p) => potencyOf(p).cbdPercent != null);
  return [
    'category',
    'price',
    'rating',
    ...(thc ? (['thc'] as const) : []),
    ...(cbd ? (['cbd'] as const) : []),
    ...((thc || cbd) && some((p) => potencyOf(p).source === 'lab') ? (['potency'] as const) : []),
    ...(some((p) => Boolean(p.strainType?.trim())) ? (['strain'] as const) : []),
    'effects',
    'flavor',
    'actions',
  ];
}

const percent = (value: number | null) => (value == null ? NOT_AVAILABLE : percentText(value));

/** The price Add to Cart charges (cents): the first weight on offer for weighed products (named), else the unit price. */
export function comparePrice(p: ApiProduct): { price: number; compareAt: number | null; weight: string | null } {
  const weight = defaultWeight(p);
  const shown = displayPrice(p, weight);
  const label = availableWeights(p.category, p).find((w) => w.key === weight)?.label ?? null;
  return { price: shown.price, compareAt: shown.compareAt, weight: label };
}

/** The text of a cell for the rows that are plain text. */
export function cellText(p: ApiProduct, row: Exclude<CompareRow, 'price' | 'rating' | 'actions'>): string {
  switch (row) {
    case 'category':
      return p.categoryName || NOT_AVAILABLE;
    case 'thc':
      return percent(potencyOf(p).thcPercent);
    case 'cbd':
      return percent(potencyOf(p).cbdPercent);
    case 'potency':
      return POTENCY_SOURCE_LABELS[potencyOf(p).source];
    case 'strain':
      return p.strainType?.trim() || NOT_AVAILABLE;
    case 'effects':
      return splitList(p.effects).join(', ') || NOT_AVAILABLE;
    case 'flavor':
      return p.flavor?.trim() || NOT_AVAILABLE;
  }
}
