import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

// Money columns hold integer cents (D1). Timestamps are Unix epoch milliseconds.
const timestamps = {
  createdAt: integer('created_at', { mode: 'number' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
};

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
    /** Comma-separated, from the effects vocabulary. */
    effects: text('effects').notNull().default(''),
    flavor: text('flavor'),
    strainType: text('strain_type'),
    origin: text('origin'),
    /** The admin's availability switch (D6); actual availability also needs stock. */
    available: integer('available', { mode: 'boolean' }).notNull().default(true),
    /**
     * Stock in thousandths of the base unit (grams for Flower and Concentrate, units otherwise),
     * so half-gram weights stay exact integers; null = not tracked (D6).
     */
    stockMilli: integer('stock_milli'),
    isNewArrival: integer('is_new_arrival', { mode: 'boolean' }).notNull().default(false),
    isBestSeller: integer('is_best_seller', { mode: 'boolean' }).notNull().default(false),
    isFeatured: integer('is_featured', { mode: 'boolean' }).notNull().default(false),
    isOrganic: integer('is_organic', { mode: 'boolean' }).notNull().default(false),
    price1g: integer('price_1g_cents'),
    price2g: integer('price_2g_cents'),
    price3_5g: integer('price_3_5g_cents'),
    price7g: integer('price_7g_cents'),
    priceHalfOz: integer('price_half_oz_cents'),
    priceOz: integer('price_oz_cents'),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    index('products_featured_idx').on(t.isFeatured),
  ],
);

export const SITE_IMAGE_CATEGORIES = ['banner', 'deal', 'category', 'promotional'] as const;
export const SITE_IMAGE_LOCATIONS = [
  'home_hero',
  'home_featured',
  'home_cta',
  'home_products',
  'home_about',
  'category_header',
  'hero_main',
  'hero_side',
  'featured_product',
  'about_section',
  'cta_banner',
  'none',
] as const;

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

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SiteImageRow = typeof siteImages.$inferSelect;
