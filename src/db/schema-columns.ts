/** Columns every table shares. Money columns hold integer cents (D1). */
import { sql } from 'drizzle-orm';
import { integer } from 'drizzle-orm/sqlite-core';

/** Unix epoch milliseconds, set by the database when a row is written. */
export const timestamps = {
  createdAt: integer('created_at', { mode: 'number' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer('updated_at', { mode: 'number' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
};
