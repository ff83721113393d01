/** D38: the law of each state the shop delivers to, as data the owner edits. */
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './schema-columns.ts';
import { LIMIT_SCOPES, type RuleSource, STATE_SALES, type StateRule, type TaxLine } from './state-values.ts';

export const states = sqliteTable('states', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** The postal code: DC, MD, VA. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sales: text('sales', { enum: STATE_SALES }).notNull(),
  /** The New York date sales open (YYYY-MM-DD); closed before it. Null: no date set. */
  opensOn: text('opens_on'),
  taxes: text('taxes', { mode: 'json' }).$type<TaxLine[]>().notNull(),
  limitScope: text('limit_scope', { enum: LIMIT_SCOPES }).notNull(),
  /** Delivery hours in New York time, 'HH:mm'. */
  deliveryStart: text('delivery_start').notNull(),
  deliveryEnd: text('delivery_end').notNull(),
  /** D40: the shop's licence number in the state's Metrc, which its reports are filed under; empty until set. */
  metrcLicense: text('metrc_license').notNull().default(''),
  sources: text('sources', { mode: 'json' }).$type<Record<StateRule, RuleSource>>().notNull(),
  ...timestamps,
});
