import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { productsFts } from '../../db/fts.ts';
import { containsText } from '../../db/like.ts';
import { categories, dealProducts, deals as dealsTable, products, siteImages } from '../../db/schema.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { type DealCover, liveDealPercents } from '../pricing/pricing.ts';
import { ftsQuery } from '../search/fts.ts';
import { listPrice } from './browse.ts';
import { MAX_PAGE_SIZE, type ProductsQuery } from './catalog.schema.ts';
import type { ApiCategory, ApiProduct, PublicSiteImage } from './catalog.ts';
import { isInStock, stockToBaseUnits } from './stock.ts';

const strain = alias(categories, 'strain');

/** The weight prices (D5), read wherever a price is worked out from raw columns. */
export const WEIGHT_PRICE_COLUMNS = {
  price1g: products.price1g,
  price2g: products.price2g,
  price3_5g: products.price3_5g,
  price7g: products.price7g,
  priceHalfOz: products.priceHalfOz,
  priceOz: products.priceOz,
};

/**
 * The name the shop's rules read for a product's category (weights, stock unit, limits): its kind
 * when it has one, so a renamed built-in category keeps its rules (catalog.ts categoryKey).
 */
export const categoryRuleKey = sql<string>`coalesce(${categories.kind}, ${categories.name})`;

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
  status: products.status,
  lowStockMilli: products.lowStockMilli,
  ...WEIGHT_PRICE_COLUMNS,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  category: categoryRuleKey,
  categoryName: categories.name,
  categorySlug: categories.slug,
  subcategoryName: strain.name,
};

/**
 * The products each enabled deal names, with the deal's window, raw: which are live at a moment,
 * and at what percent, is the pricing module's rule (D32).
 */
export function dealCoversQuery(db: Db) {
  return db
    .select({
      productId: dealProducts.productId,
      percentOff: dealsTable.percentOff,
      startsAt: dealsTable.startsAt,
      endsAt: dealsTable.endsAt,
    })
    .from(dealProducts)
    .innerJoin(dealsTable, eq(dealProducts.dealId, dealsTable.id))
    .where(eq(dealsTable.active, true));
}

/** Deal percent by product id, live at `now`. */
type Deals = ReadonlyMap<number, number>;
export const dealsOf = (covers: readonly DealCover[], now = Date.now()): Deals => liveDealPercents(covers, now);

async function readDeals(db: Db): Promise<Deals> {
  return dealsOf(await dealCoversQuery(db));
}

/** M1: only active products are public (storefront, search, sitemap, every public API answer). */
const isPublic = eq(products.status, 'active');

/** Every product column plus the names the API shows, in one joined select. */
function selectProducts(db: Db) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(strain, eq(products.subcategoryId, strain.id));
}

/** A product row as selectProducts reads it: raw columns and the names of its category and strain. */
export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['all']>>[number];

function toApiProduct(row: ProductRow, deals: Deals): ApiProduct {
  const { available, stockMilli, status, lowStockMilli, ...rest } = row;
  const dealPercentOff = deals.get(row.id) ?? null;
  return {
    ...rest,
    inStock: isInStock(row),
    stockQuantity: stockToBaseUnits(stockMilli),
    isDeal: dealPercentOff != null,
    dealPercentOff,
  };
}

/** What the admin sees of a product: the public fields plus status, switch and stock threshold. */
function toAdminProduct(row: ProductRow, deals: Deals): AdminProduct {
  return {
    ...toApiProduct(row, deals),
    available: row.available,
    status: row.status,
    lowStockQuantity: stockToBaseUnits(row.lowStockMilli) ?? 0,
  };
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

/** The public catalogue in its fixed order (by id): the "first N" rules depend on it. */
export async function listProducts(db: Db): Promise<ApiProduct[]> {
  const [deals, rows] = await Promise.all([
    readDeals(db),
    readAll((limit, offset) => selectProducts(db).where(isPublic).orderBy(asc(products.id)).limit(limit).offset(offset)),
  ]);
  return rows.map((r) => toApiProduct(r, deals));
}

/** Public products by id, in the order of `ids` (those that exist and are active). */
async function productsByIds(db: Db, ids: readonly number[], deals: Deals): Promise<ApiProduct[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += READ_CHUNK) chunks.push(ids.slice(i, i + READ_CHUNK));
  const rows = (await Promise.all(chunks.map((chunk) => selectProducts(db).where(and(isPublic, inArray(products.id, chunk)))))).flat();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toApiProduct(row, deals)] : [];
  });
}

