import { sql } from 'drizzle-orm';
import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DELIVERY_STATES, ID_TYPES, STAFF_ROLES } from './delivery-values.ts';
import { DEFAULT_LOW_STOCK_MILLI, PRODUCT_STATUSES, STOCK_REASONS } from './menu-values.ts';
import { ORDER_STATUSES } from './order-values.ts';
import { REFUSAL_CAUSES } from './report-values.ts';
import { SITE_IMAGE_CATEGORIES, SITE_IMAGE_LOCATIONS } from './site-image-values.ts';

export { DELIVERY_STATES, type DeliveryState, ID_TYPES, type IdType, STAFF_ROLES, type StaffRole } from './delivery-values.ts';
export { PRODUCT_STATUSES, type ProductStatus, STOCK_REASONS, type StockReason } from './menu-values.ts';

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

export const DELIVERY_TIMES = ['asap', 'morning', 'afternoon', 'evening'] as const;
export const US_STATES = ['DC', 'MD', 'VA'] as const;

/** Orders are read by `ref` (unguessable, D14); `id` never leaves the server. */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ref: text('ref').notNull().unique(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('processing'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    deliveryApartment: text('delivery_apartment').notNull().default(''),
    deliveryCity: text('delivery_city').notNull(),
    deliveryState: text('delivery_state', { enum: US_STATES }).notNull(),
    deliveryZipCode: text('delivery_zip_code').notNull(),
    deliveryInstructions: text('delivery_instructions').notNull().default(''),
    deliveryTime: text('delivery_time', { enum: DELIVERY_TIMES }).notNull().default('asap'),
    subtotal: integer('subtotal_cents').notNull(),
    deliveryFee: integer('delivery_fee_cents').notNull(),
    tax: integer('tax_cents').notNull(),
    total: integer('total_cents').notNull(),
    paymentMethod: text('payment_method').notNull().default('cash_on_delivery'),
    /**
     * The booked delivery window (D36), epoch ms; null on orders placed before windows were data.
     * The capacity the window had when booked rides along so the capacity trigger (migration 0012)
     * can refuse the order that would overfill it, inside the checkout's own transaction.
     */
    windowStart: integer('window_start', { mode: 'number' }),
    windowEnd: integer('window_end', { mode: 'number' }),
    windowCapacity: integer('window_capacity'),
    /** D30: the delivery's own state (not to be confused with deliveryState, the address's US state) and driver. */
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATES }).notNull().default('unassigned'),
    driverId: integer('driver_id').references((): AnySQLiteColumn => drivers.id),
    /** Why the delivery failed (D30), as the driver or dispatcher wrote it. */
    deliveryFailureReason: text('delivery_failure_reason'),
    ...timestamps,
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_email_idx').on(t.email),
    index('orders_window_idx').on(t.windowStart),
    index('orders_driver_idx').on(t.driverId, t.windowStart),
  ],
);

/** What was bought, as it was priced at checkout (a later price change does not touch it). */
export const orderItems = sqliteTable(
  'order_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    image: text('image').notNull().default(''),
    category: text('category').notNull(),
    weight: text('weight'),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price_cents').notNull(),
    lineTotal: integer('line_total_cents').notNull(),
    /** Stock taken, in stock units (thousandths of the base unit), so a cancellation returns exactly it. */
    stockTakenMilli: integer('stock_taken_milli'),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // R5: the products report sums each order's lines from the index alone, without the rows.
    index('order_items_report_idx').on(t.orderId, t.productId, t.quantity, t.lineTotal),
  ],
);

/** D17: every status change, with who, when, from, to and an optional note. */
export const orderStatusHistory = sqliteTable(
  'order_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    actor: text('actor').notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** D13: one answer per checkout idempotency key; the same key with another body is refused. */
export const idempotencyKeys = sqliteTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  orderRef: text('order_ref').notNull(),
  createdAt: timestamps.createdAt,
});

/**
 * One row whose version every change to what a public page shows bumps: products (but not their
 * stock count, which islands refresh live), categories and deals (triggers in migrations 0008 and
 * 0009). A page built at an older version is drawn on request instead (decision 0013).
 */
export const catalogueVersion = sqliteTable('catalogue_version', {
  id: integer('id').primaryKey(),
  epoch: text('epoch').notNull(),
  version: integer('version').notNull(),
});

export const LIMIT_KINDS = ['flower', 'concentrate', 'edible_thc'] as const;

/** D15: purchase limits as data, per jurisdiction and kind of product. */
export const purchaseLimits = sqliteTable(
  'purchase_limits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    state: text('state', { enum: US_STATES }).notNull(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    /** In `unit`: grams for flower and concentrate, milligrams of THC for edibles. */
    limitAmount: real('limit_amount').notNull(),
    unit: text('unit', { enum: ['g', 'mg'] }).notNull(),
    source: text('source').notNull(),
    lastVerified: text('last_verified').notNull(),
  },
  (t) => [uniqueIndex('purchase_limits_state_kind_idx').on(t.state, t.kind)],
);

/** D18: every e-mail is written here first, then delivered by the configured provider. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['order_confirmation', 'order_status', 'admin_message', 'contact_receipt', 'daily_summary'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    orderId: integer('order_id').references(() => orders.id),
    sentAt: integer('sent_at', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type SiteImageRow = typeof siteImages.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type UsState = (typeof US_STATES)[number];
export type LimitKind = (typeof LIMIT_KINDS)[number];

export const admins = sqliteTable('admins', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  /** pbkdf2-sha256$iterations$salt$hash (docs/decisions/0010). Never leaves the server. */
  passwordHash: text('password_hash').notNull(),
  /** D35. Existing accounts were all admins. */
  role: text('role', { enum: STAFF_ROLES }).notNull().default('admin'),
  ...timestamps,
});

