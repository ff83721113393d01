import { and, asc, count, desc, eq, exists, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { productsFts } from '../../db/fts.ts';
import { containsText } from '../../db/like.ts';
import { nextPackage, nextPackageLab, nextPackageOn } from '../../db/next-package.ts';
import { categories, dealProducts, deals as dealsTable, products, siteImages } from '../../db/schema.ts';
import type { AdminProduct } from '../admin/admin.ts';
import { type DealCover, liveDealPercents } from '../pricing/pricing.ts';
import { MAX_PAGE_SIZE, type ProductsQuery } from './catalog.schema.ts';
import { type ApiCategory, type ApiProduct, labResultsOf, type PublicSiteImage } from './catalog.ts';
import { ftsQuery } from './fts.ts';
import { type LiveDeals, listPriceSql, liveDealsQuery } from './list-price.server.ts';
import { isInStock, stockToBaseUnits } from './stock.ts';

const strain = alias(categories, 'strain');
/** The category a listing names, looked up apart from the rows it reads. */
const shownCategory = alias(categories, 'shown');

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

/** selectProducts with the lab results of each product's next package (D40), for the admin's reads. */
function selectProductsWithLab(db: Db) {
  return db
    .select({ ...productColumns, nextPackage: nextPackageLab })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(strain, eq(products.subcategoryId, strain.id))
    .leftJoin(nextPackage, nextPackageOn(products.id));
}

/** A product row with its next package's raw lab columns (null when it has none). */
type ProductLabRow = ProductRow & { nextPackage: Parameters<typeof labResultsOf>[0] };

function toApiProduct(row: ProductLabRow, dealPercentOff: number | null): ApiProduct {
  const { available, stockMilli, status, lowStockMilli, nextPackage: next, ...rest } = row;
  return {
    ...rest,
    inStock: isInStock(row),
    stockQuantity: stockToBaseUnits(stockMilli),
    isDeal: dealPercentOff != null,
    dealPercentOff,
    labResults: labResultsOf(next),
  };
}

/** What the admin sees of a product: the public fields plus status, switch and stock threshold. */
function toAdminProduct(row: ProductLabRow, deals: Deals): AdminProduct {
  return {
    ...toApiProduct(row, deals.get(row.id) ?? null),
    available: row.available,
    status: row.status,
    lowStockQuantity: stockToBaseUnits(row.lowStockMilli) ?? 0,
  };
}

/**
 * Rows read in chunks: a libSQL server caps one answer's size (sqld: 10 MB), which a few thousand
 * products as columns pass. A read of fewer rows than a chunk is one round trip; `first` is a first
 * chunk already read in a batch. Every query given here orders by a unique key last, so the chunks
 * neither skip nor repeat a row.
 */
const READ_CHUNK = 1000;
async function readAll<T>(chunk: (limit: number, offset: number) => Promise<T[]>, first?: T[]): Promise<T[]> {
  const all: T[] = [...(first ?? [])];
  if (first && first.length < READ_CHUNK) return all;
  for (let offset = all.length; ; offset += READ_CHUNK) {
    const rows = await chunk(READ_CHUNK, offset);
    all.push(...rows);
    if (rows.length < READ_CHUNK) return all;
  }
}

/**
 * Public product reads at one moment: the columns, with the percent of the deal live then and the
 * lab results of the package a shopper gets next (D40), in the same statement.
 */
function selectPublic(db: Db, live: LiveDeals) {
  return db
    .select({ ...productColumns, dealPercentOff: live.percentOff, nextPackage: nextPackageLab })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(strain, eq(products.subcategoryId, strain.id))
    .leftJoin(live, eq(live.productId, products.id))
    .leftJoin(nextPackage, nextPackageOn(products.id));
}

/** How many products match, with the same joins the price and deal filters read. */
function countPublic(db: Db, live: LiveDeals) {
  return db
    .select({ n: count() })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .leftJoin(live, eq(live.productId, products.id));
}

type PublicRow = ProductLabRow & { dealPercentOff: number | null };
const toApiProducts = (rows: readonly PublicRow[]): ApiProduct[] =>
  rows.map(({ dealPercentOff, ...row }) => toApiProduct(row, dealPercentOff));

/** The public catalogue in its fixed order (by id): the "first N" rules depend on it. */
export async function listProducts(db: Db, now = Date.now()): Promise<ApiProduct[]> {
  return (await searchProducts(db, {}, now)).products;
}

/** Every filter; `live` are the deals live now and `price` the price a list shows. */
function filters(q: ProductsQuery, live: LiveDeals, price: SQL<number>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.deals === 'true') conditions.push(isNotNull(live.percentOff));
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
  // D9, §5, §9: the bounds are dollars and inclusive, compared with the price a list shows.
  if (q.minPrice != null) conditions.push(gte(price, Math.round(q.minPrice * 100)));
  if (q.maxPrice != null) conditions.push(lte(price, Math.round(q.maxPrice * 100)));
  return and(...conditions);
}

