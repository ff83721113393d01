/**
 * Sorting and filtering of product lists (storefront.md §5, §9; D9). The category, strain and
 * search screens all use these rules, so a filter means the same thing everywhere.
 */
import { displayPrice, type PricedProduct } from '../pricing/pricing.ts';
import type { ApiProduct } from './catalog.ts';
import { splitList } from './catalog.ts';

export const SORT_OPTIONS = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'name', label: 'Name: A-Z' },
  { value: 'rating', label: 'Highest Rated' },
] as const;

/** The strain page adds 'THC highest' (§9). */
export const STRAIN_SORT_OPTIONS = [...SORT_OPTIONS, { value: 'thc', label: 'THC: Highest' }] as const;

export type SortKey = (typeof STRAIN_SORT_OPTIONS)[number]['value'];

export function isSortKey(value: string): value is SortKey {
  return STRAIN_SORT_OPTIONS.some((o) => o.value === value);
}

/** §9 search price slider, in dollars. */
export const PRICE_RANGE = { min: 0, max: 300, step: 5 } as const;

/**
 * A typed price bound (dollars) as the filter uses it: snapped to the slider's step and kept in
 * range; an empty or unreadable field means "no bound" on that side.
 */
export function priceBound(raw: string, side: 'min' | 'max'): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value)) return side === 'min' ? PRICE_RANGE.min : PRICE_RANGE.max;
  const snapped = side === 'min' ? Math.floor(value / PRICE_RANGE.step) : Math.ceil(value / PRICE_RANGE.step);
  return Math.min(PRICE_RANGE.max, Math.max(PRICE_RANGE.min, snapped * PRICE_RANGE.step));
}

export const STRAIN_TYPES = ['Indica', 'Sativa', 'Hybrid', 'CBD'] as const;

export interface BrowseFilters {
  strainTypes: readonly string[];
  /** Inclusive bounds in whole dollars, as the slider shows them. */
  minPrice: number;
  maxPrice: number;
  effects: readonly string[];
}

export const NO_FILTERS: BrowseFilters = { strainTypes: [], minPrice: PRICE_RANGE.min, maxPrice: PRICE_RANGE.max, effects: [] };

/**
 * The price a list shows (and filters and sorts by): deal-aware, lowest option for weighed products.
 * The server filters and sorts by its SQL twin (list-price.server.ts); tests/api/catalogue-prices
 * checks that the two agree for every product.
 */
export const listPrice = (p: PricedProduct): number => displayPrice(p).price;

export function matchesFilters(p: ApiProduct, f: BrowseFilters): boolean {
  const price = listPrice(p);
  if (price < f.minPrice * 100 || price > f.maxPrice * 100) return false;
  if (f.strainTypes.length > 0) {
    const type = p.strainType?.toLowerCase();
    if (!type || !f.strainTypes.some((t) => t.toLowerCase() === type)) return false;
  }
  if (f.effects.length > 0) {
    const effects = splitList(p.effects).map((e) => e.toLowerCase());
    // §5: products without effects are not excluded; otherwise any selected effect contained in any effect.
    if (effects.length > 0 && !f.effects.some((sel) => effects.some((e) => e.includes(sel.toLowerCase())))) return false;
  }
  return true;
}

export function activeFilterCount(f: BrowseFilters): number {
  const priceActive = f.minPrice !== PRICE_RANGE.min || f.maxPrice !== PRICE_RANGE.max ? 1 : 0;
  return f.strainTypes.length + f.effects.length + priceActive;
}

const byName = (a: ApiProduct, b: ApiProduct) => a.name.localeCompare(b.name, 'en');

/** A stable sort; ties keep catalogue order. */
export function sortProducts(products: readonly ApiProduct[], sort: SortKey): ApiProduct[] {
  const list = [...products];
  switch (sort) {
    case 'featured':
      return list.sort((a, b) => Number(b.isFeatured) - Number(a.isFeatured));
    case 'price-asc':
      return list.sort((a, b) => listPrice(a) - listPrice(b));
    case 'price-desc':
      return list.sort((a, b) => listPrice(b) - listPrice(a));
    case 'name':
      return list.sort(byName);
    case 'rating':
      return list.sort((a, b) => b.rating - a.rating || b.reviews - a.reviews);
    case 'thc':
      return list.sort((a, b) => (b.thcContent ?? -1) - (a.thcContent ?? -1));
  }
}

export function browse(products: readonly ApiProduct[], filters: BrowseFilters, sort: SortKey): ApiProduct[] {
  return sortProducts(
    products.filter((p) => matchesFilters(p, filters)),
    sort,
  );
}

/** Category and strain pages list this many products, then load more on demand. */
export const BROWSE_PAGE_SIZE = 24;

/** Which products a category or strain page lists. */
export type BrowseScope = { category: string } | { subcategory: number };

/**
 * GET /api/products parameters for a category or strain page: the same filters and sorts as the
 * rules above, applied by the server (catalog.server.ts) so a page of a large catalogue stays small.
 * The price range is sent only when moved off its full span.
 */
export function browseQuery(
  scope: BrowseScope,
  filters: BrowseFilters,
  sort: SortKey,
  page: number,
  limit = BROWSE_PAGE_SIZE,
): URLSearchParams {
  const params = new URLSearchParams('category' in scope ? { category: scope.category } : { subcategory: String(scope.subcategory) });
  if (filters.strainTypes.length > 0) params.set('strainType', filters.strainTypes.join(','));
  if (filters.effects.length > 0) params.set('effects', filters.effects.join(','));
  if (filters.minPrice !== PRICE_RANGE.min || filters.maxPrice !== PRICE_RANGE.max) {
    params.set('minPrice', String(filters.minPrice));
    params.set('maxPrice', String(filters.maxPrice));
  }
  params.set('sort', sort);
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params;
}

/** What a page is built with: the first page in the default order, and how many there are. */
export function firstPage(products: readonly ApiProduct[]): { products: ApiProduct[]; total: number } {
  return { products: sortProducts(products, 'featured').slice(0, BROWSE_PAGE_SIZE), total: products.length };
}
