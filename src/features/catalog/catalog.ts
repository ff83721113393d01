/**
 * Catalogue rules: pure functions shared by the API, the static pages and the islands.
 * Money is integer cents (D1).
 */

export const CATEGORY_NAMES = ['Flower', 'Edible', 'Pre-roll', 'Vaporizer', 'Concentrate', 'Accessories'] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

/**
 * The name the shop's rules read for a category (D5 weights, stock units, D15 limits, the price
 * and potency fields): its kind, which a built-in category keeps when the admin renames it, else
 * its name.
 */
export const categoryKey = (c: { name: string; kind?: string | null }): string => c.kind ?? c.name;

export const EFFECTS = [
  'Relaxing',
  'Energizing',
  'Creative',
  'Focused',
  'Happy',
  'Euphoric',
  'Sleepy',
  'Uplifting',
  'Pain Relief',
] as const;

export {
  availableWeights,
  WEIGHT_OPTIONS,
  type WeightOption,
  type WeightPriceField,
  type WeightPrices,
} from '../pricing/weights.ts';

import type { NextPackageLab } from '../../db/next-package.ts';
import type { WeightPrices } from '../pricing/weights.ts';

/** Splits the stored comma-separated list ("Relaxing, Happy") into trimmed, non-empty entries. */
export function splitList(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A product as the API and the pages speak it (storefront.md §3). Money fields are cents. */
export interface ApiProduct extends WeightPrices {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  salePrice: number | null;
  image: string;
  rating: number;
  reviews: number;
  /**
   * The top-level category as the shop's rules know it, e.g. 'Flower' (categoryKey): what weights,
   * stock units and limits read. Not for showing: the admin may have renamed the category.
   */
  category: string;
  /** The top-level category's name as the admin set it: what a person sees. */
  categoryName: string;
  categorySlug: string;
  categoryId: number;
  subcategoryId: number | null;
  subcategoryName: string | null;
  /**
   * The THC and CBD the product is listed with. What shoppers are shown comes from `labResults`
   * first (inventory/lab-results.ts shownPotency, D40).
   */
  thcContent: number | null;
  cbdContent: number | null;
  thcMg: number | null;
  /** Grams of cannabis in one unit of a product sold by the piece (pre-roll pack, cartridge). */
  netGrams: number | null;
  effects: string;
  flavor: string | null;
  strainType: string | null;
  origin: string | null;
  inStock: boolean;
  /** In the base unit (grams or units); null when not tracked. */
  stockQuantity: number | null;
  isNewArrival: boolean;
  isBestSeller: boolean;
  isFeatured: boolean;
  isOrganic: boolean;
  /** In a deal live now (D32): charged at the deal price, shown with the deal badge. */
  isDeal: boolean;
  /** The live deal's percent off; null when not in one. */
  dealPercentOff: number | null;
  /** D40: the lab results of the package a shopper gets next; null when none holds stock or it has none. */
  labResults: ProductLabResults | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * D40: the lab results of one package, from its certificate of analysis, as shoppers see them. A
 * figure the lab did not report is null. `coaUrl` is the certificate's public address (a PDF), null
 * when none was uploaded. Shaped here, below the inventory (decision 0019), because every catalogue
 * read carries them; inventory/lab-results.ts holds what the storefront shows of them.
 */
export interface ProductLabResults {
  packageId: number;
  thcPercent: number | null;
  cbdPercent: number | null;
  /** Total THC per unit, in milligrams (edibles). */
  thcMg: number | null;
  /** 'YYYY-MM-DD'. */
  testedOn: string | null;
  lab: string | null;
  coaUrl: string | null;
}

/**
 * The public address of a package's certificate of analysis (the packages API answers it): the
 * address inventory/coa.ts gives the admin, here for the catalogue's reads, which sit below it.
 */
export const coaUrl = (packageId: number): string => `/api/packages/${packageId}/coa`;

/**
 * The next package's raw columns (db/next-package.ts) as shoppers see them: null when there is no
 * next package, or when it has no lab results at all (no figure, date, lab or certificate).
 */
export function labResultsOf(row: NextPackageLab | null | undefined): ProductLabResults | null {
  if (row?.id == null) return null;
  const shown: ProductLabResults = {
    packageId: row.id,
    thcPercent: row.thcPercent,
    cbdPercent: row.cbdPercent,
    thcMg: row.thcMg,
    testedOn: row.testedOn?.trim() || null,
    lab: row.lab?.trim() || null,
    coaUrl: row.coaKey?.trim() ? coaUrl(row.id) : null,
  };
  const reported = [shown.thcPercent, shown.cbdPercent, shown.thcMg, shown.testedOn, shown.lab, shown.coaUrl];
  return reported.some((v) => v != null) ? shown : null;
}

export interface ApiSubcategory {
  id: number;
  name: string;
  slug: string;
}

export interface ApiCategory {
  id: number;
  name: string;
  slug: string;
  image: string | null;
  parentId: number | null;
  description: string;
  strainType: string | null;
  effects: string;
  bestFor: string;
  sortOrder: number;
  /** The rules' name for a built-in category (categoryKey); null for others and for strains. */
  kind: string | null;
  /** Only in the admin's lists (M1). */
  retired?: boolean;
  subcategories: ApiSubcategory[];
}

export interface PublicSiteImage {
  id: number;
  category: string;
  name: string;
  description: string;
  url: string;
  linkTo: string | null;
  location: string;
}

/** §2: the product route's id, parsed as an integer; 0 when missing or malformed. */
export function parseProductId(pathname: string): number {
  const match = /^\/product\/(\d{1,15})\/?$/.exec(pathname);
  const id = match ? Number(match[1]) : 0;
  return Number.isSafeInteger(id) ? id : 0;
}

/** "You May Also Like": up to `count` others, same category first, in catalogue order. */
export function relatedProducts(all: readonly ApiProduct[], product: ApiProduct, count: number): ApiProduct[] {
  const others = all.filter((p) => p.id !== product.id);
  const sameCategory = others.filter((p) => p.categoryId === product.categoryId);
  const rest = others.filter((p) => p.categoryId !== product.categoryId);
  return [...sameCategory, ...rest].slice(0, count);
}
