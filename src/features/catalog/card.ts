/**
 * What the product grids show, as pure functions: which products a page lists, which badges and
 * weight a card starts with, and how live API data replaces the build-time snapshot. The pages,
 * ProductCard, QuickView and the browsers share these, so a rule lives in one place.
 */
import { type DisplayPrice, dealBadge, displayPrice } from '../pricing/pricing.ts';
import { CATALOG } from '../site/settings.ts';
import { type ApiCategory, type ApiProduct, availableWeights, splitList } from './catalog.ts';

/** How many cards of a grid load their image eagerly: the ones likely above the fold. */
export const EAGER_IMAGE_COUNT = 4;

/** The weight a card or quick view selects first: the first option the product offers (§4), or none. */
export function defaultWeight(product: ApiProduct): string | null {
  return availableWeights(product.category, product)[0]?.key ?? null;
}

/**
 * The selected weight if the product (still) offers it, else the default. Live data can drop an
 * option the shopper had picked; the card then falls back rather than offering a dead choice.
 */
export function effectiveWeight(product: ApiProduct, selected: string | null): string | null {
  const options = availableWeights(product.category, product);
  return options.some((w) => w.key === selected) ? selected : (options[0]?.key ?? null);
}

/**
 * §2 badges. A deal shows its percent-off badge instead of 'Sale': both would say the same thing, and
 * the deal badge says how much.
 */
export function productBadges(product: ApiProduct, shown: DisplayPrice = displayPrice(product)): string[] {
  const badges: string[] = [];
  if (product.dealPercentOff != null) badges.push(dealBadge(product.dealPercentOff));
  else if (shown.compareAt != null || product.salePrice != null) badges.push('Sale');
  if (product.isNewArrival) badges.push('New');
  if (product.isBestSeller) badges.push('Best Seller');
  if (product.isOrganic) badges.push('Organic');
  return badges;
}

/** §2: a card names only the first effect. */
export function firstEffect(product: ApiProduct): string | null {
  return splitList(product.effects)[0] ?? null;
}

/** 'N products' with the right number. */
export function productCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'product' : 'products'}`;
}

// ---------------------------------------------------------------------------------------------
// Which products a page lists
// ---------------------------------------------------------------------------------------------

/** §2 home: the first featured products of the catalogue (which is in id order). */
export function featuredProducts(products: readonly ApiProduct[]): ApiProduct[] {
  return products.filter((p) => p.isFeatured).slice(0, CATALOG.featuredCount);
}

/** D32: the server marks the products in a live deal; the page lists exactly those. */
export function dealProducts(products: readonly ApiProduct[]): ApiProduct[] {
  return products.filter((p) => p.isDeal);
}

/** The /deals headline's offer: the one percent when every deal agrees ('40% OFF'), else 'Up to N% off'. */
export function dealsOffer(deals: readonly ApiProduct[]): string {
  const percents = [...new Set(deals.flatMap((p) => (p.dealPercentOff == null ? [] : [p.dealPercentOff])))];
  if (percents.length === 0) return 'Deals';
  if (percents.length === 1) return dealBadge(percents[0] ?? 0);
  return `Up to ${Math.max(...percents)}% off`;
}

/** A category's products: its own and, for a top-level category, those of its strains. */
export function productsInCategory(products: readonly ApiProduct[], categoryId: number): ApiProduct[] {
  return products.filter((p) => p.categoryId === categoryId || p.subcategoryId === categoryId);
}

/** §2 home: only categories with no parent. */
export function topLevelCategories(categories: readonly ApiCategory[]): ApiCategory[] {
  return categories.filter((c) => c.parentId == null);
}

/**
 * The strain page id that pre-renders 'Strain Not Found'; ids start at 1, so no strain has it. The
 * Pages Function serves that page, with status 404, for any strain id that has no page.
 */
export const STRAIN_NOT_FOUND_ID = 0;

/** The strains (categories with a parent) with their parent, for the strain pages. */
export function strainsWithParent(categories: readonly ApiCategory[]): { strain: ApiCategory; parent: ApiCategory | null }[] {
  return categories
    .filter((c) => c.parentId != null)
    .map((strain) => ({ strain, parent: categories.find((c) => c.id === strain.parentId) ?? null }));
}

/**
 * How a grid refreshes its build-time list from the live catalogue (D2, D6): the same rule that
 * chose the products at build time, or simply the same ids in the same order.
 */
export type GridSelection = 'featured' | 'deals' | 'same';

/** Asks the API for just what a grid shows, not the whole catalogue (which may be 10,000 products). */
export function liveQuery(selection: GridSelection, initial: readonly ApiProduct[]): Record<string, string> {
  if (selection === 'featured') return { featured: 'true', limit: String(CATALOG.featuredCount) };
  if (selection === 'deals') return { deals: 'true' };
  return { ids: initial.map((p) => p.id).join(',') };
}

export function selectLive(selection: GridSelection, initial: readonly ApiProduct[], live: readonly ApiProduct[]): ApiProduct[] {
  if (selection === 'featured') return featuredProducts(live);
  if (selection === 'deals') return dealProducts(live);
  const byId = new Map(live.map((p) => [p.id, p]));
  // A product deleted since the build disappears; the rest keep their place.
  return initial.flatMap((p) => byId.get(p.id) ?? []);
}

// ---------------------------------------------------------------------------------------------
// Strain header theme
// ---------------------------------------------------------------------------------------------

export type StrainTheme = 'indica' | 'sativa' | 'hybrid' | 'other';

/** §2 strain page: the header colour family for a strain type; CBD and unknown types are 'other'. */
export function strainTheme(strainType: string | null | undefined): StrainTheme {
  const type = strainType?.trim().toLowerCase();
  return type === 'indica' || type === 'sativa' || type === 'hybrid' ? type : 'other';
}

/**
 * Header colours per theme (indica purple, sativa amber, hybrid green, other blue). Every text
 * colour here meets WCAG AA on its background (dark text on the light tints, at least 7:1).
 */
export const STRAIN_THEME_CLASSES: Record<StrainTheme, { header: string; chip: string; badge: string }> = {
  indica: {
    header: 'bg-gradient-to-br from-purple-50 to-purple-100 text-purple-950 border-purple-200',
    chip: 'bg-white text-purple-900 border-purple-300',
    badge: 'bg-purple-800 text-white',
  },
  sativa: {
    header: 'bg-gradient-to-br from-amber-50 to-orange-100 text-amber-950 border-amber-200',
    chip: 'bg-white text-amber-900 border-amber-300',
    badge: 'bg-amber-800 text-white',
  },
  hybrid: {
    header: 'bg-gradient-to-br from-brand-50 to-brand-100 text-brand-900 border-brand-100',
    chip: 'bg-white text-brand-800 border-brand-600/40',
    badge: 'bg-brand-800 text-white',
  },
  other: {
    header: 'bg-gradient-to-br from-sky-50 to-blue-100 text-blue-950 border-blue-200',
    chip: 'bg-white text-blue-900 border-blue-300',
    badge: 'bg-blue-800 text-white',
  },
};
