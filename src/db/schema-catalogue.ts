/**
 * The menu's tables: categories and strains, products, site images, deals, the admin's audit log
 * and old slugs (M1-M4, D32).
 */

import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DEFAULT_LOW_STOCK_MILLI, PRODUCT_STATUSES } from './menu-values.ts';
import { timestamps } from './schema-columns.ts';
import { SITE_IMAGE_CATEGORIES, SITE_IMAGE_LOCATIONS } from './site-image-values.ts';

/**
 * Top-level categories (parentId null) and, beneath Flower, the strains. Strains carry the
 * strain-page theme (type, effects, best-for) so a strain page needs no second table.
 */
export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image'),
    parentId: integer('parent_id').references((): AnySQLiteColumn => categories.id),
    description: text('description').notNull().default(''),
    strainType: text('strain_type'),
    /** Comma-separated, from the effects vocabulary. */
    effects: text('effects').notNull().default(''),
    /** Comma-separated occasions ("Evening", "Social" ...). */
    bestFor: text('best_for').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A retired category or strain is kept for past orders and redirects but shown nowhere (M1). */
    retired: integer('retired', { mode: 'boolean' }).notNull().default(false),
    /**
     * What the shop's rules call this category (one of CATEGORY_NAMES: weights D5, stock units,
     * purchase limits D15, which price and potency fields a product takes), so its name is the
     * admin's to change. Null for categories the admin adds and for strains: no rule reads those.
     */
    kind: text('kind'),
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.sortOrder)],
);

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** What the shopper pays, in cents. */
    price: integer('price_cents').notNull(),
    /** The struck-through "was" price in cents (storefront.md §2 and §9); null when not on sale. */
    salePrice: integer('sale_price_cents'),
    image: text('image').notNull().default(''),
    rating: real('rating').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    /** The strain (a child of Flower) for flower products; null elsewhere. */
    subcategoryId: integer('subcategory_id').references(() => categories.id),
    thcContent: real('thc_percent'),
    cbdContent: real('cbd_percent'),
    /** Total THC per unit in milligrams, for edibles (purchase limits count it, D15). */
    thcMg: integer('thc_mg'),
    /**
     * Cannabis in one unit, in grams, for products sold by the piece: flower in a pre-roll pack,
     * concentrate in a vape cartridge. Purchase limits count it (D15); null for hardware.
     */
    netGrams: real('net_grams'),
    /** Comma-separated, from the effects vocabulary. */
    effects: text('effects').notNull().default(''),
    flavor: text('flavor'),
    strainType: text('strain_type'),
    origin: text('origin'),
    /** The admin's availability switch (D6); actual availability also needs stock. */
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    /**
     * Never negative: migrations/0002 adds a trigger that aborts any update taking it below zero,
     * which fails the whole checkout batch and names the product (D16).
     * Stock in thousandths of the base unit (grams for Flower and Concentrate, units otherwise),
     * so half-gram weights stay exact integers; null = not tracked (D6).
     */
    stockMilli: integer('stock_milli'),
    isNewArrival: integer('is_new_arrival', { mode: 'boolean' }).notNull().default(false),
    isBestSeller: integer('is_best_seller', { mode: 'boolean' }).notNull().default(false),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    isOrganic: integer('is_organic', { mode: 'boolean' }).notNull().default(false),
    /** M1: only active products are shown anywhere public; drafts and archived ones are admin-only. */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('active'),
    /** M2: the manager's 'Low stock' filter lists products at or under this, in stock units. */
    lowStockMilli: integer('low_stock_milli').notNull().default(DEFAULT_LOW_STOCK_MILLI),
    price1g: integer('price_1g_cents'),
    price2g: integer('price_2g_cents'),
    price3_5g: integer('price_3_5g_cents'),
    price7g: integer('price_7g_cents'),
    priceHalfOz: integer('price_half_oz_cents'),
    priceOz: integer('price_oz_cents'),
    /**
     * Saved SEO from the AI SEO manager (admin.md §2); the product page uses each one, when set,
     * at the next build instead of the value it derives from the product. Null = not set.
     */
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    seoH1: text('seo_h1'),
    /** The longer SEO copy the page shows under the product. */
    seoBody: text('seo_body'),
    /** JSON array of strings. */
    seoKeywords: text('seo_keywords'),
    /** D27: true when the admin saved text the compliance check flagged. */
    seoOverridden: integer('seo_overridden', { mode: 'boolean' }),
    seoUpdatedAt: integer('seo_updated_at', { mode: 'number' }),
    ...timestamps,
  },
  // A listing reads a category's or strain's public products: with the status in the index, its
  // count is read from the index alone, and its rows still come in id order.
  (t) => [
    index('products_category_status_idx').on(t.categoryId, t.status),
    index('products_subcategory_status_idx').on(t.subcategoryId, t.status),
    index('products_featured_idx').on(t.isFeatured),
    index('products_status_idx').on(t.status),
  ],
);

export const siteImages = sqliteTable(
  'site_images',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    category: text('category', { enum: SITE_IMAGE_CATEGORIES }).notNull().default('banner'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    linkTo: text('link_to'),
    location: text('location', { enum: SITE_IMAGE_LOCATIONS }).notNull().default('none'),
    ...timestamps,
  },
  (t) => [index('site_images_location_idx').on(t.location, t.active)],
);

/** D32: deals as data. A product in several live deals gets the largest percent off. */
export const deals = sqliteTable('deals', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  /** Whole percent off the regular price, 1-90. */
  percentOff: integer('percent_off').notNull(),
  /** Epoch ms; null = open-ended. The admin enters America/New_York wall time. */
  startsAt: integer('starts_at', { mode: 'number' }),
  endsAt: integer('ends_at', { mode: 'number' }),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  ...timestamps,
});

export const dealProducts = sqliteTable(
  'deal_products',
  {
    dealId: integer('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('deal_products_pk').on(t.dealId, t.productId), index('deal_products_product_idx').on(t.productId)],
);

export const AUDIT_ENTITIES = ['product', 'category', 'strain', 'deal', 'delivery_zone', 'delivery_schedule', 'staff', 'state'] as const;

export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** M3: every admin change to the menu, one row per field: who, when, from, to. */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actor: text('actor').notNull(),
    entity: text('entity', { enum: AUDIT_ENTITIES }).notNull(),
    entityId: integer('entity_id').notNull(),
    field: text('field').notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id)],
);

/** M4: a category's old slug, so its old address answers 301 to the current one. */
export const slugRedirects = sqliteTable(
  'slug_redirects',
  {
    kind: text('kind', { enum: ['category', 'strain', 'product'] }).notNull(),
    oldSlug: text('old_slug').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('slug_redirects_pk').on(t.kind, t.oldSlug)],
);

export type CategoryRow = typeof categories.$inferSelect;

export type ProductRow = typeof products.$inferSelect;
