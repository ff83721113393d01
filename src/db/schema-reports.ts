/**
 * The reports' tables: refused checkouts (R6), the report settings and the daily summaries sent (R7).
 */

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { REFUSAL_CAUSES } from './report-values.ts';
import { timestamps } from './schema-columns.ts';

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
