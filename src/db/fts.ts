import { integer, real, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * The FTS5 table of migrations/0005 as drizzle sees it, for joins. It lives outside schema.ts on
 * purpose: drizzle-kit must not try to create it (it is a virtual table the migration makes).
 */
export const productsFts = sqliteTable('products_fts', {
  rowid: integer('rowid').notNull(),
  /** bm25 with the weights of migrations/0006: lower is better. */
  rank: real('rank').notNull(),
});