function ordering(sort: string | undefined, fts: { rank: SQL.Aliased<number> } | null, price: SQL<number>): SQL[] {
  switch (sort ?? (fts ? 'relevance' : 'id')) {
    case 'relevance':
      return fts ? [sql`${fts.rank}`, asc(products.id)] : [asc(products.id)];
    case 'featured':
      return [desc(products.isFeatured), asc(products.id)];
    case 'price-asc':
      return [asc(price), asc(products.id)];
    case 'price-desc':
      return [desc(price), asc(products.id)];
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
 * GET /api/products: text search (FTS5, prefix, ranked), filters, price range, sort and optional
 * paging, at `now` for the deals. Every filter and sort, price and deals included, is done in the
 * database, so a request reads what it answers in one round trip: one statement for every match,
 * or one batch of the page and its count.
 */
export async function searchProducts(db: Db, q: ProductsQuery, now = Date.now()): Promise<{ products: ApiProduct[]; total: number }> {
  const match = q.search ? ftsQuery(q.search) : null;
  if (q.search?.trim() && !match) return { products: [], total: 0 };
  const fts = match ? ftsMatches(db, match) : null;
  const live = liveDealsQuery(db, now);
  const price = listPriceSql(categoryRuleKey, live.percentOff);
  const filtered = filters(q, live, price);
  const where = and(isPublic, filtered);
  const base = selectPublic(db, live);
  const query = (fts ? base.innerJoin(fts, eq(fts.id, products.id)) : base).where(where).orderBy(...ordering(q.sort, fts, price));
  if (q.page == null && q.limit == null) {
    const rows = toApiProducts(await readAll((limit, offset) => query.limit(limit).offset(offset)));
    return { products: rows, total: rows.length };
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
    const [rows, [total]] = await db.batch([
      selectPublic(db, live).innerJoin(page, eq(page.id, products.id)).orderBy(sql`${page.rank}`, sql`${page.id}`),
      db.select({ n: count() }).from(productsFts).where(sql`products_fts match ${match}`),
    ]);
    return { products: toApiProducts(rows), total: total?.n ?? 0 };
  }
  const countBase = countPublic(db, live);
  const [rows, [total]] = await db.batch([
    query.limit(limit).offset(offset),
    (fts ? countBase.innerJoin(fts, eq(fts.id, products.id)) : countBase).where(where),
  ]);
  return { products: toApiProducts(rows), total: total?.n ?? 0 };
}

function pageOf(q: ProductsQuery): { limit: number; offset: number } {
  const limit = q.limit ?? MAX_PAGE_SIZE;
  return { limit, offset: ((q.page ?? 1) - 1) * limit };
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
    readAll((limit, offset) => selectProductsWithLab(db).orderBy(asc(products.id)).limit(limit).offset(offset)),
  ]);
  return rows.map((r) => toAdminProduct(r, deals));
}

/** Any product, whatever its status, for the admin: its row and the deals in one round trip. */
export async function getProductForAdmin(db: Db, id: number): Promise<AdminProduct | null> {
  const [dealRows, [row]] = await db.batch([dealCoversQuery(db), selectProductsWithLab(db).where(eq(products.id, id)).limit(1)]);
  return row ? toAdminProduct(row, dealsOf(dealRows)) : null;
}

/** A public (active) product; null for drafts and archived products as for ids that name none. */
export async function getProduct(db: Db, id: number, now = Date.now()): Promise<ApiProduct | null> {
  const rows = await selectPublic(db, liveDealsQuery(db, now))
    .where(and(isPublic, eq(products.id, id)))
    .limit(1);
  return toApiProducts(rows)[0] ?? null;
}

type CategoryRow = typeof categories.$inferSelect;

/** A category as the API shows it, with those of `rows` that are its children (the strains). */
function toApiCategory({ retired, ...c }: CategoryRow, rows: readonly CategoryRow[], withRetired: boolean): ApiCategory {
  return {
    ...c,
    ...(withRetired ? { retired } : {}),
    subcategories: rows.filter((s) => s.parentId === c.id).map(({ id, name, slug }) => ({ id, name, slug })),
  };
}

const byDisplayOrder = [asc(categories.sortOrder), asc(categories.id)];

/**
 * Categories in display order; top-level ones carry their subcategories (the strains). Retired
 * ones are left out unless `withRetired` (the admin's lists).
 */
export async function listCategories(db: Db, { withRetired = false } = {}): Promise<ApiCategory[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(withRetired ? undefined : eq(categories.retired, false))
    .orderBy(...byDisplayOrder);
  return rows.map((c) => toApiCategory(c, rows, withRetired));
}

/**
 * A shown category (a strain when `strainOnly`) and its public products, in one batch: the category
 * with its children, and the products of the category or strain, each read only when the category
 * is shown, so an id that names none reads nothing.
 */
async function categoryWithProducts(
  db: Db,
  id: number,
  strainOnly: boolean,
  now: number,
): Promise<{ category: ApiCategory; products: ApiProduct[] } | null> {
  const isShown = exists(
    db
      .select({ id: shownCategory.id })
      .from(shownCategory)
      .where(and(eq(shownCategory.id, id), eq(shownCategory.retired, false), strainOnly ? isNotNull(shownCategory.parentId) : undefined)),
  );
  const listed = selectPublic(db, liveDealsQuery(db, now))
    .where(and(isShown, isPublic, or(eq(products.categoryId, id), eq(products.subcategoryId, id))))
    .orderBy(asc(products.id));
  const [rows, first] = await db.batch([
    db
      .select()
      .from(categories)
      .where(and(isShown, eq(categories.retired, false), or(eq(categories.id, id), eq(categories.parentId, id))))
      .orderBy(...byDisplayOrder),
    listed.limit(READ_CHUNK),
  ]);
  const row = rows.find((c) => c.id === id);
  if (!row) return null;
  const productRows = await readAll((limit, offset) => listed.limit(limit).offset(offset), first);
  return { category: toApiCategory(row, rows, false), products: toApiProducts(productRows) };
}

export async function getCategoryWithProducts(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ category: ApiCategory; products: ApiProduct[] } | null> {
  return categoryWithProducts(db, id, false, now);
}

/** A subcategory is a category with a parent (a strain under Flower). */
export async function getSubcategoryWithProducts(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ subcategory: ApiCategory; products: ApiProduct[] } | null> {
  const found = await categoryWithProducts(db, id, true, now);
  return found ? { subcategory: found.category, products: found.products } : null;
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
