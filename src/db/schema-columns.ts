/** Columns every table shares. Money columns hold integer cents (D1). */
import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** The database's clock in Unix epoch milliseconds, as every timestamp column stores it. */
export const DB_NOW_MS = sql`(unixepoch('subsec') * 1000)`;

/** Unix epoch milliseconds, set by the database when a row is written. */
export const timestamps = {
  createdAt: integer('created_at', { mode: 'number' }).notNull().default(DB_NOW_MS),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(DB_NOW_MS),
};