/** Server-side sessions (D21). The cookie holds a random token; only its SHA-256 is stored. */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/** Failed sign-ins per key ('ip:…' or 'account:…') in the current window (D21 rate limits). */
export const loginAttempts = sqliteTable('login_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: integer('window_start', { mode: 'number' }).notNull(),
  lockedUntil: integer('locked_until', { mode: 'number' }),
});

/** D19: contact messages are stored and shown to the admin. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
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

/**
 * D33: the inventory ledger. Every stock change is a row; a trigger (migration 0009) adds its delta
 * to products.stock_milli, so a product's stock is the sum of its rows and the stock guard
 * (migration 0002) still refuses to go below zero.
 */
export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** In stock units (thousandths of the base unit), signed. */
    deltaMilli: integer('delta_milli').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    /** 'admin:{email}', 'system' or 'import:{email}'. */
    actor: text('actor').notNull(),
    orderId: integer('order_id').references(() => orders.id),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('stock_movements_product_idx').on(t.productId, t.id)],
);

export const AUDIT_ENTITIES = ['product', 'category', 'strain', 'deal', 'delivery_zone', 'delivery_schedule'] as const;
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

/** Decision 0013: each call of the Pages deploy hook, so calls are spaced and can be checked. */
export const deployHookCalls = sqliteTable('deploy_hook_calls', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The catalogue version the deploy will build. */
  catalogueVersion: integer('catalogue_version').notNull(),
  calledAt: integer('called_at', { mode: 'number' }).notNull(),
  status: integer('status'),
  error: text('error'),
});

/**
 * D31: delivery zones. A null fee or free-from threshold takes D3's default; a null minimum means
 * no minimum order. An inactive zone delivers nowhere.
 */
export const deliveryZones = sqliteTable('delivery_zones', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  state: text('state', { enum: US_STATES }).notNull(),
  name: text('name').notNull(),
  feeCents: integer('fee_cents'),
  minimumCents: integer('minimum_cents'),
  freeFromCents: integer('free_from_cents'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  ...timestamps,
});

/** D31: each ZIP we deliver to belongs to one zone; a ZIP not listed is not served. */
export const deliveryZoneZips = sqliteTable(
  'delivery_zone_zips',
  {
    zip: text('zip').primaryKey(),
    zoneId: integer('zone_id')
      .notNull()
      .references(() => deliveryZones.id, { onDelete: 'cascade' }),
  },
  (t) => [index('delivery_zone_zips_zone_idx').on(t.zoneId)],
);

/** D30: the people who deliver. A driver signs in with the staff account linked here (role driver). */
export const drivers = sqliteTable('drivers', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  staffId: integer('staff_id')
    .unique()
    .references(() => admins.id),
  ...timestamps,
});

/**
 * D36: the weekly delivery schedule. Each row is one window on one weekday (0 Sunday ... 6
 * Saturday), from startMinute to endMinute after New York midnight, taking at most `capacity` orders.
 */
export const deliveryWindows = sqliteTable(
  'delivery_windows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
    capacity: integer('capacity').notNull(),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('delivery_windows_start_idx').on(t.weekday, t.startMinute)],
);

/** D36: the one row of booking rules: the cutoff before a window starts, and how far ahead to book. */
export const deliverySettings = sqliteTable('delivery_settings', {
  id: integer('id').primaryKey(),
  cutoffMinutes: integer('cutoff_minutes').notNull(),
  daysAhead: integer('days_ahead').notNull(),
  updatedAt: timestamps.updatedAt,
});

/** D36: days the shop does not deliver ('YYYY-MM-DD', New York), whatever the schedule says. */
export const deliveryClosedDates = sqliteTable('delivery_closed_dates', {
  date: text('date').primaryKey(),
  note: text('note').notNull().default(''),
  createdAt: timestamps.createdAt,
});

/**
 * D34: the ID check at the door, one per delivered order. Only the last 4 characters of the ID
 * number are kept, never the whole number.
 */
export const deliveryProofs = sqliteTable('delivery_proofs', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  idType: text('id_type', { enum: ID_TYPES }).notNull(),
  /** 'YYYY-MM-DD' as printed on the ID. */
  dateOfBirth: text('date_of_birth').notNull(),
  idLast4: text('id_last4').notNull(),
  cashCollectedCents: integer('cash_collected_cents').notNull(),
  /** 'driver:{email}' or 'admin:{email}'. */
  recordedBy: text('recorded_by').notNull(),
  createdAt: timestamps.createdAt,
});

/** R6: one row per checkout the server refused, with its cause; the refusals report counts them. */
export const checkoutRefusals = sqliteTable(
  'checkout_refusals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cause: text('cause', { enum: REFUSAL_CAUSES }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('checkout_refusals_created_idx').on(t.createdAt, t.cause)],
);

/** R7: the one row of report settings: whether the daily summary e-mail is sent (off until turned on). */
export const reportSettings = sqliteTable('report_settings', {
  id: integer('id').primaryKey(),
  dailySummary: integer('daily_summary', { mode: 'boolean' }).notNull().default(false),
  updatedAt: timestamps.updatedAt,
});

/**
 * R7: one row per daily summary sent, keyed by the New York date it sums up. Written in the same
 * batch as the summary's e-mails, so a second ask for the same date fails on the key and sends nothing.
 */
export const dailySummaries = sqliteTable('daily_summaries', {
  date: text('date').primaryKey(),
  recipients: integer('recipients').notNull(),
  createdAt: timestamps.createdAt,
});
