import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * `column LIKE '%text%'` with the shopper's (or admin's) text taken literally: % and _ are escaped,
 * which needs an ESCAPE clause drizzle's like() does not write.
 */
export function containsText(column: SQLiteColumn | SQL, text: string): SQL {
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`${column} like ${pattern} escape '\\'`;
}
