/**
 * The product dashboard's figures (storefront.md §2, §9), computed from the catalogue. The page
 * computes them at build time and the island again from the live catalogue (stock changes).
 */
import { type ApiProduct, CATEGORY_NAMES } from '../catalog/catalog.ts';
import { EMPTY_SEARCH, type FlagKey, searchPageUrl } from '../search/search-page.ts';

/** §9: products shown per section. */
export const DASHBOARD_SECTION_SIZE = 4;
/** §9: the in-stock badge turns destructive at or below this share. */
export const STOCK_WARNING_PERCENT = 80;

export interface CategoryCount {
  name: string;
  count: number;
  /** Share of all products, 0-100 (one decimal). */
  percent: number;
}

export interface DashboardSection {
  key: FlagKey;
  title: string;
  /** The search page listing all of them (D9: search honours the flag). */
  href: string;
  products: ApiProduct[];
}

export interface DashboardData {
  totalProducts: number;
  inStock: number;
  /** Mean product rating, one decimal; 0 for an empty catalogue. */
  averageRating: number;
  totalReviews: number;
  featuredCount: number;
  newArrivalCount: number;
  bestSellerCount: number;
  /** Every known category (in menu order, even when empty), then any others the catalogue has. */
  byCategory: CategoryCount[];
  topCategory: CategoryCount | null;
  /** In-stock share, one decimal; null for an empty catalogue. */
  inStockPercent: number | null;
  /** §9: true at or below STOCK_WARNING_PERCENT (and for an empty catalogue). */
  stockWarning: boolean;
  /** Reviews per product, one decimal; null for an empty catalogue. */
  averageReviews: number | null;
  sections: DashboardSection[];
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

const SECTIONS: { key: FlagKey; title: string; has: (p: ApiProduct) => boolean }[] = [
  { key: 'featured', title: 'Featured Products', has: (p) => p.isFeatured },
  { key: 'bestseller', title: 'Best Sellers', has: (p) => p.isBestSeller },
  { key: 'newarrival', title: 'New Arrivals', has: (p) => p.isNewArrival },
];

/** Products in catalogue order (by id), as the API and the build list them. */
export function buildDashboard(products: readonly ApiProduct[]): DashboardData {
  const total = products.length;
  const inStock = products.filter((p) => p.inStock).length;
  const totalReviews = products.reduce((sum, p) => sum + p.reviews, 0);
  const ratingSum = products.reduce((sum, p) => sum + p.rating, 0);

  // Counted by the rules' name, which a renamed category keeps, and labelled with the name shown.
  const counts = new Map<string, number>(CATEGORY_NAMES.map((c) => [c, 0]));
  const names = new Map<string, string>();
  for (const p of products) {
    counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
    names.set(p.category, p.categoryName);
  }
  const byCategory = [...counts].map(([key, count]) => ({
    name: names.get(key) ?? key,
    count,
    percent: total ? oneDecimal((count / total) * 100) : 0,
  }));
  // The first of the largest, so a tie goes to the category listed first.
  const topCategory = byCategory.reduce<CategoryCount | null>(
    (best, c) => (c.count > 0 && (!best || c.count > best.count) ? c : best),
    null,
  );

  const inStockPercent = total ? oneDecimal((inStock / total) * 100) : null;
  return {
    totalProducts: total,
    inStock,
    averageRating: total ? oneDecimal(ratingSum / total) : 0,
    totalReviews,
    featuredCount: products.filter((p) => p.isFeatured).length,
    newArrivalCount: products.filter((p) => p.isNewArrival).length,
    bestSellerCount: products.filter((p) => p.isBestSeller).length,
    byCategory,
    topCategory,
    inStockPercent,
    stockWarning: isStockLow(inStockPercent),
    averageReviews: total ? oneDecimal(totalReviews / total) : null,
    sections: SECTIONS.map((s) => ({
      key: s.key,
      title: s.title,
      href: searchPageUrl({ ...EMPTY_SEARCH, flags: [s.key] }),
      products: products.filter(s.has).slice(0, DASHBOARD_SECTION_SIZE),
    })),
  };
}

/**
 * §9: destructive at or below 80% in stock. Judged on the share as shown (one decimal), so a badge
 * reading '80%' is never green; an empty catalogue has nothing in stock.
 */
export function isStockLow(inStockPercent: number | null): boolean {
  return inStockPercent == null || inStockPercent <= STOCK_WARNING_PERCENT;
}

/** '97.7%', '80%'. */
export function formatPercent(percent: number | null): string {
  return percent == null ? 'N/A' : `${percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

/** Whole numbers with thousands separators; averages with one decimal. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatAverage(n: number | null): string {
  return n == null ? 'N/A' : n.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
