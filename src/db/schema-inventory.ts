/**
 * D40: stock lives in packages. Each package is one lot of one product as it came in, with its
 * Metrc tag (null for the opening package that holds stock received before it was tagged), what it
 * holds now and its lab results. The stock ledger's rows name the package they moved
 * (schema-orders.ts); triggers (migration 0023) keep `quantity_milli` equal to the package's rows
 * and refuse to take it below zero.
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PACKAGE_STATUSES, PACKAGE_UNITS } from './inventory-values.ts';
import { products } from './schema-catalogue.ts';
import { timestamps } from './schema-columns.ts';

export const packages = sqliteTable(
  'packages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The Metrc tag (METRC_TAG_PATTERN); null until an admin tags an opening package. */
    tag: text('tag'),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    unit: text('unit', { enum: PACKAGE_UNITS }).notNull(),
    /** On hand, in stock units (thousandths of `unit`, decision 0006); moved only by the ledger's trigger. */
    quantityMilli: integer('quantity_milli').notNull().default(0),
    /** What the package held when it was received, in stock units. */
    receivedMilli: integer('received_milli').notNull().default(0),
    /** The producer's batch or lot, as printed on the package. */
    batch: text('batch').notNull().default(''),
    /** 'YYYY-MM-DD', New York: first in, first out sells the oldest first. */
    receivedOn: text('received_on').notNull(),
    /** Lab results from the certificate of analysis; null where the lab did not report one. */
    thcPercent: real('thc_percent'),
    cbdPercent: real('cbd_percent'),
    /** Total THC per unit, for edibles. */
    thcMg: real('thc_mg'),
    testedOn: text('tested_on'),
    lab: text('lab'),
    /** The COA's key in R2 (a PDF); null when none was uploaded. */
    coaKey: text('coa_key'),
    status: text('status', { enum: PACKAGE_STATUSES }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('packages_tag_idx').on(t.tag).where(sql`${t.tag} is not null`),
    // First in, first out: a product's active packages, oldest first.
    index('packages_fifo_idx').on(t.productId, t.status, t.receivedOn, t.id),
  ],
);

export type PackageRow = typeof packages.$inferSelect;