/** Every filter but price, which searchByPrice applies; `dealIds` are the live deals' products. */
function filters(q: ProductsQuery, dealIds: readonly number[] | null): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (dealIds) conditions.push(inArray(products.id, [...dealIds]));
  // The category's id first (a name or slug names one category), so its products are read from the
  // category index in id order, rather than by looking up every product's category.
  if (q.category) {
    conditions.push(
      sql`${products.categoryId} = (select ${categories.id} from ${categories} where lower(${categories.name}) = lower(${q.category}) or lower(${categories.kind}) = lower(${q.category}) or ${categories.slug} = ${q.category.toLowerCase()})`,
    );
  }
  if (q.subcategory != null) conditions.push(eq(products.subcategoryId, q.subcategory));
  if (q.strainType?.length)
    conditions.push(
      inArray(
        sql`lower(${products.strainType})`,
        q.strainType.map((t) => t.toLowerCase()),
      ),
    );
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
 * keep catalogue order). bm25 over every match costs more on broad terms ("relax" matches half the
 * catalogue by its effects) and only reorders within these tiers.
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
 * GET /api/products: text search (FTS5, prefix, ranked), filters, sort and optional paging. A page
 * and its count go to the database as one batch.
 */
export async function searchProducts(db: Db, q: ProductsQuery): Promise<{ products: ApiProduct[]; total: number }> {
  const match = q.search ? ftsQuery(q.search) : null;
  if (q.search?.trim() && !match) return { products: [], total: 0 };
  const fts = match ? ftsMatches(db, match) : null;
  // Which products are in a live deal is the pricing rule's answer, so it is read first.
  const dealIds = q.deals === 'true' ? [...(await readDeals(db)).keys()] : null;
  const filtered = filters(q, dealIds);
  const where = and(isPublic, filtered);
  if (q.minPrice != null || q.maxPrice != null || q.sort === 'price-asc' || q.sort === 'price-desc') {
    return searchByPrice(db, q, fts, where);
  }
  const base = selectProducts(db);
  const query = (fts ? base.innerJoin(fts, eq(fts.id, products.id)) : base).where(where).orderBy(...ordering(q.sort, fts));
  if (q.page == null && q.limit == null) {
    const [deals, rows] = await Promise.all([readDeals(db), readAll((limit, offset) => query.limit(limit).offset(offset))]);
    return { products: rows.map((r) => toApiProduct(r, deals)), total: rows.length };
  }
  const { limit, offset } = pageOf(q);
  // Every active product has a category and an FTS row, and only active ones have one (migration
  // 0009), so with nothing but text to match the FTS table alone pages and counts the matches; only
  // the page's rows are then joined for their columns, instead of sorting every joined match.
  if (fts && match && !filtered && (q.sort ?? 'relevance') === 'relevance') {
    const page = db
      .select({ id: fts.id, rank: fts.rank })
      .from(fts)
      .orderBy(sql`${fts.rank}`, sql`${fts.id}`)
      .limit(limit)
      .offset(offset)
      .as('page');
    const [dealRows, rows, [total]] = await db.batch([
      dealCoversQuery(db),
      selectProducts(db).innerJoin(page, eq(page.id, products.id)).orderBy(sql`${page.rank}`, sql`${page.id}`),
      db.select({ n: count() }).from(productsFts).where(sql`products_fts match ${match}`),
    ]);
    const deals = dealsOf(dealRows);
    return { products: rows.map((r) => toApiProduct(r, deals)), total: total?.n ?? 0 };
  }
  const countBase = db.select({ n: count() }).from(products).innerJoin(categories, eq(products.categoryId, categories.id));
  const [dealRows, rows, [total]] = await db.batch([
    dealCoversQuery(db),
    query.limit(limit).offset(offset),
    (fts ? countBase.innerJoin(fts, eq(fts.id, products.id)) : countBase).where(where),
  ]);
  const deals = dealsOf(dealRows);
  return { products: rows.map((r) => toApiProduct(r, deals)), total: total?.n ?? 0 };
}

function pageOf(q: ProductsQuery): { limit: number; offset: number } {
  const limit = q.limit ?? MAX_PAGE_SIZE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
}

/**
 * D9, §5, §9: price filters and sorts use the price a list shows (browse.listPrice: the lowest
 * weight on offer, the deal price for deals), which only the pricing module computes. So the
 * matches are read with their raw price columns, filtered, sorted and paged here, and then the
 * page's products are read in full.
 */
