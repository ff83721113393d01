import { and, asc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/db.ts';
import { containsText } from '../../db/like.ts';
import { categories, products, siteImages } from '../../db/schema.ts';
import { DEALS } from '../site/settings.ts';
import { type ApiCategory, type ApiProduct, type ProductWithNames, type PublicSiteImage, toApiProduct } from './catalog.ts';

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

function containsAny(term: string): SQL | undefined {
  const columns = [
    products.name,
    products.description,
    products.effects,
    products.flavor,
    products.strainType,
    categories.name,
    strain.name,
  ];
  return or(...columns.map((c) => containsText(c, term)));
}

/** D4: the deal products are the first of the catalogue (by id). */
export async function dealIds(db: Db): Promise<Set<number>> {
  const rows = await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(DEALS.productCount);
  return new Set(rows.map((r) => r.id));
}

export interface ListProductsOptions {
  search?: string | undefined;
  featuredOnly?: boolean;
  limit?: number;
}

/** The catalogue in its fixed order (by id): the deals and "first N" rules depend on it. */
export async function listProducts(db: Db, opts: ListProductsOptions = {}): Promise<ApiProduct[]> {
  const term = opts.search?.trim();
  const where = and(term ? containsAny(term) : undefined, opts.featuredOnly ? eq(products.isFeatured, true) : undefined);
  const query = selectProducts(db).where(where).orderBy(asc(products.id));
  const [rows, deals] = await Promise.all([opts.limit ? query.limit(opts.limit) : query, dealIds(db)]);
  return rows.map((r) => toApiProduct(r, deals));
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
