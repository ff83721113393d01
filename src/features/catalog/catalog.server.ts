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

/** D4: the deal products are the first of the catalogue (by id); SQLite runs the subquery once. */
const isDealSql = sql<boolean>`(${products.id} in (select id from products order by id limit ${DEALS.productCount}))`;

/** Every product column plus the names the API shows. */
const productColumns = {
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
  isDeal: isDealSql.mapWith(Boolean),
};

/** Every product column plus the names the API shows, in one joined select. */
function selectProducts(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(strain, eq(products.subcategoryId, strain.id));
}

/**
 * Rows read in chunks: a libSQL server caps one answer's size (sqld: 10 MB), which a catalogue of
 * tens of thousands of products passes. Every query given here orders by a unique key last, so
 * the chunks neither skip nor repeat a row.
 */
const READ_CHUNK = 1000;
async function readAll<T>(chunk: (limit: number, offset: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += READ_CHUNK) {
    const rows = await chunk(READ_CHUNK, offset);
    all.push(...rows);
    if (rows.length < READ_CHUNK) return all;
  }
}

/** The catalogue in its fixed order (by id): the deals and "first N" rules depend on it. */
export async function listProducts(db: Db): Promise<ApiProduct[]> {
  return (await readAll((limit, offset) => selectProducts(db).orderBy(asc(products.id)).limit(limit).offset(offset))).map(toApiProduct);
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
  return sql`(case when ${isDealSql} then round(${regular} * ${DEALS.priceFactor}) else ${regular} end)`;
})();

function filters(q: ProductsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.category) conditions.push(or(sql`lower(${categories.name}) = lower(${q.category})`, eq(categories.slug, q.category.toLowerCase())));
  if (q.subcategory != null) conditions.push(eq(products.subcategoryId, q.subcategory));
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

/**
 * The products a text query matches, with their rank: one FTS5 MATCH, joined (not run per row).
 * Rank tiers: the name matches first, then the category or strain, then any other column (ties
 * keep catalogue order). bm25 over every match cost 2-3x as much on broad terms ("relax" matches
 * half the catalogue by its effects) and only reordered within these tiers.
 */
function ftsMatches(db: Db, match: string) {
  const matchesIn = (columns: string) =>
    sql`${productsFts.rowid} in (select rowid from products_fts where products_fts match ${`{${columns}} : (${match})`})`;
  return db
    .select({
      id: sql<number>`${productsFts.rowid}`.as('fts_id'),
      rank: sql<number>`(case when ${matchesIn('name')} then 0 when ${matchesIn('category strain')} then 1 else 2 end)`.as('fts_rank'),
    })
    .from(productsFts)
    .where(sql`products_fts match ${match}`)
    .as('fts');
}

/**
 * GET /api/products: text search (FTS5, prefix, ranked), filters, sort and optional paging.
 * One round trip: the page and its count go to the database as one batch (issue 7's latency).
 */
export async function searchProducts(db: Db, q: ProductsQuery): Promise<{ products: ApiProduct[]; total: number }> {
  const match = q.search ? ftsQuery(q.search) : null;
  if (q.search?.trim() && !match) return { products: [], total: 0 };
  const fts = match ? ftsMatches(db, match) : null;
  const where = filters(q);
  const base = selectProducts(db);
  const query = (fts ? base.innerJoin(fts, eq(fts.id, products.id)) : base).where(where).orderBy(...ordering(q.sort, fts));
  if (q.page == null && q.limit == null) {
    const rows = await readAll((limit, offset) => query.limit(limit).offset(offset));
    return { products: rows.map(toApiProduct), total: rows.length };
  }
  const limit = q.limit ?? MAX_PAGE_SIZE;
  const offset = ((q.page ?? 1) - 1) * limit;
  // Every product has a category and an FTS row, so with nothing but text to match the FTS table
  // alone pages and counts the matches; only the page's rows are then joined for their columns
  // (a broad term's page: ~1.5 ms instead of ~5 ms of sorting thousands of joined rows).
  if (fts && match && !where && (q.sort ?? 'relevance') === 'relevance') {
    const page = db
      .select({ id: fts.id, rank: fts.rank })
      .from(fts)
      .orderBy(sql`${fts.rank}`, sql`${fts.id}`)
      .limit(limit)
      .offset(offset)
      .as('page');
    const [rows, [total]] = await db.batch([
      selectProducts(db).innerJoin(page, eq(page.id, products.id)).orderBy(sql`${page.rank}`, sql`${page.id}`),
      db.select({ n: count() }).from(productsFts).where(sql`products_fts match ${match}`),
    ]);
    return { products: rows.map(toApiProduct), total: total?.n ?? 0 };
  }
  const countBase = db.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id));
  const [rows, [total]] = await db.batch([
    query.limit(limit).offset(offset),
    (fts ? countBase.innerJoin(fts, eq(fts.id, products.id)) : countBase).where(where),
  ]);
  return { products: rows.map(toApiProduct), total: total?.n ?? 0 };
}

/** The products a checkout names, with what pricing and stock need (the admin switch, raw stock). */
export function productsForCheckoutQuery(db: Db, ids: readonly number[]) {
  return selectProducts(db).where(inArray(products.id, [...ids]));
}

export async function productsForCheckout(db: Db, ids: readonly number[]): Promise<ProductWithNames[]> {
  if (ids.length === 0) return [];
  return productsForCheckoutQuery(db, ids);
}

/** Every product with the admin's availability switch (the product manager's table). */
export async function listProductsForAdmin(db: Db): Promise<(ApiProduct & { available: boolean })[]> {
  const rows = await readAll((limit, offset) => selectProducts(db).orderBy(asc(products.id)).limit(limit).offset(offset));
  return rows.map((r) => ({ ...toApiProduct(r), available: r.available }));
}

export async function getProductForAdmin(db: Db, id: number): Promise<(ApiProduct & { available: boolean }) | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  return row ? { ...toApiProduct(row), available: row.available } : null;
}

export async function getProduct(db: Db, id: number): Promise<ApiProduct | null> {
  const [row] = await selectProducts(db).where(eq(products.id, id)).limit(1);
  return row ? toApiProduct(row) : null;
}

async function productsIn(db: Db, categoryId: number): Promise<ApiProduct[]> {
  const rows = await readAll((limit, offset) =>
    selectProducts(db)
      .where(or(eq(products.categoryId, categoryId), eq(products.subcategoryId, categoryId)))
      .orderBy(asc(products.id))
      .limit(limit)
      .offset(offset),
  );
  return rows.map(toApiProduct);
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
