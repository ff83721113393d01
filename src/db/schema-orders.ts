/**
 * The orders' tables: orders, their items and history (D13-D17), purchase limits (D15), the
 * e-mail outbox (D18) and the stock ledger (D33, decisions 0006 and 0008), which names the order
 * that moved stock.
 */

import { type AnySQLiteColumn, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DELIVERY_STATES } from './delivery-values.ts';
import { STOCK_REASONS } from './menu-values.ts';
import { ORDER_STATUSES } from './order-values.ts';
import { products } from './schema-catalogue.ts';
import { timestamps } from './schema-columns.ts';
import { packages } from './schema-inventory.ts';
import { drivers } from './schema-staff.ts';
import type { TaxLine } from './state-values.ts';

export const DELIVERY_TIMES = ['asap', 'morning', 'afternoon', 'evening'] as const;

export const US_STATES = ['DC', 'MD', 'VA'] as const;

/** One tax line an order paid (D38): the rate in basis points, what it applied to, and the amount in cents. */
export interface OrderTaxLine extends TaxLine {
  amount: number;
}

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
    /**
     * D31: the delivery zone the order was priced in, as it was at checkout, so moving a ZIP to
     * another zone, renaming a zone or changing its amounts leaves past orders and their reports
     * as they were. No foreign key: a zone may be deleted later, and nothing cascades into
     * history. All null on an order whose ZIP was in no zone when migration 0016 filled the
     * orders placed before zones were recorded.
     */
    zoneId: integer('zone_id'),
    zoneName: text('zone_name'),
    zoneState: text('zone_state', { enum: US_STATES }),
    /**
     * The delivery rule applied, resolved: the zone's own amount where it set one, D3's default
     * where it left it empty (pricing's DEFAULT_DELIVERY), never null for "default". Cents.
     */
    zoneFeeCents: integer('zone_fee_cents'),
    /** Cents; null: the zone had no minimum order (D31), or the order has no recorded zone. */
    zoneMinimumCents: integer('zone_minimum_cents'),
    /** Cents: the subtotal from which delivery was free, resolved as zoneFeeCents. */
    zoneFreeFromCents: integer('zone_free_from_cents'),
    /**
     * D38: the tax lines charged, each with its rate and amount in cents, as the state's rules were
     * at checkout; `tax` is their sum. Empty where no tax applied.
     */
    taxLines: text('tax_lines', { mode: 'json' }).$type<OrderTaxLine[]>().notNull().default([]),
    /** D38: a patients-only state's registry number and its expiry date, as the shopper gave them. */
    patientId: text('patient_id'),
    patientExpiresOn: text('patient_expires_on'),
    /**
     * D39: who bought, for a day's limits: the phone's digits and the e-mail, normalised
     * (compliance/person.ts), and the New York date the order was placed.
     */
    phoneKey: text('phone_key').notNull().default(''),
    emailKey: text('email_key').notNull().default(''),
    saleDay: text('sale_day'),
    /** D39: what the order counts against the purchase limits (D15): grams, grams, mg of THC. */
    limitFlowerG: real('limit_flower_g').notNull().default(0),
    limitConcentrateG: real('limit_concentrate_g').notNull().default(0),
    limitEdibleThcMg: real('limit_edible_thc_mg').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('orders_created_idx').on(t.createdAt),
    index('orders_email_idx').on(t.email),
    index('orders_window_idx').on(t.windowStart),
    index('orders_driver_idx').on(t.driverId, t.windowStart),
    index('orders_phone_day_idx').on(t.phoneKey, t.saleDay),
    index('orders_email_day_idx').on(t.emailKey, t.saleDay),
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
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    key: text('key').primaryKey(),
    requestHash: text('request_hash').notNull(),
    orderRef: text('order_ref').notNull(),
    createdAt: timestamps.createdAt,
  },
  // Housekeeping deletes the records past their lifetime, oldest first, without reading the table.
  (t) => [index('idempotency_keys_created_idx').on(t.createdAt)],
);

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
    kind: text('kind', {
      enum: ['order_confirmation', 'order_status', 'admin_message', 'contact_receipt', 'daily_summary', 'staff_link'],
    }).notNull(),
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
    /** Until when a delivery run holds the row (deliverPending): no other run sends it meanwhile. */
    claimedUntil: integer('claimed_until', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [index('outbox_status_idx').on(t.status, t.createdAt)],
);

/**
 * D33: the inventory ledger. Every stock change is a row; a trigger (migration 0009) adds its delta
 * to products.stock_milli, so a product's stock is the sum of its rows and the stock guard
 * (migration 0002) still refuses to go below zero. D40: another (migration 0023) adds it to the
 * package the row names, guarded the same way.
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
    /**
     * D40: the package the stock moved in or out of. Every row written since migration 0023 names
     * one (a trigger refuses a row without); older rows predate packages.
     */
    packageId: integer('package_id').references(() => packages.id),
    /** D40: for a sale and its returns, the order line the stock went to. */
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('stock_movements_product_idx').on(t.productId, t.id),
    index('stock_movements_package_idx').on(t.packageId, t.id),
    index('stock_movements_order_idx').on(t.orderId),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export type UsState = (typeof US_STATES)[number];

export type LimitKind = (typeof LIMIT_KINDS)[number];
