import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { productsFts } from '../../db/fts.ts';
import { containsText } from '../../db/like.ts';
import { categories, products, siteImages } from '../../db/schema.ts';
import { ftsQuery } from '../search/fts.ts';
import { DEALS } from '../site/settings.ts';
import { MAX_PAGE_SIZE, type ProductsQuery } from './catalog.schema.ts';
import { type ApiCategory, type ApiProduct, type ProductWithNames, type PublicSiteImage, toApiProduct, WEIGHT_OPTIONS } from './catalog.ts';

const strain = alias(categories, 'strain');

/** Every product column plus the names the API shows, in one joined select. */
function selectProducts(db: Db) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      description: products.description,
      price: products.price,
      salePrice: products.salePrice,
      image: products.image,
      rating: products.rating,
      reviews: products.reviews,
      categoryId: products.categoryId,
      subcategoryId: products.subcategoryId,
      thcContent: products.thcContent,
      cbdContent: products.cbdContent,
      thcMg: products.thcMg,
      netGrams: products.netGrams,
      effects: products.effects,
      flavor: products.flavor,
      strainType: products.strainType,
      origin: products.origin,
      available: products.available,
      stockMilli: products.stockMilli,
      isNewArrival: products.isNewArrival,
      isBestSeller: products.isBestSeller,
      isFeatured: products.isFeatured,
      isOrganic: products.isOrganic,
      price1g: products.price1g,
      price2g: products.price2g,
      price3_5g: products.price3_5g,
      price7g: products.price7g,
      priceHalfOz: products.priceHalfOz,
      priceOz: products.priceOz,
      createdAt: products.createdAt,
      updatedAt: products.updatedAt,
      categoryName: categories.name,
      categorySlug: categories.slug,
      subcategoryName: strain.name,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(strain, eq(products.subcategoryId, strain.id));
}

/** D4: the deal products are the first of the catalogue (by id). */
export async function dealIds(db: Db): Promise<Set<number>> {
  const rows = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(DEALS.productCount);
  return new Set(rows.map((r) => r.id));
}

/** The catalogue in its fixed order (by id): the deals and "first N" rules depend on it. */
export async function listProducts(db: Db): Promise<ApiProduct[]> {
  const [rows, deals] = await Promise.all([selectProducts(db).orderBy(asc(products.id)), dealIds(db)]);
  return rows.map((r) => toApiProduct(r, deals));
}

/**
 * D9, §5, §9 in SQL: the price a list shows (lowest weight on offer for weighed categories, else the
 * base price; deal products at round(x * 0.6)), so filters and sorts agree with browse.listPrice.
 */
const NO_PRICE = 9e15;
const listPriceSql = (() => {
  // SQLite's scalar min() (two or more arguments; every weighed category has several) is NULL when
  // any argument is, so missing or zero prices become a sentinel that nullif() turns back into NULL.
  const lowest = (fields: readonly SQL[]) =>
    sql`nullif(min(${sql.join(
      fields.map((f) => sql`coalesce(nullif(${f}, 0), ${NO_PRICE})`),
      sql`, `,
    )}), ${NO_PRICE})`;
  const cases = Object.entries(WEIGHT_OPTIONS).map(
    ([category, options]) => sql`when ${category} then ${lowest(options.map((o) => sql`${products[o.field]}`))}`,
  );
  const regular = sql`coalesce(case ${categories.name} ${sql.join(cases, sql` `)} end, ${products.price})`;
  return sql`(case when ${products.id} in (select id from products order by id limit ${DEALS.productCount}) then round(${regular} * ${DEALS.priceFactor}) else ${regular} end)`;
})();

function filters(q: ProductsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.category) conditions.push(or(sql`lower(${categories.name}) = lower(${q.category})`, eq(categories.slug, q.category.toLowerCase())));
  if (q.strainType?.length)
    conditions.push(
      inArray(
        sql`lower(${products.strainType})`,
        q.strainType.map((t) => t.toLowerCase()),
      ),
    );
  if (q.minPrice != null) conditions.push(sql`${listPriceSql} >= ${Math.round(q.minPrice * 100)}`);
  if (q.maxPrice != null) conditions.push(sql`${listPriceSql} <= ${Math.round(q.maxPrice * 100)}`);
  // §5: any selected effect contained in any effect; products without effects are not excluded.
  if (q.effects?.length) conditions.push(or(eq(products.effects, ''), ...q.effects.map((e) => containsText(products.effects, e))));
  if (q.featured === 'true') conditions.push(eq(products.isFeatured, true));
  if (q.bestseller === 'true') conditions.push(eq(products.isBestSeller, true));
  if (q.newarrival === 'true') conditions.push(eq(products.isNewArrival, true));
  if (q.ids?.length) conditions.push(inArray(products.id, q.ids));
  return and(...conditions);
}

function ordering(sort: string | undefined, fts: { rank: SQL.Aliased<number> } | null): SQL[] {
  switch (sort ?? (fts ? 'relevance' : 'id')) {
    case 'relevance':
      return fts ? [sql`${fts.rank}`, asc(products.id)] : [asc(products.id)];
    case 'featured':
      return [desc(products.isFeatured), asc(products.id)];
    case 'price-asc':
      return [asc(listPriceSql), asc(products.id)];
    case 'price-desc':
      return [desc(listPriceSql), asc(products.id)];
    case 'name':
      return [sql`${products.name} collate nocase`, asc(products.id)];
    case 'rating':
      return [desc(products.rating), desc(products.reviews), asc(products.id)];
    case 'thc':
      return [sql`${products.thcContent} is null`, desc(products.thcContent), asc(products.id)];
    default:
      return [asc(products.id)];
  }
}