async function searchByPrice(
  db: Db,
  q: ProductsQuery,
  fts: ReturnType<typeof ftsMatches> | null,
  where: SQL | undefined,
): Promise<{ products: ApiProduct[]; total: number }> {
  const base = db
    .select({
      id: products.id,
      category: categoryRuleKey,
      price: products.price,
      salePrice: products.salePrice,
      ...WEIGHT_PRICE_COLUMNS,
    })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id));
  const byPrice = q.sort === 'price-asc' || q.sort === 'price-desc';
  const query = (fts ? base.innerJoin(fts, eq(fts.id, products.id)) : base)
    .where(where)
    .orderBy(...ordering(byPrice ? undefined : q.sort, fts));
  const [deals, rows] = await Promise.all([readDeals(db), readAll((limit, offset) => query.limit(limit).offset(offset))]);
  const min = q.minPrice == null ? null : Math.round(q.minPrice * 100);
  const max = q.maxPrice == null ? null : Math.round(q.maxPrice * 100);
  const matches = rows
    .map((r) => ({ id: r.id, price: listPrice({ ...r, dealPercentOff: deals.get(r.id) ?? null }) }))
    .filter((p) => (min == null || p.price >= min) && (max == null || p.price <= max));
  if (q.sort === 'price-asc') matches.sort((a, b) => a.price - b.price || a.id - b.id);
  if (q.sort === 'price-desc') matches.sort((a, b) => b.price - a.price || a.id - b.id);
  const { limit, offset } = pageOf(q);
  const shown = q.page == null && q.limit == null ? matches : matches.slice(offset, offset + limit);
  return {
    products: await productsByIds(
      db,
      shown.map((p) => p.id),
      deals,
    ),
    total: matches.length,
  };
}

/**
 * The products a checkout names, with what pricing and stock need (the admin switch, raw stock);
 * only active ones, so a draft or archived product cannot be bought (M1).
 */
export function productsForCheckoutQuery(db: Db, ids: readonly number[]) {
  return selectProducts(db).where(and(isPublic, inArray(products.id, [...ids])));
}

export async function productsForCheckout(db: Db, ids: readonly number[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return productsForCheckoutQuery(db, ids);
}

/** Every product, whatever its status, with the admin's fields (the product manager's table). */
export async function listProductsForAdmin(db: Db): Promise<AdminProduct[]> {
  const [deals, rows] = await Promise.all([
    readDeals(db),
    readAll((limit, offset) => selectProducts(db).orderBy(asc(products.id)).limit(limit).offset(offset)),
  ]);
  return rows.map((r) => toAdminProduct(r, deals));
}

/** One product row and the deals, in one round trip. */
async function productRow(db: Db, id: number): Promise<{ row: ProductRow | undefined; deals: Deals }> {
  const [dealRows, [row]] = await db.batch([dealCoversQuery(db), selectProducts(db).where(eq(products.id, id)).limit(1)]);
  return { row, deals: dealsOf(dealRows) };
}

/** Any product, whatever its status, for the admin. */
export async function getProductForAdmin(db: Db, id: number): Promise<AdminProduct | null> {
  const { row, deals } = await productRow(db, id);
  return row ? toAdminProduct(row, deals) : null;
}

/** A public (active) product; null for drafts and archived products as for ids that name none. */
export async function getProduct(db: Db, id: number): Promise<ApiProduct | null> {
  const { row, deals } = await productRow(db, id);
  return row && row.status === 'active' ? toApiProduct(row, deals) : null;
}

async function productsIn(db: Db, categoryId: number): Promise<ApiProduct[]> {
  const [deals, rows] = await Promise.all([
    readDeals(db),
    readAll((limit, offset) =>
      selectProducts(db)
        .where(and(isPublic, or(eq(products.categoryId, categoryId), eq(products.subcategoryId, categoryId))))
        .orderBy(asc(products.id))
        .limit(limit)
        .offset(offset),
    ),
  ]);
  return rows.map((r) => toApiProduct(r, deals));
}

/**
 * Categories in display order; top-level ones carry their subcategories (the strains). Retired
 * ones are left out unless `withRetired` (the admin's lists).
 */
export async function listCategories(db: Db, { withRetired = false } = {}): Promise<ApiCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(withRetired ? undefined : eq(categories.retired, false))
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  return rows.map(({ retired, ...c }) => ({
    ...c,
    ...(withRetired ? { retired } : {}),
    subcategories: rows.filter((s) => s.parentId === c.id).map(({ id, name, slug }) => ({ id, name, slug })),
  }));
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
