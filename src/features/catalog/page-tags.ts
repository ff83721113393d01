/**
 * The cache tags of the pages Astro renders on request (docs/decisions/0024), and which tags an
 * admin write touches. A page is kept in the platform's cache under its tags, and a write purges
 * the tags it touches, so the next view anywhere is rendered afresh.
 */

/** Every catalogue page: a write that could change any of them purges this one. */
export const ALL_PAGES_TAG = 'catalogue';
/** The pages that list products (category, strain, deals, search, the sitemap). */
export const LISTINGS_TAG = 'listings';
export const DEALS_TAG = 'deals';
/** The state landing pages, which say what each state allows (D38): a change to a state's rules purges them. */
export const STATES_TAG = 'states';

export const productTag = (id: number) => `product-${id}`;
export const categoryTag = (id: number) => `category-${id}`;

/** A product page's tags: the product, its category and strain, and the products it shows beside it. */
export function productPageTags(
  product: { id: number; categoryId: number | null; subcategoryId?: number | null },
  related: readonly { id: number }[],
) {
  const categories = [product.categoryId, product.subcategoryId].filter((id): id is number => id != null);
  return [ALL_PAGES_TAG, productTag(product.id), ...categories.map(categoryTag), ...related.map((p) => productTag(p.id))];
}

/** A listing page's tags, with the categories it is about. */
export const listingTags = (...categoryIds: readonly number[]) => [ALL_PAGES_TAG, LISTINGS_TAG, ...categoryIds.map(categoryTag)];

/** Writes under /api that change no page of the catalogue (orders, delivery, staff, reports, mail). */
const NO_PAGE = [
  /^\/admin\/(login|logout|orders|drivers|deliveries|door|delivery|reports|report-settings|staff|send-email|site-images|upload-image|vehicles|runs|track-and-trace)(\/|$)/,
  /^\/seo\/(audit-page|keyword-research|generate-blog-content|generate-category-seo|generate-product-seo)(\/|$)/,
  // Checkout names the pages it changed itself (D40: a next package it emptied), through touchedPages.
  /^\/checkout$/,
];

/**
 * The tags an admin write to `path` (under /api) touches, once it succeeded. A product's own writes
 * purge its pages and the listings; a category's its pages and the listings; a state's rules the
 * state pages; anything else that may show on a page (a new product, an import, a deal, the menu's
 * order) purges every catalogue page, which is rare and always right.
 */
export function tagsForWrite(path: string): string[] {
  if (NO_PAGE.some((re) => re.test(path))) return [];
  if (/^\/admin\/states(\/|$)/.test(path)) return [STATES_TAG];
  const product = /^\/(?:admin|seo)\/products\/(\d+)(?:\/|$)/.exec(path);
  if (product) return [productTag(Number(product[1])), LISTINGS_TAG];
  const category = /^\/admin\/(?:categories|strains)\/(\d+)(?:\/|$)/.exec(path);
  if (category) return [categoryTag(Number(category[1])), LISTINGS_TAG];
  return [ALL_PAGES_TAG];
}
