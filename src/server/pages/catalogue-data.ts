/**
 * What a catalogue page rendered on request reads (docs/decisions/0024): that page's data only,
 * through the API's query code. Each function answers what the catalogue's pure rule would give
 * (catalog.relatedProducts, browse.firstPage, card.dealProducts), read with the database's
 * ordering instead of in memory.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { categories, deals, products, slugRedirects } from '../../db/schema.ts';
import { BROWSE_PAGE_SIZE } from '../../features/catalog/browse.ts';
import { strainsWithParent, topLevelCategories } from '../../features/catalog/card.ts';
import { getProduct, listCategories, searchProducts } from '../../features/catalog/catalog.server.ts';
import type { ApiCategory, ApiProduct } from '../../features/catalog/catalog.ts';
import type { FirstPage } from '../../features/catalog/catalog-pages.ts';
import { type ProductPageSeo, productPageSeo } from '../../features/seo/product-page-seo.ts';
import { CATALOG } from '../../features/site/settings.ts';

const self = alias(products, 'self');

/**
 * catalog.relatedProducts over the public catalogue (other products of the same category first,
 * then the rest, each in catalogue order), with the product's saved SEO: one round trip, each query
 * reading a few rows through an index rather than sorting the catalogue.
 */
async function relatedAndSeo(db: Db, id: number): Promise<{ related: ApiProduct[]; seo: ProductPageSeo }> {
  const categoryOf = db.select({ categoryId: self.categoryId }).from(self).where(eq(self.id, id));
  const others = (sameCategory: boolean) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.status, 'active'),
          ne(products.id, id),
          sameCategory ? sql`${products.categoryId} = (${categoryOf})` : sql`${products.categoryId} <> (${categoryOf})`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(CATALOG.relatedCount);
  const [same, rest, [seoRow]] = await db.batch([
    others(true),
    others(false),
    db
      .select({
        seoTitle: products.seoTitle,
        seoDescription: products.seoDescription,
        seoH1: products.seoH1,
        seoBody: products.seoBody,
        seoKeywords: products.seoKeywords,
      })
      .from(products)
      .where(eq(products.id, id)),
  ]);
  const ids = [...same, ...rest].slice(0, CATALOG.relatedCount).map((r) => r.id);
  return { related: await productsByIds(db, ids), seo: productPageSeo(seoRow) };
}

async function productsByIds(db: Db, ids: readonly number[]): Promise<ApiProduct[]> {
  if (ids.length === 0) return [];
  // Paged, so the products and the deals come in one batch.
  const { products: found } = await searchProducts(db, { ids: [...ids], page: 1, limit: ids.length });
  const byId = new Map(found.map((p) => [p.id, p]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A public product's page data; null for a draft, archived or unknown product (it answers 404). */
export async function productPageData(
  db: Db,
  id: number,
): Promise<{ product: ApiProduct; related: ApiProduct[]; seo: ProductPageSeo } | null> {
  const [product, { related, seo }] = await Promise.all([getProduct(db, id), relatedAndSeo(db, id)]);
  return product ? { product, related, seo } : null;
}

/** browse.firstPage, by the database: the default order (featured first, then catalogue order). */
async function firstPageOf(db: Db, scope: { category: string } | { subcategory: number }): Promise<FirstPage> {
  return searchProducts(db, { ...scope, sort: 'featured', page: 1, limit: BROWSE_PAGE_SIZE });
}

/** A public top-level category's page data by slug; null when there is none (retired or unknown). */
export async function categoryPageData(db: Db, slug: string): Promise<{ category: ApiCategory; first: FirstPage } | null> {
  const [all, first] = await Promise.all([listCategories(db), firstPageOf(db, { category: slug })]);
  const category = topLevelCategories(all).find((c) => c.slug === slug);
  return category ? { category, first } : null;
}

/** Where a category's old slug leads now: its current slug, or null (never renamed, or retired). */
export async function categoryRedirect(db: Db, oldSlug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: categories.slug })
    .from(slugRedirects)
    .innerJoin(categories, eq(categories.id, slugRedirects.targetId))
    .where(and(eq(slugRedirects.kind, 'category'), eq(slugRedirects.oldSlug, oldSlug), eq(categories.retired, false)));
  return row && row.slug !== oldSlug ? row.slug : null;
}

/** A public strain's page data; null when there is none (retired or unknown). */
export async function strainPageData(
  db: Db,
  id: number,
): Promise<{ strain: ApiCategory; parent: ApiCategory | null; first: FirstPage } | null> {
  const [all, first] = await Promise.all([listCategories(db), firstPageOf(db, { subcategory: id })]);
  const found = strainsWithParent(all).find(({ strain }) => strain.id === id);
  return found ? { ...found, first } : null;
}

/** card.dealProducts: the products in a deal live now, in catalogue order. */
export async function dealsPageData(db: Db): Promise<ApiProduct[]> {
  return (await searchProducts(db, { deals: 'true' })).products;
}

/** What the sitemap lists: the public categories and strains, and the active products' ids. */
export async function sitemapData(db: Db): Promise<{ categories: ApiCategory[]; productIds: number[] }> {
  const [all, ids] = await Promise.all([
    listCategories(db),
    db
      .select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(products.categoryId, categories.id))
      .where(eq(products.status, 'active'))
      .orderBy(asc(products.id)),
  ]);
  return { categories: all, productIds: ids.map((r) => r.id) };
}

/**
 * When the next enabled deal starts or ends after `now` (epoch ms), or null: a page showing prices
 * is right until then (D32: deals start and end without a write).
 */
export async function nextDealChange(db: Db, now: number): Promise<number | null> {
  const [row] = await db
    .select({
      at: sql<number | null>`min(case when ${deals.startsAt} > ${now} then ${deals.startsAt} else ${deals.endsAt} end)`,
    })
    .from(deals)
    .where(and(eq(deals.active, true), sql`(${deals.startsAt} > ${now} or ${deals.endsAt} > ${now})`));
  return row?.at ?? null;
}