/** The products a text query matches, with their rank: one FTS5 MATCH, joined (not run per row). */
function ftsMatches(db: Db, match: string) {
  return db
    .select({ id: sql<number>`${productsFts.rowid}`.as('fts_id'), rank: sql<number>`${productsFts.rank}`.as('fts_rank') })
    .from(productsFts)
    .where(sql`products_fts match ${match}`)
    .as('fts');
}

/** GET /api/products: text search (FTS5, prefix, ranked), filters, sort and optional paging. */
export async function searchProducts(db: Db, q: ProductsQuery): Promise<{ products: ApiProduct[]; total: number }> {
  const match = q.search ? ftsQuery(q.search) : null;
  if (q.search?.trim() && !match) return { products: [], total: 0 };
  const fts = match ? ftsMatches(db, match) : null;
  const where = filters(q);
  const paged = q.page != null || q.limit != null;
  const limit = q.limit ?? MAX_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * limit;
  const base = selectProducts(db);
  const query = (fts ? base.innerJoin(fts, eq(fts.id, products.id)) : base).where(where).orderBy(...ordering(q.sort, fts));
  const countBase = db.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id));
  const [rows, deals, counted] = await Promise.all([
    paged ? query.limit(limit).offset(offset) : query,
    dealIds(db),
    paged ? (fts ? countBase.innerJoin(fts, eq(fts.id, products.id)) : countBase).where(where) : Promise.resolve(null),
  ]);
  return { products: rows.map((r) => toApiProduct(r, deals)), total: counted ? (counted[0]?.n ?? 0) : rows.length };
}

/** The products a checkout names, with what pricing and stock need (the admin switch, raw stock). */
export async function productsForCheckout(db: Db, ids: readonly number[]): Promise<(ProductWithNames & { isDeal: boolean })[]> {
  if (ids.length === 0) return [];
  const [rows, deals] = await Promise.all([selectProducts(db).where(inArray(products.id, [...ids])), dealIds(db)]);
  return rows.map((r) => ({ ...r, isDeal: deals.has(r.id) }));
}

/** Every product with the admin's availability switch (the product manager's table). */
export async function listProductsForAdmin(db: Db): Promise<(ApiProduct & { available: boolean })[]> {
  const [rows, deals] = await Promise.all([selectProducts(db).orderBy(asc(products.id)), dealIds(db)]);
  return rows.map((r) => ({ ...toApiProduct(r, deals), available: r.available }));
}

export async function getProductForAdmin(db: Db, id: number): Promise<(ApiProduct & { available: boolean }) | null> {
  const [[row], deals] = await Promise.all([selectProducts(db).where(eq(products.id, id)).limit(1), dealIds(db)]);
  return row ? { ...toApiProduct(row, deals), available: row.available } : null;
}

export async function getProduct(db: Db, id: number): Promise<ApiProduct | null> {
  const [[row], deals] = await Promise.all([selectProducts(db).where(eq(products.id, id)).limit(1), dealIds(db)]);
  return row ? toApiProduct(row, deals) : null;
}

async function productsIn(db: Db, categoryId: number): Promise<ApiProduct[]> {
  const [rows, deals] = await Promise.all([
    selectProducts(db)
      .where(or(eq(products.categoryId, categoryId), eq(products.subcategoryId, categoryId)))
      .orderBy(asc(products.id)),
    dealIds(db),
  ]);
  return rows.map((r) => toApiProduct(r, deals));
}

/** All categories in display order; top-level ones carry their subcategories (the strains). */
export async function listCategories(db: Db): Promise<ApiCategory[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map((c) => ({
    ...c,
    subcategories: rows.filter((s) => s.parentId === c.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
}

export async function listTopCategories(db: Db): Promise<ApiCategory[]> {
  return (await listCategories(db)).filter((c) => c.parentId == null);
}

export async function getCategoryWithProducts(db: Db, id: number): Promise<{ category: ApiCategory; products: ApiProduct[] } | null> {
  const category = (await listCategories(db)).find((c) => c.id === id);
  if (!category) return null;
  return { category, products: await productsIn(db, id) };
}

/** A subcategory is a category with a parent (a strain under Flower). */
export async function getSubcategoryWithProducts(db: Db, id: number): Promise<{ subcategory: ApiCategory; products: ApiProduct[] } | null> {
  const subcategory = (await listCategories(db)).find((c) => c.id === id && c.parentId != null);
  if (!subcategory) return null;
  return { subcategory, products: await productsIn(db, id) };
}

/** What the storefront needs of site images: active ones only, no admin fields. */
export async function listActiveSiteImages(db: Db): Promise<PublicSiteImage[]> {
  return db
    .select({
      id: siteImages.id,
      category: siteImages.category,
      name: siteImages.name,
      description: siteImages.description,
      url: siteImages.url,
      linkTo: siteImages.linkTo,
      location: siteImages.location,
    })
    .from(siteImages)
    .where(eq(siteImages.active, true))
    .orderBy(asc(siteImages.id));
}
